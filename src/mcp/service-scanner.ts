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
      service.checkRender(req.render);
      const url = scanTarget(req.url);
      // As on the REST faces, a request the cache answers spends none of the allowance.
      await service.admit({ account, client }, { url, fresh: !!req.fresh, pages: req.pages, render: req.render, only: req.only, profile: req.profile });
      const outcome = await service.scan(url, {
        account,
        client,
        fresh: !!req.fresh,
        isPublic: req.isPublic,
        profile: req.profile,
        only: req.only,
        pages: req.pages,
        render: req.render,
        onEvent: req.onEvent,
        signal: req.signal,
      });
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
