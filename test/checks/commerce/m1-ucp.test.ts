import { describe, expect, it } from 'vitest';
import { m1Ucp, namespaceProblems } from '../../../src/core/checks/commerce/m1-ucp.js';
import { ucpFromProbe } from '../../../src/core/gather/ucp.js';
import { ORIGIN, json, notFound, response, soft404 } from '../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const PATH = '/.well-known/ucp';
const evalDoc = (doc: unknown) => m1Ucp.evaluate(ucpFromProbe(json(PATH, doc)), ctx);

const NESTED = {
  ucp: {
    version: '2026-01-11',
    services: { 'dev.ucp.shopping': { version: '2026-01-11', spec: 'https://ucp.dev/specification/overview', rest: { schema: 'https://ucp.dev/x.json', endpoint: 'https://shop.example.com/api/ucp' } } },
    capabilities: { 'dev.ucp.shopping.checkout': { version: '2026-01-11', spec: 'https://ucp.dev/specification/checkout', schema: 'https://ucp.dev/schemas/shopping/checkout.json' } },
    payment_handlers: { 'com.google.pay': [{ id: 'gpay' }] },
  },
};

describe('M1 UCP profile', () => {
  it('passes the current nested shape', () => {
    const o = evalDoc(NESTED);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('UCP 2026-01-11 (nested "ucp" profile)');
    expect(o.evidence).toContain('dev.ucp.shopping [rest]');
    expect(o.evidence).toContain('1 payment handler');
    expect(o.advisories ?? []).toEqual([]);
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
    expect(o.advisories?.join(' ')).toMatch(/older top-level shape/);
  });

  it('is partial without capabilities or service endpoints, and says which', () => {
    const noCaps = evalDoc({ ucp: { version: '2026-01-11', services: NESTED.ucp.services } });
    expect(noCaps.status).toBe('partial');
    expect(noCaps).toMatchObject({ code: 'M1/incomplete', data: { missing: 'capabilities' } });
    const noEndpoint = evalDoc({ ucp: { version: '2026-01-11', services: { 'dev.ucp.shopping': { version: '1' } }, capabilities: NESTED.ucp.capabilities } });
    expect(noEndpoint.status).toBe('partial');
    expect(noEndpoint.data?.missing).toContain('a service with an endpoint');
    const plainHttp = evalDoc({ ucp: { ...NESTED.ucp, services: { s: { rest: { endpoint: 'http://other.example.com/ucp' } } } } });
    expect(plainHttp.data?.missing).toContain('a service endpoint on https');
  });

  it('accepts an http endpoint on the scanned origin itself, with an advisory', () => {
    const o = evalDoc({ ucp: { ...NESTED.ucp, services: { s: { rest: { endpoint: `${ORIGIN.replace('https:', 'http:')}/x` } } } } });
    // ORIGIN is https, so an http endpoint is not on the scanned origin.
    expect(o.status).toBe('partial');
    const local = m1Ucp.evaluate(ucpFromProbe(json(PATH, { ucp: { ...NESTED.ucp, services: { s: { rest: { endpoint: 'http://127.0.0.1:8080/api/ucp' } } } } })), {
      origin: 'http://127.0.0.1:8080',
      pageUrl: 'http://127.0.0.1:8080/',
    });
    expect(local.status).toBe('pass');
    expect(local.advisories?.join(' ')).toMatch(/not https/);
  });

  it('flags capabilities specified outside their namespace authority and a missing checkout', () => {
    expect(namespaceProblems([{ name: 'dev.ucp.shopping.checkout', spec: 'https://evil.example.com/spec' }])[0]).toMatch(/outside its namespace authority ucp\.dev/);
    expect(namespaceProblems([{ name: 'com.example.loyalty', spec: 'https://docs.example.com/loyalty' }])).toEqual([]);
    const o = evalDoc({ ucp: { ...NESTED.ucp, capabilities: { 'dev.ucp.shopping.discount': { version: '1', spec: 'https://ucp.dev/d' } }, version: 'v1' } });
    expect(o.advisories?.join(' ')).toMatch(/no checkout capability/);
    expect(o.advisories?.join(' ')).toMatch(/not a YYYY-MM-DD/);
  });

  it('fails when absent, on soft 404s, non-JSON and unrelated JSON', () => {
    expect(m1Ucp.evaluate(ucpFromProbe(notFound(PATH)), ctx).status).toBe('fail');
    expect(m1Ucp.evaluate(ucpFromProbe(soft404(PATH)), ctx).data?.why).toMatch(/soft 404/);
    expect(m1Ucp.evaluate(ucpFromProbe(response({ url: PATH, headers: { 'content-type': 'application/json' }, body: 'nope' })), ctx).data?.why).toMatch(/not JSON/);
    const other = evalDoc({ hello: 'world' });
    expect(other.status).toBe('fail');
    expect(other.data?.why).toMatch(/without a `ucp` object/);
  });

  it('tells Shopify merchants that Shopify serves the profile', () => {
    const shopify = m1Ucp.fixGuide({ origin: ORIGIN, platform: 'shopify', hosting: [] });
    expect(shopify[0].title).toMatch(/Shopify serves/);
    expect(shopify.some((s) => s.code?.includes('Worker'))).toBe(false);
    const next = m1Ucp.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] });
    expect(next.some((s) => s.code?.includes('app/.well-known/ucp/route.ts'))).toBe(true);
    expect(next.at(-2)?.title).toBe('Verify');
  });
});
