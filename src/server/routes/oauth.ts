/** The OAuth 2.1 authorization server of /mcp and its metadata documents. */
import type { OAuthServer } from '../../oauth/server.js';
import { OAUTH_PATHS } from '../../oauth/server.js';
import type { Req } from '../context.js';
import { clientIp, rateBucket } from '../request.js';
import { defineRoute, type Route } from '../route.js';
import { guarded } from './guarded.js';

/** The OAuth server dispatches on the method itself (CORS preflights, 405s with its own Allow); its errors are OAuth JSON. */
export function oauthRoutes(oauth: OAuthServer): Route[] {
  return OAUTH_PATHS.map((path) =>
    defineRoute({
      path,
      anyMethod: (event, ctx) =>
        guarded(ctx, path, async () => {
          const response = await oauth.handle(event.req, { clientIp: rateBucket(clientIp(event.req as Req, ctx.trustProxy)) });
          return response ?? new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD' } });
        }),
    }),
  );
}
