/**
 * The Scanner of stdio mode: a ScanService of its own over the local engine (no cache, no rate
 * limit) and, when a store is open, full scans saved as reports in the local account's history
 * (so list_reports, history and compare work locally too).
 */
import type { Store } from '../store/types.js';
import type { ScanRunner } from '../runner/index.js';
import { ScanService, type ScanPolicy } from '../service/index.js';
import type { Scanner } from './context.js';
import { createServiceScanner } from './service-scanner.js';

export interface LocalScannerOptions {
  store?: Store | null;
  baseUrl?: string;
  /** Engine options applied to every scan (timeouts, private-network guard). */
  engine?: ScanPolicy;
  /** The executor (default: in-process, unbounded: one local user). */
  runner?: ScanRunner;
}

export function createLocalScanner(opts: LocalScannerOptions = {}): Scanner {
  const service = new ScanService({
    store: opts.store ?? null,
    runner: opts.runner,
    concurrency: Number.POSITIVE_INFINITY,
    // A local user may scan their own network unless the caller turns the guard on.
    allowPrivateNetwork: true,
    engine: opts.engine,
    cacheTtlMs: 0,
    baseUrl: opts.baseUrl,
  });
  return (req) => {
    // The stdio face authenticates once (the local account) and passes it on every request.
    return createServiceScanner(service, req.account)(req);
  };
}
