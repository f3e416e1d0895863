/**
 * Fingerprints per platform (catalog §6.2): static equivalents of webappanalyzer rules.
 * Weights: strong 0.9, medium 0.6, weak 0.3. `rank` puts a CMS/commerce platform above the
 * framework it runs on.
 */
export type Signal = { weight: number; label: string } & (
  | { kind: 'header'; name: string; pattern?: RegExp }
  | { kind: 'cookie'; pattern: RegExp }
  | { kind: 'generator'; pattern: RegExp }
  | { kind: 'html'; pattern: RegExp }
  | { kind: 'selector'; selector: string }
);

export interface Fingerprint {
  id: string;
  /** Higher wins over lower when both qualify: 3 commerce, 2 CMS/site builder, 1 framework/SSG. */
  rank: number;
  /** Only reported when this other platform is detected too (woocommerce needs wordpress). */
  requires?: string;
  signals: Signal[];
}

const STRONG = 0.9;
const MEDIUM = 0.6;
const WEAK = 0.3;

export const FINGERPRINTS: Fingerprint[] = [
  {
    id: 'woocommerce',
    rank: 4,
    requires: 'wordpress',
    signals: [
      { kind: 'generator', pattern: /WooCommerce/i, weight: STRONG, label: 'meta generator WooCommerce' },
      { kind: 'html', pattern: /wc_add_to_cart_params|woocommerce_params/, weight: MEDIUM, label: 'WooCommerce script variables' },
      { kind: 'html', pattern: /\/plugins\/woocommerce\//, weight: MEDIUM, label: 'WooCommerce plugin assets' },
    ],
  },
  {
    id: 'shopify',
    rank: 3,
    signals: [
      { kind: 'header', name: 'x-shopid', weight: STRONG, label: 'x-shopid header' },
      { kind: 'header', name: 'x-shopify-stage', weight: STRONG, label: 'x-shopify-stage header' },
      { kind: 'selector', selector: 'meta[name="shopify-checkout-api-token"], meta[name="shopify-digital-wallet"]', weight: STRONG, label: 'Shopify checkout meta tags' },
      { kind: 'html', pattern: /cdn\.shopify\.com|sdks\.shopifycdn\.com/, weight: MEDIUM, label: 'cdn.shopify.com assets' },
      { kind: 'html', pattern: /Shopify\.shop\s*=|ShopifyAnalytics/, weight: MEDIUM, label: 'Shopify inline script' },
      { kind: 'cookie', pattern: /_shopify_[ys]=/, weight: WEAK, label: 'Shopify cookies' },
    ],
  },
  {
    id: 'wordpress',
    rank: 2,
    signals: [
      { kind: 'generator', pattern: /^WordPress|\|\s*WordPress/i, weight: STRONG, label: 'meta generator WordPress' },
      { kind: 'header', name: 'link', pattern: /rel="?https:\/\/api\.w\.org\/"?/, weight: STRONG, label: 'Link rel="https://api.w.org/" header' },
      { kind: 'html', pattern: /\/wp-content\/|\/wp-includes\//, weight: MEDIUM, label: '/wp-content/ assets' },
      { kind: 'header', name: 'x-pingback', pattern: /xmlrpc\.php/, weight: MEDIUM, label: 'X-Pingback xmlrpc.php' },
      { kind: 'html', pattern: /class="[^"]*\bwp-block-/, weight: WEAK, label: 'wp-block classes' },
    ],
  },
  {
    id: 'nextjs',
    rank: 1,
    signals: [
      { kind: 'header', name: 'x-powered-by', pattern: /Next\.js/i, weight: STRONG, label: 'x-powered-by: Next.js' },
      { kind: 'selector', selector: 'script#__NEXT_DATA__', weight: MEDIUM, label: '__NEXT_DATA__ script' },
      { kind: 'html', pattern: /\/_next\/static\//, weight: MEDIUM, label: '/_next/static/ assets' },
      { kind: 'html', pattern: /self\.__next_f\.push/, weight: MEDIUM, label: 'app router flight data' },
    ],
  },
];

export const HOSTING_FINGERPRINTS: Array<{ id: string; signals: Signal[] }> = [
  { id: 'cloudflare', signals: [{ kind: 'header', name: 'cf-ray', weight: STRONG, label: 'cf-ray' }, { kind: 'header', name: 'server', pattern: /cloudflare/i, weight: STRONG, label: 'server: cloudflare' }] },
  { id: 'vercel', signals: [{ kind: 'header', name: 'x-vercel-id', weight: STRONG, label: 'x-vercel-id' }, { kind: 'header', name: 'server', pattern: /^Vercel/i, weight: STRONG, label: 'server: Vercel' }] },
  { id: 'netlify', signals: [{ kind: 'header', name: 'x-nf-request-id', weight: STRONG, label: 'x-nf-request-id' }, { kind: 'header', name: 'server', pattern: /Netlify/i, weight: STRONG, label: 'server: Netlify' }] },
  { id: 'nginx', signals: [{ kind: 'header', name: 'server', pattern: /nginx/i, weight: STRONG, label: 'server: nginx' }] },
  { id: 'apache', signals: [{ kind: 'header', name: 'server', pattern: /Apache/i, weight: STRONG, label: 'server: Apache' }] },
  { id: 'express', signals: [{ kind: 'header', name: 'x-powered-by', pattern: /^Express/i, weight: STRONG, label: 'x-powered-by: Express' }] },
];

export const SEO_PLUGINS: Array<{ id: string; signals: Signal[] }> = [
  {
    id: 'yoast',
    signals: [
      { kind: 'html', pattern: /optimized with the Yoast SEO|Yoast SEO (Premium )?plugin|optimized with Yoast SEO for Shopify/i, weight: STRONG, label: 'Yoast comment' },
      { kind: 'selector', selector: 'script.yoast-schema-graph', weight: STRONG, label: 'yoast-schema-graph' },
    ],
  },
  {
    id: 'rank-math',
    signals: [
      { kind: 'html', pattern: /seo-by-rank-math|Search Engine Optimization by Rank Math/i, weight: STRONG, label: 'Rank Math' },
      { kind: 'selector', selector: 'script.rank-math-schema', weight: STRONG, label: 'rank-math-schema' },
    ],
  },
  {
    id: 'aioseo',
    signals: [
      { kind: 'html', pattern: /All in One SEO/i, weight: STRONG, label: 'AIOSEO comment' },
      { kind: 'selector', selector: 'script.aioseo-schema', weight: STRONG, label: 'aioseo-schema' },
    ],
  },
];
