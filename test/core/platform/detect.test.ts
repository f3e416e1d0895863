import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { detectPlatform } from '../../../src/core/platform/detect.js';
import { FINGERPRINTS, KNOWN_PLATFORMS } from '../../../src/core/fixes/platform-fingerprints.js';
import { platformLabel } from '../../../src/core/fixes/platform-labels.js';
import { response } from '../../helpers/responses.js';
import { SAMPLES, type PageSample } from './samples.js';

function detect(sample: PageSample) {
  const page = response({ headers: { 'content-type': 'text/html; charset=utf-8', ...sample.headers }, body: sample.html });
  return detectPlatform({ page, $: load(page.text) }, KNOWN_PLATFORMS);
}

const PLAIN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Jane's bakery</title>
<link rel="stylesheet" href="/css/site.css"><script src="/js/app.js" defer></script></head>
<body><header><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/contact">Contact</a></nav></header>
<main><h1>Fresh bread every morning</h1><p>We bake sourdough, rye and baguettes in the heart of town.</p></main></body></html>`;

describe('detectPlatform: one realistic sample per platform', () => {
  it('has a sample for every fingerprint and at least 20 platforms', () => {
    const ids = FINGERPRINTS.map((f) => f.id);
    expect(ids.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(SAMPLES).sort()).toEqual([...ids].sort());
  });

  for (const [id, sample] of Object.entries(SAMPLES)) {
    it(`detects ${id}`, () => {
      const info = detect(sample);
      expect(info.platform).toBe(id);
      expect(info.confidence).toBeGreaterThanOrEqual(0.5);
      expect(info.confidence).toBeLessThanOrEqual(1);
      expect(info.evidence.length).toBeGreaterThan(0);
    });
  }
});

describe('detectPlatform: negatives and precedence', () => {
  it('reports a plain hand-written page as unknown with no evidence of a platform', () => {
    const info = detect({ html: PLAIN });
    expect(info).toMatchObject({ platform: 'unknown', confidence: 0, isEcommerce: false, isApp: false, seoPlugin: null, hosting: [] });
  });

  it('does not detect a platform from a non-HTML body', () => {
    const page = response({ headers: { 'content-type': 'application/json' }, body: '{"generator":"WordPress"}' });
    expect(detectPlatform({ page, $: null }, KNOWN_PLATFORMS).platform).toBe('unknown');
  });

  it('needs 0.5 confidence: a single weak signal is not enough', () => {
    // A wp-block class alone (0.3) could be copied markup.
    const info = detect({ html: PLAIN.replace('<main>', '<main class="wp-block-group">') });
    expect(info.platform).toBe('unknown');
  });

  it('reports a Next.js front end on WordPress as wordpress, with the framework as headless evidence', () => {
    const info = detect({
      headers: { 'x-powered-by': 'Next.js', 'x-vercel-id': 'iad1::xyz' },
      html: `<!doctype html><html><head><script src="/_next/static/chunks/main.js" defer></script></head><body>
