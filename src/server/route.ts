/**
 * Routes as data. A route file exports `defineRoute({...})` values; `mountRoutes` registers them
 * with h3's own method routing (`app.on(method, path)`), answers every other method with one 405
 * carrying `Allow` (a problem document on API routes, text elsewhere), lets HEAD follow GET on
 * pages and files, validates declared query parameters, and marks API routes so that whatever
 * their handlers throw is classified once, by middleware/api-problems.ts (scan-errors.ts).
 */
import type { H3, H3Event, HTTPMethod } from 'h3';
import type * as z from 'zod';
import type { ServerContext } from './context.js';
import { ProblemError, problemResponse } from './problems.js';
import { text } from './respond.js';
import type { RouteInfo } from './route-info.js';

/** Method keys of a route, lower-case as OpenAPI writes them (the Allow header upper-cases them). */
export const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'] as const;
export type Method = (typeof METHODS)[number];

export type Handler<Q = undefined> = (event: H3Event, ctx: ServerContext, query: Q) => Response | Promise<Response>;

export interface RouteDef<Q = undefined> extends RouteInfo {
  /** Handlers by method. */
  methods?: Partial<Record<Method, Handler<Q>>>;
  /** The agent protocols (MCP, OAuth) dispatch on the method inside their own handler: every method goes here. */
  anyMethod?: (event: H3Event, ctx: ServerContext) => Response | Promise<Response>;
  /** HEAD runs the GET handler (the server sends no body). Default: on pages and files, not on API routes (a HEAD must not start a scan). */
  headFollowsGet?: boolean;
  /** The 405 detail of an API route (default: `Use GET or POST.`). */
  methodHint?: string;
  /** A face with its own error shape (the compatibility endpoint's `{"error": ...}`). */
  methodNotAllowed?: (allow: string) => Response;
  /**
   * Query parameters, validated before the handler runs; on an API route a failure is a
   * missing-/invalid-parameter problem, elsewhere the handler gets `undefined`.
   */
  query?: z.ZodType<Q>;
}

/** A route of any query type (the list the app mounts). */
// biome-ignore lint/suspicious/noExplicitAny: the list holds routes whose handlers take different query types.
export type Route = RouteDef<any>;

export function defineRoute<Q = undefined>(def: RouteDef<Q>): RouteDef<Q> {
  if (!def.methods === !def.anyMethod) throw new Error(`route ${def.path}: give either methods or anyMethod`);
  return def;
}

/** The methods a route answers, upper-case as its 405's Allow header lists them (HEAD after GET when implied). */
export function allowedMethods(route: Route): string[] {
  const declared = Object.keys(route.methods ?? {}) as Method[];
  const out: string[] = [];
  for (const m of declared) {
    out.push(m.toUpperCase());
    if (m === 'get' && (route.headFollowsGet ?? !route.api) && !declared.includes('head')) out.push('HEAD');
  }
  return out;
}

/** `event.context` key: set on API routes so the problem middleware classifies what they throw. */
export const API_ROUTE = 'aiReadyApiRoute';

/** The first failing query parameter as a problem: a missing one before an invalid one. */
function queryProblem(error: z.ZodError, raw: Record<string, string>): ProblemError {
  const missing = error.issues.find((i) => !raw[String(i.path[0])]);
  const issue = missing ?? error.issues[0];
  return new ProblemError(missing ? 'missing-parameter' : 'invalid-parameter', issue?.message ?? 'Invalid query.');
}

function bind(route: Route, ctx: ServerContext, handler: Handler<unknown>) {
  return async (event: H3Event) => {
    if (route.api) event.context[API_ROUTE] = true;
    let query: unknown;
    if (route.query) {
      // The first value of a repeated parameter, as URLSearchParams.get reads it; an empty one is absent.
      const raw: Record<string, string> = {};
      for (const [k, v] of event.url.searchParams) if (!Object.hasOwn(raw, k) && v !== '') raw[k] = v;
      const parsed = route.query.safeParse(raw);
      if (parsed.success) query = parsed.data;
      else if (route.api) throw queryProblem(parsed.error, raw);
    }
    return handler(event, ctx, query);
  };
}

/** Registers `routes` in order on `app`: each declared method with h3's method routing, every other method a 405. */
export function mountRoutes(app: H3, ctx: ServerContext, routes: readonly Route[]): void {
  for (const route of routes) {
    if (route.anyMethod) {
      const any = route.anyMethod;
      app.all(
        route.path,
        bind(route, ctx, (event, c) => any(event, c)),
      );
      continue;
    }
    const methods: Partial<Record<Method, Handler<unknown>>> = route.methods ?? {};
    for (const [m, handler] of Object.entries(methods)) app.on(m.toUpperCase() as HTTPMethod, route.path, bind(route, ctx, handler));
    const allow = allowedMethods(route);
    if (allow.includes('HEAD') && !methods.head && methods.get) app.on('HEAD', route.path, bind(route, ctx, methods.get));
    const allowHeader = allow.join(', ');
    app.all(route.path, (event) => {
      if (route.methodNotAllowed) return route.methodNotAllowed(allowHeader);
      if (route.api)
        return problemResponse(ctx.base(), 'method-not-allowed', route.methodHint ?? `Use ${allow.join(' or ')}.`, event.url.pathname, {
          allow: allowHeader,
        });
      return text('Method not allowed\n', 'text/plain; charset=utf-8', { allow: allowHeader }, 405);
    });
  }
}
