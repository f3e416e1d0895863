/**
 * Operations endpoints beside /healthz (liveness, in discovery.ts):
 * - GET /readyz: 200 when the store answers and the scan executor takes scans, else 503;
 * - GET /metrics: the Prometheus text format, only when the operator turned it on, and behind a
 *   bearer token when one is set (see docs/deploy.md#operations).
 */
import { timingSafeEqual } from 'node:crypto';
import type { H3 } from 'h3';
import type { ServerContext } from '../context.js';
import type { ServiceMetrics } from '../metrics.js';
import { onlyGet } from '../methods.js';
import { json, text } from '../respond.js';

const NO_STORE = { 'cache-control': 'no-store' };

export interface OperationsOptions {
  /** Present: /metrics is served. */
  metrics?: ServiceMetrics;
  /** The bearer token /metrics requires. */
  metricsToken?: string;
}

export function operationsRoutes(app: H3, ctx: ServerContext, opts: OperationsOptions): void {
  app.all('/readyz', async (event) => {
    const bad = onlyGet(event);
    if (bad) return bad;
    const store = await ctx.store.getReport('readyz').then(
      () => true,
      () => false,
    );
    const { capacity } = ctx.service.stats();
    // A web-only queue instance has no local capacity yet takes scans (other processes run them).
    const runner = capacity > 0 || ctx.store.kind === 'postgres';
    const ready = store && runner;
    return json({ status: ready ? 'ready' : 'not-ready', store, runner }, ready ? 200 : 503, NO_STORE);
  });
  const metrics = opts.metrics;
  if (!metrics) return;
  const token = opts.metricsToken ? Buffer.from(`Bearer ${opts.metricsToken}`) : undefined;
  app.all('/metrics', async (event) => {
    const bad = onlyGet(event);
    if (bad) return bad;
    if (token) {
      const given = Buffer.from(event.req.headers.get('authorization') ?? '');
      if (given.length !== token.length || !timingSafeEqual(given, token))
        return text('a bearer token is required\n', 'text/plain; charset=utf-8', { ...NO_STORE, 'www-authenticate': 'Bearer realm="metrics"' }, 401);
    }
    return text(await metrics.registry.metrics(), metrics.registry.contentType, NO_STORE);
  });
}
