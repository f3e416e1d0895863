/** Case tables of the commerce checks (M1-M6): artifacts -> status and outcome code. */
import { load } from 'cheerio';
import { m1Ucp } from '../../../../src/core/checks/commerce/m1-ucp.js';
import { m2Acp } from '../../../../src/core/checks/commerce/m2-acp.js';
import { m3X402 } from '../../../../src/core/checks/commerce/m3-x402.js';
import { AP2_EXTENSION_URI, AP2_V01_EXTENSION_URI, m4Ap2 } from '../../../../src/core/checks/commerce/m4-ap2.js';
import { m5Mpp } from '../../../../src/core/checks/commerce/m5-mpp.js';
import { m6ProductData, type ProductArtifact } from '../../../../src/core/checks/commerce/m6-product-data.js';
import { parseJsonLd } from '../../../../src/core/gather/jsonld.js';
import { openApiCandidates, openApiFromProbes } from '../../../../src/core/gather/openapi.js';
import { ucpFromProbe } from '../../../../src/core/gather/ucp.js';
import type { FetchResult } from '../../../../src/core/net/http.js';
import { table } from '../../../helpers/check-tester.js';
import { noCard, noUcp, shopCard, X402_V1_BODY } from '../commerce/artifacts.js';
import { json, notFound, ORIGIN, response, text } from '../../../helpers/responses.js';

const UCP = '/.well-known/ucp';
const SERVICES = {
  'dev.ucp.shopping': {
    version: '2026-01-11',
    spec: 'https://ucp.dev/specification/overview',
    rest: { schema: 'https://ucp.dev/x.json', endpoint: 'https://shop.example.com/api/ucp' },
  },
};
const CAPS = {
  'dev.ucp.shopping.checkout': {
    version: '2026-01-11',
    spec: 'https://ucp.dev/specification/checkout',
    schema: 'https://ucp.dev/schemas/shopping/checkout.json',
  },
};
const ucp = (doc: unknown) => () => ucpFromProbe(json(UCP, doc));
const m1 = table(m1Ucp, {
  valid: [
    {
      artifact: ucp({ ucp: { version: '2026-01-11', services: SERVICES, capabilities: CAPS, payment_handlers: { 'com.google.pay': [{ id: 'gpay' }] } } }),
      code: 'M1/ok',
      advisories: ['M1/object-bindings', 'M1/cache-control-absent'],
    },
  ],
  invalid: [
    { artifact: () => ucpFromProbe(notFound(UCP)), status: 'fail', code: 'M1/missing' },
    {
      artifact: ucp({ ucp: { version: '2026-01-11', services: SERVICES } }),
      status: 'partial',
      code: 'M1/incomplete',
      advisories: ['M1/object-bindings', 'M1/no-payment-handlers', 'M1/cache-control-absent'],
    },
  ],
});

const ACP = '/.well-known/acp.json';
const ACP_DOC = {
  protocol: { name: 'acp', version: '2026-01-30', supported_versions: ['2025-09-29', '2026-01-30'], documentation_url: 'https://shop.example.com/docs/acp' },
  api_base_url: 'https://shop.example.com/acp',
  transports: ['rest', 'mcp'],
  capabilities: { services: ['checkout', 'orders'], supported_currencies: ['usd'] },
};
const m2 = table(m2Acp, {
  valid: [{ artifact: json(ACP, ACP_DOC, { 'cache-control': 'public, max-age=3600' }), code: 'M2/ok' }],
  invalid: [
    { artifact: notFound(ACP), status: 'fail', code: 'M2/missing' },
    { artifact: text(ACP, '{ nope', 'application/json'), status: 'fail', code: 'M2/not-json' },
    { artifact: json(ACP, { protocol: { name: 'ucp' } }), status: 'fail', code: 'M2/not-acp' },
    {
      artifact: json(ACP, { ...ACP_DOC, transports: ['grpc'], api_base_url: 'not a url' }),
      status: 'partial',
      code: 'M2/invalid',
      advisories: ['M2/no-cache-control'],
    },
  ],
});

const x402 = (...probes: FetchResult[]) => ({ probes, sources: Object.fromEntries(probes.map((p) => [p.requestedUrl, 'anchor-set' as const])) });
const paid = (headers: Record<string, string>, body = '') => response({ url: '/api', status: 402, headers, body });
const m3 = table(m3X402, {
  valid: [{ artifact: () => x402(paid({ 'content-type': 'application/json' }, JSON.stringify(X402_V1_BODY))), code: 'M3/ok' }],
  invalid: [
    { artifact: () => x402(notFound('/api')), status: 'fail', code: 'M3/missing' },
    { artifact: () => x402(paid({ 'content-type': 'text/plain' }, 'pay up')), status: 'partial', code: 'M3/unparseable' },
  ],
});

