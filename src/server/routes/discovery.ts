/** The discovery files agents look for: robots, sitemap, llms.txt, OpenAPI, API catalog, skills. */
import type { H3 } from 'h3';
import type { ServerContext } from '../context.js';
import { API_CATALOG_TYPE, apiCatalog, authMd, llmsFullTxt, llmsTxt, robotsTxt, serverJson, sitemapXml, skills, skillsIndex } from '../discovery.js';
import { onlyGet } from '../methods.js';
import { openApiDocument } from '../openapi.js';
import { json, markdown, respond, text } from '../respond.js';

const CACHEABLE = { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' };

export function discoveryRoutes(app: H3, ctx: ServerContext): void {
  const base = ctx.base;
  const file = (path: string, make: () => Response) => app.all(path, (event) => onlyGet(event) ?? make());
  file('/robots.txt', () => text(robotsTxt(base()), 'text/plain; charset=utf-8', CACHEABLE));
  file('/sitemap.xml', () => text(sitemapXml(base()), 'application/xml; charset=utf-8', CACHEABLE));
  file('/llms.txt', () => text(llmsTxt(base()), 'text/markdown; charset=utf-8', CACHEABLE));
  file('/llms-full.txt', () => text(llmsFullTxt(base()), 'text/markdown; charset=utf-8', CACHEABLE));
  file('/auth.md', () => markdown(authMd(base()), 200, CACHEABLE));
  file('/openapi.json', () => json(openApiDocument(base()), 200, { ...CACHEABLE, 'content-type': 'application/openapi+json' }));
  file('/.well-known/api-catalog', () =>
    respond(JSON.stringify(apiCatalog(base())), 200, API_CATALOG_TYPE, { ...CACHEABLE, link: `<${base()}/.well-known/api-catalog>; rel="api-catalog"` }),
  );
  file('/server.json', () => json(serverJson(base()), 200, CACHEABLE));
  file('/.well-known/agent-skills/index.json', () => json(skillsIndex(base()), 200, CACHEABLE));
  app.all('/.well-known/agent-skills/:name/SKILL.md', (event) => {
    const bad = onlyGet(event);
    if (bad) return bad;
    const skill = skills(base()).find((s) => s.name === event.context.params?.name);
    return skill ? text(skill.body, 'text/markdown; charset=utf-8', CACHEABLE) : text('Not found\n', 'text/plain; charset=utf-8', {}, 404);
  });
  // Operations: liveness and the scan executor's load.
  file('/healthz', () => json({ status: 'ok', scans: ctx.service.stats() }, 200, { 'cache-control': 'no-store' }));
}
