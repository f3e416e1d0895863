/**
 * Fingerprints per platform (catalog §6.2): static equivalents of webappanalyzer rules.
 * Weights: strong 0.9 (platform header, meta generator, unique inline global), medium 0.6 (asset
 * hosts/paths), weak 0.3 (cookies, class names, URLs). `rank` puts a CMS/commerce platform above
 * the framework it runs on. Patterns stay linear (no nested quantifiers): they run over up to 1 MB
 * of untrusted HTML, so a repeated quantifier never starts a pattern or follows another
 * (`[a-z]+\.host` is quadratic on a long run of letters); runs are bounded instead.
 */
export type Signal = { weight: number; label: string } & (
  | { kind: 'header'; name: string; pattern?: RegExp }
  /** Any response header whose name matches (Bubble's x-bubble-*). */
  | { kind: 'header-name'; pattern: RegExp }
  /** Tested against each Set-Cookie name on its own. */
  | { kind: 'cookie'; pattern: RegExp }
  /** Tested against each `<meta name="generator">` content on its own. */
  | { kind: 'generator'; pattern: RegExp }
  | { kind: 'html'; pattern: RegExp }
  | { kind: 'selector'; selector: string }
);

export type PlatformCategory = 'commerce' | 'cms' | 'builder' | 'docs' | 'hosted' | 'framework' | 'ssg';

export interface Fingerprint {
  id: string;
  category: PlatformCategory;
  /** Higher wins over lower when both qualify: 4 commerce plugin, 3 commerce, 2 CMS/builder/docs tool, 1 framework/SSG. */
  rank: number;
  /** Only reported when this other platform is detected too (woocommerce needs wordpress). */
  requires?: string;
  /** Frameworks this platform is itself built on: seen together they mean "built on", not "headless". */
  builtOn?: string[];
  signals: Signal[];
}

/** Keeps each id as a literal, so the ids form the PlatformId union. */
function platformFingerprints<const I extends string>(list: Array<Fingerprint & { id: I }>): Array<Fingerprint & { id: I }> {
  return list;
}

function hostingFingerprints<const I extends string>(list: Array<{ id: I; signals: Signal[] }>): Array<{ id: I; signals: Signal[] }> {
  return list;
}

const STRONG = 0.9;
const MEDIUM = 0.6;
const WEAK = 0.3;

