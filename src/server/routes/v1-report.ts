/** GET /api/public/v1/report/:id: a stored report the caller may see, or a problem document. */
import { SHARE_ID_PATTERN } from '../../store/index.js';
import { safeDecode, V1, type Req } from '../context.js';
import { problem, ref } from '../openapi.js';
import { ProblemError } from '../problems.js';
import { json } from '../respond.js';
import { defineRoute } from '../route.js';
import { visibleReport } from '../visible-report.js';

export const v1ReportRoutes = [
  defineRoute({
    path: `${V1}/report/:id`,
    api: true,
    announce: {
      surface: { rank: 40, section: 'API', title: 'Shared report API (v1)', type: 'application/json', note: 'a stored scan result by its share id' },
    },
    headFollowsGet: true,
    methods: {
      get: async (event, ctx) => {
        const id = safeDecode(event.context.params?.id ?? '');
        if (!SHARE_ID_PATTERN.test(id)) throw new ProblemError('invalid-parameter', 'The report id must match ^[a-z0-9]{4,24}$.');
        const report = await visibleReport(ctx, event.req as Req, id);
        if (!report) throw new ProblemError('not-found', `No report has the id ${id}.`);
        return json(ctx.bodies.report(report));
      },
    },
    openapi: {
      get: {
        operationId: 'getReport',
        summary: 'Read a shared report',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9]{4,24}$' } }],
        responses: {
          '200': { description: 'The stored report', content: { 'application/json': { schema: ref('ReportResponse') } } },
          '400': problem('The id does not match ^[a-z0-9]{4,24}$ (type invalid-parameter)'),
          '404': problem('No such report, or private (type not-found)'),
        },
      },
    },
  }),
];
