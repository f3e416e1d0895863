/**
 * M6's way to a product page when the page itself has neither Product data nor a product link:
 * the sitemap (already fetched for D2, shared through its memo). A product-shaped <loc>
 * (/products/…, /product/…, /p/…) in any sitemap read so far wins; else the first <loc> of a
 * sitemap whose own URL names products (Shopify sitemap_products_1.xml, Yoast product-sitemap.xml,
 * WordPress wp-sitemap-posts-product-1.xml), fetching one such child of an index if needed.
 * Same-origin URLs only; at most one extra sitemap request.
 */
import type { GatherContext } from './context.js';
import { isOk } from './classify.js';
import { gatherSitemaps, gunzipCapped, SITEMAP_ACCEPT, SITEMAP_MAX_BYTES, type SitemapProbe } from './sitemap.js';
import type { FetchResult } from '../net/http.js';

export const PRODUCT_PATH_RE = /^\/(products?|p)\/[^/?#]+/i;
const PRODUCT_SITEMAP_RE = /product/i;
/** Text of a sitemap scanned for <loc> elements, at most. */
const SCAN_CHARS = 5 * 1024 * 1024;
const MAX_LOCS = 50_000;

export interface SitemapProductPage {
  url: string;
  /** The sitemap it was listed in. */
  sitemap: string;
}

/** <loc> values of a sitemap body (gzip inflated, capped), XML-unescaped for &amp; only. */
export function sitemapLocs(probe: FetchResult): string[] {
  if (!isOk(probe)) return [];
  let body = probe.body;
  if (body[0] === 0x1f && body[1] === 0x8b) {
    const inflated = gunzipCapped(body, SITEMAP_MAX_BYTES);
    if (!inflated.ok) return [];
    body = inflated.data;
  }
  const text = body.subarray(0, SCAN_CHARS).toString('utf8');
  const out: string[] = [];
  const re = /<(?:\w+:)?loc>\s*([^<\s]+)\s*<\/(?:\w+:)?loc>/g;
  for (let m = re.exec(text); m && out.length < MAX_LOCS; m = re.exec(text)) out.push(m[1].replace(/&amp;/g, '&'));
  return out;
}

function sameOrigin(u: string, origin: string): URL | null {
  try {
    const url = new URL(u);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

/** Picks a product page from sitemap bodies (pure: unit tests call it). */
export function productFromSitemaps(sitemaps: Array<{ url: string; probe: FetchResult }>, origin: string): SitemapProductPage | null {
  for (const s of sitemaps) {
    for (const loc of sitemapLocs(s.probe)) {
      const u = sameOrigin(loc, origin);
      if (u && PRODUCT_PATH_RE.test(u.pathname)) return { url: u.href.split('#')[0], sitemap: s.url };
    }
  }
  for (const s of sitemaps) {
    if (!PRODUCT_SITEMAP_RE.test(new URL(s.url).pathname)) continue;
    const first = sitemapLocs(s.probe)
      .map((l) => sameOrigin(l, origin))
      .find((u) => u && !/\.xml(\.gz)?$/i.test(u.pathname));
    if (first) return { url: first.href.split('#')[0], sitemap: s.url };
  }
  return null;
}

export async function productPageFromSitemap(ctx: GatherContext): Promise<SitemapProductPage | null> {
  const art = await gatherSitemaps(ctx);
  const read: SitemapProbe[] = art.candidates.flatMap((c) => (c.child ? [c, c.child] : [c]));
  const found = productFromSitemaps(read, ctx.origin);
  if (found) return found;
  // An index whose product child was not the one followed: fetch that child, once.
  const fetched = new Set(read.map((r) => r.url));
  for (const c of read) {
    if (c.parsed?.kind !== 'sitemapindex') continue;
    const child = sitemapLocs(c.probe)
      .map((l) => sameOrigin(l, ctx.origin))
      .find((u) => u && PRODUCT_SITEMAP_RE.test(u.pathname) && !fetched.has(u.href));
    if (!child) continue;
    const probe = await ctx.fetch(child.href, { accept: SITEMAP_ACCEPT, maxBytes: SITEMAP_MAX_BYTES });
    return productFromSitemaps([{ url: child.href, probe }], ctx.origin);
  }
  return null;
}
