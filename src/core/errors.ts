/** Typed errors the faces (CLI, server, MCP) map to exit codes and problem types. */
export type ScanErrorCode = 'invalid-url' | 'unreachable' | 'blocked-address' | 'aborted';

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
