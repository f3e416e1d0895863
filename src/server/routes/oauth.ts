/** The OAuth 2.1 authorization server of /mcp and its metadata documents. */
import type { OAuthServer } from '../../oauth/server.js';
import { OAUTH_PATHS } from '../../oauth/server.js';
import type { Req } from '../context.js';
import { clientIp, rateBucket } from '../request.js';
import { defineRoute, type Route } from '../route.js';
import type { Announcement } from '../route-info.js';
import { guarded } from './guarded.js';

/** The metadata documents the discovery files announce (the endpoints themselves are named in them). */
const ANNOUNCED: Partial<Record<(typeof OAUTH_PATHS)[number], Announcement>> = {
  '/.well-known/oauth-authorization-server': {
    surface: {
      rank: 150,
      section: 'API',
      title: 'OAuth authorization server metadata (RFC 8414)',
      type: 'application/json',
      note: 'dynamic client registration, authorization code with PKCE S256, token and revocation endpoints',
    },
  },
  '/.well-known/oauth-protected-resource/mcp': {
    surface: {
      rank: 160,
      section: 'API',
      title: 'Protected resource metadata of /mcp (RFC 9728)',
      type: 'application/json',
      note: 'the authorization server that issues tokens for /mcp',
    },
  },
};

/** The OAuth server dispatches on the method itself (CORS preflights, 405s with its own Allow); its errors are OAuth JSON. */
export function oauthRoutes(oauth: OAuthServer): Route[] {
  return OAUTH_PATHS.map((path) =>
    defineRoute({
      path,
      ...(ANNOUNCED[path] ? { announce: ANNOUNCED[path] } : {}),
      anyMethod: (event, ctx) =>
        guarded(ctx, path, async () => {
          const response = await oauth.handle(event.req, { clientIp: rateBucket(clientIp(event.req as Req, ctx.trustProxy)) });
          return response ?? new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD' } });
        }),
    }),
  );
}
