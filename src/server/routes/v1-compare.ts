/** GET /api/public/v1/compare?from&to: the JSON twin of the compare page (history.ts), or a problem document. */
import { compareResponse } from '../../service/index.js';
import { V1, type Req } from '../context.js';
import { problem, queryParameters, ref } from '../openapi.js';
import { ProblemError } from '../problems.js';
import { json } from '../respond.js';
import { defineRoute } from '../route.js';
import { visibleReport } from '../visible-report.js';
import { CompareQuery } from './history.js';

export const v1CompareRoutes = [
  defineRoute({
    path: `${V1}/compare`,
    api: true,
    announce: {
      surface: {
        rank: 50,
        section: 'API',
        title: 'Compare API (v1)',
        type: 'application/json',
        note:
          'GET ?from=<id>&to=<id>: score, level and dimension deltas, new and fixed findings, checks that changed (the ' +
          "page: /compare; a site's history: /d/<host>)",
      },
    },
    headFollowsGet: true,
    query: CompareQuery,
    methods: {
      get: async (event, ctx, ids) => {
        const a = await visibleReport(ctx, event.req as Req, ids.from);
        const b = await visibleReport(ctx, event.req as Req, ids.to);
        if (!a || !b) throw new ProblemError('not-found', `No report has the id ${!a ? ids.from : ids.to}.`);
        return json(compareResponse(a, b, ctx.base()));
      },
    },
    openapi: {
      get: {
        operationId: 'compareReports',
        summary: 'Compare two reports',
        description:
          'Score, grade, level and dimension deltas, new and fixed findings, and every check whose status changed, from ' +
          'the report `from` (before) to the report `to` (after): two scans of one site or of two sites. Both must be ' +
          'readable by the caller (public, or private with the owner key).',
        parameters: queryParameters(CompareQuery),
        responses: {
          '200': { description: 'The comparison', content: { 'application/json': { schema: ref('CompareResponse') } } },
          '400': problem('A parameter is missing or not a report id (type missing-parameter, invalid-parameter)'),
          '401': problem('The Bearer token is not a valid API key (type unauthorized)'),
          '404': problem('No such report, or private (type not-found)'),
        },
      },
    },
  }),
];
