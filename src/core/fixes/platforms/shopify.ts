/** Shopify: theme templates answer a few paths; anything else goes through Cloudflare in front. */
import { liquidRaw } from '../escape.js';
import { robotsLinesText } from '../robots-rules.js';
import { CLOUDFLARE_FALLBACK, headersAtCloudflare, workerStep } from './shared.js';
import { edgeOnlyMarkdownNegotiation, platformCheckoutIntegration } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

/** Theme templates that answer these paths (robots.txt.liquid; llms and agents.md since 2026). */
const TEMPLATES: Record<string, string> = {
  '/robots.txt': 'templates/robots.txt.liquid',
  '/llms.txt': 'templates/llms.txt.liquid',
  '/llms-full.txt': 'templates/llms-full.txt.liquid',
  '/agents.md': 'templates/agents.md.liquid',
};

const hooks: PlatformHooks = {
  robotsLines: (fx, rules) => [
    {
      title: 'Append the lines in templates/robots.txt.liquid',
      body: "Online Store → Themes → Edit code → Add a new template → robots.txt. Keep Shopify's default groups (the loop) and add your lines after it:",
      code:
        `{% for group in robots.default_groups %}\n  {{- group.user_agent }}` +
        `\n  {%- for rule in group.rules %}\n    {{ rule }}\n  {%- endfor %}\n  {%- if group.sitemap != blank %}` +
        `\n    {{ group.sitemap }}\n  {%- endif %}\n{% endfor %}\n\n${robotsLinesText(rules)}`,
      lang: 'liquid',
    },
  ],
  sitemap(fx) {
    return [
      {
        title: 'Shopify generates /sitemap.xml',
        body:
          'Every Shopify store has /sitemap.xml (an index of products, collections, pages and blogs). If it is missing, ' +
          'the store may be password-protected (Online Store → Preferences → Password protection); a custom ' +
          'robots.txt.liquid must keep its Sitemap line.',
      },
    ];
  },
  llmsTxt(fx, file) {
    return [
      {
        title: `Shopify serves /${file}`,
        body:
          `Shopify generates /llms.txt, /llms-full.txt and /agents.md for storefronts. To change it, add ` +
          `templates/${file}.liquid in your theme (Online Store → Themes → Edit code → Add a new template).`,
      },
    ];
  },
  structuredData(fx) {
    return [
      {
        title: "Use your theme's structured data",
        body:
          'Most Online Store 2.0 themes emit Product and Organization JSON-LD; in Liquid, `{{ product | structured_data ' +
          '}}` outputs a Product block. Add it to the product template if missing.',
      },
    ];
  },
  markdownNegotiation: edgeOnlyMarkdownNegotiation,
  webMcpRegistration: (fx, imperative) => ({
    title: 'Add the script to layout/theme.liquid, before </body>',
    code: `<script>\n${imperative}</script>\n`,
    lang: 'liquid',
  }),
  ucpProfile: () => [
    {
      title: 'Shopify serves /.well-known/ucp for you',
      body:
        'Shopify publishes the UCP profile (and /api/ucp/mcp) on storefronts itself: there is no file to write. If it ' +
        'is missing, check that your store is enabled for agentic commerce in the Shopify admin and that nothing in ' +
        'front of the store (a proxy or Cloudflare Worker) intercepts /.well-known/ paths.',
    },
  ],
  agenticCheckout: platformCheckoutIntegration,
  productData: () => [
    {
      title: "Use Shopify's structured_data filter in the product template",
      body: 'Most current themes already output it; if yours does not, add this to sections/main-product.liquid (or templates/product.liquid):',
      code: `<script type="application/ld+json">\n  {{ product | structured_data }}\n</script>`,
      lang: 'liquid',
    },
  ],
};

/** How the detector knows Shopify (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'commerce',
  rank: 3,
  signals: [
    { kind: 'header', name: 'x-shopid', weight: STRONG, label: 'x-shopid header' },
    { kind: 'header', name: 'x-shopify-stage', weight: STRONG, label: 'x-shopify-stage header' },
    { kind: 'header', name: 'x-storefront-renderer-rendered', weight: STRONG, label: 'x-storefront-renderer-rendered header' },
    { kind: 'header', name: 'powered-by', pattern: /Shopify-Hydrogen/i, weight: STRONG, label: 'Hydrogen storefront (powered-by: Shopify-Hydrogen)' },
    {
      kind: 'selector',
      selector: 'meta[name="shopify-checkout-api-token"], meta[name="shopify-digital-wallet"]',
      weight: STRONG,
      label: 'Shopify checkout meta tags',
    },
    { kind: 'html', pattern: /\/\/cdn\.shopify\.com\/|\/cdn\/shop\//, weight: MEDIUM, label: 'cdn.shopify.com assets' },
    { kind: 'html', pattern: /Shopify\.shop\s*=|ShopifyAnalytics/, weight: MEDIUM, label: 'Shopify inline script' },
    // The Buy Button SDK is embedded on non-Shopify sites, so it is only a weak hint.
    { kind: 'html', pattern: /sdks\.shopifycdn\.com/, weight: WEAK, label: 'Shopify SDK script' },
    { kind: 'html', pattern: /\.myshopify\.com\b/, weight: WEAK, label: '*.myshopify.com URL' },
    { kind: 'cookie', pattern: /^_shopify_[ysm]$/, weight: WEAK, label: 'Shopify cookies' },
  ],
};

export const shopify: PlatformPack = {
  id: 'shopify',
  label: 'Shopify',
  fingerprint,
  hooks,
  serveFile({ spec, path, create }) {
    const template = TEMPLATES[path.toLowerCase()];
    if (template) {
      return [
        create,
        {
          title: `Override it with ${template}`,
          body: `Online Store → Themes → Edit code → add the ${template} template. {% raw %} keeps Liquid from interpreting the content.`,
          code: liquidRaw(spec.content),
          lang: 'liquid',
        },
      ];
    }
    return [
      create,
      workerStep(
        'Shopify cannot serve arbitrary paths',
        `Merchants cannot add ${path} or custom response headers on Shopify itself (robots.txt, llms.txt and ` +
          `agents.md have theme templates; /.well-known/ucp is served by Shopify). ${CLOUDFLARE_FALLBACK}`,
        spec,
      ),
    ];
  },
  addHeader: headersAtCloudflare,
};
