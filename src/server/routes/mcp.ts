/** The MCP faces: /mcp (OAuth), /api/mcp (API key or anonymous) and the MCP server card. */
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
import { defineRoute, type Route } from '../route.js';
import { guarded } from './guarded.js';

/** Public, read-only discovery documents: CORS open (the catalog MUST have it) and cached for an hour. */
function document(path: string, contentType: string, body: (ctx: ServerContext) => unknown): Route {
  const send = (head: boolean, ctx: ServerContext) =>
    new Response(head ? null : JSON.stringify(body(ctx)), { headers: { 'content-type': contentType, 'cache-control': 'public, max-age=3600', ...CORS } });
  return defineRoute({
    path,
    methods: {
      get: (_event, ctx) => send(false, ctx),
      head: (_event, ctx) => send(true, ctx),
      options: () => new Response(null, { status: 204, headers: CORS }),
    },
  });
}

export function mcpRoutes(http: McpHttp): Route[] {
  // The client's rate-limit bucket (anonymous scans share the REST limit).
  const client = (req: Request, ctx: ServerContext) => rateBucket(clientIp(req as Req, ctx.trustProxy));
  return [
    // The MCP transport answers every method itself (405 with its own Allow, JSON-RPC errors).
    defineRoute({ path: '/mcp', anyMethod: (event, ctx) => guarded(ctx, '/mcp', () => http.oauthEndpoint(event.req, client(event.req, ctx))) }),
    defineRoute({ path: '/api/mcp', anyMethod: (event, ctx) => guarded(ctx, '/api/mcp', () => http.keyEndpoint(event.req, client(event.req, ctx))) }),
    document(ARD_MANIFEST_PATH, 'application/json', (ctx) => ardManifest(ctx.base())),
    // The same manifest where MCP clients look (server-card draft at 8924e08; /.well-known/mcp/catalog.json was removed by its commit 1491bd2).
    document(AI_CATALOG_PATH, 'application/ai-catalog+json', (ctx) => ardManifest(ctx.base())),
    document(CATALOG_CARD_PATH, SERVER_CARD_MEDIA_TYPE, (ctx) => serverCard(ctx.base())),
    ...SERVER_CARD_PATHS.map((path) => document(path, 'application/json', (ctx) => serverCard(ctx.base()))),
  ];
}
