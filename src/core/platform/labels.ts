/** Display names for platform, hosting and SEO plugin ids (reports, `explain --platform`). */
const LABELS: Record<string, string> = {
  // platforms
  wordpress: 'WordPress',
  woocommerce: 'WooCommerce',
  shopify: 'Shopify',
  magento: 'Magento (Adobe Commerce)',
  bigcommerce: 'BigCommerce',
  prestashop: 'PrestaShop',
  shopware: 'Shopware',
  sfcc: 'Salesforce Commerce Cloud',
  drupal: 'Drupal',
  joomla: 'Joomla!',
  ghost: 'Ghost',
  hubspot: 'HubSpot CMS',
  wix: 'Wix',
  squarespace: 'Squarespace',
  webflow: 'Webflow',
  framer: 'Framer',
  duda: 'Duda',
  bubble: 'Bubble',
  substack: 'Substack',
  mintlify: 'Mintlify',
  gitbook: 'GitBook',
  docusaurus: 'Docusaurus',
  starlight: 'Starlight',
  vitepress: 'VitePress',
  mkdocs: 'MkDocs',
  nextra: 'Nextra',
  nextjs: 'Next.js',
  nuxt: 'Nuxt',
  remix: 'Remix / React Router',
  sveltekit: 'SvelteKit',
  gatsby: 'Gatsby',
  astro: 'Astro',
  hugo: 'Hugo',
  jekyll: 'Jekyll',
  eleventy: 'Eleventy',
  unknown: 'Unknown',
  generic: 'Any web server',
  // hosting, CDN, servers
  cloudflare: 'Cloudflare',
  vercel: 'Vercel',
  netlify: 'Netlify',
  'github-pages': 'GitHub Pages',
  fastly: 'Fastly',
  akamai: 'Akamai',
  cloudfront: 'Amazon CloudFront',
  'azure-front-door': 'Azure Front Door',
  fly: 'Fly.io',
  render: 'Render',
  heroku: 'Heroku',
  'wp-engine': 'WP Engine',
  kinsta: 'Kinsta',
  nginx: 'nginx',
  apache: 'Apache',
  litespeed: 'LiteSpeed',
  caddy: 'Caddy',
  iis: 'Microsoft IIS',
  express: 'Express',
  // SEO plugins
  yoast: 'Yoast SEO',
  'rank-math': 'Rank Math',
  aioseo: 'All in One SEO',
  seopress: 'SEOPress',
  'the-seo-framework': 'The SEO Framework',
  squirrly: 'Squirrly SEO',
};

/** Human name for an id; unknown ids come back unchanged (never throws). */
export function platformLabel(id: string): string {
  return Object.hasOwn(LABELS, id) ? LABELS[id] : id;
}

/** Every id with a display name (for listings and tests). */
export function labelledIds(): string[] {
  return Object.keys(LABELS);
}
