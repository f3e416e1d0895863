import { load } from 'cheerio';
import { proseInData } from '../../../helpers/data-prose.js';
import { afterAll, describe, expect, it } from 'vitest';
import { firstProductLink, m6ProductData, type ProductArtifact } from '../../../../src/core/checks/commerce/m6-product-data.js';
import { parseJsonLd } from '../../../../src/core/gather/jsonld.js';
import { ORIGIN, response } from '../../../helpers/responses.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { liveContext } from './live-context.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const page = (path: string, ...ld: unknown[]) => {
  const html = `<!doctype html><html><head>${ld.map((x) => `<script type="application/ld+json">${JSON.stringify(x)}</script>`).join('')}</head><body></body></html>`;
  return { url: `${ORIGIN}${path}`, probe: response({ url: path, headers: { 'content-type': 'text/html' }, body: html }), jsonld: parseJsonLd(load(html)) };
};
const PRODUCT = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Blue Widget',
  offers: { '@type': 'Offer', price: '19.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
};
const art = (p: ProductArtifact['page'], product: ProductArtifact['product'] = null): ProductArtifact => ({
  page: p,
  product,
  productLink: product?.url ?? null,
});

const noProse = (...outcomes: object[]) =>
  proseInData(
    outcomes.map((o) => ({ ...o, id: 'M6' }) as never),
    () => m6ProductData.meta.quoted ?? [],
  );

