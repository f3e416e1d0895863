/** What the terminal allows: colour, live animation. Off in CI, with NO_COLOR, --no-color, or no TTY. */
export interface TerminalCaps {
  /** Colour and the big score on stdout. */
  color: boolean;
  /** Live ink progress on stderr. */
  live: boolean;
  width: number;
  /** Columns the pretty report wraps to (at word boundaries): a terminal's width; 0 (no wrapping) for a pipe or a file. */
  wrapWidth: number;
}

export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

export function terminalCaps(opts: { colorFlag?: boolean; toFile: boolean }, env: NodeJS.ProcessEnv = process.env): TerminalCaps {
  // https://no-color.org: present and not empty disables colour.
  const plain = opts.colorFlag === false || (env.NO_COLOR !== undefined && env.NO_COLOR !== '') || isCi(env) || env.TERM === 'dumb';
  return {
    color: !plain && !opts.toFile && !!process.stdout.isTTY,
    // A terminal that reports no height (some pseudo-terminals) or a tiny one gets no live view:
    // ink would clear the screen on every frame (see progress.tsx).
    live: !plain && !!process.stderr.isTTY && (process.stderr.rows ?? 0) >= 3,
    width: process.stdout.columns || columnsFrom(env) || 100,
    wrapWidth: opts.toFile ? 0 : process.stdout.isTTY ? process.stdout.columns || 0 : columnsFrom(env),
  };
}

/**
 * $COLUMNS when it is a sane width (20-1000), else 0: the width asked for where stdout is no
 * terminal (`COLUMNS=100 ai-ready scan … | less`); shells set it without exporting it, so a plain
 * pipe or file stays unwrapped.
 */
export function columnsFrom(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.COLUMNS);
  return Number.isInteger(n) && n >= 20 && n <= 1000 ? n : 0;
}

/** The width terminal views (rubric, explain, --standards) wrap to: the terminal's, $COLUMNS, else 80. */
export function viewWidth(env: NodeJS.ProcessEnv = process.env): number {
  return (process.stdout.isTTY && process.stdout.columns) || columnsFrom(env) || 80;
}
