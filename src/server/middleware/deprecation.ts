/** Deprecation, Sunset and successor Link headers on the routes of a superseded API version. */
import type { Middleware } from 'h3';
import type { ServerContext } from '../context.js';
import { deprecationHeaders, type SupersededVersion } from '../versioning.js';

export function deprecation(ctx: ServerContext, superseded: SupersededVersion[]): Middleware {
  return async (event, next) => {
    const res = await next();
    const dep = deprecationHeaders(event.url.pathname, superseded, ctx.base());
    if (!dep || !(res instanceof Response)) return res;
    const out = new Response(res.body, res);
    for (const [k, v] of Object.entries(dep)) {
      if (k === 'link' && out.headers.has('link')) out.headers.append('link', v);
      else out.headers.set(k, v);
    }
    return out;
  };
}
