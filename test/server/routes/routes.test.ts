/**
 * Routes as data (src/server/route.ts, src/server/routes/index.ts): the OpenAPI document, the API
 * catalog and the announced surfaces (llms.txt, the sitemap, server.json, the home page, the pages'
 * Link header) are generated from the route list of a running, composed server; a route added to
 * the list is mounted with its methods, its 405, its query validation and its errors classified by
 * the problem middleware, and announced where its `announce` says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createApp } from '../../../src/server/app.js';
import { surfaces } from '../../../src/server/discovery.js';
import { ProblemError } from '../../../src/server/problems.js';
import { allowedMethods, defineRoute } from '../../../src/server/route.js';
import { openApiPath } from '../../../src/server/route-info.js';
import { ScanService } from '../../../src/service/index.js';
import { openStore } from '../../../src/store/index.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv?.destroy());

/** A concrete address of a route path (`:id` filled with a well-formed id that names no report). */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'zzzz9999');

describe('the route list and the OpenAPI document', () => {
  it('every route that carries operations is in /openapi.json with the same methods, and nothing else is', async () => {
    const doc = (await (await srv.get('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = srv.app.routes.filter((r) => r.openapi);
    expect(documented.length).toBeGreaterThanOrEqual(7);
    for (const route of documented) {
      const ops = doc.paths[openApiPath(route.path)];
      expect(ops, route.path).toBeDefined();
      const served = Object.keys(route.methods ?? {}).filter((m) => m !== 'head' && m !== 'options');
      expect(Object.keys(ops).sort(), route.path).toEqual(served.sort());
    }
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(documented.map((r) => openApiPath(r.path)))].sort());
    // Every API route (problem documents) is documented.
    for (const route of srv.app.routes.filter((r) => r.api)) expect(doc.paths[openApiPath(route.path)], route.path).toBeDefined();
  });

  it('the running server answers every documented path with the documented methods (a 405 names them in Allow)', async () => {
    const doc = (await (await srv.get('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [path, ops] of Object.entries(doc.paths)) {
      const res = await srv.get(concrete(path), { method: 'DELETE' });
      expect(res.status, path).toBe(405);
      const allow = (res.headers.get('allow') ?? '').split(', ');
      for (const m of Object.keys(ops)) expect(allow, path).toContain(m.toUpperCase());
      await res.body?.cancel();
    }
  });

  it('the API catalog lists every v1 route of the list, with its OpenAPI summary', async () => {
    const catalog = (await (await srv.get('/.well-known/api-catalog')).json()) as {
      linkset: Array<{ anchor: string; item: Array<{ href: string; title: string }> }>;
    };
    const v1 = catalog.linkset.find((l) => l.anchor.endsWith('/api/public/v1'));
    const expected = srv.app.routes
      .filter((r) => r.api && r.path.startsWith('/api/public/v1/'))
      .map((r) => ({ href: srv.baseUrl + openApiPath(r.path), title: r.openapi?.get?.summary }));
    expect(v1?.item.map(({ href, title }) => ({ href, title }))).toEqual(expected);
    expect(expected.map((e) => e.href)).toContain(`${srv.baseUrl}/api/public/v1/compare`);
  });

  it('llms.txt, server.json and the pages announce exactly the surfaces the mounted routes declare', async () => {
    const listed = surfaces(srv.app.routes);
    expect(listed.length).toBeGreaterThanOrEqual(19);
    const llms = await (await srv.get('/llms.txt')).text();
    const lines = llms.split('\n').filter((l) => l.startsWith('- [') && !l.includes('/problems/') && !l.includes('Source code'));
    expect(lines).toEqual(
      [...listed.filter((s) => s.section === 'API'), ...listed.filter((s) => s.section === 'Docs')].map(
        (s) => `- [${s.title}](${srv.baseUrl}${s.path}): ${s.note}`,
      ),
    );
    const server = await (await srv.get('/server.json')).json();
    expect(server._meta['io.github.ai-ready/surfaces'].map((s: { url: string }) => s.url)).toEqual(listed.map((s) => srv.baseUrl + s.path));
    expect(server.remotes).toEqual([
      { type: 'streamable-http', url: `${srv.baseUrl}/mcp` },
      { type: 'streamable-http', url: `${srv.baseUrl}/api/mcp` },
    ]);
    const home = await srv.get('/', { headers: { accept: 'text/markdown' } });
    for (const s of listed) expect(await home.clone().text()).toContain(`- [${s.title}](${srv.baseUrl}${s.path}): ${s.note}`);
    expect(home.headers.get('link')).toBe(
      `<${srv.baseUrl}/.well-known/api-catalog>; rel="api-catalog", <${srv.baseUrl}/openapi.json>; rel="service-desc"; type="application/openapi+json", ` +
        `<${srv.baseUrl}/llms.txt>; rel="describedby"; type="text/markdown", <${srv.baseUrl}/>; rel="alternate"; type="text/markdown"`,
    );
  });

  it('the API catalog describes the v1, MCP and streaming APIs from their routes', async () => {
    const catalog = (await (await srv.get('/.well-known/api-catalog')).json()) as {
      linkset: Array<Record<string, Array<{ href: string }>> & { anchor: string }>;
    };
    expect(catalog.linkset.map((l) => l.anchor)).toEqual([`${srv.baseUrl}/api/public/v1`, `${srv.baseUrl}/mcp`, `${srv.baseUrl}/api/scan`]);
    const hrefs = (i: number, rel: string) => catalog.linkset[i][rel]?.map((l) => l.href.slice(srv.baseUrl.length));
    expect(hrefs(0, 'service-doc')).toEqual(['/llms.txt', '/']);
    expect(hrefs(0, 'status')).toEqual(['/healthz']);
    expect(hrefs(1, 'service-desc')).toEqual(['/.well-known/mcp/server-card.json']);
    expect(hrefs(1, 'item')).toEqual(['/mcp', '/api/mcp']);
    expect(hrefs(2, 'item')).toEqual(['/api/scan']);
  });
});

// Outside /api/public/ (as /api/scan is): its problem documents come from the route's `api` flag, not from the path.
describe('a route added to the list', () => {
  const Query = z.object({ n: z.coerce.number({ error: 'The query parameter "n" is required.' }).int({ error: '"n" must be an integer.' }) });
  const errors: unknown[] = [];
  const routes = [
    defineRoute({
      path: '/api/double',
      api: true,
      query: Query,
      methods: {
        get: (_event, _ctx, q) => {
          if (q.n === 13) throw new ProblemError('not-found', 'No thirteen.');
          if (q.n === 666) throw new Error('boom');
          return Response.json({ double: q.n * 2 });
        },
      },
      openapi: { get: { operationId: 'double', summary: 'Double a number', responses: {} } },
    }),
    defineRoute({ path: '/hello', methods: { get: () => new Response('hello') } }),
    defineRoute({
      path: '/guide.md',
      methods: { get: () => new Response('# Guide\n') },
      announce: {
        surface: { rank: 15, section: 'Docs', title: 'Guide', type: 'text/markdown', note: 'how to read a report' },
        sitemap: { rank: 15 },
        pageLink: { rank: 25, rel: 'help', type: 'text/markdown' },
        catalog: [{ api: 'v1', rel: 'service-doc', rank: 15, type: 'text/markdown', title: 'Guide' }],
      },
    }),
  ];
  let dir: string;
  let close: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    dir = tempDir('ai-ready-routes-');
    const store = await openStore(dir);
    const service = new ScanService({ store, allowPrivateNetwork: true, cacheTtlMs: 1000, concurrency: 1, maxQueued: 1 });
    app = createApp({ store, service, baseUrl: 'http://svc.local', log: false, routes, logError: (e) => errors.push(e) });
    close = () => store.close();
  });
  afterAll(async () => {
    await close?.();
  });
  const call = (path: string, method = 'GET') => app.fetch(new Request(`http://svc.local${path}`, { method }));

  it('is served and documented', async () => {
    expect(await (await call('/api/double?n=21')).json()).toEqual({ double: 42 });
    const doc = (await (await call('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(doc.paths['/api/double']).toMatchObject({ get: { operationId: 'double' } });
  });

  it('answers other methods with one 405 problem naming the allowed ones, and HEAD only where GET is a page', async () => {
    expect(allowedMethods(routes[0])).toEqual(['GET']);
    const post = await call('/api/double?n=1', 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect(await post.json()).toMatchObject({ type: 'http://svc.local/problems/method-not-allowed', detail: 'Use GET.' });
    const head = await call('/api/double?n=1', 'HEAD');
    expect(head.status).toBe(405);
    const page = await call('/hello', 'HEAD');
    expect(page.status).toBe(200);
    const put = await call('/hello', 'PUT');
    expect([put.status, put.headers.get('allow'), await put.text()]).toEqual([405, 'GET, HEAD', 'Method not allowed\n']);
  });

  it("is announced where it says, in its rank: llms.txt, the sitemap, server.json, the home page, every page's Link header, the API catalog", async () => {
    const line = '- [Guide](http://svc.local/guide.md): how to read a report';
    const llms = await (await call('/llms.txt')).text();
    expect(llms.slice(llms.indexOf('## Docs'))).toMatch(/^## Docs\n- \[Home: scan a site\]\(http:\/\/svc\.local\/\): .*\n- \[Guide\]/);
    expect(llms).toContain(line);
    const sitemap = await (await call('/sitemap.xml')).text();
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).slice(0, 3)).toEqual([
      'http://svc.local/',
      'http://svc.local/guide.md',
      'http://svc.local/llms.txt',
    ]);
    const server = await (await call('/server.json')).json();
    expect(server._meta['io.github.ai-ready/surfaces']).toContainEqual({ url: 'http://svc.local/guide.md', title: 'Guide', type: 'text/markdown' });
    const home = await call('/');
    expect(await home.text()).toContain('<a href="/guide.md">Guide</a>: how to read a report');
    expect(home.headers.get('link')).toContain(
      '<http://svc.local/openapi.json>; rel="service-desc"; type="application/openapi+json", <http://svc.local/guide.md>; rel="help"; type="text/markdown", <http://svc.local/llms.txt>',
    );
    const catalog = (await (await call('/.well-known/api-catalog')).json()) as { linkset: Array<Record<string, Array<{ href: string }>>> };
    expect(catalog.linkset[0]['service-doc'].map((l) => l.href)).toEqual(['http://svc.local/llms.txt', 'http://svc.local/guide.md', 'http://svc.local/']);
  });

  it('announces only what is mounted: without the MCP routes, no MCP surface, remote or catalog entry', async () => {
    const llms = await (await call('/llms.txt')).text();
    expect(llms).not.toContain('/mcp)');
    expect((await (await call('/server.json')).json()).remotes).toEqual([]);
    const catalog = (await (await call('/.well-known/api-catalog')).json()) as { linkset: Array<{ anchor: string }> };
    expect(catalog.linkset.map((l) => l.anchor)).toEqual(['http://svc.local/api/public/v1', 'http://svc.local/api/scan']);
  });

  it('validates its declared query: a missing parameter before an invalid one', async () => {
    const missing = await call('/api/double');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ type: 'http://svc.local/problems/missing-parameter', detail: 'The query parameter "n" is required.' });
    const invalid = await call('/api/double?n=1.5');
    expect(await invalid.json()).toMatchObject({ type: 'http://svc.local/problems/invalid-parameter', detail: '"n" must be an integer.' });
  });

  it('has what its handler throws classified by the problem middleware: a problem keeps its type, anything else is a logged internal-error', async () => {
    const thirteen = await call('/api/double?n=13');
    expect(thirteen.status).toBe(404);
    expect(await thirteen.json()).toMatchObject({ type: 'http://svc.local/problems/not-found', detail: 'No thirteen.' });
    expect(errors).toHaveLength(0);
    const boom = await call('/api/double?n=666');
    expect(boom.status).toBe(500);
    const body = await boom.text();
    expect(JSON.parse(body)).toMatchObject({ type: 'http://svc.local/problems/internal-error', detail: 'An internal error occurred.' });
    expect(body).not.toContain('boom');
    expect(errors).toHaveLength(1);
  });
});
