/**
 * Operations endpoints beside /healthz (liveness, in discovery.ts):
 * - GET /readyz: 200 when the store answers and the scan executor takes scans, else 503;
 * - GET /metrics: the Prometheus text format, only when the operator turned it on, and behind a
 *   bearer token when one is set (see docs/deploy.md#operations).
 */
import { timingSafeEqual } from 'node:crypto';
import type { ServiceMetrics } from '../metrics.js';
import { json, text } from '../respond.js';
import { defineRoute, type Route } from '../route.js';

const NO_STORE = { 'cache-control': 'no-store' };

export const readinessRoutes = [
  defineRoute({
    path: '/readyz',
    methods: {
      get: async (_event, ctx) => {
        const store = await ctx.store.getReport('readyz').then(
          () => true,
          () => false,
        );
        const { capacity } = ctx.service.stats();
        // A web-only queue instance has no local capacity yet takes scans (other processes run them).
        const runner = capacity > 0 || ctx.store.kind === 'postgres';
        const ready = store && runner;
        return json({ status: ready ? 'ready' : 'not-ready', store, runner }, ready ? 200 : 503, NO_STORE);
      },
    },
    openapi: {
      get: {
        operationId: 'ready',
        summary: 'Readiness: the store answers and the scan executor takes scans',
        responses: { '200': { description: 'ready' }, '503': { description: 'not ready' } },
      },
    },
  }),
];

export interface OperationsOptions {
  /** Present: /metrics is served. */
  metrics?: ServiceMetrics;
  /** The bearer token /metrics requires. */
  metricsToken?: string;
}

/** /metrics, when the operator turned it on (composed by compose.ts). */
export function metricsRoutes(opts: OperationsOptions): Route[] {
  const metrics = opts.metrics;
  if (!metrics) return [];
  const token = opts.metricsToken ? Buffer.from(`Bearer ${opts.metricsToken}`) : undefined;
  return [
    defineRoute({
      path: '/metrics',
      methods: {
        get: async (event) => {
          if (token) {
            const given = Buffer.from(event.req.headers.get('authorization') ?? '');
            if (given.length !== token.length || !timingSafeEqual(given, token))
              return text('a bearer token is required\n', 'text/plain; charset=utf-8', { ...NO_STORE, 'www-authenticate': 'Bearer realm="metrics"' }, 401);
          }
          return text(await metrics.registry.metrics(), metrics.registry.contentType, NO_STORE);
        },
      },
    }),
  ];
}
