/**
 * M6 Product structured data: schema.org Product JSON-LD with offers (price, priceCurrency,
 * availability) on the page, or on the first product page it links to (/products/…, /product/…,
 * /p/…). Shopping agents read this even where no commerce protocol is published.
 */
import { defineCheck, type SubFinding } from '../types.js';
import { BROWSER_ACCEPT, type FetchResult } from '../../net/http.js';
import { jsonLdBlocks, parseJsonLd, type JsonLdResult } from '../../gather/jsonld.js';
import { parseHtml } from '../../gather/html-dom.js';
import { excerpt, isObject, isOk } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { platformHook, verifyStep, specStep, withPublish } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import type { FixStep } from '../../schema.js';
import { productPageFromSitemap } from '../../gather/product-pages.js';

const SPEC = ['https://schema.org/Product', 'https://schema.org/Offer', 'https://developers.google.com/search/docs/appearance/structured-data/product'];
const PRODUCT_TYPES = new Set(['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel', 'SomeProducts']);
const PRODUCT_LINK_RE = /^\/(products?|p)\/[^/?#]+/i;
const PAGE_MAX_BYTES = 2 * 1024 * 1024;

export interface ProductPageData {
  url: string;
  probe: FetchResult;
  jsonld: JsonLdResult;
}

export interface ProductArtifact {
  page: ProductPageData;
  /** The linked product page, fetched only when the page itself has no complete Product. */
  product: ProductPageData | null;
  productLink: string | null;
  /** The sitemap the product page was found in, when the page linked to none. */
  fromSitemap?: string | null;
}

export interface ProductFinding {
  name: string;
  complete: boolean;
  missing: string[];
  offer: string;
}

function typesOf(node: Record<string, unknown>): string[] {
  const t = node['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^https?:\/\/schema\.org\//, ''));
}

/** Product nodes anywhere in the blocks (mainEntity, itemListElement, @graph already lifted), bounded. */
export function findProducts(blocks: unknown[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let budget = 5000;
  const walk = (v: unknown, depth: number) => {
    if (depth > 12 || budget-- <= 0 || out.length >= 20) return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    if (!isObject(v)) return;
    if (typesOf(v).some((t) => PRODUCT_TYPES.has(t))) {
      out.push(v);
      return;
    }
    for (const [k, x] of Object.entries(v)) if (k !== '@context' && typeof x === 'object' && x !== null) walk(x, depth + 1);
  };
  walk(blocks, 0);
  return out;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Missing offer fields of one Offer/AggregateOffer node (price may sit in priceSpecification). */
function offerMissing(o: Record<string, unknown>): string[] {
  const spec = Array.isArray(o.priceSpecification) ? o.priceSpecification.find(isObject) : isObject(o.priceSpecification) ? o.priceSpecification : null;
  const aggregate = typesOf(o).includes('AggregateOffer');
  const price = present(o.price) || (aggregate && present(o.lowPrice)) || (spec && present(spec.price));
  const currency = present(o.priceCurrency) || (spec && present(spec.priceCurrency));
  const missing: string[] = [];
  if (!price) missing.push('price');
  if (!currency) missing.push('priceCurrency');
  if (!present(o.availability) && !(aggregate && Array.isArray(o.offers) && o.offers.some((x) => isObject(x) && present(x.availability))))
    missing.push('availability');
  return missing;
}

export function productFinding(p: Record<string, unknown>): ProductFinding {
  const name = typeof p.name === 'string' ? excerpt(p.name, 60) : '(unnamed)';
  // ProductGroup: offers live on the variants.
  const carriers = [p, ...(Array.isArray(p.hasVariant) ? p.hasVariant.filter(isObject).slice(0, 50) : [])];
  const offers = carriers
    .flatMap((c) => (Array.isArray(c.offers) ? c.offers : [c.offers]))
    .filter(isObject)
    .slice(0, 50);
  if (!offers.length) return { name, complete: false, missing: ['offers'], offer: '' };
  let best = offers[0];
  let bestMissing = offerMissing(best);
  for (const o of offers) {
    const m = offerMissing(o);
    if (m.length < bestMissing.length) {
      best = o;
      bestMissing = m;
    }
  }
  const offer = [
    best.price ?? best.lowPrice,
    best.priceCurrency,
    typeof best.availability === 'string' ? best.availability.replace(/^https?:\/\/schema\.org\//, '') : undefined,
  ]
    .filter(present)
    .map((x) => excerpt(String(x), 30))
    .join(' ');
  return { name, complete: !bestMissing.length, missing: bestMissing, offer };
}

/** First same-origin product link of a page, by URL shape. */
export function firstProductLink(hrefs: string[], pageUrl: string): string | null {
  const origin = new URL(pageUrl).origin;
  for (const h of hrefs.slice(0, 2000)) {
    try {
      const u = new URL(h, pageUrl);
      if (u.origin === origin && PRODUCT_LINK_RE.test(u.pathname) && u.href.split('#')[0] !== pageUrl.split('#')[0]) return u.href.split('#')[0];
    } catch {
      // Ignore unresolvable hrefs.
    }
  }
  return null;
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  /** `error` is the JSON-LD reader's own line (gather/jsonld.ts, shared with C4). */
  'M6/jsonld-error': '{page}: JSON-LD {error}',
  'M6/found-in-sitemap': 'The product page was found in the sitemap {sitemap} (the page links to none).',
} as const;
type M6Advisory = keyof typeof ADVISORIES;

/** What an incomplete Product lacks, and (with no Product) the product page looked at or why there was none. */
const FINDINGS = {
  'M6/no-offers': 'without offers',
  'M6/offer-lacks': 'with an offer missing {missing}',
  'M6/linked-page': 'linked product page {product:probe}: JSON-LD types {productTypes}',
  'M6/sitemap-page': 'product page from the sitemap {sitemap} {product:probe}: JSON-LD types {productTypes}',
  'M6/no-product-link': 'no product link (/products/…, /product/…, /p/…) on the page or in the sitemap',
} as const;
type M6Finding = keyof typeof FINDINGS;

export const m6ProductData = defineCheck<ProductArtifact>()({
  meta: {
    id: 'M6',
    name: 'Product structured data',
    dimension: 'commerce',
    tier: 'recommended',
    weight: 6,
    specUrls: SPEC,
    standards: ['schemaProduct', 'jsonLd'],
    summary:
      'The page, or the first product page it links to (/products/…, /product/…, /p/…) or, failing a link, one its sitemap lists, has schema.org ' +
      'Product JSON-LD with offers carrying price, priceCurrency and availability.',
    why: 'Shopping assistants and agents read product JSON-LD to compare price and stock without scraping, with or without UCP/ACP.',
    remediation: 'Emit schema.org Product JSON-LD on product pages with offers {price, priceCurrency, availability}.',
    remedies: {
      'M6/add-offers': 'Add offers {price, priceCurrency, availability} to the Product JSON-LD.',
      'M6/add-offer-members': 'Add {missing} to the Product JSON-LD.',
    },
    codes: {
      'M6/ok': 'schema.org Product JSON-LD with a complete Offer',
      'M6/incomplete-offer': 'partial: a Product without offers, or an offer missing price, currency or availability',
      'M6/missing': 'no schema.org Product on the page, a linked product page or a product page from the sitemap',
    },
    messages: {
      'M6/ok': '{seen:probe}: Product "{name}" with offer {offer} ({products} product(s)).',
      'M6/incomplete-offer': '{seen:probe}: Product "{name}" {findings}.',
      'M6/missing': '{seen:probe}: JSON-LD types {types}; {findings}. No schema.org Product found.',
    },
    findings: FINDINGS,
    // The site's own words (a product name, its offer's values) and the JSON-LD reader's message.
    quoted: ['name', 'offer', 'error'],
    advisories: ADVISORIES,
  },
  async gather(ctx) {
    const pageProbe = ctx.page();
    const page: ProductPageData = { url: pageProbe.url, probe: pageProbe, jsonld: await jsonLdBlocks(ctx) };
    if (
      findProducts(page.jsonld.blocks)
        .map(productFinding)
        .some((f) => f.complete)
    )
      return { page, product: null, productLink: null };
    const $ = await ctx.html();
    const hrefs = $
      ? $('a[href]')
          .toArray()
          .map((el) => $(el).attr('href') ?? '')
      : [];
    const linked = firstProductLink(hrefs, pageProbe.url);
    // No product link on the page: a product page listed in the sitemap (see product-pages.ts).
    const listed = linked ? null : await productPageFromSitemap(ctx);
    const productLink = linked ?? listed?.url ?? null;
    if (!productLink) return { page, product: null, productLink: null };
    const probe = await ctx.fetch(productLink, { accept: BROWSER_ACCEPT, maxBytes: PAGE_MAX_BYTES });
    const html =
      isOk(probe) && (probe.contentType === 'text/html' || probe.contentType === 'application/xhtml+xml' || /<html/i.test(probe.text.slice(0, 2000)));
    const jsonld = html ? parseJsonLd(parseHtml(probe.text).$) : { blocks: [], errors: [], types: [] };
    return { page, product: { url: productLink, probe, jsonld }, productLink, fromSitemap: listed?.sitemap ?? null };
  },
  // In rendered mode: read again on the rendered DOM (checks/dom-rendered.ts).
  rendered: 'dom',
  evaluate(a, { origin }) {
    const rel = (u: string) => (u.startsWith(origin) ? u.slice(origin.length) || '/' : u);
    const jsonldTypes = (p: ProductPageData) => p.jsonld.types.slice(0, 6).join(', ') || 'none';
    const pages = [a.page, ...(a.product ? [a.product] : [])];
    const probes = pages.map((p) => p.probe);
    const scored = pages.map((p) => ({ p, findings: findProducts(p.jsonld.blocks).map(productFinding) }));
    const advisories: Array<SubFinding<M6Advisory>> = pages.flatMap((p) =>
      p.jsonld.errors.slice(0, 3).map((error) => ({ code: 'M6/jsonld-error' as const, data: { page: rel(p.url), error } })),
    );
    // Where the judged Product came from, when the page linked to no product page.
    const viaSitemap = (s: { p: ProductPageData }): Array<SubFinding<M6Advisory>> =>
      s.p === a.product && a.fromSitemap ? [{ code: 'M6/found-in-sitemap', data: { sitemap: rel(a.fromSitemap) } }] : [];
    for (const s of scored) {
      const good = s.findings.find((f) => f.complete);
      if (good) {
        return {
          status: 'pass',
          code: 'M6/ok',
          data: { ...probeData(s.p.probe, origin), name: good.name, offer: good.offer, products: s.findings.length },
          matched: 'schema.org Product + Offer (JSON-LD)',
          advisories: [...viaSitemap(s), ...advisories],
          probes,
          details: { url: s.p.url, products: s.findings.length },
        };
      }
    }
    const any = scored.find((s) => s.findings.length);
    if (any) {
      const f = any.findings[0];
      return {
        status: 'partial',
        code: 'M6/incomplete-offer',
        data: { ...probeData(any.p.probe, origin), name: f.name },
        findings: [f.missing.includes('offers') ? { code: 'M6/no-offers' } : { code: 'M6/offer-lacks', data: { missing: f.missing.join(', ') } }],
        ...(f.missing.includes('offers')
          ? { remedy: 'M6/add-offers' as const }
          : { remedy: 'M6/add-offer-members' as const, remedyData: { missing: f.missing.join(', ') } }),
        advisories: [...viaSitemap(any), ...advisories],
        probes,
      };
    }
    const product: SubFinding<M6Finding> = !a.product
      ? { code: 'M6/no-product-link' }
      : {
          code: a.fromSitemap ? 'M6/sitemap-page' : 'M6/linked-page',
          data: {
            ...probeData(a.product.probe, origin, 'product'),
            productTypes: jsonldTypes(a.product),
            ...(a.fromSitemap ? { sitemap: rel(a.fromSitemap) } : {}),
          },
        };
    return {
      status: 'fail',
      code: 'M6/missing',
      data: { ...probeData(a.page.probe, origin), types: jsonldTypes(a.page) },
      findings: [product],
      advisories,
      probes,
    };
  },
  fixGuide(fx) {
    const product = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Blue Widget',
      sku: 'BW-1',
      image: `${fx.origin}/images/blue-widget.jpg`,
      description: 'A sturdy blue widget.',
      offers: { '@type': 'Offer', url: `${fx.origin}/products/blue-widget`, price: '19.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    };
    const generic: FixStep = {
      title: 'Add Product JSON-LD to each product page template',
      code: `<script type="application/ld+json">\n${JSON.stringify(product, null, 2)}\n</script>`,
      lang: 'html',
    };
    const platform = platformHook(fx, 'productData')?.(fx) ?? [];
    // The block goes on each product page, with the owner's products in it.
    const publish = withPublish(
      platform.length ? platform : [generic],
      { kind: 'html', path: '/products/blue-widget', where: 'head', content: generic.code! },
      // A sample product: the owner's catalog is the only source of prices.
      { source: 'example', needs: ['productData'] },
    );
    return [
      ...publish,
      verifyStep(
        sh`curl -s ${`${fx.origin}/products/<a-product>`} | grep -A12 'application/ld+json'`,
        "Expect a Product with offers.price, offers.priceCurrency and offers.availability; Google's Rich Results Test shows the same.",
      ),
      specStep(SPEC),
    ];
  },
});
