/**
 * The Scanner of the HTTP MCP endpoints: full scans go through the server's ScanService (the
 * 5-minute cache, one shared scan per URL, the bounded queue, reports and history, exactly like
 * the REST API); partial scans (check_site) and profile overrides run the engine through the same
 * queue. Anonymous callers share the REST API's per-IP rate limit bucket.
 */
import { normalizeTarget } from '../core/target.js';
import type { Account, Store } from '../store/types.js';
import type { ScanService } from '../server/scan-service.js';
import { QueueFullError } from '../runner/index.js';
import { ToolError, type Scanner } from './context.js';

export interface ServiceScannerOptions {
  service: ScanService;
  store: Store;
  baseUrl: () => string;
  allowPrivateNetwork: boolean;
  /** Anonymous scan calls per minute per IP (the REST limit); 0 disables. */
  rateLimit: number;
  rateWindowMs: number;
  scanDeadlineMs?: number;
  scanTimeoutMs?: number;
}

export function createServiceScanner(opts: ServiceScannerOptions, account: Account | null, clientIp: string): Scanner {
  return async (req) => {
    if (!account && opts.rateLimit > 0) {
      // Same bucket as the REST scan endpoints: one limit per client across every face.
      const d = await opts.store.hitRate(`scan:${clientIp}`, opts.rateLimit, opts.rateWindowMs);
      if (!d.allowed) {
        throw new ToolError(`rate-limited: anonymous callers may make ${opts.rateLimit} scan requests per minute; retry in ${d.retryAfterSec} s or use an API key.`);
      }
    }
    const url = normalizeTarget(req.url).href;
    try {
      if (!req.only?.length && (!req.profile || req.profile === 'auto')) {
        const { report, cached } = await opts.service.run({ url, fresh: !!req.fresh, account, isPublic: req.isPublic, onEvent: req.onEvent });
        return { ...report.result, cached, shareId: report.id, shareUrl: `${opts.baseUrl()}/r/${report.id}` };
      }
      const result = await opts.service.runner.run(
        url,
        { blockPrivateNetwork: !opts.allowPrivateNetwork, deadlineMs: opts.scanDeadlineMs, timeoutMs: opts.scanTimeoutMs, profile: req.profile, only: req.only },
        { onEvent: req.onEvent, signal: req.signal },
      );
      if (req.only?.length) return result;
      const isPublic = account ? (req.isPublic ?? account.defaultVisibility === 'public') : true;
      const report = await opts.store.saveReport({ result, isPublic, accountId: account?.id ?? null });
      return { ...result, shareId: report.id, shareUrl: `${opts.baseUrl()}/r/${report.id}` };
    } catch (e) {
      if (e instanceof QueueFullError) throw new ToolError(`server-busy: too many scans are in progress; retry in ${e.retryAfterSec} s.`);
      throw e;
    }
  };
}
