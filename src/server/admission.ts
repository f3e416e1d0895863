/**
 * Everything before a scan starts, for the HTTP scan endpoints (v1, compatibility, SSE): the
 * caller's key, the parameters (query or JSON body) and the ScanService's rate limit.
 */
import type { H3Event } from 'h3';
import type { Account } from '../store/index.js';
import type { ServerContext, Req } from './context.js';
import { authenticate, clientIp, rateBucket, readJsonBody, scanParamsFromBody, scanParamsFromQuery, type ScanParams } from './request.js';

export interface Admitted {
  params: ScanParams;
  account: Account | null;
  /** The client's rate-limit bucket: its per-caller in-flight cap and queue turn when anonymous. */
  client: string;
}

export async function admitScan(event: H3Event, ctx: ServerContext): Promise<Admitted> {
  const req = event.req as Req;
  const account = await authenticate(req, ctx.store);
  const params =
    req.method === 'POST' ? scanParamsFromBody(await readJsonBody(req, ctx.bodyLimitBytes), account) : scanParamsFromQuery(event.url.searchParams, account);
  // Refused before the rate limit counts it: asking for what the server cannot do costs nothing.
  ctx.service.checkRender(params.render);
  const client = rateBucket(clientIp(req, ctx.trustProxy));
  // A request the cache answers is free (docs/server.md, "Limits, cache and shared scans").
  await ctx.service.admit({ account, client }, { url: params.url, fresh: params.fresh, pages: params.pages, render: params.render });
  return { params, account, client };
}
