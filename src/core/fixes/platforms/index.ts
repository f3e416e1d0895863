/**
 * The platform packs, one module per platform or host (./<id>.ts): each brings its display name,
 * how the detector recognises it and its fix guidance. The detector's fingerprints, the labels
 * and the PlatformId / HostingId unions all derive from these two lists. Adding a platform: its
 * module, and one line here.
 */
import type { PackRegistry, PlatformPack } from './types.js';
import { woocommerce } from './woocommerce.js';
import { shopify } from './shopify.js';
import { magento } from './magento.js';
import { bigcommerce } from './bigcommerce.js';
import { prestashop } from './prestashop.js';
import { shopware } from './shopware.js';
import { sfcc } from './sfcc.js';
import { wordpress } from './wordpress.js';
import { drupal } from './drupal.js';
import { joomla } from './joomla.js';
import { ghost } from './ghost.js';
import { hubspot } from './hubspot.js';
import { wix } from './wix.js';
import { squarespace } from './squarespace.js';
import { webflow } from './webflow.js';
import { framer } from './framer.js';
import { duda } from './duda.js';
import { bubble } from './bubble.js';
import { substack } from './substack.js';
import { mintlify } from './mintlify.js';
import { gitbook } from './gitbook.js';
import { docusaurus } from './docusaurus.js';
import { starlight } from './starlight.js';
import { vitepress } from './vitepress.js';
import { mkdocs } from './mkdocs.js';
import { nextra } from './nextra.js';
import { nextjs } from './nextjs.js';
import { nuxt } from './nuxt.js';
import { remix } from './remix.js';
import { sveltekit } from './sveltekit.js';
import { gatsby } from './gatsby.js';
import { astro } from './astro.js';
import { hugo } from './hugo.js';
import { jekyll } from './jekyll.js';
import { eleventy } from './eleventy.js';
import { cloudflare } from './cloudflare.js';
import { vercel } from './vercel.js';
import { netlify } from './netlify.js';
import { githubPages } from './github-pages.js';
import { fastly } from './fastly.js';
import { akamai } from './akamai.js';
import { cloudfront } from './cloudfront.js';
import { azureFrontDoor } from './azure-front-door.js';
import { fly } from './fly.js';
import { render } from './render.js';
import { heroku } from './heroku.js';
import { wpEngine } from './wp-engine.js';
import { kinsta } from './kinsta.js';
import { nginx } from './nginx.js';
import { apache } from './apache.js';
import { litespeed } from './litespeed.js';
import { caddy } from './caddy.js';
import { iis } from './iis.js';
import { express } from './express.js';
import { staticFolder } from './static.js';

/**
 * Platforms, in the order the detector tries them: between two of equal rank and confidence the
 * earlier wins, and `explain --platform` lists them so.
 */
export const PLATFORMS = {
  woocommerce,
  shopify,
  magento,
  bigcommerce,
  prestashop,
  shopware,
  sfcc,
  wordpress,
  drupal,
  joomla,
  ghost,
  hubspot,
  wix,
  squarespace,
  webflow,
  framer,
  duda,
  bubble,
  substack,
  mintlify,
  gitbook,
  docusaurus,
  starlight,
  vitepress,
  mkdocs,
  nextra,
  nextjs,
  nuxt,
  remix,
  sveltekit,
  gatsby,
  astro,
  hugo,
  jekyll,
  eleventy,
} satisfies Record<string, PlatformPack>;

/** Hosts, CDNs and web servers, in the order a report lists those detected. */
export const HOSTS = {
  cloudflare,
  vercel,
  netlify,
  'github-pages': githubPages,
  fastly,
  akamai,
  cloudfront,
  'azure-front-door': azureFrontDoor,
  fly,
  render,
  heroku,
  'wp-engine': wpEngine,
  kinsta,
  nginx,
  apache,
  litespeed,
  caddy,
  iis,
  express,
} satisfies Record<string, PlatformPack>;

/** Project kinds that are no platform the detector reports: a plain static folder. */
export const FOLDERS = {
  static: staticFolder,
} satisfies Record<string, PlatformPack>;

/** A platform the detector knows (wordpress, shopify, nextjs...). */
export type PlatformId = keyof typeof PLATFORMS;
/** A host, CDN or web server the detector knows (vercel, cloudflare, nginx...). */
export type HostingId = keyof typeof HOSTS;
/** A project kind `ai-ready fix` may name: a platform, or a plain folder (only packs with `project` are writable). */
export type ProjectId = PlatformId | keyof typeof FOLDERS;
/** Every id a pack is written for: a detected platform or a host/server. */
export type GuideTarget = PlatformId | HostingId;

/** Every pack by id: platforms, then hosts. */
export const PLATFORM_PACKS: Record<GuideTarget, PlatformPack> = { ...PLATFORMS, ...HOSTS };

/** Hosting ids in the order their packs are preferred when no platform pack applies (each pack's `hostingRank`). */
export const HOSTING_PRIORITY: readonly HostingId[] = (Object.entries(HOSTS) as Array<[HostingId, PlatformPack]>)
  .filter(([, pack]) => pack.hostingRank !== undefined)
  .sort(([, a], [, b]) => a.hostingRank! - b.hostingRank!)
  .map(([id]) => id);

/**
 * A registry of `platforms` and `hosts` (ids as keys). The project's is `PACKS`; a test proves a
 * made-up pack is picked up by building one with it (`packRegistry({ ...PLATFORMS, acme }, HOSTS)`)
 * and passing it as the fix context's `packs`.
 */
export function packRegistry(platforms: Record<string, PlatformPack>, hosts: Record<string, PlatformPack>): PackRegistry {
  const byId: Record<string, PlatformPack> = { ...platforms, ...hosts };
  return { packFor: (id) => (Object.hasOwn(byId, id) ? byId[id] : undefined) };
}

/** The project's registry: every pack of the two lists above. */
export const PACKS: PackRegistry = packRegistry(PLATFORMS, HOSTS);
