/** The discovery files agents look for: robots, sitemap, llms.txt, OpenAPI, API catalog, skills; and /healthz. */
import type { ServerContext } from '../context.js';
import { API_CATALOG_TYPE, apiCatalog, authMd, llmsFullTxt, llmsTxt, robotsTxt, serverJson, sitemapXml, skills, skillsIndex } from '../discovery.js';
import { openApiDocument } from '../openapi.js';
import { json, markdown, respond, text } from '../respond.js';
import { defineRoute } from '../route.js';
import type { Announcement } from '../route-info.js';

const CACHEABLE = { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' };

/** A file answered to GET (and HEAD), announced where `announce` says. */
const file = (path: string, make: (ctx: ServerContext) => Response, announce?: Announcement) =>
  defineRoute({ path, methods: { get: (_event, ctx) => make(ctx) }, ...(announce ? { announce } : {}) });

export const discoveryRoutes = [
  file('/robots.txt', (ctx) => text(robotsTxt(ctx.base()), 'text/plain; charset=utf-8', CACHEABLE)),
  file('/sitemap.xml', (ctx) => text(sitemapXml(ctx.base(), ctx.routes), 'application/xml; charset=utf-8', CACHEABLE)),
  file('/llms.txt', (ctx) => text(llmsTxt(ctx.base(), ctx.routes), 'text/markdown; charset=utf-8', CACHEABLE), {
    sitemap: { rank: 20 },
    pageLink: { rank: 30, rel: 'describedby', type: 'text/markdown' },
    catalog: [
      { api: 'v1', rel: 'service-doc', rank: 10, type: 'text/markdown', title: 'Overview for agents' },
      { api: 'mcp', rel: 'service-doc', rank: 10, type: 'text/markdown' },
    ],
  }),
  file('/llms-full.txt', (ctx) => text(llmsFullTxt(ctx.base(), ctx.routes), 'text/markdown; charset=utf-8', CACHEABLE), {
    surface: { rank: 180, section: 'API', title: 'llms-full.txt', type: 'text/markdown', note: 'llms.txt plus every fix guide in one file' },
  }),
  file('/auth.md', (ctx) => markdown(authMd(ctx.base()), 200, CACHEABLE), {
    surface: {
      rank: 170,
      section: 'API',
      title: 'auth.md',
      type: 'text/markdown',
      note: 'how agents authenticate: the auth.md walkthrough (OAuth dynamic client registration with PKCE for /mcp, operator-issued API keys, anonymous use)',
    },
  }),
  // The routes the app mounts describe themselves (routes/index.ts).
  file('/openapi.json', (ctx) => json(openApiDocument(ctx.base(), ctx.routes), 200, { ...CACHEABLE, 'content-type': 'application/openapi+json' }), {
    surface: {
      rank: 20,
      section: 'API',
      title: 'OpenAPI 3.1 description',
      type: 'application/openapi+json',
      note: 'every endpoint, generated from the same schemas the service validates with',
    },
    pageLink: { rank: 20, rel: 'service-desc', type: 'application/openapi+json' },
    catalog: [
      { api: 'v1', rel: 'service-desc', rank: 10, type: 'application/openapi+json', title: 'OpenAPI 3.1' },
      { api: 'stream', rel: 'service-desc', rank: 10, type: 'application/openapi+json' },
    ],
  }),
  file(
    '/.well-known/api-catalog',
    (ctx) =>
      respond(JSON.stringify(apiCatalog(ctx.base(), ctx.routes)), 200, API_CATALOG_TYPE, {
        ...CACHEABLE,
        link: `<${ctx.base()}/.well-known/api-catalog>; rel="api-catalog"`,
      }),
    {
      surface: { rank: 70, section: 'API', title: 'API catalog (RFC 9727)', type: 'application/linkset+json', note: 'machine-readable list of the APIs' },
      pageLink: { rank: 10, rel: 'api-catalog' },
    },
  ),
  file('/server.json', (ctx) => json(serverJson(ctx.base(), ctx.routes), 200, CACHEABLE), {
    surface: { rank: 90, section: 'API', title: 'Server description', type: 'application/json', note: 'name, version and remote endpoints of this service' },
  }),
  file('/.well-known/agent-skills/index.json', (ctx) => json(skillsIndex(ctx.base()), 200, CACHEABLE), {
    surface: {
      rank: 80,
      section: 'API',
      title: 'Agent skills index',
      type: 'application/json',
      note: 'one skill per check: how to fix it, generated from the fix guides',
    },
  }),
  defineRoute({
    path: '/.well-known/agent-skills/:name/SKILL.md',
    methods: {
      get: (event, ctx) => {
        const skill = skills(ctx.base()).find((s) => s.name === event.context.params?.name);
        return skill ? text(skill.body, 'text/markdown; charset=utf-8', CACHEABLE) : text('Not found\n', 'text/plain; charset=utf-8', {}, 404);
      },
    },
  }),
  // Operations: liveness and the scan executor's load.
  defineRoute({
    path: '/healthz',
    methods: { get: (_event, ctx) => json({ status: 'ok', scans: ctx.service.stats() }, 200, { 'cache-control': 'no-store' }) },
    openapi: { get: { operationId: 'health', summary: 'Liveness and queue state', responses: { '200': { description: 'ok' } } } },
    announce: {
      surface: { rank: 190, section: 'API', title: 'Health', type: 'application/json', note: 'liveness and queue state' },
      catalog: [{ api: 'v1', rel: 'status', rank: 10, type: 'application/json' }],
    },
  }),
];
