import { afterAll, describe, expect, it } from 'vitest';
import { a8OpenApi } from '../../../../src/core/checks/capabilities/a8-openapi.js';
import {
  openApiBaseUrl,
  openApiCandidates,
  openApiDoc,
  openApiFromProbes,
  openApiOperations,
  OPENAPI_ACCEPT,
  serviceDescLinks,
} from '../../../../src/core/gather/openapi.js';
import type { FetchResult } from '../../../../src/core/net/http.js';
import { ORIGIN, json, notFound, response, soft404, text } from '../../../helpers/responses.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { liveContext } from '../commerce/live-context.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
/** The advisory codes of an outcome, in order. */
const noted = (o: { advisoryFindings?: Array<{ code: string }> }) => (o.advisoryFindings ?? []).map((a) => a.code);
const DOC = { openapi: '3.1.0', info: { title: 'Shop API', version: '1' }, paths: { '/orders': { get: {}, post: {} } } };
const GUESSED = ['/openapi.json', '/openapi.yaml', '/.well-known/openapi.json', '/swagger.json', '/api/openapi.json'];

/** Artifact for the guessed paths answering as given (404 elsewhere), plus optional advertised links. */
function artifact(byPath: Record<string, FetchResult>, links: string[] = []) {
  const candidates = openApiCandidates(ORIGIN, links, []);
  const probes = candidates.map((c) => byPath[new URL(c.url).pathname] ?? notFound(new URL(c.url).pathname));
  return openApiFromProbes(candidates, probes);
}

describe('serviceDescLinks', () => {
  it('extracts service-desc targets, resolves them and ignores other schemes', () => {
    const h =
      '</llms.txt>; rel="describedby", </openapi.json>; rel="service-desc service-doc"; type="application/json", <javascript:alert(1)>; rel=service-desc, <https://api.example.com/v1/spec.yaml>; rel=service-desc';
    expect(serviceDescLinks(h, `${ORIGIN}/`)).toEqual([`${ORIGIN}/openapi.json`, 'https://api.example.com/v1/spec.yaml']);
    expect(serviceDescLinks(undefined, ORIGIN)).toEqual([]);
  });
});

