import { afterAll, describe, expect, it } from 'vitest';
import { proseInData } from '../../../helpers/data-prose.js';
import { cacheControlFacts, m1Ucp, namespaceProblems, UCP_LATEST } from '../../../../src/core/checks/commerce/m1-ucp.js';
import { ucpFromProbe, ucpProfile } from '../../../../src/core/gather/ucp.js';
import { ORIGIN, json, notFound, response, soft404 } from '../../../helpers/responses.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { liveContext } from './live-context.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const PATH = '/.well-known/ucp';
const CACHE = { 'cache-control': 'public, max-age=3600' };
const evalDoc = (doc: unknown, headers: Record<string, string> = CACHE) => m1Ucp.evaluate(ucpFromProbe(json(PATH, doc, headers)), ctx);

/** The business profile of UCP 2026-04-08 (overview, "Business Profile"): bindings and capabilities as arrays. */
const CURRENT = {
  ucp: {
    version: '2026-04-08',
    services: {
      'dev.ucp.shopping': [
        {
          version: '2026-04-08',
          spec: 'https://ucp.dev/2026-04-08/specification/overview',
          transport: 'rest',
          endpoint: 'https://shop.example.com/ucp/v1',
          schema: 'https://ucp.dev/2026-04-08/services/shopping/rest.openapi.json',
        },
        {
          version: '2026-04-08',
          spec: 'https://ucp.dev/2026-04-08/specification/overview',
          transport: 'a2a',
          endpoint: 'https://shop.example.com/.well-known/agent-card.json',
        },
      ],
    },
    capabilities: {
      'dev.ucp.shopping.checkout': [
        {
          version: '2026-04-08',
          spec: 'https://ucp.dev/2026-04-08/specification/checkout',
          schema: 'https://ucp.dev/2026-04-08/schemas/shopping/checkout.json',
        },
      ],
    },
    payment_handlers: { 'com.google.pay': [{ id: 'gpay', version: '2024-12-03' }] },
  },
};

/** The 2026-01-11 business profile: one object per service with a `rest` sub-object. */
const NESTED = {
  ucp: {
    version: '2026-01-11',
    services: {
      'dev.ucp.shopping': {
        version: '2026-01-11',
        spec: 'https://ucp.dev/specification/overview',
        rest: { schema: 'https://ucp.dev/x.json', endpoint: 'https://shop.example.com/api/ucp' },
      },
    },
    capabilities: {
      'dev.ucp.shopping.checkout': {
        version: '2026-01-11',
        spec: 'https://ucp.dev/specification/checkout',
        schema: 'https://ucp.dev/schemas/shopping/checkout.json',
      },
    },
    payment_handlers: { 'com.google.pay': [{ id: 'gpay' }] },
  },
};

const open: FixtureSite[] = [];
afterAll(async () => {
  for (const s of open) await s.close();
});

/** The advisory codes of an outcome, in order. */
const notes = (o: { advisoryFindings?: Array<{ code: string }> }) => o.advisoryFindings?.map((n) => n.code) ?? [];

