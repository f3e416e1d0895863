/** The MCP faces: /mcp (OAuth), /api/mcp (API key or anonymous) and the MCP server card. */
import type { H3 } from 'h3';
import type { McpHttp } from '../../mcp/http.js';
import {
  AI_CATALOG_PATH,
  ARD_MANIFEST_PATH,
  CATALOG_CARD_PATH,
  SERVER_CARD_MEDIA_TYPE,
  SERVER_CARD_PATHS,
  ardManifest,
  serverCard,
} from '../../mcp/server-card.js';
import { CORS } from '../../oauth/http.js';
import { clientIp, rateBucket } from '../request.js';
import type { Req, ServerContext } from '../context.js';
import { guarded } from './guarded.js';

export function mcpRoutes(app: H3, ctx: ServerContext, http: McpHttp): void {
  // The client's rate-limit bucket (anonymous scans share the REST limit).
  const client = (req: Request) => rateBucket(clientIp(req as Req, ctx.trustProxy));
  app.all('/mcp', (event) => guarded(ctx, '/mcp', () => http.oauthEndpoint(event.req, client(event.req))));
  app.all('/api/mcp', (event) => guarded(ctx, '/api/mcp', () => http.keyEndpoint(event.req, client(event.req))));
  // Public, read-only discovery documents: CORS open (the catalog MUST have it) and cached for an hour.
  const document = (path: string, contentType: string, body: () => unknown) =>
    app.all(path, (event) => {
      const method = event.req.method;
      if (method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
      if (method !== 'GET' && method !== 'HEAD') return new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' } });
      return new Response(method === 'HEAD' ? null : JSON.stringify(body()), {
        headers: { 'content-type': contentType, 'cache-control': 'public, max-age=3600', ...CORS },
      });
    });
  document(ARD_MANIFEST_PATH, 'application/json', () => ardManifest(ctx.base()));
  // The same manifest where MCP clients look (server-card draft at 8924e08; /.well-known/mcp/catalog.json was removed by its commit 1491bd2).
  document(AI_CATALOG_PATH, 'application/ai-catalog+json', () => ardManifest(ctx.base()));
  document(CATALOG_CARD_PATH, SERVER_CARD_MEDIA_TYPE, () => serverCard(ctx.base()));
  for (const path of SERVER_CARD_PATHS) document(path, 'application/json', () => serverCard(ctx.base()));
}
