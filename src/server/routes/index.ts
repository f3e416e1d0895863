/**
 * The route registry: every route of the service, in mounting order. A route file exports its
 * routes as data (`defineRoute`, ../route.ts); adding one is its file plus one line here.
 * Routes that need objects built at start (the MCP transport, the OAuth server, the bot key,
 * metrics) come as factories that compose.ts calls and hands to createApp as `routes`.
 * /openapi.json `paths` and the route tests read this list.
 */
import type { Route } from '../route.js';
import { compatRoutes } from './compat.js';
import { discoveryRoutes } from './discovery.js';
import { historyRoutes } from './history.js';
import { notFoundRoutes } from './not-found.js';
import { readinessRoutes } from './operations.js';
import { pageRoutes } from './pages.js';
import { sseRoutes } from './sse.js';
import { v1CompareRoutes } from './v1-compare.js';
import { v1ReportRoutes } from './v1-report.js';
import { v1ScanRoutes } from './v1-scan.js';

export const SERVICE_ROUTES: readonly Route[] = [
  ...v1ScanRoutes,
  ...v1ReportRoutes,
  ...v1CompareRoutes,
  ...compatRoutes,
  ...sseRoutes,
  ...pageRoutes,
  ...historyRoutes,
  ...discoveryRoutes,
  ...readinessRoutes,
];

/** Mounted last, after every other route: a problem document in the API namespace, a page elsewhere. */
export const FALLBACK_ROUTES: readonly Route[] = notFoundRoutes;
