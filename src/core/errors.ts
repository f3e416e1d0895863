/** Typed errors the faces (CLI, server, MCP) map to exit codes and problem types. */
/**
 * scan-failed: the executor died (worker crash, heap cap, deadline), not the site.
 * blocked-by-challenge: a bot wall answered every request, so nothing about the site was measured.
 */
export type ScanErrorCode = 'invalid-url' | 'unreachable' | 'blocked-address' | 'aborted' | 'scan-failed' | 'blocked-by-challenge';

export class ScanError extends Error {
  constructor(
    readonly code: ScanErrorCode,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'ScanError';
  }
}

export function isScanError(e: unknown, code?: ScanErrorCode): e is ScanError {
  return e instanceof ScanError && (code === undefined || e.code === code);
}
