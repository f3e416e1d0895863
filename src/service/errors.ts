/** Refusals of the scan door that each face words in its own way (problem, SSE event, tool error). */

/** An anonymous caller has used up its scans for the window. */
export class RateLimitedError extends Error {
  constructor(
    /** Scans allowed per window. */
    readonly limit: number,
    readonly retryAfterSec: number,
    message = `Anonymous callers may make ${limit} scan requests per minute; retry in ${retryAfterSec} s or use an API key.`,
  ) {
    super(message);
    this.name = 'RateLimitedError';
  }
}

/** `render` was asked of a service that was not started with --render (no shared browser). */
export class RenderUnavailableError extends Error {
  constructor() {
    super(
      'render: this service was not started with --render, so it cannot load pages in a browser (start it with ' +
        '`ai-ready serve --render` on a machine with Chrome or Chromium), or omit render.',
    );
    this.name = 'RenderUnavailableError';
  }
}

/** A caller already has its share of scans in flight (anonymous: per client address; else per account). */
export { CallerBusyError } from '../runner/caller-busy.js';
