/**
 * Word wrapping of the terminal report to the terminal's width, through wrap-ansi (the library
 * ink uses): lines break between words, colours survive the break, and a continued line keeps
 * its indentation (a hanging indent after a list marker) so the report's layout stays readable.
 * Code lines of fix steps (`│ `) are never wrapped: a broken command could not be copied.
 */
import wrapAnsi from 'wrap-ansi';
import { stripVTControlCharacters } from 'node:util';

/** A list marker at the start of a line: "1. ", "✓ ", "⚠ ", "- ". */
const MARKER = /^(?:\d+\.|[✓◐✗–i⚠•-]) /;

/** Wraps each line to `width` columns; words longer than a line stay whole (URLs, paths). */
export function wrapLines(lines: string[], width: number): string[] {
  if (!width || width < 20) return lines;
  return lines.flatMap((line) => {
    const plain = stripVTControlCharacters(line);
    if (plain.length <= width || /^\s*│ /.test(plain)) return [line];
    const indent = plain.length - plain.trimStart().length;
    const marker = MARKER.exec(plain.slice(indent))?.[0].length ?? 0;
    const hang = Math.min(indent + marker, Math.floor(width / 2));
    // Continued lines start after the hanging indent; wrap-ansi re-opens the colours on each line.
    const wrapped = wrapAnsi(line, width - hang, { hard: false, trim: false, wordWrap: true }).split('\n');
    return wrapped.map((l, i) => (i === 0 ? l.trimEnd() : ' '.repeat(hang) + l.replace(/^((?:\u001b\[[0-9;]*m)*) +/, '$1').trimEnd()));
  });
}

/** The opening fence of a terminal code block (```sh … ```): lines up to its closing fence are never re-wrapped. */
const FENCE = /^\s*(`{3,})[\w+-]*$/;

/** Like wrapLines, but the lines of fenced code blocks pass as they are (wrapCode shaped them). */
export function wrapReport(lines: string[], width: number): string[] {
  let fence: string | null = null;
  const out: string[] = [];
  for (const line of lines) {
    const plain = stripVTControlCharacters(line);
    if (fence !== null) {
      if (plain.trim() === fence) fence = null;
      out.push(line);
    } else {
      const open = FENCE.exec(plain);
      if (open) fence = open[1];
      out.push(...(open ? [line] : wrapLines([line], width)));
    }
  }
  return out;
}

/** Languages whose lines cannot be split at all (a break changes what the line means). */
const UNBREAKABLE = new Set(['http', 'robots', 'caddy']);
/** Languages whose long lines continue with a trailing backslash. */
const BACKSLASH = new Set(['sh', 'bash', 'shell', 'console', 'apache']);
/** The line-comment marker of each language that has one (a split comment repeats it). */
const COMMENT: Record<string, RegExp> = Object.fromEntries([
  ...['sh', 'bash', 'shell', 'console', 'yaml', 'yml', 'nginx', 'apache', 'python', 'toml'].map((l) => [l, /^(#)\s?/]),
  ...['js', 'ts', 'tsx', 'jsx', 'mjs', 'json5', 'go', 'java', 'c', 'cpp', 'rust'].map((l) => [l, /^(\/\/)\s?/]),
  ['php', /^(#|\/\/)\s?/],
]);
/** Prose: any space may break a line (quotes in prose are apostrophes, not strings). */
const PROSE = new Set(['text', 'markdown', 'md']);

/**
 * Splits one code line (plain text) to fit `width` columns without breaking a word, a quoted
 * string or a comment's meaning, so what is copied still works: breaks fall on spaces outside
 * quotes; a shell or Apache line continues with ` \`; a `#` or `//` comment repeats its marker;
 * continued lines are indented two more spaces. A line that cannot be split cleanly stays whole.
 */
export function wrapCode(line: string, width: number, lang = ''): string[] {
  const language = lang.toLowerCase();
  if (!width || line.length <= width || UNBREAKABLE.has(language)) return [line];
  const indent = line.length - line.trimStart().length;
  const body = line.slice(indent);
  const comment = COMMENT[language]?.exec(body)?.[1];
  const backslash = !comment && BACKSLASH.has(language);
  const prose = !!comment || PROSE.has(language);
  // Break candidates: the index of each space outside quotes.
  const breaks: number[] = [];
  let quote: string | null = null;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (!prose && quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (!prose && (ch === '"' || ch === '`' || (ch === "'" && !/[\p{L}\p{N}]/u.test(body[i - 1] ?? ''))))
      quote = ch; // user's: an apostrophe
    else if (ch === ' ' && body[i - 1] !== ' ') breaks.push(i);
  }
  const lead = ' '.repeat(indent);
  const cont = `${lead}  ${comment ? `${comment} ` : ''}`;
  const tail = backslash ? ' \\' : '';
  const out: string[] = [];
  let start = 0;
  let prefix = lead;
  while (prefix.length + (body.length - start) > width) {
    const room = width - prefix.length - tail.length;
    // The last break that fits; none: the rest stays whole (no mid-word break).
    const fits = breaks.filter((b) => b > start && b - start <= room);
    const at = fits.at(-1);
    if (at === undefined) break;
    out.push(prefix + body.slice(start, at) + tail);
    start = at + 1;
    while (body[start] === ' ') start++;
    prefix = cont;
  }
  out.push(prefix + body.slice(start));
  return out;
}
