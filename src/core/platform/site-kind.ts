/**
 * isEcommerce and isApp (catalog §6.4): weighted signals combined as 1 - Π(1 - wᵢ), true at >= 0.6.
 * Signal names follow the anchor's vocabulary (platform:*, schema:Offer, url:/cart, payment:*,
 * prices:multiple). Weak signals (0.2-0.3) are weighted so that two of them stay below 0.6: a SaaS
 * pricing page with a Stripe script and a /checkout link is not a shop.
 */
import type { PageFacts } from './page-facts.js';

export const THRESHOLD = 0.6;

const COMMERCE_PLATFORMS = new Set(['shopify', 'woocommerce', 'magento', 'bigcommerce', 'prestashop', 'shopware', 'sfcc']);

/** Commerce add-ons of site builders, recognisable in the page (catalog §6.2 weak column). */
const BUILDER_COMMERCE: Record<string, { name: string; pattern: RegExp }> = {
  wix: { name: 'platform:wix-stores', pattern: /wixstores|wix-ecommerce/i },
  squarespace: { name: 'platform:squarespace-commerce', pattern: /\/commerce-[\w-]*\.js|squarespace-commerce/i },
  webflow: { name: 'platform:webflow-ecommerce', pattern: /__WEBFLOW_CURRENCY_SETTINGS/ },
};

const MAX_LINKS = 5000;
/** Prices such as "$19.99", "€ 5,00", "12.50 EUR". Bounded digit runs keep the scan linear. */
const PRICE = /[$€£¥]\s?\d{1,9}[.,]\d{2}(?!\d)|(?<![\d.,])\d{1,9}[.,]\d{2}\s?(?:USD|EUR|GBP|€)/g;

function links(f: PageFacts): string[] {
  if (!f.$) return [];
  const $ = f.$;
  return $('a[href]')
    .slice(0, MAX_LINKS)
    .map((_, el) => $(el).attr('href') ?? '')
    .get();
}

/** Path of a link, for same-site and relative hrefs (absolute URLs are reduced to their path). */
function pathOf(href: string): string {
  const m = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*(.*)$/i.exec(href);
  return (m ? m[1] : href).split(/[?#]/)[0];
}

function countPrices(html: string, max: number): number {
  let n = 0;
  PRICE.lastIndex = 0;
  while (n < max && PRICE.exec(html)) n++;
  PRICE.lastIndex = 0;
  return n;
}

function combine(signals: Array<[string, number]>): { score: number; signals: string[] } {
  const score = 1 - signals.reduce((p, [, w]) => p * (1 - w), 1);
  return { score, signals: signals.map(([s]) => s) };
}

export function commerceSignals(f: PageFacts, platform: string): { score: number; signals: string[] } {
  const signals: Array<[string, number]> = [];
  if (COMMERCE_PLATFORMS.has(platform)) signals.push([`platform:${platform}`, 0.9]);
  const variant = BUILDER_COMMERCE[platform];
  if (variant && variant.pattern.test(f.html)) signals.push([variant.name, 0.9]);
  if (/"@type"\s*:\s*(?:\[\s*)?"(Product|Offer|AggregateOffer)"/.test(f.html)) signals.push(['schema:Offer', 0.5]);
  if (f.$ && f.$('meta[property="og:type"][content="product" i], meta[property="product:price:amount"]').length) signals.push(['meta:og:product', 0.4]);
  const paths = links(f).map(pathOf);
  const shopPath = ['/cart', '/checkout', '/basket'].find((p) => paths.some((h) => h === p || h.endsWith(p) || h.includes(`${p}/`)));
  if (shopPath) signals.push([`url:${shopPath}`, 0.3]);
  if (f.$ && f.$('form[action*="/cart/add"], form[action*="add-to-cart"], [name="add-to-cart"]').length) signals.push(['form:add-to-cart', 0.4]);
  const payment = /js\.stripe\.com|paypal\.com\/sdk|paypalobjects\.com|apple-pay|applepay|shop-pay|shopify-payment-button|pay\.google\.com/i.exec(f.html);
  if (payment) signals.push([`payment:${/stripe/i.test(payment[0]) ? 'stripe' : /paypal/i.test(payment[0]) ? 'paypal' : 'wallet'}`, 0.3]);
  if (countPrices(f.html, 3) >= 3) signals.push(['prices:multiple', 0.2]);
  return combine(signals);
}

export function appSignals(f: PageFacts, platform: string): { score: number; signals: string[] } {
  const signals: Array<[string, number]> = [];
  if (platform === 'bubble') signals.push(['platform:bubble', 0.9]);
  const hrefs = links(f);
  if (hrefs.some((h) => /(^|\/)(login|log-in|signin|sign-in|signup|sign-up|register|dashboard|app)(\/|$|\?)/i.test(pathOf(h))))
    signals.push(['links:login', 0.4]);
  if (hrefs.some((h) => /^https?:\/\/(app|console|dashboard|my)\./i.test(h))) signals.push(['links:app-subdomain', 0.4]);
  if (f.$ && f.$('link[rel="manifest"]').length) signals.push(['manifest', 0.2]);
  if (f.$ && f.$('body').text().trim().length < 200 && f.$('#root, #app, #__next, #__nuxt, app-root').length) signals.push(['spa-shell', 0.3]);
  return combine(signals);
}