describe('M1 UCP profile', () => {
  it('passes the 2026-04-08 shape without advisories', () => {
    const o = evalDoc(CURRENT);
    expect(o).toMatchObject({ status: 'pass', code: 'M1/ok', details: { shape: 'nested', version: '2026-04-08', redirected: false, cacheControlOk: true } });
    expect(o.matched).toBe('UCP 2026-04-08 (nested "ucp" profile)');
    expect(o.evidence).toContain('dev.ucp.shopping [rest, a2a]');
    expect(o.advisoryFindings ?? []).toEqual([]);
  });

  it('still passes the 2026-01-11 object bindings, saying the shape moved', () => {
    const o = evalDoc(NESTED);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('UCP 2026-01-11 (nested "ucp" profile)');
    expect(o.evidence).toContain('dev.ucp.shopping [rest]');
    expect(o.evidence).toContain('1 payment handler');
    expect(notes(o)).toEqual(['M1/object-bindings']);
  });

  it('advises on a missing payment_handlers registry, cache headers and redirects (UCP hosting rules)', () => {
    const { payment_handlers: _omit, ...noHandlers } = CURRENT.ucp;
    expect(notes(evalDoc({ ucp: noHandlers }))).toEqual(['M1/no-payment-handlers']);
    expect(notes(evalDoc({ ucp: { ...noHandlers, payment_handlers: {} } }))).toEqual([]);
    const uncached = evalDoc(CURRENT, {});
    expect(uncached.status).toBe('pass');
    expect(uncached.details).toMatchObject({ cacheControlOk: false });
    expect(uncached.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'M1/cache-control-absent' }));
    const privateOnly = evalDoc(CURRENT, { 'cache-control': 'private, max-age=30' });
    expect(privateOnly.advisoryFindings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'M1/cache-control-forbidden', data: { value: 'private, max-age=30', forbidden: 'private' } }),
        expect.objectContaining({ code: 'M1/cache-control-lacks', data: { value: 'private, max-age=30', missing: 'public, max-age >= 60' } }),
      ]),
    );
    const redirected = m1Ucp.evaluate(ucpFromProbe({ ...json(PATH, CURRENT, CACHE), redirects: [`${ORIGIN}/ucp.json`] }), ctx);
    expect(redirected.details).toMatchObject({ redirected: true });
    expect(redirected.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'M1/redirected', data: { count: 1 } }));
  });

  it('reads Cache-Control as the hosting rule states', () => {
    expect(cacheControlFacts('public, max-age=60')).toBeNull();
    expect(cacheControlFacts('max-age=86400, public, must-revalidate')).toBeNull();
    expect(cacheControlFacts(undefined)).toEqual({ value: '', forbidden: [], missing: ['public', 'max-age >= 60'] });
    expect(cacheControlFacts('public, max-age=59')).toMatchObject({ forbidden: [], missing: ['max-age >= 60'] });
    expect(cacheControlFacts('public, max-age=600, no-cache')).toMatchObject({ forbidden: ['no-cache'], missing: [] });
    expect(cacheControlFacts('private, max-age=600')).toMatchObject({ forbidden: ['private'], missing: ['public'] });
    expect(cacheControlFacts('public, s-maxage=600')).toMatchObject({ forbidden: [], missing: ['max-age >= 60'] });
  });

  it('passes service bindings given as arrays with a transport field', () => {
    const o = evalDoc({
      ucp: {
        version: '2026-01-23',
        services: { 'dev.ucp.shopping': [{ version: '2026-01-23', transport: 'mcp', endpoint: 'https://shop.example.com/api/ucp/mcp' }] },
        capabilities: { 'dev.ucp.shopping.checkout': [{ version: '2026-01-23' }] },
      },
    });
    expect(o.status).toBe('pass');
    expect(o.evidence).toContain('[mcp]');
  });

  it('passes the older top-level shape with an advisory', () => {
    const o = evalDoc({
      protocol_version: '2025-10-01',
      services: [{ name: 'shopping', endpoints: ['https://shop.example.com/ucp'] }],
      capabilities: [{ name: 'dev.ucp.shopping.checkout', version: '2025-10-01' }],
      endpoints: { checkout: 'https://shop.example.com/ucp/checkout' },
    });
    expect(o.status).toBe('pass');
    expect(o.matched).toMatch(/top-level protocol_version 2025-10-01/);
    expect(notes(o)).toContain('M1/top-level-shape');
  });

  it('is partial without capabilities or service endpoints, and says which', () => {
    const noCaps = evalDoc({ ucp: { version: '2026-01-11', services: NESTED.ucp.services } });
    expect(noCaps.status).toBe('partial');
    expect(noCaps).toMatchObject({ code: 'M1/incomplete', findings: [{ code: 'M1/lacks-capabilities' }] });
    expect(noCaps.evidence).toMatch(/0 capabilit\(y\/ies\) \(none\), 0 payment handler\(s\)\. Missing: capabilities\.$/);
    const noEndpoint = evalDoc({ ucp: { version: '2026-01-11', services: { 'dev.ucp.shopping': { version: '1' } }, capabilities: NESTED.ucp.capabilities } });
    expect(noEndpoint.status).toBe('partial');
    expect(noEndpoint.evidence).toMatch(/Missing: a service with an endpoint\.$/);
    const plainHttp = evalDoc({ ucp: { ...NESTED.ucp, services: { s: { rest: { endpoint: 'http://other.example.com/ucp' } } } } });
    expect(plainHttp.findings?.map((f) => f.code)).toEqual(['M1/lacks-https-endpoint']);
    for (const o of [noCaps, noEndpoint, plainHttp]) expect(proseInData([{ ...o, id: 'M1' } as never], () => m1Ucp.meta.quoted ?? [])).toEqual([]);
  });

  it('accepts an http endpoint on the scanned origin itself, with an advisory', () => {
    const o = evalDoc({ ucp: { ...NESTED.ucp, services: { s: { rest: { endpoint: `${ORIGIN.replace('https:', 'http:')}/x` } } } } });
    // ORIGIN is https, so an http endpoint is not on the scanned origin.
    expect(o.status).toBe('partial');
    const local = m1Ucp.evaluate(
      ucpFromProbe(json(PATH, { ucp: { ...NESTED.ucp, services: { s: { rest: { endpoint: 'http://127.0.0.1:8080/api/ucp' } } } } })),
      {
        origin: 'http://127.0.0.1:8080',
        pageUrl: 'http://127.0.0.1:8080/',
      },
    );
    expect(local.status).toBe('pass');
    expect(notes(local)).toContain('M1/endpoint-not-https');
  });

  it('flags capabilities specified outside their namespace authority and a missing checkout', () => {
    expect(namespaceProblems([{ name: 'dev.ucp.shopping.checkout', spec: 'https://evil.example.com/spec' }])).toEqual([
      { code: 'M1/outside-namespace', data: { capability: 'dev.ucp.shopping.checkout', field: 'spec', host: 'evil.example.com', authority: 'ucp.dev' } },
    ]);
    expect(namespaceProblems([{ name: 'com.example.loyalty', spec: 'https://docs.example.com/loyalty' }])).toEqual([]);
    const o = evalDoc({ ucp: { ...NESTED.ucp, capabilities: { 'dev.ucp.shopping.discount': { version: '1', spec: 'https://ucp.dev/d' } }, version: 'v1' } });
    expect(notes(o)).toEqual(expect.arrayContaining(['M1/no-checkout', 'M1/version-not-date']));
    expect(o.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'M1/version-not-date', data: { version: 'v1' } }));
  });

  it('fails when absent, on soft 404s, non-JSON and unrelated JSON', () => {
    expect(m1Ucp.evaluate(ucpFromProbe(notFound(PATH)), ctx).status).toBe('fail');
    expect(m1Ucp.evaluate(ucpFromProbe(soft404(PATH)), ctx).evidence).toMatch(/: an HTML page \(soft 404\)\.$/);
    const notJson = m1Ucp.evaluate(ucpFromProbe(response({ url: PATH, headers: { 'content-type': 'application/json' }, body: 'nope' })), ctx);
    expect(notJson.findings).toMatchObject([{ code: 'M1/not-json', data: { error: expect.any(String) } }]);
    expect(notJson.evidence).toMatch(/: not JSON \(.+\)\.$/);
    const other = evalDoc({ hello: 'world' });
    expect(other.status).toBe('fail');
    expect(other.evidence).toMatch(/without a `ucp` object/);
    expect(m1Ucp.evaluate(ucpFromProbe(json(PATH, [])), ctx).findings).toMatchObject([{ code: 'M1/not-object' }]);
    for (const o of [notJson, other]) expect(proseInData([{ ...o, id: 'M1' } as never], () => m1Ucp.meta.quoted ?? [])).toEqual([]);
  });

  it('tells Shopify merchants that Shopify serves the profile', () => {
    const shopify = m1Ucp.fixGuide({ origin: ORIGIN, platform: 'shopify', hosting: [] });
    expect(shopify[0].title).toMatch(/Shopify serves/);
    expect(shopify.some((s) => s.code?.includes('Worker'))).toBe(false);
    const next = m1Ucp.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] });
    expect(next.some((s) => s.code?.includes('app/.well-known/ucp/route.ts'))).toBe(true);
    expect(next.at(-2)?.title).toBe('Verify');
  });

  it('passes a loopback site serving exactly what the fix guide writes', async () => {
    const steps = m1Ucp.fixGuide({ origin: 'https://shop.example.com', platform: null, hosting: ['nginx'] });
    const file = steps.find((s) => s.lang === 'json' && s.code?.includes('"ucp"'));
    expect(file?.code).toBeDefined();
    const written = JSON.parse(file!.code!) as { ucp: { version: string; services: Record<string, Array<{ transport: string; endpoint: string }>> } };
    expect(written.ucp.version).toBe(UCP_LATEST);
    expect(steps.some((s) => s.code?.includes('public, max-age=3600'))).toBe(true);
    const site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>shop</body></html>' },
      // The guide's endpoint names the origin; on loopback the same document names the fixture origin.
      [PATH]: {
        headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' },
        body: file!.code!.replaceAll('https://shop.example.com', s.origin),
      },
    }));
    open.push(site);
    const gctx = await liveContext(site.origin);
    const o = m1Ucp.evaluate(await ucpProfile(gctx), { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o).toMatchObject({
      status: 'pass',
      code: 'M1/ok',
      details: { version: UCP_LATEST, capabilities: ['dev.ucp.shopping.checkout'], cacheControlOk: true, redirected: false },
    });
    // Loopback is plain http: the only advisory is the TLS one.
    expect(notes(o)).toEqual(['M1/endpoint-not-https']);
  });
});
