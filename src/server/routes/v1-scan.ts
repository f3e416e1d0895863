/** GET and POST /api/public/v1/scan: a full scan, its report view, or a problem document (thrown, classified by the middleware). */
import type { H3Event } from 'h3';
import { admitScan } from '../admission.js';
import { V1, type ServerContext } from '../context.js';
import { scanBody, scanErrors, scanOk, scanQueryParams } from '../openapi.js';
import { json } from '../respond.js';
import { defineRoute } from '../route.js';

async function scan(event: H3Event, ctx: ServerContext): Promise<Response> {
  const { url, call } = await admitScan(event, ctx);
  return json(ctx.bodies.scan(await ctx.service.scan(url, call)));
}

export const v1ScanRoutes = [
  // The query is parsed by admitScan (request.ts, from core/scan-params/): GET and POST share it.
  defineRoute({
    path: `${V1}/scan`,
    api: true,
    announce: {
      surface: {
        rank: 30,
        section: 'API',
        title: 'Scan API (v1)',
        type: 'application/json',
        note: 'GET ?url=<site> or POST {"url": "<site>"}: score, grade, level, every check with evidence and fix steps',
      },
    },
    methods: { get: scan, post: scan },
    openapi: {
      get: { operationId: 'scanUrlGet', summary: 'Scan a URL', parameters: scanQueryParams, responses: { '200': scanOk, ...scanErrors } },
      post: { operationId: 'scanUrlPost', summary: 'Scan a URL (JSON body)', requestBody: scanBody, responses: { '200': scanOk, ...scanErrors } },
    },
  }),
];
