/** The discovery files agents look for: robots, sitemap, llms.txt, OpenAPI, API catalog, skills; and /healthz. */
import type { ServerContext } from '../context.js';
import { API_CATALOG_TYPE, apiCatalog, authMd, llmsFullTxt, llmsTxt, robotsTxt, serverJson, sitemapXml, skills, skillsIndex } from '../discovery.js';
import { openApiDocument } from '../openapi.js';
import { json, markdown, respond, text } from '../respond.js';
import { defineRoute } from '../route.js';

const CACHEABLE = { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' };

/** A file answered to GET (and HEAD). */
const file = (path: string, make: (ctx: ServerContext) => Response) => defineRoute({ path, methods: { get: (_event, ctx) => make(ctx) } });

export const discoveryRoutes = [
  file('/robots.txt', (ctx) => text(robotsTxt(ctx.base()), 'text/plain; charset=utf-8', CACHEABLE)),
  file('/sitemap.xml', (ctx) => text(sitemapXml(ctx.base()), 'application/xml; charset=utf-8', CACHEABLE)),
  file('/llms.txt', (ctx) => text(llmsTxt(ctx.base()), 'text/markdown; charset=utf-8', CACHEABLE)),
  file('/llms-full.txt', (ctx) => text(llmsFullTxt(ctx.base()), 'text/markdown; charset=utf-8', CACHEABLE)),
  file('/auth.md', (ctx) => markdown(authMd(ctx.base()), 200, CACHEABLE)),
  // The routes the app mounts describe themselves (routes/index.ts).
  file('/openapi.json', (ctx) => json(openApiDocument(ctx.base(), ctx.routes), 200, { ...CACHEABLE, 'content-type': 'application/openapi+json' })),
  file('/.well-known/api-catalog', (ctx) =>
    respond(JSON.stringify(apiCatalog(ctx.base(), ctx.routes)), 200, API_CATALOG_TYPE, {
      ...CACHEABLE,
      link: `<${ctx.base()}/.well-known/api-catalog>; rel="api-catalog"`,
    }),
  ),
  file('/server.json', (ctx) => json(serverJson(ctx.base()), 200, CACHEABLE)),
  file('/.well-known/agent-skills/index.json', (ctx) => json(skillsIndex(ctx.base()), 200, CACHEABLE)),
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
  }),
];