export const FINGERPRINTS = platformFingerprints([
  // ---- commerce -------------------------------------------------------------------------------
  {
    id: 'woocommerce',
    category: 'commerce',
    rank: 4,
    requires: 'wordpress',
    signals: [
      { kind: 'generator', pattern: /WooCommerce/i, weight: STRONG, label: 'meta generator WooCommerce' },
      { kind: 'html', pattern: /wc_add_to_cart_params|woocommerce_params/, weight: MEDIUM, label: 'WooCommerce script variables' },
      { kind: 'html', pattern: /\/plugins\/woocommerce\//, weight: MEDIUM, label: 'WooCommerce plugin assets' },
      { kind: 'selector', selector: 'body.woocommerce, body.woocommerce-page, body.woocommerce-js, body.woocommerce-no-js', weight: WEAK, label: 'woocommerce body class' },
      { kind: 'cookie', pattern: /^(woocommerce_(recently_viewed|items_in_cart|cart_hash)|wp_woocommerce_session_)/, weight: WEAK, label: 'WooCommerce cookies' },
    ],
  },
  {
    id: 'shopify',
    category: 'commerce',
    rank: 3,
    signals: [
      { kind: 'header', name: 'x-shopid', weight: STRONG, label: 'x-shopid header' },
      { kind: 'header', name: 'x-shopify-stage', weight: STRONG, label: 'x-shopify-stage header' },
      { kind: 'header', name: 'x-storefront-renderer-rendered', weight: STRONG, label: 'x-storefront-renderer-rendered header' },
      { kind: 'header', name: 'powered-by', pattern: /Shopify-Hydrogen/i, weight: STRONG, label: 'Hydrogen storefront (powered-by: Shopify-Hydrogen)' },
      { kind: 'selector', selector: 'meta[name="shopify-checkout-api-token"], meta[name="shopify-digital-wallet"]', weight: STRONG, label: 'Shopify checkout meta tags' },
      { kind: 'html', pattern: /\/\/cdn\.shopify\.com\/|\/cdn\/shop\//, weight: MEDIUM, label: 'cdn.shopify.com assets' },
      { kind: 'html', pattern: /Shopify\.shop\s*=|ShopifyAnalytics/, weight: MEDIUM, label: 'Shopify inline script' },
      // The Buy Button SDK is embedded on non-Shopify sites, so it is only a weak hint.
      { kind: 'html', pattern: /sdks\.shopifycdn\.com/, weight: WEAK, label: 'Shopify SDK script' },
      { kind: 'html', pattern: /\.myshopify\.com\b/, weight: WEAK, label: '*.myshopify.com URL' },
      { kind: 'cookie', pattern: /^_shopify_[ysm]$/, weight: WEAK, label: 'Shopify cookies' },
    ],
  },
  {
    id: 'magento',
    category: 'commerce',
    rank: 3,
    signals: [
      { kind: 'selector', selector: 'script[type="text/x-magento-init"]', weight: STRONG, label: 'text/x-magento-init script' },
      { kind: 'cookie', pattern: /^(X-Magento-Vary|mage-cache-storage|mage-cache-sessid)$/, weight: STRONG, label: 'Magento cookies' },
      { kind: 'header', name: 'x-magento-tags', weight: STRONG, label: 'x-magento-tags header' },
      { kind: 'html', pattern: /Mage\.Cookies/, weight: STRONG, label: 'Mage.Cookies inline (Magento 1)' },
      { kind: 'html', pattern: /\/static\/(version\d{1,20}\/)?frontend\/[\w-]{1,100}\/[\w-]{1,100}\//, weight: MEDIUM, label: 'static/frontend/ theme assets' },
      { kind: 'html', pattern: /"Magento_[A-Z]\w*\//, weight: MEDIUM, label: 'Magento_ module references' },
      { kind: 'html', pattern: /\/skin\/frontend\//, weight: MEDIUM, label: '/skin/frontend/ assets (Magento 1)' },
    ],
  },
  {
    id: 'bigcommerce',
    category: 'commerce',
    rank: 3,
    signals: [
      { kind: 'selector', selector: 'meta[name="platform"][content="bigcommerce" i], meta[name="platform"][content="bigcommerce.stencil" i]', weight: STRONG, label: 'meta platform bigcommerce' },
      { kind: 'html', pattern: /bigcommerce_config|\bBCData\s*=/, weight: STRONG, label: 'BigCommerce inline config' },
      { kind: 'html', pattern: /cdn\d*\.bigcommerce\.com/, weight: MEDIUM, label: 'cdn.bigcommerce.com assets' },
      { kind: 'html', pattern: /\.mybigcommerce\.com\b/, weight: WEAK, label: '*.mybigcommerce.com URL' },
    ],
  },
  {
    id: 'prestashop',
    category: 'commerce',
    rank: 3,
    signals: [
      { kind: 'generator', pattern: /PrestaShop/i, weight: STRONG, label: 'meta generator PrestaShop' },
      { kind: 'html', pattern: /\bvar prestashop\s*=\s*\{/, weight: STRONG, label: 'var prestashop inline' },
      { kind: 'cookie', pattern: /^PrestaShop-[0-9a-f]+$/i, weight: MEDIUM, label: 'PrestaShop cookie' },
      { kind: 'html', pattern: /\/modules\/ps_[a-z]+\//, weight: MEDIUM, label: '/modules/ps_ assets' },
    ],
  },
  {
    id: 'shopware',
    category: 'commerce',
    rank: 3,
    signals: [
      { kind: 'generator', pattern: /Shopware/i, weight: STRONG, label: 'meta generator Shopware' },
      { kind: 'header', name: 'sw-invalidation-states', weight: STRONG, label: 'sw-invalidation-states header' },
      { kind: 'header', name: 'sw-version-id', weight: STRONG, label: 'sw-version-id header' },
      { kind: 'header', name: 'sw-context-token', weight: STRONG, label: 'sw-context-token header' },
      { kind: 'html', pattern: /frontend\.cart\.offcanvas/, weight: STRONG, label: 'Shopware storefront router' },
      { kind: 'html', pattern: /\/bundles\/storefront\/|\/themes\/Frontend\/Responsive\//, weight: MEDIUM, label: 'Shopware storefront assets' },
    ],
  },
  {
    id: 'sfcc',
    category: 'commerce',
    rank: 3,
    signals: [
      { kind: 'html', pattern: /\/on\/demandware\.static\/|demandware\.edgesuite\.net/, weight: MEDIUM, label: '/on/demandware.static/ assets' },
      { kind: 'html', pattern: /\/on\/demandware\.store\//, weight: MEDIUM, label: '/on/demandware.store/ URLs' },
      { kind: 'cookie', pattern: /^(dwsid|dwanonymous_[0-9a-f]+|dw_dnt|dwac_[\w]+)$/, weight: WEAK, label: 'Salesforce Commerce Cloud cookies' },
      { kind: 'html', pattern: /dwanalytics/, weight: WEAK, label: 'dwanalytics script' },
    ],
  },
  // ---- CMS, site builders, hosted platforms ---------------------------------------------------
  {
    id: 'wordpress',
    category: 'cms',
    rank: 2,
    signals: [
      { kind: 'generator', pattern: /^WordPress/i, weight: STRONG, label: 'meta generator WordPress' },
      { kind: 'header', name: 'link', pattern: /rel="?https:\/\/api\.w\.org\/"?/, weight: STRONG, label: 'Link rel="https://api.w.org/" header' },
      { kind: 'selector', selector: 'link[rel="https://api.w.org/"]', weight: STRONG, label: 'link rel="https://api.w.org/"' },
      { kind: 'html', pattern: /\/wp-content\/|\/wp-includes\//, weight: MEDIUM, label: '/wp-content/ assets' },
      { kind: 'html', pattern: /wp-embed(\.min)?\.js/, weight: MEDIUM, label: 'wp-embed script' },
      { kind: 'header', name: 'x-pingback', pattern: /xmlrpc\.php/, weight: MEDIUM, label: 'X-Pingback xmlrpc.php' },
      { kind: 'html', pattern: /class="[^"]*\bwp-block-/, weight: WEAK, label: 'wp-block classes' },
      { kind: 'html', pattern: /\/\/(s|i)[0-3]\.wp\.com\//, weight: WEAK, label: '*.wp.com assets' },
    ],
  },
  {
    id: 'drupal',
    category: 'cms',
    rank: 2,
    signals: [
      { kind: 'header', name: 'x-generator', pattern: /Drupal/i, weight: STRONG, label: 'X-Generator: Drupal' },
      { kind: 'header', name: 'x-drupal-cache', weight: STRONG, label: 'X-Drupal-Cache header' },
      { kind: 'header', name: 'x-drupal-dynamic-cache', weight: STRONG, label: 'X-Drupal-Dynamic-Cache header' },
      { kind: 'generator', pattern: /^Drupal/i, weight: STRONG, label: 'meta generator Drupal' },
      { kind: 'html', pattern: /\/sites\/(default|all)\/(files|themes|modules)\//, weight: MEDIUM, label: '/sites/default/files assets' },
      { kind: 'html', pattern: /drupal-settings-json|data-drupal-|\/misc\/drupal\.js|\/core\/misc\/drupal\.js/, weight: MEDIUM, label: 'Drupal settings/scripts' },
      { kind: 'cookie', pattern: /^S?SESS[0-9a-f]{32}$/, weight: WEAK, label: 'Drupal session cookie' },
      { kind: 'header', name: 'expires', pattern: /19 Nov 1978/, weight: WEAK, label: 'Expires: 19 Nov 1978' },
    ],
  },
  {
    id: 'joomla',
    category: 'cms',
    rank: 2,
    signals: [
      { kind: 'generator', pattern: /Joomla!?/i, weight: STRONG, label: 'meta generator Joomla!' },
      { kind: 'header', name: 'x-content-encoded-by', pattern: /Joomla/i, weight: STRONG, label: 'X-Content-Encoded-By: Joomla' },
      { kind: 'selector', selector: 'script.joomla-script-options', weight: MEDIUM, label: 'joomla-script-options' },
      { kind: 'html', pattern: /\/media\/(jui|system)\/(js|css)\//, weight: MEDIUM, label: '/media/jui/ assets' },
    ],
  },
  {
    id: 'ghost',
    category: 'cms',
    rank: 2,
    signals: [
      { kind: 'generator', pattern: /^Ghost/i, weight: STRONG, label: 'meta generator Ghost' },
      { kind: 'header', name: 'x-ghost-cache-status', weight: STRONG, label: 'X-Ghost-Cache-Status header' },
      { kind: 'selector', selector: 'script[data-ghost]', weight: STRONG, label: 'Ghost Portal script' },
      { kind: 'html', pattern: /\/ghost\/api\/(content|admin)\//, weight: MEDIUM, label: '/ghost/api/ URLs' },
      { kind: 'html', pattern: /\/content\/images\//, weight: WEAK, label: '/content/images/ paths' },
      { kind: 'html', pattern: /class="[^"]*\bgh-(head|canvas|navigation|outer|inner|portal)/, weight: WEAK, label: 'gh- classes' },
    ],
  },
  {
    id: 'hubspot',
    category: 'hosted',
    rank: 2,
    signals: [
      { kind: 'header', name: 'x-hs-hub-id', weight: STRONG, label: 'x-hs-hub-id header' },
      { kind: 'header', name: 'x-hs-content-id', weight: STRONG, label: 'x-hs-content-id header' },
      { kind: 'generator', pattern: /^HubSpot/i, weight: STRONG, label: 'meta generator HubSpot' },
      { kind: 'html', pattern: /hs_cos_wrapper/, weight: MEDIUM, label: 'hs_cos_wrapper modules' },
      // Forms and tracking scripts (js.hs-scripts.com) appear on every kind of site: not signals.
      { kind: 'html', pattern: /\/hubfs\//, weight: WEAK, label: '/hubfs/ files' },
    ],
  },
  {
    id: 'wix',
    category: 'builder',
    rank: 2,
    signals: [
      { kind: 'header', name: 'x-wix-request-id', weight: STRONG, label: 'X-Wix-Request-Id header' },
      { kind: 'header', name: 'x-wix-renderer-server', weight: STRONG, label: 'X-Wix-Renderer-Server header' },
      { kind: 'generator', pattern: /Wix\.com Website Builder/i, weight: STRONG, label: 'meta generator Wix.com Website Builder' },
      { kind: 'html', pattern: /static\.parastorage\.com|static\.wixstatic\.com/, weight: MEDIUM, label: 'parastorage/wixstatic assets' },
      { kind: 'html', pattern: /wixBiSession/, weight: WEAK, label: 'wixBiSession inline' },
    ],
  },
  {
    id: 'squarespace',
    category: 'builder',
    rank: 2,
    signals: [
      { kind: 'header', name: 'server', pattern: /Squarespace/i, weight: STRONG, label: 'server: Squarespace' },
      { kind: 'html', pattern: /Static\.SQUARESPACE_CONTEXT/, weight: MEDIUM, label: 'Static.SQUARESPACE_CONTEXT inline' },
      { kind: 'html', pattern: /assets\.squarespace\.com|static1\.squarespace\.com/, weight: MEDIUM, label: 'squarespace.com assets' },
    ],
  },
  {
    id: 'webflow',
    category: 'builder',
    rank: 2,
    signals: [
      { kind: 'generator', pattern: /^Webflow/i, weight: STRONG, label: 'meta generator Webflow' },
      { kind: 'selector', selector: 'html[data-wf-site], html[data-wf-page]', weight: STRONG, label: 'data-wf-site attribute' },
      { kind: 'html', pattern: /assets\.website-files\.com|cdn\.prod\.website-files\.com|uploads-ssl\.webflow\.com/, weight: MEDIUM, label: 'website-files.com assets' },
      { kind: 'html', pattern: /\bWebflow\.(push|require|env)\b/, weight: MEDIUM, label: 'Webflow inline script' },
    ],
  },
  {
    id: 'framer',
    category: 'builder',
    rank: 2,
    signals: [
      { kind: 'generator', pattern: /^Framer/i, weight: STRONG, label: 'meta generator Framer' },
      { kind: 'html', pattern: /framerusercontent\.com/, weight: MEDIUM, label: 'framerusercontent.com assets' },
      { kind: 'html', pattern: /__framer_importFromPackage|data-framer-hydrate-v2/, weight: WEAK, label: 'Framer runtime markers' },
    ],
  },
  {
    id: 'duda',
    category: 'builder',
    rank: 2,
    signals: [
      { kind: 'html', pattern: /dd-cdn\.multiscreensite\.com|irp\.cdn-website\.com/, weight: MEDIUM, label: 'Duda CDN assets' },
      { kind: 'html', pattern: /\bid="dmRoot"|class="[^"]*\bdmBody\b/, weight: WEAK, label: 'Duda layout markers' },
    ],
  },
  {
    id: 'bubble',
    category: 'builder',
    rank: 2,
    signals: [
      { kind: 'header-name', pattern: /^x-bubble-/, weight: STRONG, label: 'x-bubble-* headers' },
      { kind: 'html', pattern: /appforest_uf|\.cdn\.bubble\.io\//, weight: MEDIUM, label: 'Bubble asset storage' },
    ],
  },
  {
    id: 'substack',
    category: 'hosted',
    rank: 2,
    signals: [
      { kind: 'header', name: 'x-served-by', pattern: /Substack/i, weight: STRONG, label: 'x-served-by: Substack' },
      { kind: 'html', pattern: /substackcdn\.com/, weight: MEDIUM, label: 'substackcdn.com assets' },
    ],
  },
  // ---- hosted docs and documentation generators -----------------------------------------------
  {
    id: 'mintlify',
    category: 'docs',
    rank: 2,
    builtOn: ['nextjs'],
    signals: [
      { kind: 'generator', pattern: /Mintlify/i, weight: STRONG, label: 'meta generator Mintlify' },
      { kind: 'html', pattern: /mintlify\.s3|mintcdn\.com|mintlify-assets|\.mintlify\.app/, weight: MEDIUM, label: 'Mintlify asset hosts' },
    ],
  },
  {
    id: 'gitbook',
    category: 'docs',
    rank: 2,
    builtOn: ['nextjs'],
    signals: [
      { kind: 'generator', pattern: /GitBook/i, weight: STRONG, label: 'meta generator GitBook' },
      { kind: 'html', pattern: /__GITBOOK_INITIAL_STATE__/, weight: STRONG, label: '__GITBOOK_INITIAL_STATE__ inline' },
      { kind: 'html', pattern: /static[\w-]{0,20}\.gitbook\.com|gitbook-x-prod/, weight: MEDIUM, label: 'GitBook static assets' },
      { kind: 'html', pattern: /\.gitbook\.io\b/, weight: WEAK, label: '*.gitbook.io URL' },
    ],
  },
  {
    id: 'docusaurus',
    category: 'docs',
    rank: 2,
    signals: [
      { kind: 'generator', pattern: /^Docusaurus/i, weight: STRONG, label: 'meta generator Docusaurus' },
      { kind: 'selector', selector: 'meta[name="docusaurus_locale"], meta[name="docusaurus_tag"]', weight: STRONG, label: 'docusaurus_locale meta' },
      { kind: 'html', pattern: /\/assets\/js\/runtime~main\./, weight: MEDIUM, label: 'runtime~main bundle' },
    ],
  },
  {
    id: 'starlight',
    category: 'docs',
    rank: 2,
    builtOn: ['astro'],
    signals: [
      { kind: 'generator', pattern: /^Starlight/i, weight: STRONG, label: 'meta generator Starlight' },
      { kind: 'selector', selector: 'starlight-theme-select, starlight-menu-button, starlight-toc', weight: MEDIUM, label: 'Starlight custom elements' },
      { kind: 'html', pattern: /class="[^"]*\bsl-(markdown-content|container|flex)\b/, weight: WEAK, label: 'sl- classes' },
    ],
  },
  {
    id: 'vitepress',
    category: 'docs',
    rank: 2,
    signals: [
      { kind: 'generator', pattern: /^VitePress/i, weight: STRONG, label: 'meta generator VitePress' },
      { kind: 'html', pattern: /__VP_HASH_MAP__|__VP_SITE_DATA__/, weight: STRONG, label: '__VP_HASH_MAP__ inline' },
      { kind: 'selector', selector: '.VPNav, .VPContent, #VPContent', weight: MEDIUM, label: 'VitePress layout' },
    ],
  },
  {
    id: 'mkdocs',
    category: 'docs',
    rank: 2,
    signals: [
      { kind: 'generator', pattern: /^mkdocs/i, weight: STRONG, label: 'meta generator MkDocs' },
      { kind: 'selector', selector: 'header.md-header, div.md-container', weight: MEDIUM, label: 'Material for MkDocs layout' },
    ],
  },
  {
    id: 'nextra',
    category: 'docs',
    rank: 2,
    builtOn: ['nextjs'],
    signals: [
      { kind: 'html', pattern: /class="[^"]*\bnextra-(nav|sidebar|content|toc|search|body)/, weight: MEDIUM, label: 'nextra- classes' },
      { kind: 'html', pattern: /__nextra_|nextra-theme-docs/, weight: MEDIUM, label: 'Nextra theme markers' },
    ],
  },
  // ---- frameworks and static site generators --------------------------------------------------
  {
    id: 'nextjs',
    category: 'framework',
    rank: 1,
    signals: [
      { kind: 'header', name: 'x-powered-by', pattern: /Next\.js/i, weight: STRONG, label: 'x-powered-by: Next.js' },
      { kind: 'selector', selector: 'script#__NEXT_DATA__', weight: MEDIUM, label: '__NEXT_DATA__ script' },
      { kind: 'html', pattern: /\/_next\/static\//, weight: MEDIUM, label: '/_next/static/ assets' },
      { kind: 'html', pattern: /self\.__next_f\.push/, weight: MEDIUM, label: 'app router flight data' },
      { kind: 'cookie', pattern: /^NEXT_LOCALE$/, weight: WEAK, label: 'NEXT_LOCALE cookie' },
    ],
  },
  {
    id: 'nuxt',
    category: 'framework',
    rank: 1,
    signals: [
      { kind: 'html', pattern: /window\.__NUXT__|id="__NUXT_DATA__"/, weight: STRONG, label: '__NUXT__ payload' },
      { kind: 'selector', selector: 'div#__nuxt', weight: STRONG, label: 'div#__nuxt' },
      { kind: 'html', pattern: /\/_nuxt\//, weight: MEDIUM, label: '/_nuxt/ assets' },
      { kind: 'html', pattern: /\sdata-v-[0-9a-f]{8}\b/, weight: WEAK, label: 'Vue data-v- attributes' },
    ],
  },
  {
    id: 'remix',
    category: 'framework',
    rank: 1,
    signals: [
      { kind: 'html', pattern: /window\.__remixContext|window\.__reactRouterContext/, weight: STRONG, label: 'Remix / React Router context' },
      { kind: 'html', pattern: /__remixManifest|__reactRouterManifest/, weight: MEDIUM, label: 'route manifest' },
    ],
  },
  {
    id: 'sveltekit',
    category: 'framework',
    rank: 1,
    signals: [
      { kind: 'html', pattern: /__sveltekit_[a-z0-9]+/, weight: STRONG, label: '__sveltekit_ inline' },
      { kind: 'html', pattern: /data-sveltekit-(preload|reload|noscroll)|\/_app\/immutable\//, weight: MEDIUM, label: 'SvelteKit assets' },
    ],
  },
  {
    id: 'gatsby',
    category: 'ssg',
    rank: 1,
    signals: [
      { kind: 'generator', pattern: /^Gatsby/i, weight: STRONG, label: 'meta generator Gatsby' },
      { kind: 'selector', selector: 'div#___gatsby', weight: MEDIUM, label: 'div#___gatsby' },
      { kind: 'selector', selector: 'style#gatsby-inlined-css', weight: MEDIUM, label: 'gatsby-inlined-css' },
      { kind: 'html', pattern: /\/page-data\/[\w/-]{0,200}page-data\.json/, weight: WEAK, label: '/page-data/ fetches' },
    ],
  },
  {
    id: 'astro',
    category: 'ssg',
    rank: 1,
    signals: [
      { kind: 'generator', pattern: /^Astro/i, weight: STRONG, label: 'meta generator Astro' },
      { kind: 'html', pattern: /\/_astro\/[\w.-]{1,200}\.(css|js)/, weight: MEDIUM, label: '/_astro/ assets' },
      { kind: 'selector', selector: 'astro-island', weight: MEDIUM, label: 'astro-island elements' },
      { kind: 'html', pattern: /class="[^"]*\bastro-[a-z0-9]{8}\b/, weight: WEAK, label: 'astro- scoped classes' },
    ],
  },
  {
    id: 'hugo',
    category: 'ssg',
    rank: 1,
    signals: [{ kind: 'generator', pattern: /^Hugo/i, weight: STRONG, label: 'meta generator Hugo' }],
  },
  {
    id: 'jekyll',
    category: 'ssg',
    rank: 1,
    signals: [
      { kind: 'generator', pattern: /^Jekyll/i, weight: STRONG, label: 'meta generator Jekyll' },
      { kind: 'html', pattern: /Begin Jekyll SEO tag/, weight: MEDIUM, label: 'jekyll-seo-tag comment' },
    ],
  },
  {
    id: 'eleventy',
    category: 'ssg',
    rank: 1,
    signals: [{ kind: 'generator', pattern: /^Eleventy/i, weight: STRONG, label: 'meta generator Eleventy' }],
  },
]);

/** Hosting, CDN and web server (reported beside the platform; drives fix guides). */
export const HOSTING_FINGERPRINTS = hostingFingerprints([
  { id: 'cloudflare', signals: [{ kind: 'header', name: 'cf-ray', weight: STRONG, label: 'cf-ray' }, { kind: 'header', name: 'server', pattern: /cloudflare/i, weight: STRONG, label: 'server: cloudflare' }] },
  { id: 'vercel', signals: [{ kind: 'header', name: 'x-vercel-id', weight: STRONG, label: 'x-vercel-id' }, { kind: 'header', name: 'server', pattern: /^Vercel/i, weight: STRONG, label: 'server: Vercel' }] },
  { id: 'netlify', signals: [{ kind: 'header', name: 'x-nf-request-id', weight: STRONG, label: 'x-nf-request-id' }, { kind: 'header', name: 'server', pattern: /Netlify/i, weight: STRONG, label: 'server: Netlify' }] },
  { id: 'github-pages', signals: [{ kind: 'header', name: 'server', pattern: /^GitHub\.com$/i, weight: STRONG, label: 'server: GitHub.com' }, { kind: 'header', name: 'x-github-request-id', weight: STRONG, label: 'x-github-request-id' }] },
  { id: 'fastly', signals: [{ kind: 'header', name: 'x-fastly-request-id', weight: STRONG, label: 'x-fastly-request-id' }, { kind: 'header', name: 'x-served-by', pattern: /^cache-[a-z0-9-]+/i, weight: STRONG, label: 'x-served-by: cache-*' }] },
  { id: 'akamai', signals: [{ kind: 'header', name: 'server', pattern: /^Akamai/i, weight: STRONG, label: 'server: AkamaiGHost' }, { kind: 'header', name: 'x-akamai-transformed', weight: STRONG, label: 'x-akamai-transformed' }, { kind: 'header', name: 'akamai-grn', weight: STRONG, label: 'akamai-grn' }] },
  { id: 'cloudfront', signals: [{ kind: 'header', name: 'x-amz-cf-id', weight: STRONG, label: 'x-amz-cf-id' }, { kind: 'header', name: 'via', pattern: /cloudfront/i, weight: STRONG, label: 'via: CloudFront' }] },
  { id: 'azure-front-door', signals: [{ kind: 'header', name: 'x-azure-ref', weight: STRONG, label: 'x-azure-ref' }] },
  { id: 'fly', signals: [{ kind: 'header', name: 'fly-request-id', weight: STRONG, label: 'fly-request-id' }, { kind: 'header', name: 'server', pattern: /^Fly\//i, weight: STRONG, label: 'server: Fly' }] },
  { id: 'render', signals: [{ kind: 'header', name: 'rndr-id', weight: STRONG, label: 'rndr-id' }] },
  { id: 'heroku', signals: [{ kind: 'header', name: 'via', pattern: /vegur|heroku-router/i, weight: STRONG, label: 'via: heroku router' }] },
  { id: 'wp-engine', signals: [{ kind: 'header', name: 'x-powered-by', pattern: /WP Engine/i, weight: STRONG, label: 'x-powered-by: WP Engine' }, { kind: 'header', name: 'wpe-backend', weight: STRONG, label: 'wpe-backend' }] },
  { id: 'kinsta', signals: [{ kind: 'header', name: 'x-kinsta-cache', weight: STRONG, label: 'x-kinsta-cache' }] },
  { id: 'nginx', signals: [{ kind: 'header', name: 'server', pattern: /^(nginx|openresty)/i, weight: STRONG, label: 'server: nginx' }] },
  { id: 'apache', signals: [{ kind: 'header', name: 'server', pattern: /^Apache(\/|\s|$)/i, weight: STRONG, label: 'server: Apache' }] },
  { id: 'litespeed', signals: [{ kind: 'header', name: 'server', pattern: /LiteSpeed/i, weight: STRONG, label: 'server: LiteSpeed' }, { kind: 'header', name: 'x-litespeed-cache', weight: STRONG, label: 'x-litespeed-cache' }] },
  { id: 'caddy', signals: [{ kind: 'header', name: 'server', pattern: /^Caddy/i, weight: STRONG, label: 'server: Caddy' }] },
  { id: 'iis', signals: [{ kind: 'header', name: 'server', pattern: /Microsoft-IIS/i, weight: STRONG, label: 'server: Microsoft-IIS' }] },
  { id: 'express', signals: [{ kind: 'header', name: 'x-powered-by', pattern: /^Express/i, weight: STRONG, label: 'x-powered-by: Express' }] },
]);

/** A platform the detector knows (wordpress, shopify, nextjs...). */
export type PlatformId = (typeof FINGERPRINTS)[number]['id'];
/** A host, CDN or web server the detector knows (vercel, cloudflare, nginx...). */
export type HostingId = (typeof HOSTING_FINGERPRINTS)[number]['id'];

/** SEO plugins (catalog §6.3); the first match wins. */
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
      { kind: 'html', pattern: /\/plugins\/seo-by-rank-math(-pro)?\/|Search Engine Optimization by Rank Math/i, weight: STRONG, label: 'Rank Math' },
      { kind: 'selector', selector: 'script.rank-math-schema, script.rank-math-schema-pro', weight: STRONG, label: 'rank-math-schema' },
    ],
  },
  {
    id: 'aioseo',
    signals: [
      { kind: 'html', pattern: /All in One SEO (Pack |Pro )?\d|\/plugins\/all-in-one-seo-pack(-pro)?\//i, weight: STRONG, label: 'AIOSEO comment' },
      { kind: 'selector', selector: 'script.aioseo-schema', weight: STRONG, label: 'aioseo-schema' },
      { kind: 'generator', pattern: /All in One SEO/i, weight: STRONG, label: 'meta generator AIOSEO' },
    ],
  },
  {
    id: 'seopress',
    signals: [{ kind: 'html', pattern: /\/wp-content\/(plugins\/wp-seopress(-pro)?|themes\/seopress)\//i, weight: STRONG, label: 'SEOPress assets' }],
  },
  {
    id: 'the-seo-framework',
    signals: [{ kind: 'html', pattern: /The SEO Framework by Sybre Waaijer/i, weight: STRONG, label: 'The SEO Framework comment' }],
  },
  {
    id: 'squirrly',
    signals: [{ kind: 'html', pattern: /Squirrly SEO Plugin|\/plugins\/squirrly-seo\//i, weight: STRONG, label: 'Squirrly SEO' }],
  },
];
