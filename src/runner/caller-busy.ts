/**
 * The per-caller in-flight cap's refusal. It lives with the runners because two places enforce
 * the cap: ScanService, per instance, and the Postgres job queue, across every instance that
 * shares it (the count and the new job are one transaction there).
 */
export class CallerBusyError extends Error {
  constructor(
    /** Scans one caller may have in flight. */
    readonly limit: number,
    readonly retryAfterSec: number,
    /** What is capped ("rendering scans": the caller's share of the browser slots). */
    what = 'scans',
  ) {
    super(`You already have ${limit} ${what} in progress; retry in ${retryAfterSec} s, when one of them has finished.`);
    this.name = 'CallerBusyError';
  }
}
