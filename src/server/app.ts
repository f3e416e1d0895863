/**
 * The HTTP application: h3 over web-standard Request/Response, assembled from middleware
 * (./middleware: access log, API problem documents, Host/Origin guard, deprecation headers) and
 * the route list (./routes/index.ts: routes as data, mounted by ./route.ts). `createApp(deps)`
 * returns a fetch handler (tests and the Node listener both use it); `createServer` in ./index.ts
 * serves it.
 */
import { H3 } from 'h3';
import type { Store } from '../store/index.js';
import type { ScanService } from '../service/index.js';
import { DEFAULTS } from './config.js';
import type { ServerContext } from './context.js';
import { accessLog } from './middleware/access-log.js';
import { apiProblems } from './middleware/api-problems.js';
import { deprecation } from './middleware/deprecation.js';
import { hostOriginGuard } from './middleware/host-origin-guard.js';
import { mountRoutes, type Route } from './route.js';
import { FALLBACK_ROUTES, SERVICE_ROUTES } from './routes/index.js';
import { responseBodies } from './views.js';
import { SUPERSEDED_VERSIONS, type SupersededVersion } from './versioning.js';

export interface AppDeps {
  store: Store;
  service: ScanService;
  /** Base URL without a trailing slash, or a function (the listen address is known after binding). */
  baseUrl: string | (() => string);
  trustProxy?: boolean;
  bodyLimitBytes?: number;
  superseded?: SupersededVersion[];
  log?: ((line: string) => void) | false;
  /**
   * Host names the server answers to (besides the base URL's). Set when it listens on loopback:
   * a page on another site that rebinds its DNS name to 127.0.0.1 then gets 421, not the local
   * service's keys, reports or MCP tools (DNS-rebinding protection, as the MCP transport asks).
   */
  allowedHostNames?: string[];
  /** Unexpected failures (default: stderr with the stack; clients never see it). */
  logError?: (error: unknown, where: string) => void;
  /** Routes built at start (the agent faces, operations), mounted after SERVICE_ROUTES and before the fallbacks. */
  routes?: readonly Route[];
  /** More routes by hand (tests): called with the h3 app before the fallbacks. */
  extend?: (app: H3, ctx: AppContext) => void;
}

export type AppContext = ServerContext;

export interface App {
  fetch(req: Request): Promise<Response>;
  h3: H3;
  /** Every route mounted, in order (the fallbacks last). */
  routes: readonly Route[];
}

const logErrorToStderr = (e: unknown, where: string) =>
  process.stderr.write(`ai-ready serve: internal error in ${where}: ${(e as Error)?.stack ?? String(e)}\n`);

export function createApp(deps: AppDeps): App {
  const base = typeof deps.baseUrl === 'function' ? deps.baseUrl : () => deps.baseUrl as string;
  const routes: readonly Route[] = [...SERVICE_ROUTES, ...(deps.routes ?? []), ...FALLBACK_ROUTES];
  const ctx: ServerContext = {
    store: deps.store,
    service: deps.service,
    base,
    trustProxy: !!deps.trustProxy,
    bodyLimitBytes: deps.bodyLimitBytes ?? DEFAULTS.bodyLimitBytes,
    bodies: responseBodies(base),
    logError: deps.logError ?? logErrorToStderr,
    routes,
  };
  const log = deps.log === false ? null : (deps.log ?? ((l: string) => process.stdout.write(`${l}\n`)));
  // Malformed percent-encoding reaches the routes (which decode defensively) instead of h3's own
  // 400, so that it is logged and, in the API, answered with a problem document like any error.
  const app = new H3({ silent: true, allowMalformedURL: true });

  // Outermost first: every response is logged, API errors become problems, the guard answers
  // before any route, deprecation headers go on whatever a superseded route returns.
  if (log) app.use(accessLog(log, ctx.trustProxy));
  app.use(apiProblems(ctx));
  app.use(hostOriginGuard(ctx, deps.allowedHostNames));
  app.use(deprecation(ctx, [...SUPERSEDED_VERSIONS, ...(deps.superseded ?? [])]));

  mountRoutes(app, ctx, [...SERVICE_ROUTES, ...(deps.routes ?? [])]);
  deps.extend?.(app, ctx);
  mountRoutes(app, ctx, FALLBACK_ROUTES);

  return {
    h3: app,
    routes,
    fetch: async (req) => {
      try {
        return await app.fetch(req);
      } catch (e) {
        // h3 answers its own errors; this is the last net so a request never takes the process down.
        ctx.logError(e, new URL(req.url).pathname);
        return new Response('Internal error\n', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      }
    },
  };
}
