/** GET /api/public/v1/report/:id: a stored report the caller may see, or a problem document. */
import type { H3 } from 'h3';
import { SHARE_ID_PATTERN } from '../../store/index.js';
import { safeDecode, V1, type Req, type ServerContext } from '../context.js';
import { apiMethods } from '../methods.js';
import { problemResponse } from '../problems.js';
import { json } from '../respond.js';
import { errorProblem } from '../scan-errors.js';
import { visibleReport } from '../visible-report.js';

export function v1ReportRoutes(app: H3, ctx: ServerContext): void {
  app.all(`${V1}/report/:id`, async (event) => {
    const bad = apiMethods(event, ctx.base(), ['GET', 'HEAD']);
    if (bad) return bad;
    const id = safeDecode(event.context.params?.id ?? '');
    const path = event.url.pathname;
    if (!SHARE_ID_PATTERN.test(id)) return problemResponse(ctx.base(), 'invalid-parameter', 'The report id must match ^[a-z0-9]{4,24}$.', path);
    try {
      const report = await visibleReport(ctx, event.req as Req, id);
      if (!report) return problemResponse(ctx.base(), 'not-found', `No report has the id ${id}.`, path);
      return json(ctx.bodies.report(report));
    } catch (e) {
      return errorProblem(ctx.base(), e, path, ctx.logError);
    }
  });
}
