/** GET and POST /api/public/v1/scan: a full scan, its report view, or a problem document. */
import type { H3 } from 'h3';
import { admitScan } from '../admission.js';
import { V1, type ServerContext } from '../context.js';
import { apiMethods } from '../methods.js';
import { json } from '../respond.js';
import { errorProblem } from '../scan-errors.js';

export function v1ScanRoutes(app: H3, ctx: ServerContext): void {
  app.all(`${V1}/scan`, async (event) => {
    const bad = apiMethods(event, ctx.base(), ['GET', 'POST']);
    if (bad) return bad;
    try {
      const { params, account, client } = await admitScan(event, ctx);
      const outcome = await ctx.service.scan(params.url, {
        account,
        client,
        fresh: params.fresh,
        isPublic: params.isPublic,
        pages: params.pages,
        render: params.render,
      });
      return json(ctx.bodies.scan(outcome));
    } catch (e) {
      return errorProblem(ctx.base(), e, event.url.pathname, ctx.logError);
    }
  });
}
