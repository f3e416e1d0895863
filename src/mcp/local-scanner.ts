/**
 * The Scanner of stdio mode: the local engine, and, when a store is open, full scans saved as
 * reports in the account's history (so list_reports, history and compare work locally too).
 */
import { scan, type ScanOptions } from '../core/scan.js';
import type { Store } from '../store/types.js';
import type { Scanner } from './context.js';

export interface LocalScannerOptions {
  store?: Store | null;
  baseUrl?: string;
  /** Engine options applied to every scan (timeouts, private-network guard). */
  engine?: Pick<ScanOptions, 'timeoutMs' | 'deadlineMs' | 'blockPrivateNetwork' | 'allowedHosts' | 'userAgent'>;
}

export function createLocalScanner(opts: LocalScannerOptions = {}): Scanner {
  return async (req) => {
    const result = await scan(req.url, {
      ...opts.engine,
      profile: req.profile,
      only: req.only,
      onEvent: req.onEvent,
      signal: req.signal,
    });
    if (req.only?.length || !opts.store) return result;
    const isPublic = req.isPublic ?? (req.account ? req.account.defaultVisibility === 'public' : true);
    const report = await opts.store.saveReport({ result, isPublic, accountId: req.account?.id ?? null });
    return { ...result, shareId: report.id, ...(opts.baseUrl ? { shareUrl: `${opts.baseUrl}/r/${report.id}` } : {}) };
  };
}
