/**
 * Everything before a scan starts, for the HTTP scan endpoints (v1, compatibility, SSE): the
 * caller's key, the parameters (query or JSON body) and the ScanService's rate limit.
 */
import type { H3Event } from 'h3';
import type { ScanCall } from '../service/index.js';
import type { ScanTarget } from '../core/target.js';
import type { ServerContext, Req } from './context.js';
import { authenticate, clientIp, rateBucket, readJsonBody, scanRequestFromBody, scanRequestFromQuery } from './request.js';

export interface Admitted {
  url: ScanTarget;
  /** The caller, its request and its ScanParams, as ScanService.scan takes them: every HTTP face hands it on whole. */
  call: ScanCall & { client: string };
}

export async function admitScan(event: H3Event, ctx: ServerContext): Promise<Admitted> {
  const req = event.req as Req;
  const account = await authenticate(req, ctx.store);
  const { url, ...request } =
    req.method === 'POST' ? scanRequestFromBody(await readJsonBody(req, ctx.bodyLimitBytes), account) : scanRequestFromQuery(event.url.searchParams, account);
  const client = rateBucket(clientIp(req, ctx.trustProxy));
  // Render admission, then the rate limit; a request the cache answers is free (docs/server.md, "Limits, cache and shared scans").
  await ctx.service.admit({ account, client }, { url, ...request });
  return { url, call: { ...request, account, client } };
}