<img src="https://cms.example.com/wp-content/uploads/2024/05/hero.jpg" alt="">
<script id="__NEXT_DATA__" type="application/json">{"props":{}}</script></body></html>`,
    });
    expect(info.platform).toBe('wordpress');
    expect(info.evidence.some((e) => e.startsWith('headless, Next.js front end'))).toBe(true);
    expect(info.hosting).toEqual(['vercel']);
  });

  it('says "built on" rather than "headless" for a docs platform on its own framework', () => {
    const info = detect(SAMPLES.mintlify);
    expect(info.platform).toBe('mintlify');
    expect(info.evidence.some((e) => e.startsWith('built on Next.js'))).toBe(true);
    expect(info.evidence.some((e) => e.startsWith('headless'))).toBe(false);
  });

  it('puts Starlight above the Astro it is built on', () => {
    const info = detect(SAMPLES.starlight);
    expect(info.platform).toBe('starlight');
    expect(info.evidence.some((e) => e.startsWith('built on Astro'))).toBe(true);
  });

  it('reports woocommerce only on top of wordpress, and keeps wordpress in the evidence', () => {
    const info = detect(SAMPLES.woocommerce);
    expect(info.platform).toBe('woocommerce');
    expect(info.evidence.some((e) => e.startsWith('runs on WordPress'))).toBe(true);
    // The same WooCommerce markers without any WordPress signal do not claim WooCommerce.
    const orphan = detect({ html: '<html><head><script>var woocommerce_params = {};</script></head><body></body></html>' });
    expect(orphan.platform).toBe('unknown');
  });

  it('does not call a WordPress site with a Shopify Buy Button a Shopify store', () => {
    const html = SAMPLES.wordpress.html.replace(
      '</body>',
      '<script src="https://sdks.shopifycdn.com/buy-button/latest/buy-button-storefront.min.js"></script></body>',
    );
    expect(detect({ ...SAMPLES.wordpress, html }).platform).toBe('wordpress');
  });

  it('does not take HubSpot tracking or forms on another site for HubSpot CMS', () => {
    const html = PLAIN.replace(
      '</body>',
      '<script id="hs-script-loader" async src="//js.hs-scripts.com/123.js"></script><script src="//js.hsforms.net/forms/embed/v2.js"></script></body>',
    );
    expect(detect({ html }).platform).toBe('unknown');
  });

  it('matches generator patterns per meta tag, so a later generator cannot satisfy an anchored pattern', () => {
    const info = detect({
      html: '<html><head><meta name="generator" content="Site Kit by Google"><meta name="generator" content="Powered by WordPress fans"></head><body></body></html>',
    });
    expect(info.platform).toBe('unknown');
  });

  it('matches cookies by name, not by attribute text', () => {
    const info = detect({ headers: { 'set-cookie': 'session=1; Path=/; Comment=_shopify_y' }, html: PLAIN });
    expect(info.platform).toBe('unknown');
  });

  it('stays bounded on a huge page with a marker beyond the scanned prefix', () => {
    const filler = '<p>' + 'lorem ipsum '.repeat(200_000) + '</p>';
    const html = `<html><head></head><body>${filler}<script>window.__NUXT__={}</script></body></html>`;
    const page = response({ headers: { 'content-type': 'text/html' }, body: html });
    const info = detectPlatform({ page, $: null }, KNOWN_PLATFORMS);
    expect(html.length).toBeGreaterThan(2_000_000);
    expect(info.platform).toBe('unknown');
  });

  // Each body repeats a prefix of some pattern so that a backtracking regex would go quadratic;
  // the test timeout is the bound (no timing assertion).
  const adversarial: Array<[string, string]> = [
    ['a digit run', '1'.repeat(300_000) + '.'],
    ['a letter run', 'a'.repeat(300_000) + '.'],
    ['repeated /page-data/', '/page-data/'.repeat(60_000)],
    ['repeated /_astro/', '/_astro/'.repeat(80_000)],
    ['repeated static', 'static'.repeat(100_000)],
    ['spaces after @type', '"@type"' + ' '.repeat(300_000) + ':' + ' '.repeat(300_000)],
    ['unclosed class attributes', 'class="'.repeat(50_000) + 'x'.repeat(100_000)],
  ];
  for (const [name, body] of adversarial) {
    it(`stays linear on ${name}`, () => {
      const info = detect({ html: `<html><body>${body}</body></html>` });
      expect(info.platform).toBe('unknown');
      expect(info.isEcommerce).toBe(false);
    });
  }
});

describe('hosting detection', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['cloudflare', { server: 'cloudflare', 'cf-ray': '8a-AMS' }],
    ['vercel', { 'x-vercel-id': 'fra1::abc' }],
    ['netlify', { server: 'Netlify', 'x-nf-request-id': '01H' }],
    ['github-pages', { server: 'GitHub.com' }],
    ['fastly', { 'x-served-by': 'cache-ams21046-AMS', 'x-timer': 'S1' }],
    ['akamai', { server: 'AkamaiGHost' }],
    ['cloudfront', { 'x-amz-cf-id': 'abc==', via: '1.1 abc.cloudfront.net (CloudFront)' }],
    ['nginx', { server: 'nginx/1.25.3' }],
    ['apache', { server: 'Apache/2.4.58 (Ubuntu)' }],
    ['litespeed', { server: 'LiteSpeed' }],
    ['caddy', { server: 'Caddy' }],
    ['iis', { server: 'Microsoft-IIS/10.0' }],
    ['express', { 'x-powered-by': 'Express' }],
  ];
  for (const [id, headers] of cases) {
    it(`detects ${id}`, () => {
      const info = detect({ headers, html: PLAIN });
      expect(info.hosting).toContain(id);
      expect(info.evidence.some((e) => e.startsWith('hosting:') && e.includes(id))).toBe(true);
      expect(info.platform).toBe('unknown');
    });
  }

  it('treats openresty as nginx and does not take Apache-Coyote (Tomcat) for Apache', () => {
    expect(detect({ headers: { server: 'openresty' }, html: PLAIN }).hosting).toEqual(['nginx']);
    expect(detect({ headers: { server: 'Apache-Coyote/1.1' }, html: PLAIN }).hosting).toEqual([]);
  });

  it('reports several layers at once (CDN in front of a server)', () => {
    const info = detect({ headers: { 'cf-ray': '8a-AMS', 'x-powered-by': 'Express' }, html: PLAIN });
    expect(info.hosting).toEqual(['cloudflare', 'express']);
  });
});

describe('SEO plugin detection', () => {
  const wp = (extra: string) => ({ ...SAMPLES.wordpress, html: SAMPLES.wordpress.html.replace('</head>', `${extra}</head>`) });
  const cases: Array<[string, string]> = [
    ['yoast', '<!-- This site is optimized with the Yoast SEO plugin v22.6 - https://yoast.com/wordpress/plugins/seo/ -->'],
    ['yoast', '<script type="application/ld+json" class="yoast-schema-graph">{}</script>'],
    ['rank-math', '<!-- Search Engine Optimization by Rank Math PRO - https://rankmath.com/ -->'],
    ['rank-math', '<script type="application/ld+json" class="rank-math-schema">{}</script>'],
    ['aioseo', '<!-- All in One SEO 4.6.2 - aioseo.com -->'],
    ['aioseo', '<meta name="generator" content="All in One SEO (AIOSEO) 4.6.2">'],
    ['seopress', '<link rel="stylesheet" href="https://blog.example/wp-content/plugins/wp-seopress/assets/css/seopress.css">'],
    ['the-seo-framework', '<!-- The SEO Framework by Sybre Waaijer -->'],
  ];
  for (const [id, marker] of cases) {
    it(`detects ${id} from ${marker.slice(0, 40)}…`, () => {
      const info = detect(wp(marker));
      expect(info.seoPlugin).toBe(id);
      expect(info.platform).toBe('wordpress');
    });
  }

  it('detects Yoast for Shopify on a Shopify store', () => {
    const s = SAMPLES.shopify;
    const info = detect({ ...s, html: s.html.replace('</head>', '<!-- This site is optimized with Yoast SEO for Shopify --></head>') });
    expect(info).toMatchObject({ platform: 'shopify', seoPlugin: 'yoast' });
  });

  it('reports null without a plugin', () => {
    expect(detect(SAMPLES.wordpress).seoPlugin).toBeNull();
  });
});

describe('isEcommerce and isApp', () => {
  it('marks a commerce platform as a shop with a platform:* signal', () => {
    for (const id of ['shopify', 'woocommerce', 'magento', 'bigcommerce', 'prestashop', 'shopware', 'sfcc']) {
      const info = detect(SAMPLES[id]);
      expect(info.isEcommerce, id).toBe(true);
      expect(info.commerceSignals, id).toContain(`platform:${id}`);
    }
  });

  it('does not mark a blog or docs site as a shop', () => {
    for (const id of ['wordpress', 'ghost', 'docusaurus', 'hugo']) expect(detect(SAMPLES[id]).isEcommerce, id).toBe(false);
  });

  it('two weak signals are not enough (a SaaS page with Stripe and a /checkout link)', () => {
    const html = PLAIN.replace('</head>', '<script src="https://js.stripe.com/v3/"></script></head>').replace(
      '</nav>',
      '<a href="/checkout">Upgrade</a></nav>',
    );
    const info = detect({ html });
    expect(info.commerceSignals).toEqual(['url:/checkout', 'payment:stripe']);
    expect(info.isEcommerce).toBe(false);
  });

  it('an independent shop with product markup, a cart and an add-to-cart form is a shop', () => {
    const html = PLAIN.replace(
      '</head>',
      '<meta property="og:type" content="product"><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","offers":{"@type":"Offer","price":"4.50"}}</script></head>',
    ).replace('</main>', '<a href="/cart">Cart</a><form action="/cart/add" method="post"><button>Add</button></form></main>');
    const info = detect({ html });
    expect(info.platform).toBe('unknown');
    expect(info.commerceSignals).toEqual(expect.arrayContaining(['schema:Offer', 'meta:og:product', 'url:/cart', 'form:add-to-cart']));
    expect(info.isEcommerce).toBe(true);
  });

  it('recognises commerce add-ons of site builders', () => {
    const wix = SAMPLES.wix;
    const info = detect({ ...wix, html: wix.html.replace('</head>', '<script>var viewerModel = {"siteFeatures":["wixstores"]};</script></head>') });
    expect(info).toMatchObject({ platform: 'wix', isEcommerce: true });
    expect(info.commerceSignals).toContain('platform:wix-stores');
    expect(detect(wix).isEcommerce).toBe(false);
  });

  it('marks an app from login links plus an app subdomain, not from a login link alone', () => {
    const loginOnly = PLAIN.replace('</nav>', '<a href="/login">Log in</a></nav>');
    expect(detect({ html: loginOnly }).isApp).toBe(false);
    const app = loginOnly.replace('</nav>', '<a href="https://app.example.com/">Open app</a></nav>');
    const info = detect({ html: app });
    expect(info.isApp).toBe(true);
  });

  it('marks Bubble sites as apps', () => {
    expect(detect(SAMPLES.bubble)).toMatchObject({ platform: 'bubble', isApp: true });
  });
});

describe('platformLabel', () => {
  it('names every fingerprint, hosting id and the usual suspects', () => {
    for (const fp of FINGERPRINTS) expect(platformLabel(fp.id), fp.id).not.toBe(fp.id);
    expect(platformLabel('wordpress')).toBe('WordPress');
    expect(platformLabel('nextjs')).toBe('Next.js');
    expect(platformLabel('github-pages')).toBe('GitHub Pages');
    expect(platformLabel('yoast')).toBe('Yoast SEO');
  });

  it('returns unknown ids unchanged and ignores prototype keys', () => {
    expect(platformLabel('my-cms')).toBe('my-cms');
    expect(platformLabel('constructor')).toBe('constructor');
  });
});
