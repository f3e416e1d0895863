/** Exit codes of every command (documented in --help and the README). */
export const EXIT = {
  OK: 0,
  /** A CI threshold was not met. */
  BELOW_THRESHOLD: 1,
  /** Bad usage or invalid input (message on stderr, never a stack trace). */
  USAGE: 2,
  /** A target could not be scanned (DNS, refused, TLS, timeout, or a bot challenge answered every request). */
  UNREACHABLE: 3,
  /** `fix --write` could not write the project's files (nothing written, or exactly what was says the message). */
  WRITE_FAILED: 4,
  /** Ctrl-C at a question of `fix` (128 + SIGINT, as a shell reports it): nothing written. */
  INTERRUPTED: 130,
} as const;
