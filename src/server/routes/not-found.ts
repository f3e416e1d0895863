/** The fallbacks, registered last: a problem document in the API namespace, a page elsewhere (every method). */
import { problemResponse } from '../problems.js';
import { defineRoute } from '../route.js';
import { notFoundPage } from './pages.js';

export const notFoundRoutes = [
  defineRoute({ path: '/api/public/**', anyMethod: (event, ctx) => problemResponse(ctx.base(), 'not-found', 'No such endpoint.', event.url.pathname) }),
  defineRoute({ path: '/**', anyMethod: (event, ctx) => notFoundPage(ctx, event) }),
];
