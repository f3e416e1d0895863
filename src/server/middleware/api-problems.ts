/**
 * Every error in the API namespace is a problem document. What an API route's handler throws is
 * classified here, once, by scan-errors.ts (a ProblemError keeps its type; rate limits, queue and
 * scan failures get theirs; anything else is a logged 500 `internal-error`, no stack to the
 * client); a throw elsewhere is a logged text 500. Any non-problem error response in the API
 * namespace (h3's own, a fallback page) is rewritten as the problem of its status.
 */
import type { Middleware } from 'h3';
import { isProblemRequest, type ServerContext } from '../context.js';
import { PROBLEM_TYPES, problemResponse, type ProblemName } from '../problems.js';
import { text } from '../respond.js';
import { API_ROUTE } from '../route.js';
import { errorProblem } from '../scan-errors.js';

const BY_STATUS: Record<number, ProblemName> = {
  401: 'unauthorized',
  403: 'forbidden-origin',
  404: 'not-found',
  405: 'method-not-allowed',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  421: 'misdirected-request',
  429: 'rate-limited',
  503: 'server-busy',
};

function problemFor(status: number): ProblemName {
  return BY_STATUS[status] ?? (status >= 500 ? 'internal-error' : 'invalid-parameter');
}

export function apiProblems(ctx: ServerContext): Middleware {
  return async (event, next) => {
    const path = event.url.pathname;
    const api = isProblemRequest(event.req, path);
    let res: unknown;
    try {
      res = await next();
    } catch (e) {
      if (api || event.context[API_ROUTE]) return errorProblem(ctx.base(), e, path, ctx.logError);
      ctx.logError(e, path);
      return text('Internal error\n', 'text/plain; charset=utf-8', {}, 500);
    }
    if (!api || !(res instanceof Response) || res.status < 400) return res;
    if (res.headers.get('content-type')?.includes('problem+json')) return res;
    const name = problemFor(res.status);
    const headers: Record<string, string> = {};
    const allow = res.headers.get('allow');
    if (allow) headers.allow = allow;
    return problemResponse(ctx.base(), name, PROBLEM_TYPES[name].title, path, headers);
  };
}
