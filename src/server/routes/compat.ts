/**
 * /api/public/scan, the compatibility endpoint: the same scan as v1, with `{"error": ...}` bodies
 * instead of problem documents and 500 for a failed scan (spec §4.4).
 */
import type { H3 } from 'h3';
import { admitScan } from '../admission.js';
import { COMPAT_SCAN, type ServerContext } from '../context.js';
import { PROBLEM_TYPES } from '../problems.js';
import { json } from '../respond.js';
import { classifyError } from '../scan-errors.js';

export function compatRoutes(app: H3, ctx: ServerContext): void {
  app.all(COMPAT_SCAN, async (event) => {
    if (!['GET', 'POST'].includes(event.req.method)) return json({ error: 'Method not allowed: use GET or POST.' }, 405, { allow: 'GET, POST' });
    try {
      const { params, account, client } = await admitScan(event, ctx);
      return json(
        ctx.bodies.scan(await ctx.service.scan(params.url, { account, client, fresh: params.fresh, isPublic: params.isPublic, pages: params.pages })),
      );
    } catch (e) {
      const p = classifyError(e);
      if (p.name === 'internal-error') ctx.logError(e, COMPAT_SCAN);
      const status = p.name === 'scan-failed' || p.name === 'internal-error' ? 500 : PROBLEM_TYPES[p.name].status;
      return json({ error: p.detail }, status, p.headers);
    }
  });
}
