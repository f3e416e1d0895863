/**
 * The platform packs, one module per platform or host (./<id>.ts), keyed by the ids the detector
 * knows (PlatformId, HostingId). Platforms first, then hosts, in the order `explain --platform`
 * lists them. Adding a platform: its module, and one line here.
 */
import type { GuideTarget, PlatformPack } from './types.js';
import { wordpress } from './wordpress.js';
import { woocommerce } from './woocommerce.js';
import { shopify } from './shopify.js';
import { wix } from './wix.js';
import { squarespace } from './squarespace.js';
import { webflow } from './webflow.js';
import { framer } from './framer.js';
import { duda } from './duda.js';
import { bubble } from './bubble.js';
import { substack } from './substack.js';
import { hubspot } from './hubspot.js';
import { bigcommerce } from './bigcommerce.js';
import { sfcc } from './sfcc.js';
import { magento } from './magento.js';
import { prestashop } from './prestashop.js';
import { shopware } from './shopware.js';
import { drupal } from './drupal.js';
import { joomla } from './joomla.js';
import { ghost } from './ghost.js';
import { mintlify } from './mintlify.js';
import { gitbook } from './gitbook.js';
import { nextjs } from './nextjs.js';
import { nextra } from './nextra.js';
import { nuxt } from './nuxt.js';
import { astro } from './astro.js';
import { starlight } from './starlight.js';
import { docusaurus } from './docusaurus.js';
import { gatsby } from './gatsby.js';
import { hugo } from './hugo.js';
import { jekyll } from './jekyll.js';
import { eleventy } from './eleventy.js';
import { vitepress } from './vitepress.js';
import { mkdocs } from './mkdocs.js';
import { sveltekit } from './sveltekit.js';
import { remix } from './remix.js';
import { cloudflare } from './cloudflare.js';
import { vercel } from './vercel.js';
import { netlify } from './netlify.js';
import { githubPages } from './github-pages.js';
import { nginx } from './nginx.js';
import { apache } from './apache.js';
import { litespeed } from './litespeed.js';
import { caddy } from './caddy.js';
import { iis } from './iis.js';
import { express } from './express.js';

export const PLATFORM_PACKS: Partial<Record<GuideTarget, PlatformPack>> = {
  wordpress,
  woocommerce,
  shopify,
  wix,
  squarespace,
  webflow,
  framer,
  duda,
  bubble,
  substack,
  hubspot,
  bigcommerce,
  sfcc,
  magento,
  prestashop,
  shopware,
  drupal,
  joomla,
  ghost,
  mintlify,
  gitbook,
  nextjs,
  nextra,
  nuxt,
  astro,
  starlight,
  docusaurus,
  gatsby,
  hugo,
  jekyll,
  eleventy,
  vitepress,
  mkdocs,
  sveltekit,
  remix,
  cloudflare,
  vercel,
  netlify,
  'github-pages': githubPages,
  nginx,
  apache,
  litespeed,
  caddy,
  iis,
  express,
};

/** Hosting ids in the order their packs are preferred when no platform pack applies. */
export const HOSTING_PRIORITY: readonly GuideTarget[] = ['vercel', 'netlify', 'github-pages', 'express', 'nginx', 'apache', 'litespeed', 'caddy', 'iis', 'cloudflare'];

export function packFor(id: string): PlatformPack | undefined {
  return Object.hasOwn(PLATFORM_PACKS, id) ? PLATFORM_PACKS[id as GuideTarget] : undefined;
}
