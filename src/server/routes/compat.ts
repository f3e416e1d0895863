/**
 * /api/public/scan, the compatibility endpoint: the same scan as v1, with `{"error": ...}` bodies
 * instead of problem documents and 500 for a failed scan (spec §4.4).
 */
import type { H3Event } from 'h3';
import { admitScan } from '../admission.js';
import { COMPAT_SCAN, type ServerContext } from '../context.js';
import { retryAfter, scanOk, urlParam } from '../openapi.js';
import { PROBLEM_TYPES } from '../problems.js';
import { json } from '../respond.js';
import { defineRoute } from '../route.js';
import { classifyError } from '../scan-errors.js';

/** Its own error shape (`{"error": ...}`, 500 for a failed scan), so it catches here rather than in the problem middleware. */
async function compatScan(event: H3Event, ctx: ServerContext): Promise<Response> {
  try {
    const { url, call } = await admitScan(event, ctx);
    return json(ctx.bodies.scan(await ctx.service.scan(url, call)));
  } catch (e) {
    const p = classifyError(e);
    if (p.name === 'internal-error') ctx.logError(e, COMPAT_SCAN);
    const status = p.name === 'scan-failed' || p.name === 'internal-error' ? 500 : PROBLEM_TYPES[p.name].status;
    return json({ error: p.detail }, status, p.headers);
  }
}

const compatErrors = {
  '400': { description: '{"error": "..."}' },
  '429': { description: '{"error": "..."}', headers: retryAfter },
};

export const compatRoutes = [
  defineRoute({
    path: COMPAT_SCAN,
    methods: { get: compatScan, post: compatScan },
    headFollowsGet: false,
    methodNotAllowed: (allow) => json({ error: 'Method not allowed: use GET or POST.' }, 405, { allow }),
    openapi: {
      get: {
        operationId: 'compatScanGet',
        summary: 'Compatibility scan endpoint (not covered by the v1 contract)',
        parameters: [urlParam],
        responses: { '200': scanOk, ...compatErrors, '500': { description: '{"error": "..."}: the scan failed' } },
      },
      post: {
        operationId: 'compatScanPost',
        summary: 'Compatibility scan endpoint (JSON body)',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } } },
        },
        responses: { '200': scanOk, ...compatErrors, '500': { description: '{"error": "..."}' } },
      },
    },
  }),
];
