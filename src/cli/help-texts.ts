/**
 * Help texts rendered at build time from the real commander program, so bin/ai-ready.js can
 * answer `ai-ready --help` without loading the ES module CLI (issue 12: `--help` within 1.2x of
 * `node -e 0`). commander wraps help to the terminal's width, so the text is rendered for every
 * width up to MAX_WIDTH (and checked to stop changing beyond it); bin/help.js picks the one for
 * the terminal at hand. tsup's onSuccess writes the table to dist/help/.
 */
import { CommanderError, type Command } from 'commander';
import { createProgram } from './program.js';
import { loadDeclaredChecks } from './declared-checks.js';

/** The command lines answered from the table: the canonical one of each help, then its aliases. */
export const HELP_FORMS: Record<string, string[][]> = {
  main: [['--help'], ['-h'], ['help']],
  scan: [
    ['scan', '--help'],
    ['scan', '-h'],
    ['help', 'scan'],
  ],
};

/** Widths rendered one by one; at or past it the help must be the unwrapped text. */
export const MAX_WIDTH = 300;
/** A width no line reaches: commander's unwrapped output. */
const UNBOUNDED = 100_000;

export interface HelpRender {
  stdout: string;
  stderr: string;
  /** The process exit code the CLI sets (main.ts maps a commander exit of 0 to 0, the rest to 2). */
  exitCode: number;
}

/**
 * Renders what `ai-ready <args>` prints for each width, with one program parsed repeatedly
 * (commander 14 restores its state between parses). `width` undefined is a pipe (commander uses 80).
 */
export function helpRenderer(args: readonly string[]): (width: number | undefined) => Promise<HelpRender> {
  let width: number | undefined;
  let stdout = '';
  let stderr = '';
  const program = createProgram(args);
  const output = {
    writeOut: (s: string) => void (stdout += s),
    writeErr: (s: string) => void (stderr += s),
    // commander's own default answers undefined for a pipe (then 80); its types say number.
    getOutHelpWidth: () => width as number,
    getErrHelpWidth: () => width as number,
    getOutHasColors: () => false,
    getErrHasColors: () => false,
  };
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const c of all(program)) c.configureOutput(output);
  return async (w) => {
    await loadDeclaredChecks();
    width = w;
    stdout = '';
    stderr = '';
    let exitCode = 0;
    try {
      await program.parseAsync([...args], { from: 'user' });
    } catch (e) {
      if (!(e instanceof CommanderError)) throw e;
      exitCode = e.exitCode === 0 ? 0 : 2;
    }
    return { stdout, stderr, exitCode };
  };
}

export interface HelpTable {
  /** Distinct texts. */
  texts: string[];
  /** [from width, index into texts], ascending: a width uses the last entry at or below it. */
  ranges: Array<[number, number]>;
}

/** Every width's help for one command line, deduplicated into ranges. Throws if it is not a plain help (stdout, exit 0). */
export async function helpTable(args: readonly string[]): Promise<HelpTable> {
  const render = helpRenderer(args);
  const texts: string[] = [];
  const ranges: Array<[number, number]> = [];
  for (let w = 0; w <= MAX_WIDTH; w++) {
    const r = await render(w);
    if (r.stderr || r.exitCode !== 0 || !r.stdout) throw new Error(`ai-ready ${args.join(' ')} is not a plain help text (exit ${r.exitCode})`);
    let i = texts.indexOf(r.stdout);
    if (i < 0) i = texts.push(r.stdout) - 1;
    if (!ranges.length || ranges[ranges.length - 1][1] !== i) ranges.push([w, i]);
  }
  const wide = await render(UNBOUNDED);
  if (wide.stdout !== texts[ranges[ranges.length - 1][1]])
    throw new Error(`ai-ready ${args.join(' ')}: help still wraps at ${MAX_WIDTH} columns; raise MAX_WIDTH`);
  const pipe = await render(undefined);
  const at80 = texts[ranges.filter(([from]) => from <= 80).pop()![1]];
  if (pipe.stdout !== at80) throw new Error('commander no longer renders a pipe at 80 columns');
  return { texts, ranges };
}
