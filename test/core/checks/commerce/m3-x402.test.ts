import { afterAll, describe, expect, it } from 'vitest';
import { proseInData } from '../../../helpers/data-prose.js';
import { decodeX402, m3X402, manifestResources, X402_MANIFEST_PATH, type X402Artifact } from '../../../../src/core/checks/commerce/m3-x402.js';
import type { FetchResult } from '../../../../src/core/net/http.js';
import { ORIGIN, json, notFound, response } from '../../../helpers/responses.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { X402_V1_BODY } from './artifacts.js';
import { liveContext } from './live-context.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const V2 = {
  x402Version: 2,
  error: 'payment required',
  resource: { url: `${ORIGIN}/api/v1` },
  accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: '0xUSDC', payTo: '0xabc', maxTimeoutSeconds: 60 }],
};
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
const paid = (path: string, headers: Record<string, string>, body = '') => response({ url: path, status: 402, headers, body });
const art = (probes: FetchResult[]): X402Artifact => ({ probes, sources: Object.fromEntries(probes.map((p) => [p.requestedUrl, 'anchor-set' as const])) });
const base = () => [response({ url: '/', headers: { 'content-type': 'text/html' }, body: '<html></html>' }), notFound('/api'), notFound('/api/v1')];

describe('x402 decoding', () => {
  it('decodes a v1 JSON body and a v2 PAYMENT-REQUIRED header (standard or url-safe base64)', () => {
    const v1 = decodeX402(paid('/api', { 'content-type': 'application/json' }, JSON.stringify(X402_V1_BODY)));
    expect(v1).toMatchObject({ version: 1, carrier: 'JSON body', problems: [] });
    const v2 = decodeX402(paid('/api', { 'payment-required': b64(V2) }));
    expect(v2).toMatchObject({ version: 2, carrier: 'PAYMENT-REQUIRED header', problems: [] });
    const urlSafe = decodeX402(paid('/api', { 'payment-required': b64(V2).replace(/\+/g, '-').replace(/\//g, '_') }));
    expect('accepts' in urlSafe).toBe(true);
  });
  it('reports what is wrong with undecodable 402s', () => {
    expect(decodeX402(paid('/api', { 'payment-required': '%%%' }))).toMatchObject({ error: expect.stringMatching(/not base64 JSON/) });
    expect(decodeX402(paid('/api', { 'www-authenticate': 'Payment realm="api", method="tempo"' }))).toMatchObject({ error: expect.stringMatching(/MPP/) });
    expect(decodeX402(paid('/api', { 'content-type': 'application/json' }, '{"error":"pay"}'))).toMatchObject({
      error: expect.stringMatching(/without x402Version/),
    });
  });
  it('lists missing requirement fields per version', () => {
    const r = decodeX402(paid('/api', { 'payment-required': b64({ x402Version: 2, accepts: [{ scheme: 'exact', network: 'eip155:8453' }] }) }));
    expect('problems' in r && r.problems).toEqual([{ code: 'M3/option-lacks-fields', data: { index: 0, fields: 'amount, payTo, asset' } }]);
    const bare = decodeX402(paid('/api', { 'content-type': 'application/json' }, JSON.stringify({ accepts: [] })));
    expect('problems' in bare && bare.problems).toEqual([{ code: 'M3/no-version' }, { code: 'M3/no-options' }]);
  });
});

describe('x402 well-known manifest', () => {
  it('reads items[].resource.url or a bare resource string, and nothing from non-manifests', () => {
    const m = (body: unknown) => json(X402_MANIFEST_PATH, body);
    expect(
      manifestResources(m({ items: [{ resource: 'https://a.example/x' }, { resource: { url: 'https://a.example/y' }, input: { method: 'get' } }] })),
    ).toEqual(['https://a.example/x', 'https://a.example/y']);
    expect(manifestResources(m({ items: [{ resource: { url: 'https://a.example/{id}' } }, { resource: { url: 'https://a.example/u/:name' } }] }))).toEqual([]);
    expect(manifestResources(m({ hello: 'world' }))).toEqual([]);
    expect(manifestResources(notFound(X402_MANIFEST_PATH))).toEqual([]);
    expect(manifestResources(undefined)).toEqual([]);
  });
  it('says when the manifest path answers something that is not a manifest', () => {
    const o = m3X402.evaluate({ probes: base(), sources: {}, manifest: json(X402_MANIFEST_PATH, { hello: 'world' }) }, ctx);
    expect(o).toMatchObject({ status: 'fail', code: 'M3/missing', details: { manifest: false } });
    expect(o.evidence).toMatch(/; \/\.well-known\/x402\.json is not a manifest with items\[\]\.$/);
    expect(o.findings?.at(-1)).toMatchObject({ code: 'M3/not-manifest' });
  });
});

describe('M3 x402 (evaluate)', () => {
  it('passes a v1 body on /api', () => {
    const probes = base();
    probes[1] = paid('/api', { 'content-type': 'application/json' }, JSON.stringify(X402_V1_BODY));
    const o = m3X402.evaluate(art(probes), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('x402 v1 (JSON body)');
    expect(o).toMatchObject({ code: 'M3/ok', data: { where: '/api', options: 1, offer: expect.stringContaining('exact base 10000') } });
  });
  it('passes a v2 header on /api/v1', () => {
    const probes = base();
    probes[2] = paid('/api/v1', { 'payment-required': b64(V2), 'content-type': 'application/json' }, '{}');
    const o = m3X402.evaluate(art(probes), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('x402 v2 (PAYMENT-REQUIRED header)');
    expect(o).toMatchObject({ code: 'M3/ok', data: { version: 2, where: '/api/v1', offer: expect.stringContaining('eip155:8453') } });
  });
  it('is partial for a 402 without requirements, and fails without any 402', () => {
    const probes = base();
    probes[1] = paid('/api', { 'content-type': 'text/plain' }, 'Payment Required');
    const o = m3X402.evaluate(art(probes), ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('M3/unparseable');
    expect(o.evidence).toMatch(/^HTTP 402 without parseable x402 requirements: \/api: no PAYMENT-REQUIRED header and no JSON body; GET \/ → /);
    expect(o.findings?.[0]).toEqual({ code: 'M3/no-requirements', data: { path: '/api' }, text: '/api: no PAYMENT-REQUIRED header and no JSON body' });
    const bare = base();
    bare[1] = paid('/api', { 'content-type': 'application/json' }, JSON.stringify({ x402Version: 1, accepts: [] }));
    const empty = m3X402.evaluate(art(bare), ctx);
    expect(empty.findings?.[0]).toMatchObject({ code: 'M3/incomplete-requirements', data: { path: '/api' } });
    const header = base();
    header[1] = paid('/api', { 'payment-required': '%%%' });
    const garbled = m3X402.evaluate(art(header), ctx);
    expect(garbled.findings?.[0]).toMatchObject({ code: 'M3/header-not-base64', data: { path: '/api', error: 'not base64' } });
    for (const r of [o, empty, garbled]) expect(proseInData([{ ...r, id: 'M3' } as never], () => m3X402.meta.quoted ?? [])).toEqual([]);
    const none = m3X402.evaluate(art(base()), ctx);
    expect(none.status).toBe('fail');
    expect(none.code).toBe('M3/missing');
    expect(none.details).toEqual({ probed: none.probes!.length, manifest: false });
    expect(none.probes!.find((p) => p.requestedUrl === `${ORIGIN}/api`)?.status).toBe(404);
  });
  it('fix guide names the x402 package for the platform', () => {
    expect(m3X402.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] })[0].code).toContain("from '@x402/next'");
    expect(m3X402.fixGuide({ origin: ORIGIN, platform: null, hosting: ['express'] })[0].code).toContain("from '@x402/express'");
    expect(m3X402.fixGuide({ origin: ORIGIN, platform: null, hosting: [] })[0].body).toContain('@x402/hono');
  });
});

describe('M3 gather against a loopback site', () => {
  const open: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });

  it('knocks on the anchor set plus at most 5 payable OpenAPI endpoints of this site only', async () => {
    const paths: Record<string, unknown> = {
      '/items/{id}': { get: { 'x-payment-info': { intent: 'charge', method: 'card', amount: '1' } } },
      '/free': { get: {} },
      '/premium': { post: { 'x-payment-info': { intent: 'charge', method: 'card', amount: '1' } } },
    };
    for (let i = 0; i < 7; i++) paths[`/paid/${i}`] = { get: { 'x-payment-info': { intent: 'charge', method: 'card', amount: '1' } } };
    const site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>shop</body></html>' },
      '/openapi.json': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, servers: [{ url: `${s.origin}/v2` }], paths }),
      },
      '/v2/paid/3': (req: unknown, res: { writeHead: (s: number, h: Record<string, string>) => void; end: (b?: string) => void }) => {
        res.writeHead(402, { 'payment-required': b64(V2), 'content-type': 'application/json' });
        res.end('{}');
      },
    }));
    open.push(site);
    const gctx = await liveContext(site.origin);
    const a = await m3X402.gather(gctx);
    const knocked = site.requests.map((r) => r.path).filter((p) => p.startsWith('/v2/'));
    expect(knocked).toHaveLength(5);
    expect(knocked.every((p) => /^\/v2\/paid\/\d$/.test(p))).toBe(true); // GET operations first, templated paths skipped
    expect(site.requests.filter((r) => r.path === '/').length).toBe(1); // "/" reuses the page request
    expect(site.requests.every((r) => r.method === 'GET')).toBe(true);
    const o = m3X402.evaluate(a, { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o.status).toBe('pass');
    expect(o).toMatchObject({ code: 'M3/ok', data: { where: '/v2/paid/3' }, details: { paid: [`${site.origin}/v2/paid/3`] } });
    expect(a.sources[`${site.origin}/v2/paid/3`]).toBe('openapi');
  });

  it('does not knock on endpoints of other hosts named by the OpenAPI servers', async () => {
    const site = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>x</body></html>' },
      '/openapi.json': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          openapi: '3.1.0',
          servers: [{ url: 'https://payments.example.net' }],
          paths: { '/pay': { get: { 'x-payment-info': { intent: 'charge' } } } },
        }),
      },
    });
    open.push(site);
    const a = await m3X402.gather(await liveContext(site.origin));
    expect(a.probes.map((p) => new URL(p.requestedUrl).host)).toEqual(Array(3).fill(new URL(site.origin).host));
  });
  it('knocks on resources the /.well-known/x402.json manifest lists, before OpenAPI ones, within the same cap', async () => {
    const site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>api</body></html>' },
      [X402_MANIFEST_PATH]: {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          x402Version: 2,
          lastUpdated: 1781555511,
          items: [
            { resource: { url: `${s.origin}/weather/:city` }, type: 'http', accepts: [], input: { method: 'GET', routeTemplate: '/weather/:city' } },
            { resource: { url: `${s.origin}/report` }, type: 'http', accepts: [], input: { method: 'POST' } },
            { resource: { url: `${s.origin}/quote` }, type: 'http', accepts: [], input: { method: 'GET' } },
            { resource: { url: 'https://elsewhere.example.net/pay' }, type: 'http', accepts: [] },
            { resource: { url: `${s.origin}/tool` }, type: 'mcp', accepts: [] },
          ],
        }),
      },
      '/openapi.json': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'T', version: '1' },
          paths: {
            '/a': { get: { 'x-payment-info': {} } },
            '/b': { get: { 'x-payment-info': {} } },
            '/c': { get: { 'x-payment-info': {} } },
            '/d': { get: { 'x-payment-info': {} } },
          },
        }),
      },
      '/quote': (_req: unknown, res: { writeHead: (s: number, h: Record<string, string>) => void; end: (b?: string) => void }) => {
        res.writeHead(402, { 'payment-required': b64(V2), 'content-type': 'application/json' });
        res.end('{}');
      },
    }));
    open.push(site);
    const a = await m3X402.gather(await liveContext(site.origin));
    const knocked = a.probes.map((p) => new URL(p.requestedUrl).pathname).slice(3);
    // GET items first, templates, other hosts and MCP items skipped, then OpenAPI fills the cap of 5.
    expect(knocked).toEqual(['/quote', '/report', '/a', '/b', '/c']);
    expect(a.sources[`${site.origin}/quote`]).toBe('manifest');
    expect(a.sources[`${site.origin}/a`]).toBe('openapi');
    const o = m3X402.evaluate(a, { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o).toMatchObject({ status: 'pass', code: 'M3/ok', data: { where: '/quote' }, details: { manifest: true, paid: [`${site.origin}/quote`] } });
    expect(o.evidence).toContain(`[from ${X402_MANIFEST_PATH}]`);
    expect(o.probes?.some((p) => p.requestedUrl === `${site.origin}${X402_MANIFEST_PATH}`)).toBe(true);
  });
});
