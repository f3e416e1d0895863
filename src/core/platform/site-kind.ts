/** isEcommerce and isApp (catalog §6.4): weighted signals, true at >= 0.6. */
import type { PageFacts } from './detect.js';

const COMMERCE_PLATFORMS = new Set(['shopify', 'woocommerce', 'magento', 'bigcommerce', 'prestashop', 'shopware', 'sfcc']);

export function commerceSignals(f: PageFacts, platform: string): { score: number; signals: string[] } {
  const signals: Array<[string, number]> = [];
  if (COMMERCE_PLATFORMS.has(platform)) signals.push([`platform:${platform}`, 0.9]);
  if (/"@type"\s*:\s*"(Product|Offer|AggregateOffer)"/.test(f.html)) signals.push(['schema:Offer', 0.5]);
  if (f.$ && f.$('meta[property="og:type"][content="product" i]').length) signals.push(['meta:og:product', 0.4]);
  const links = f.$ ? f.$('a[href]').map((_, el) => f.$!(el).attr('href') ?? '').get() : [];
  const paths = ['/cart', '/checkout', '/basket'].filter((p) => links.some((h) => new RegExp(`(^|/)${p.slice(1)}(/|$|\\?)`).test(h)));
  if (paths.length) signals.push([`url:${paths[0]}`, 0.3]);
  if (f.$ && f.$('form[action*="/cart/add"]').length) signals.push(['form:add-to-cart', 0.4]);
  if (/js\.stripe\.com|paypal\.com\/sdk|applepay|shop-pay/i.test(f.html)) signals.push(['payment:script', 0.3]);
  const prices = f.html.match(/[$€£¥]\s?\d+[.,]\d{2}|\d+[.,]\d{2}\s?(USD|EUR|GBP|€)/g) ?? [];
  if (prices.length >= 3) signals.push(['prices:multiple', 0.2]);
  const score = 1 - signals.reduce((p, [, w]) => p * (1 - w), 1);
  return { score, signals: signals.map(([s]) => s) };
}

export function appSignals(f: PageFacts, platform: string): { score: number; signals: string[] } {
  const signals: Array<[string, number]> = [];
  if (platform === 'bubble') signals.push(['platform:bubble', 0.9]);
  const links = f.$ ? f.$('a[href]').map((_, el) => f.$!(el).attr('href') ?? '').get() : [];
  if (links.some((h) => /(^|\/)(login|signin|sign-in|signup|sign-up|dashboard|app)(\/|$|\?)/i.test(h))) signals.push(['links:login', 0.4]);
  if (links.some((h) => /^https?:\/\/(app|console|dashboard)\./i.test(h))) signals.push(['links:app-subdomain', 0.4]);
  if (f.$ && f.$('link[rel="manifest"]').length) signals.push(['manifest', 0.2]);
  const score = 1 - signals.reduce((p, [, w]) => p * (1 - w), 1);
  return { score, signals: signals.map(([s]) => s) };
}
