/**
 * Realistic page samples per platform: trimmed copies of what each platform really emits in its
 * headers and <head> (meta generator, asset hosts, inline globals). One positive sample per id.
 */
export interface PageSample {
  headers?: Record<string, string>;
  html: string;
}

const page = (head: string, body = '<main><h1>Welcome</h1><p>Some text about the site.</p></main>', htmlAttrs = 'lang="en"') =>
  `<!doctype html><html ${htmlAttrs}><head><meta charset="utf-8"><title>Site</title>${head}</head><body>${body}</body></html>`;

export const SAMPLES: Record<string, PageSample> = {
  wordpress: {
    headers: { link: '<https://blog.example/wp-json/>; rel="https://api.w.org/"', 'x-pingback': 'https://blog.example/xmlrpc.php' },
    html: page(
      `<meta name="generator" content="WordPress 6.5.3">
<link rel='stylesheet' id='wp-block-library-css' href='https://blog.example/wp-includes/css/dist/block-library/style.min.css?ver=6.5.3' media='all' />
<link rel="https://api.w.org/" href="https://blog.example/wp-json/" />`,
      '<div class="wp-block-group"><p>Hello world!</p></div>',
    ),
  },
  woocommerce: {
    headers: { link: '<https://shop.example/wp-json/>; rel="https://api.w.org/"' },
    html: page(
      `<meta name="generator" content="WordPress 6.5.3">
<meta name="generator" content="WooCommerce 8.9.1">
<script src="https://shop.example/wp-content/plugins/woocommerce/assets/js/frontend/add-to-cart.min.js?ver=8.9.1"></script>
<script>var wc_add_to_cart_params = {"ajax_url":"\\/wp-admin\\/admin-ajax.php"};</script>`,
      '<a href="/cart/">Cart</a><form class="cart" action="/product/mug/" method="post"><button name="add-to-cart" value="12">Add to cart</button></form>',
    ),
  },
  shopify: {
    headers: {
      'x-shopid': '5623',
      'x-shopify-stage': 'production',
      server: 'cloudflare',
      'cf-ray': '8a1b2c3d4e5f-AMS',
      'set-cookie': '_shopify_y=abc; path=/\n_shopify_s=def; path=/',
    },
    html: page(
      `<meta name="shopify-checkout-api-token" content="0123456789abcdef">
<meta name="shopify-digital-wallet" content="/5623/digital_wallets/dialog">
<script>var Shopify = Shopify || {}; Shopify.shop = "demo-store.myshopify.com";</script>
<link href="//cdn.shopify.com/s/files/1/0562/3/t/1/assets/base.css" rel="stylesheet">`,
    ),
  },
  magento: {
    headers: { 'set-cookie': 'X-Magento-Vary=abc; path=/\nPHPSESSID=1; path=/' },
    html: page(
      `<script type="text/x-magento-init">{"*":{"Magento_PageCache/js/form-key-provider":{}}}</script>
<link rel="stylesheet" href="https://store.example/static/version1700000000/frontend/Magento/luma/en_US/css/styles-m.css">`,
    ),
  },
  bigcommerce: {
    html: page(
      `<meta name="platform" content="bigcommerce.stencil">
<link href="https://cdn11.bigcommerce.com/s-abc123/stencil/theme.css" rel="stylesheet">
<script>var BCData = {"product_attributes":{}};</script>`,
    ),
  },
  prestashop: {
    headers: { 'set-cookie': 'PrestaShop-a1b2c3d4e5f6=def50200; path=/' },
    html: page(
      `<link rel="stylesheet" href="/modules/ps_searchbar/ps_searchbar.css">
<script>var prestashop = {"cart":{"products":[]},"currency":{"iso_code":"EUR"}};</script>`,
    ),
  },
  shopware: {
    headers: { 'sw-invalidation-states': '', 'sw-version-id': '0fa91ce3e96a4bc2be4bd9ce752c3425' },
    html: page(
      `<link rel="stylesheet" href="https://shop.example/theme/abc/css/all.css">
<script src="https://shop.example/bundles/storefront/storefront/js/storefront.js" defer></script>
<script>window.router = { 'frontend.cart.offcanvas': '/checkout/offcanvas' };</script>`,
    ),
  },
  sfcc: {
    headers: { 'set-cookie': 'dwsid=abc; path=/\ndwanonymous_0123abcd=xyz; path=/' },
    html: page(
      `<link rel="stylesheet" href="/on/demandware.static/Sites-RefArch-Site/-/en_US/v1700000000/css/global.css">
<form action="/on/demandware.store/Sites-RefArch-Site/en_US/Search-Show"></form>`,
    ),
  },
  drupal: {
    headers: { 'x-generator': 'Drupal 10 (https://www.drupal.org)', 'x-drupal-cache': 'HIT', expires: 'Sun, 19 Nov 1978 05:00:00 GMT' },
    html: page(
      `<meta name="Generator" content="Drupal 10 (https://www.drupal.org)">
<script type="application/json" data-drupal-selector="drupal-settings-json">{"path":{"baseUrl":"\\/"}}</script>
<link rel="stylesheet" href="/sites/default/files/css/css_abc.css">`,
    ),
  },
  joomla: {
    html: page(
      `<meta name="generator" content="Joomla! - Open Source Content Management">
<script type="application/json" class="joomla-script-options new">{"system.paths":{"root":""}}</script>
<script src="/media/system/js/core.min.js"></script>`,
    ),
  },
  ghost: {
    headers: { 'x-ghost-cache-status': 'HIT' },
    html: page(
      `<meta name="generator" content="Ghost 5.82">
<script defer src="https://cdn.jsdelivr.net/ghost/portal@~2.37/umd/portal.min.js" data-i18n="true" data-ghost="https://blog.example/" data-key="abc" data-api="https://blog.example/ghost/api/content/"></script>`,
      '<div class="gh-viewport"><header class="gh-head"></header><img src="/content/images/2024/01/cover.jpg"></div>',
    ),
  },
  hubspot: {
    headers: { 'x-hs-hub-id': '1234567', 'x-hs-content-id': '98765' },
    html: page(
      `<meta name="generator" content="HubSpot">
<link rel="stylesheet" href="https://www.example.com/hubfs/hub_generated/template_assets/1/main.min.css">`,
      '<div class="hs_cos_wrapper hs_cos_wrapper_widget" id="hs_cos_wrapper_module_1"></div>',
    ),
  },
  wix: {
    headers: { 'x-wix-request-id': '1712345678.123', server: 'Pepyaka' },
    html: page(
      `<meta name="generator" content="Wix.com Website Builder">
<link rel="preconnect" href="https://static.parastorage.com" crossorigin>
<script>window.wixBiSession = {"viewerSessionId":"abc"};</script>`,
    ),
  },
  squarespace: {
    headers: { server: 'Squarespace' },
    html: page(
      `<script>Static.SQUARESPACE_CONTEXT = {"website":{"id":"abc"}};</script>
<link rel="stylesheet" href="https://static1.squarespace.com/static/versioned-site-css/abc/site.css">`,
    ),
  },
  webflow: {
    html: page(
      `<meta content="Webflow" name="generator">
<link href="https://cdn.prod.website-files.com/abc/css/site.webflow.css" rel="stylesheet">`,
      '<div class="w-nav"></div><script>Webflow.push(function(){});</script>',
      'data-wf-domain="www.example.com" data-wf-page="65a1b2" data-wf-site="65a1b1" lang="en"',
    ),
  },
  framer: {
    html: page(
      `<meta name="generator" content="Framer 2f3e1c5">
<link rel="preconnect" href="https://framerusercontent.com">
<script type="module" src="https://framerusercontent.com/sites/abc/script_main.mjs"></script>`,
    ),
  },
  duda: {
    html: page(
      `<link rel="stylesheet" href="https://dd-cdn.multiscreensite.com/runtime-css/desktop.min.css">
<link rel="preload" as="image" href="https://irp.cdn-website.com/abc/dms3rep/multi/hero.jpg">`,
      '<div id="dmRoot" class="dmRoot"><div class="dmBody">Hello</div></div>',
    ),
  },
  bubble: {
    headers: { 'x-bubble-perf': '{"server":12}', 'x-bubble-capacity-used': '0' },
    html: page(`<link rel="icon" href="https://abc123.cdn.bubble.io/f1700000000000x1/favicon.png">`, '<div class="bubble-element Page"></div>'),
  },
  substack: {
    headers: { 'x-served-by': 'Substack' },
    html: page(`<link rel="preconnect" href="https://substackcdn.com"><script src="https://substackcdn.com/bundle/static/js/main.js"></script>`),
  },
  mintlify: {
    headers: { 'x-powered-by': 'Next.js' },
    html: page(
      `<meta name="generator" content="Mintlify">
<link rel="icon" href="https://mintlify.s3.us-west-1.amazonaws.com/acme/favicon.svg">
<script src="/_next/static/chunks/main-app.js" async></script>`,
    ),
  },
  gitbook: {
    html: page(
      `<meta name="generator" content="GitBook (28f7fba)">
<script>self.__next_f.push([1,"x"])</script>
<link rel="stylesheet" href="https://static-2v.gitbook.com/_next/static/css/abc.css">`,
    ),
  },
  docusaurus: {
    html: page(
      `<meta name="generator" content="Docusaurus v3.4.0">
<meta name="docusaurus_locale" content="en"><meta name="docusaurus_tag" content="default">
<script src="/assets/js/runtime~main.1a2b3c4d.js" defer></script>`,
      '<div id="__docusaurus"></div>',
    ),
  },
  starlight: {
    html: page(
      `<meta name="generator" content="Astro v4.11.0"><meta name="generator" content="Starlight v0.24.0">
<link rel="stylesheet" href="/_astro/index.DQ4gd5eD.css">`,
      '<starlight-theme-select></starlight-theme-select><div class="sl-markdown-content"><h1>Docs</h1></div>',
    ),
  },
  vitepress: {
    html: page(
      `<meta name="generator" content="VitePress v1.2.3">
<script>window.__VP_HASH_MAP__=JSON.parse("{}");window.__VP_SITE_DATA__=JSON.parse("{}");</script>`,
      '<div id="app"><div class="Layout"><header class="VPNav"></header><div class="VPContent"></div></div></div>',
    ),
  },
  mkdocs: {
    html: page(
      `<meta name="generator" content="mkdocs-1.6.0, mkdocs-material-9.5.27">
<link rel="stylesheet" href="assets/stylesheets/main.6543a935.min.css">`,
      '<header class="md-header md-header--shadow"></header><div class="md-container"></div>',
    ),
  },
  nextra: {
    headers: { 'x-powered-by': 'Next.js' },
    html: page(
      `<script src="/_next/static/chunks/webpack.js" defer></script>`,
      '<div class="nextra-nav-container"><nav></nav></div><aside class="nextra-sidebar-container"></aside><script id="__NEXT_DATA__" type="application/json">{"page":"/"}</script>',
    ),
  },
  nextjs: {
    headers: { 'x-powered-by': 'Next.js', 'x-vercel-id': 'fra1::abc', server: 'Vercel' },
    html: page(
      `<link rel="preload" href="/_next/static/media/font.woff2" as="font"><script src="/_next/static/chunks/main-app.js" async></script>`,
      '<div>Home</div><script>(self.__next_f=self.__next_f||[]).push([0]);self.__next_f.push([1,"1:x"])</script>',
    ),
  },
  nuxt: {
    html: page(
      `<link rel="modulepreload" as="script" crossorigin href="/_nuxt/entry.a1b2c3.js">`,
      '<div id="__nuxt"><div data-v-4b0a3c1e class="page">Hi</div></div><script type="application/json" id="__NUXT_DATA__" data-ssr="true">[{}]</script>',
    ),
  },
  remix: {
    html: page(
      `<link rel="modulepreload" href="/build/entry.client-ABC.js">`,
      '<div>Hi</div><script>window.__remixContext = {"url":"/","state":{}};</script><script>window.__remixManifest={}</script>',
    ),
  },
  sveltekit: {
    html: page(
      `<link href="/_app/immutable/assets/0.abc.css" rel="stylesheet">`,
      '<div style="display: contents"><a href="/about" data-sveltekit-preload-data>About</a></div><script>{ __sveltekit_1x2y3z = { base: "" }; }</script>',
    ),
  },
  gatsby: {
    html: page(
      `<meta name="generator" content="Gatsby 5.13.3"><style id="gatsby-inlined-css">body{margin:0}</style>`,
      '<div id="___gatsby"><div id="gatsby-focus-wrapper"></div></div>',
    ),
  },
  astro: {
    html: page(
      `<meta name="generator" content="Astro v4.11.0"><link rel="stylesheet" href="/_astro/index.DQ4gd5eD.css">`,
      '<astro-island uid="Z1" component-url="/_astro/Counter.js"></astro-island><main class="astro-j7pv25f6">Hi</main>',
    ),
  },
  hugo: {
    headers: { server: 'GitHub.com', 'x-github-request-id': 'ABCD:1234' },
    html: page(`<meta name="generator" content="Hugo 0.128.0">`),
  },
  jekyll: {
    headers: { server: 'GitHub.com' },
    html: page(`<meta name="generator" content="Jekyll v3.10.0"><!-- Begin Jekyll SEO tag v2.8.0 --><title>Blog</title><!-- End Jekyll SEO tag -->`),
  },
  eleventy: {
    headers: { server: 'Netlify', 'x-nf-request-id': '01HXYZ' },
    html: page(`<meta name="generator" content="Eleventy v2.0.1">`),
  },
};
