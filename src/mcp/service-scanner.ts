/**
 * The Scanner of both MCP faces: every tool scan goes through the ScanService, the same door as
 * the REST API (rate limit, scan policy, cache, shared in-flight scans, reports, share URLs).
 * Refusals become tool errors the caller can read.
 */
import { scanTarget } from '../core/target.js';
import type { Account } from '../store/types.js';
import { QueueFullError } from '../runner/index.js';
import { CallerBusyError, RateLimitedError, RenderUnavailableError, type ScanService } from '../service/index.js';
import { ToolError, type Scanner } from './context.js';

/**
 * A scanner for one caller. `account` is the caller's account as the face authenticated it
 * (null: anonymous); `client` is its rate-limit bucket (the HTTP faces pass the client's IP).
 */
export function createServiceScanner(service: ScanService, account: Account | null, client = 'local'): Scanner {
  return async (req) => {
    try {
      const { url: raw, account: _, ...request } = req;
      const url = scanTarget(raw);
      // As on the REST faces: render admission, then the rate limit (a request the cache answers spends none of it).
      await service.admit({ account, client }, { url, ...request });
      const outcome = await service.scan(url, { ...request, account, client });
      return service.view(outcome);
    } catch (e) {
      if (e instanceof RateLimitedError) {
        throw new ToolError(`rate-limited: ${e.message.charAt(0).toLowerCase()}${e.message.slice(1)}`);
      }
      if (e instanceof RenderUnavailableError) throw new ToolError(`invalid-parameter: ${e.message}`);
      if (e instanceof CallerBusyError) throw new ToolError(`rate-limited: ${e.message}`);
      if (e instanceof QueueFullError) throw new ToolError(`server-busy: too many scans are in progress; retry in ${e.retryAfterSec} s.`);
      throw e;
    }
  };
}
