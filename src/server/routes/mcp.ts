/** The MCP faces: /mcp (OAuth), /api/mcp (API key or anonymous) and the MCP server card. */
import type { McpHttp } from '../../mcp/http.js';
import { TOOLS } from '../../mcp/tools/index.js';
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
import type { Announcement } from '../route-info.js';
import { guarded } from './guarded.js';

/** Public, read-only discovery documents: CORS open (the catalog MUST have it) and cached for an hour. */
function document(path: string, contentType: string, body: (ctx: ServerContext) => unknown, announce?: Announcement): Route {
  const send = (head: boolean, ctx: ServerContext) =>
    new Response(head ? null : JSON.stringify(body(ctx)), { headers: { 'content-type': contentType, 'cache-control': 'public, max-age=3600', ...CORS } });
  return defineRoute({
    path,
    methods: {
      get: (_event, ctx) => send(false, ctx),
      head: (_event, ctx) => send(true, ctx),
      options: () => new Response(null, { status: 204, headers: CORS }),
    },
    ...(announce ? { announce } : {}),
  });
}

export function mcpRoutes(http: McpHttp): Route[] {
  // The client's rate-limit bucket (anonymous scans share the REST limit).
  const client = (req: Request, ctx: ServerContext) => rateBucket(clientIp(req as Req, ctx.trustProxy));
  return [
    // The MCP transport answers every method itself (405 with its own Allow, JSON-RPC errors).
    defineRoute({
      path: '/mcp',
      anyMethod: (event, ctx) => guarded(ctx, '/mcp', () => http.oauthEndpoint(event.req, client(event.req, ctx))),
      announce: {
        surface: {
          rank: 100,
          section: 'API',
          title: 'MCP server (OAuth 2.1)',
          type: 'application/json',
          note:
            `Streamable HTTP MCP endpoint with ${TOOLS.length} tools (scans, saved reports, domain history, monitors, rubric and fix ` +
            'guides); OAuth 2.1 with dynamic client registration',
        },
        mcpRemote: { rank: 10, type: 'streamable-http' },
        catalog: [{ api: 'mcp', rel: 'item', rank: 10, type: 'application/json', title: 'MCP server (Streamable HTTP, OAuth 2.1)' }],
      },
    }),
    defineRoute({
      path: '/api/mcp',
      anyMethod: (event, ctx) => guarded(ctx, '/api/mcp', () => http.keyEndpoint(event.req, client(event.req, ctx))),
      announce: {
        surface: {
          rank: 110,
          section: 'API',
          title: 'MCP server (API key)',
          type: 'application/json',
          note: 'the same tools with an API key as Bearer token; anonymous callers get the read-only scan tools',
        },
        mcpRemote: { rank: 20, type: 'streamable-http' },
        catalog: [{ api: 'mcp', rel: 'item', rank: 20, type: 'application/json', title: 'MCP server (Streamable HTTP, API key)' }],
      },
    }),
    document(ARD_MANIFEST_PATH, 'application/json', (ctx) => ardManifest(ctx.base()), {
      surface: {
        rank: 130,
        section: 'API',
        title: 'ARD manifest',
        type: 'application/json',
        note: 'Agentic Resource Discovery (v0.91): one entry, the MCP server card; robots.txt names it with Agentmap',
      },
    }),
    // The same manifest where MCP clients look (server-card draft at 8924e08; /.well-known/mcp/catalog.json was removed by its commit 1491bd2).
    document(AI_CATALOG_PATH, 'application/ai-catalog+json', (ctx) => ardManifest(ctx.base()), {
      surface: {
        rank: 120,
        section: 'API',
        title: 'AI Catalog',
        type: 'application/ai-catalog+json',
        note: 'where MCP clients discover the server card (server-card extension): the ARD manifest, one entry pointing at /mcp/server-card',
      },
    }),
    document(CATALOG_CARD_PATH, SERVER_CARD_MEDIA_TYPE, (ctx) => serverCard(ctx.base())),
    // The first well-known path is the one announced; the others are older names clients still try.
    ...SERVER_CARD_PATHS.map((path, i) =>
      document(
        path,
        'application/json',
        (ctx) => serverCard(ctx.base()),
        i === 0
          ? {
              surface: {
                rank: 140,
                section: 'API',
                title: 'MCP server card',
                type: 'application/json',
                note: 'name, version, endpoints, authentication and tools of the MCP server',
              },
              catalog: [{ api: 'mcp', rel: 'service-desc', rank: 10, type: 'application/json', title: 'MCP server card' }],
            }
          : undefined,
      ),
    ),
  ];
}
