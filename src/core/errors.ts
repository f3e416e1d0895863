/** Typed errors the faces (CLI, server, MCP) map to exit codes and problem types. */
/** scan-failed: the executor died (worker crash, heap cap, deadline), not the site. */
export type ScanErrorCode = 'invalid-url' | 'unreachable' | 'blocked-address' | 'aborted' | 'scan-failed';

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
