/**
 * Site scope reads platform signals on every sampled page: a marketing home page that shows no
 * platform takes the one its /docs pages show (named in the evidence); a home page that shows its
 * own keeps it; page scope reads the home page only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import { mergePlatform } from '../../src/core/platform/merge.js';
import type { PlatformInfo } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';

const H = { 'content-type': 'text/html; charset=utf-8' };
const doc = (title: string, head = '', links = '') => ({
  headers: H,
  body: `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1>${links}<p>${'Words about widgets. '.repeat(40)}</p></main></body></html>`,
});
const DOCUSAURUS = '<meta name="generator" content="Docusaurus v3.5.2">';
const LINKS = '<a href="/docs/a">A</a> <a href="/docs/b">B</a>';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixture(() => ({
    '/': doc('Acme', '', LINKS),
    '/docs/a': doc('Doc A', DOCUSAURUS),
    '/docs/b': doc('Doc B', DOCUSAURUS),
  }));
});
afterAll(() => site?.close());

describe('platform signals over the sample', () => {
  it('a home page without signals takes the platform its sampled docs pages show, naming the page', async () => {
    const r = await scan(site.origin);
    expect(r.platform?.platform).toBe('docusaurus');
    expect(r.platform?.evidence.join(' ')).toMatch(/meta generator Docusaurus \(on \/docs\/[ab]\)/);
  });

  it('page scope reads the home page only', async () => {
    const r = await scan(site.origin, { pages: 1 });
    expect(r.platform?.platform).toBe('unknown');
  });

  it('a conclusive target keeps its platform; hosting, store and app evidence add up', () => {
    const base: PlatformInfo = { platform: 'unknown', confidence: 0, evidence: [], isEcommerce: false, isApp: false, seoPlugin: null, hosting: [] };
    const wp: PlatformInfo = { ...base, platform: 'wordpress', confidence: 0.9, evidence: ['meta generator WordPress'], seoPlugin: 'yoast' };
    const shop: PlatformInfo = {
      ...base,
      platform: 'shopify',
      confidence: 0.9,
      evidence: ['Shopify CDN'],
      isEcommerce: true,
      hosting: ['cloudflare'],
      commerceSignals: ['Product JSON-LD'],
    };
    const merged = mergePlatform(wp, [{ label: '/shop', info: shop }]);
    expect(merged.platform).toBe('wordpress');
    expect(merged.seoPlugin).toBe('yoast');
    expect(merged.isEcommerce).toBe(true);
    expect(merged.hosting).toEqual(['cloudflare']);
    expect(merged.commerceSignals).toEqual(['Product JSON-LD (on /shop)']);
    expect(mergePlatform(base, [])).toBe(base);
    expect(mergePlatform(base, [{ label: '/x', info: base }]).platform).toBe('unknown');
  });
});