describe('M6 Product structured data', () => {
  it('passes a Product with a complete offer on the page', () => {
    const o = m6ProductData.evaluate(art(page('/', PRODUCT)), ctx);
    expect(o.status).toBe('pass');
    expect(o).toMatchObject({ code: 'M6/ok', data: { name: 'Blue Widget', offer: '19.00 EUR InStock' } });
  });
  it('finds products in @graph, mainEntity, AggregateOffer, priceSpecification and ProductGroup variants', () => {
    const graph = {
      '@graph': [
        { '@type': 'WebPage', mainEntity: { ...PRODUCT, offers: [{ '@type': 'AggregateOffer', lowPrice: 5, priceCurrency: 'USD', availability: 'InStock' }] } },
      ],
    };
    expect(m6ProductData.evaluate(art(page('/', graph)), ctx).status).toBe('pass');
    const spec = {
      '@type': 'Product',
      name: 'S',
      offers: { '@type': 'Offer', priceSpecification: { price: 3, priceCurrency: 'GBP' }, availability: 'https://schema.org/InStock' },
    };
    expect(m6ProductData.evaluate(art(page('/', spec)), ctx).status).toBe('pass');
    const group = {
      '@type': 'ProductGroup',
      name: 'Shirt',
      hasVariant: [{ '@type': 'Product', offers: { price: 10, priceCurrency: 'EUR', availability: 'https://schema.org/InStock' } }],
    };
    expect(m6ProductData.evaluate(art(page('/', group)), ctx).status).toBe('pass');
  });
  it('is partial for a Product without offers or with incomplete offers', () => {
    const bare = m6ProductData.evaluate(art(page('/', { '@type': 'Product', name: 'X' })), ctx);
    expect(bare.status).toBe('partial');
    expect(bare).toMatchObject({ code: 'M6/incomplete-offer', data: { name: 'X' }, findings: [{ code: 'M6/no-offers' }] });
    expect(bare.evidence).toMatch(/: Product "X" without offers\.$/);
    const half = m6ProductData.evaluate(art(page('/', { '@type': 'Product', name: 'X', offers: { price: '1' } })), ctx);
    expect(half.status).toBe('partial');
    expect(half.findings).toMatchObject([{ code: 'M6/offer-lacks', data: { missing: 'priceCurrency, availability' } }]);
    expect(half.evidence).toMatch(/: Product "X" with an offer missing priceCurrency, availability\.$/);
    expect(noProse(bare, half)).toEqual([]);
  });
  it('passes on the linked product page and fails when nothing has a Product', () => {
    const o = m6ProductData.evaluate(art(page('/', { '@type': 'Organization', name: 'Shop' }), page('/products/blue', PRODUCT)), ctx);
    expect(o.status).toBe('pass');
    expect(o).toMatchObject({ code: 'M6/ok', details: { url: `${ORIGIN}/products/blue`, products: 1 } });
    const none = m6ProductData.evaluate(art(page('/', { '@type': 'Organization', name: 'Shop' })), ctx);
    expect(none.status).toBe('fail');
    expect(none.code).toBe('M6/missing');
    expect(none.data?.types).toBe('Organization');
    expect(none.findings).toMatchObject([{ code: 'M6/no-product-link' }]);
    expect(none.evidence).toMatch(/: JSON-LD types Organization; no product link \(\/products\/…, \/product\/…, \/p\/…\) on the page or in the sitemap\./);
    const linked = m6ProductData.evaluate(art(page('/', { '@type': 'Organization', name: 'Shop' }), page('/products/x', { '@type': 'Thing' })), ctx);
    expect(linked.findings).toMatchObject([{ code: 'M6/linked-page', data: { productUrl: '/products/x', productTypes: 'Thing' } }]);
    expect(linked.evidence).toMatch(/; linked product page GET \/products\/x → 200 text\/html, \d+ B: JSON-LD types Thing\. No schema\.org Product found\.$/);
    expect(noProse(o, none, linked)).toEqual([]);
  });
  it('names the JSON-LD blocks it could not read, per page, without changing the verdict', () => {
    const html = `<html><head><script type="application/ld+json"></script><script type="application/ld+json">${JSON.stringify(PRODUCT)}</script></head></html>`;
    const p = {
      url: `${ORIGIN}/shop`,
      probe: response({ url: '/shop', headers: { 'content-type': 'text/html' }, body: html }),
      jsonld: parseJsonLd(load(html)),
    };
    const o = m6ProductData.evaluate(art(p), ctx);
    expect(o.code).toBe('M6/ok');
    expect(o.advisoryFindings?.map(({ code, data }) => ({ code, data }))).toEqual([
      { code: 'M6/jsonld-error', data: { page: '/shop', error: 'block 1: empty' } },
    ]);
  });
  it('picks the first same-origin product link', () => {
    expect(firstProductLink(['https://other.example/products/a', '/about', '/p/123?x=1#top', '/products/b'], `${ORIGIN}/`)).toBe(`${ORIGIN}/p/123?x=1`);
    expect(firstProductLink(['/productsale', '/product/'], `${ORIGIN}/`)).toBeNull();
  });
  it('fix guide uses the platform mechanism', () => {
    expect(m6ProductData.fixGuide({ origin: ORIGIN, platform: 'shopify', hosting: [] })[0].code).toContain('structured_data');
    expect(m6ProductData.fixGuide({ origin: ORIGIN, platform: 'woocommerce', hosting: [] })[0].title).toMatch(/WooCommerce/);
    expect(m6ProductData.fixGuide({ origin: ORIGIN, platform: null, hosting: [] })[0].code).toContain('"@type": "Product"');
  });
});

describe('M6 gather against a loopback site', () => {
  const open: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });
  it('follows the first product link only when the page has no complete Product', async () => {
    const site = await startFixture({
      '/': {
        headers: { 'content-type': 'text/html' },
        body: '<!doctype html><html><body><a href="/about">About</a><a href="/products/blue">Blue</a><a href="/products/red">Red</a></body></html>',
      },
      '/products/blue': {
        headers: { 'content-type': 'text/html' },
        body: `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(PRODUCT)}</script></head><body></body></html>`,
      },
    });
    open.push(site);
    const a = await m6ProductData.gather(await liveContext(site.origin));
    expect(a.productLink).toBe(`${site.origin}/products/blue`);
    expect(site.requests.map((r) => r.path)).toEqual(['/', '/products/blue']);
    expect(m6ProductData.evaluate(a, { origin: site.origin, pageUrl: `${site.origin}/` }).status).toBe('pass');
  });
});
