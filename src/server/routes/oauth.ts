/** The OAuth 2.1 authorization server of /mcp and its metadata documents. */
import type { H3 } from 'h3';
import type { OAuthServer } from '../../oauth/server.js';
import { OAUTH_PATHS } from '../../oauth/server.js';
import { clientIp, rateBucket } from '../request.js';
import type { Req, ServerContext } from '../context.js';
import { guarded } from './guarded.js';

export function oauthRoutes(app: H3, ctx: ServerContext, oauth: OAuthServer): void {
  for (const path of OAUTH_PATHS) {
    app.all(path, (event) =>
      guarded(ctx, path, async () => {
        const response = await oauth.handle(event.req, { clientIp: rateBucket(clientIp(event.req as Req, ctx.trustProxy)) });
        return response ?? new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD' } });
      }),
    );
  }
}
