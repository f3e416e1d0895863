/**
 * Shell commands in fix guides (the Verify steps) are run by people and agents as printed, and
 * the URLs in them come from the scanned site (its origin after redirects, the paths it names):
 * WHATWG URLs keep `$ ( ) ; | & \`` and `'`, and hosts may hold `$()`. The `sh` tag single-quotes
 * every interpolated value, so a value is always one literal word whatever it holds.
 */

declare const SHELL_COMMAND: unique symbol;
/** A command built by `sh`: every interpolated value quoted. `verifyStep` takes only this. */
export type ShellCommand = string & { readonly [SHELL_COMMAND]: true };

/** A single-quoted POSIX shell word: the text between quotes is literal; a `'` is closed, escaped and reopened. */
export function shq(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

// Literal characters that may sit next to a value in the same word without quoting (a path after an origin).
const WORD_CHAR = /[A-Za-z0-9/._~:%+@=,-]/;

/**
 * A shell command from a template: each `${value}` is quoted, together with the literal word
 * characters right next to it (so `${origin}/robots.txt` becomes one quoted word
 * `'https://example.com/robots.txt'`). The literal parts are ai-ready's own text.
 */
export function sh(strings: TemplateStringsArray, ...values: Array<string | number>): ShellCommand {
  let out = '';
  let word: string | null = null;
  for (let i = 0; i < strings.length; i++) {
    let lit = strings[i];
    if (word !== null) {
      // Literal word characters right after a value belong to its word.
      let n = 0;
      while (n < lit.length && WORD_CHAR.test(lit[n])) n++;
      word += lit.slice(0, n);
      lit = lit.slice(n);
      if (lit.length || i === strings.length - 1) {
        out += shq(word);
        word = null;
      }
    }
    if (i === strings.length - 1) {
      out += lit;
      break;
    }
    // Literal word characters right before the next value join its word.
    let start = lit.length;
    while (start > 0 && WORD_CHAR.test(lit[start - 1])) start--;
    out += lit.slice(0, start);
    word = (word ?? '') + lit.slice(start) + String(values[i]);
  }
  return out as ShellCommand;
}

/** Commands joined one per line (each already built by `sh`). */
export function shLines(commands: ShellCommand[]): ShellCommand {
  return commands.join('\n') as ShellCommand;
}