describe('A8 OpenAPI (evaluate)', () => {
  it('passes an advertised OpenAPI 3.1 JSON document', () => {
    const o = a8OpenApi.evaluate(artifact({ '/openapi.json': json('/openapi.json', DOC) }, [`${ORIGIN}/openapi.json`]), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('OpenAPI 3 (3.1.0)');
    expect(o.code).toBe('A8/ok');
    expect(o.data?.title).toBe('Shop API');
    expect(o.evidence).toContain('"Shop API"');
    expect(o.details).toMatchObject({ url: `${ORIGIN}/openapi.json`, source: 'link-header', version: '3.1.0', format: 'json', operations: 2 });
    expect(noted(o)).toEqual([]);
  });

  it('parses YAML at /openapi.yaml and asks to advertise it', () => {
    const yaml = text('/openapi.yaml', 'openapi: 3.0.3\ninfo:\n  title: Y\n  version: "1"\npaths:\n  /a:\n    get: {}\n', 'application/yaml');
    const o = a8OpenApi.evaluate(artifact({ '/openapi.yaml': yaml }), ctx);
    expect(o.status).toBe('pass');
    expect(o.details).toMatchObject({ format: 'yaml', version: '3.0.3' });
    expect(o.advisoryFindings).toMatchObject([{ code: 'A8/not-advertised', data: { path: '/openapi.yaml' } }]);
  });

  // OpenAPI 3.2.0 (September 2025) and its 3.2.1 text (OAI/OpenAPI-Specification versions/3.2.1.md at 0dabe3fd), read 2026-11-25.
  it('passes an OpenAPI 3.2 document and counts its QUERY and additionalOperations operations', () => {
    const doc32 = {
      openapi: '3.2.0',
      $self: 'https://example.com/openapi.json',
      info: { title: 'Shop API', version: '1' },
      paths: {
        '/orders': { get: {}, query: {}, additionalOperations: { COPY: {}, POST: {}, 'BAD METHOD': {}, LINK: 'not an object' } },
        '/carts': { additionalOperations: { PURGE: { 'x-payment-info': { intent: 'charge' } } } },
      },
    };
    expect(openApiOperations(doc32).map((o) => `${o.method} ${o.path}`)).toEqual(['get /orders', 'query /orders', 'COPY /orders', 'PURGE /carts']);
    const o = a8OpenApi.evaluate(artifact({ '/openapi.json': json('/openapi.json', doc32) }, [`${ORIGIN}/openapi.json`]), ctx);
    expect(o).toMatchObject({ status: 'pass', code: 'A8/ok', matched: 'OpenAPI 3 (3.2.0)', details: { version: '3.2.0', paths: 2, operations: 4 } });
    // 3.0 and 3.1 are still read as before.
    for (const v of ['3.0.3', '3.1.1'])
      expect(a8OpenApi.evaluate(artifact({ '/openapi.json': json('/openapi.json', { ...DOC, openapi: v }) }), ctx).status).toBe('pass');
    expect(OPENAPI_ACCEPT).toMatch(/application\/openapi\+json.*application\/openapi\+yaml/);
  });

  it('says a 3.1+ document without paths is valid but holds no operation (components or webhooks only)', () => {
    const hooks = a8OpenApi.evaluate(
      artifact({ '/openapi.json': json('/openapi.json', { openapi: '3.2.0', info: {}, webhooks: { ping: { post: {} } } }) }),
      ctx,
    );
    expect(hooks).toMatchObject({ status: 'partial', code: 'A8/invalid' });
    expect(hooks.findings?.map((f) => f.code)).toEqual(['A8/no-paths-31']);
    expect(hooks.evidence).toMatch(/no `paths` object \(valid for OpenAPI 3\.1\+/);
    const old = a8OpenApi.evaluate(artifact({ '/openapi.json': json('/openapi.json', { openapi: '3.0.3', info: {} }) }), ctx);
    expect(old.findings?.map((f) => f.code)).toEqual(['A8/no-paths']);
    expect(old.evidence).toMatch(/: no `paths` object\.$/);
  });

  it('accepts Swagger 2.0 with an advisory', () => {
    const o = a8OpenApi.evaluate(artifact({ '/swagger.json': json('/swagger.json', { swagger: '2.0', info: {}, paths: { '/x': { get: {} } } }) }), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toMatch(/Swagger 2\.0/);
    expect(noted(o)).toContain('A8/swagger-legacy');
  });

  it('is partial for empty paths or an unparseable advertised document', () => {
    const empty = a8OpenApi.evaluate(artifact({ '/openapi.json': json('/openapi.json', { openapi: '3.1.0', info: {}, paths: {} }) }), ctx);
    expect(empty.status).toBe('partial');
    expect(empty.evidence).toMatch(/`paths` is empty/);
    const broken = response({ url: '/spec', headers: { 'content-type': 'application/json' }, body: '{"openapi": "3.1.0", ' });
    const o = a8OpenApi.evaluate(artifact({ '/spec': broken }, [`${ORIGIN}/spec`]), ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('A8/unusable');
    expect(o.findings).toEqual([expect.objectContaining({ code: 'A8/unparsable', data: expect.objectContaining({ where: '/spec' }) })]);
    expect(o.evidence).toMatch(/: \/spec \(via .*\): .*not JSON/);
  });

  it('prefers a usable document over a defective one', () => {
    const o = a8OpenApi.evaluate(
      artifact({ '/openapi.json': json('/openapi.json', { openapi: '3.1.0', paths: {} }), '/api/openapi.json': json('/api/openapi.json', DOC) }),
      ctx,
    );
    expect(o.status).toBe('pass');
    expect(o.details?.url).toBe(`${ORIGIN}/api/openapi.json`);
    expect(o.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'A8/empty-paths-31-note', data: { where: '/openapi.json', source: 'well-known-path' } }),
    );
    expect(o.advisories).toContain('/openapi.json: `paths` is empty (valid for OpenAPI 3.1+, but it describes no operation an agent can call)');
  });

  it('ignores unrelated JSON at a guessed path and fails on 404s and soft 404s', () => {
    expect(a8OpenApi.evaluate(artifact({ '/swagger.json': json('/swagger.json', { error: 'nope' }) }), ctx).status).toBe('fail');
    const soft = a8OpenApi.evaluate(artifact(Object.fromEntries(GUESSED.map((p) => [p, soft404(p)]))), ctx);
    expect(soft.status).toBe('fail');
    expect(soft.findings?.at(-1)).toEqual(expect.objectContaining({ code: 'A8/soft-404s', data: { count: 5 } }));
    expect(soft.evidence).toMatch(/; 5 HTML page\(s\): soft 404\.$/);
    expect(a8OpenApi.meta.contentProfile).toBe('na');
  });

  it('resolves the API base URL from servers or host/basePath', () => {
    expect(openApiBaseUrl({ url: `${ORIGIN}/openapi.json`, doc: { servers: [{ url: '/api/v1' }] } })).toBe(`${ORIGIN}/api/v1/`);
    expect(openApiBaseUrl({ url: `${ORIGIN}/swagger.json`, doc: { host: 'api.example.com', basePath: '/v2', schemes: ['https'] } })).toBe(
      'https://api.example.com/v2/',
    );
    expect(openApiBaseUrl({ url: `${ORIGIN}/openapi.json`, doc: {} })).toBe(`${ORIGIN}/`);
  });

  it('fix guide adds the service-desc Link header for the platform', () => {
    const steps = a8OpenApi.fixGuide({ origin: ORIGIN, platform: null, hosting: ['nginx'] });
    expect(steps.some((s) => s.lang === 'nginx' && s.code?.includes('service-desc'))).toBe(true);
    expect(steps.at(-1)?.title).toBe('Read the spec');
  });
});

describe('A8 gather against a loopback site', () => {
  const open: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });

  it('follows the advertised link first, skips guessed paths, and memoises', async () => {
    const site = await startFixture({
      '/': { headers: { 'content-type': 'text/html', link: '</docs/api.yaml>; rel="service-desc"' }, body: '<!doctype html><html><body>x</body></html>' },
      '/docs/api.yaml': {
        headers: { 'content-type': 'application/yaml' },
        body: 'openapi: "3.1.0"\ninfo: {title: T, version: "1"}\npaths:\n  /x: {get: {}}\n',
      },
    });
    open.push(site);
    const gctx = await liveContext(site.origin);
    const a = await openApiDoc(gctx);
    expect(await openApiDoc(gctx)).toBe(a);
    expect(a.found?.source).toBe('link-header');
    // The advertised target and the catalog go out together (parallel): compare as a set.
    expect(site.requests.map((r) => r.path).sort()).toEqual(['/', '/.well-known/api-catalog', '/docs/api.yaml'].sort());
    expect(a8OpenApi.evaluate(a, { origin: site.origin, pageUrl: `${site.origin}/` }).status).toBe('pass');
  });

  it('passes a site serving exactly what the fix guide writes (document and Link header)', async () => {
    const steps = a8OpenApi.fixGuide({ origin: 'https://api.example.com', platform: null, hosting: [] });
    const doc = steps.find((s) => s.lang === 'json' && s.code?.includes('"openapi"'))!.code!;
    const linkValue =
      /^Link: (.+)$/m.exec(
        steps
          .filter((s) => s.lang === 'http')
          .map((s) => s.code ?? '')
          .join('\n'),
      )?.[1] ?? '';
    expect(linkValue).toMatch(/^<\/openapi\.json>; rel="service-desc"/);
    const site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html', link: linkValue }, body: '<!doctype html><html><body>x</body></html>' },
      '/openapi.json': { headers: { 'content-type': 'application/json' }, body: doc.replaceAll('https://api.example.com', s.origin) },
    }));
    open.push(site);
    const a = await openApiDoc(await liveContext(site.origin));
    const o = a8OpenApi.evaluate(a, { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o).toMatchObject({ status: 'pass', code: 'A8/ok', details: { source: 'link-header', operations: 1 } });
    expect(noted(o)).toEqual([]);
  });

  it('reads service-desc links from the API catalog', async () => {
    const site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>x</body></html>' },
      '/.well-known/api-catalog': {
        headers: { 'content-type': 'application/linkset+json' },
        body: JSON.stringify({ linkset: [{ anchor: `${s.origin}/api`, 'service-desc': [{ href: '/specs/v1.json', type: 'application/openapi+json' }] }] }),
      },
      '/specs/v1.json': { headers: { 'content-type': 'application/openapi+json' }, body: JSON.stringify(DOC) },
    }));
    open.push(site);
    const a = await openApiDoc(await liveContext(site.origin));
    expect(a.found?.source).toBe('api-catalog');
    expect(a.found?.url).toBe(`${site.origin}/specs/v1.json`);
    expect(site.requests.some((r) => r.path === '/openapi.json')).toBe(false);
  });
});