const m4 = table(m4Ap2, {
  valid: [
    { artifact: () => ({ card: shopCard([{ uri: AP2_EXTENSION_URI, required: true, params: { roles: ['merchant'] } }]), ucp: noUcp() }), code: 'M4/ok' },
    { artifact: () => ({ card: shopCard([{ uri: AP2_EXTENSION_URI, required: true }]), ucp: noUcp() }), code: 'M4/declared' },
    {
      artifact: () => ({
        card: noCard(),
        ucp: ucpFromProbe(json(UCP, { ucp: { version: '2026-01-11', capabilities: { 'dev.ucp.shopping.ap2_mandate': { version: '2026-01-11' } } } })),
      }),
      code: 'M4/ucp-capability',
    },
  ],
  invalid: [
    { artifact: () => ({ card: shopCard([{ uri: AP2_V01_EXTENSION_URI, params: {} }]), ucp: noUcp() }), status: 'partial', code: 'M4/no-roles' },
    { artifact: () => ({ card: noCard(), ucp: noUcp() }), status: 'fail', code: 'M4/no-agent-card' },
    { artifact: () => ({ card: shopCard([]), ucp: noUcp() }), status: 'fail', code: 'M4/missing' },
  ],
});

function withOpenApi(doc: unknown | null) {
  return () => {
    const candidates = openApiCandidates(ORIGIN, [], []);
    const probes = candidates.map((c) => {
      const path = new URL(c.url).pathname;
      return path === '/openapi.json' && doc ? json(path, doc) : notFound(path);
    });
    return openApiFromProbes(candidates, probes);
  };
}
const paidDoc = (info: unknown) => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  'x-service-info': { name: 'T' },
  paths: { '/report': { get: { 'x-payment-info': info } }, '/free': { get: {} } },
});
const m5 = table(m5Mpp, {
  valid: [
    {
      artifact: withOpenApi(paidDoc({ intent: 'charge', method: 'tempo', amount: '0.01', currency: 'usd' })),
      code: 'M5/ok',
      advisories: ['M5/amount-not-base-units', 'M5/no-402'],
    },
  ],
  invalid: [
    { artifact: withOpenApi(null), status: 'fail', code: 'M5/no-openapi' },
    { artifact: withOpenApi({ openapi: '3.1.0', paths: { '/a': { get: {} } } }), status: 'fail', code: 'M5/missing' },
    { artifact: withOpenApi(paidDoc({ intent: 'subscribe', method: 'card' })), status: 'partial', code: 'M5/incomplete', advisories: ['M5/no-402'] },
  ],
});

const productPage = (...ld: unknown[]) => {
  const html = `<!doctype html><html><head>${ld.map((x) => `<script type="application/ld+json">${JSON.stringify(x)}</script>`).join('')}</head><body></body></html>`;
  return { url: `${ORIGIN}/`, probe: response({ url: '/', headers: { 'content-type': 'text/html' }, body: html }), jsonld: parseJsonLd(load(html)) };
};
export const products =
  (...ld: unknown[]) =>
  (): ProductArtifact => ({ page: productPage(...ld), product: null, productLink: null });
export const PRODUCT = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Blue Widget',
  offers: { '@type': 'Offer', price: '19.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
};
const m6 = table(m6ProductData, {
  valid: [{ artifact: products(PRODUCT), code: 'M6/ok' }],
  invalid: [
    {
      artifact: products({ '@context': 'https://schema.org', '@type': 'Product', name: 'Blue Widget' }),
      status: 'partial',
      code: 'M6/incomplete-offer',
      remedy: 'M6/add-offers',
    },
    {
      name: 'an offer without a currency or availability',
      artifact: products({ '@context': 'https://schema.org', '@type': 'Product', name: 'Blue Widget', offers: { '@type': 'Offer', price: '10' } }),
      status: 'partial',
      code: 'M6/incomplete-offer',
      remedy: 'M6/add-offer-members',
    },
    { artifact: products({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme' }), status: 'fail', code: 'M6/missing' },
  ],
});

export const commerceTables = [m1, m2, m3, m4, m5, m6];
