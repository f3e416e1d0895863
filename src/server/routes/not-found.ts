/** The fallbacks, registered last: a problem document in the API namespace, a page elsewhere. */
import type { H3 } from 'h3';
import type { ServerContext } from '../context.js';
import { problemResponse } from '../problems.js';
import { notFoundPage } from './pages.js';

export function notFoundRoutes(app: H3, ctx: ServerContext): void {
  app.all('/api/public/**', (event) => problemResponse(ctx.base(), 'not-found', 'No such endpoint.', event.url.pathname));
  app.all('/**', (event) => notFoundPage(ctx, event));
}
