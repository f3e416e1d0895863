import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { d2Sitemap } from '../../../../src/core/checks/discoverability/d2-sitemap.js';
import { parseSitemap, SITEMAP_MAX_URLS, type SitemapArtifact, type SitemapProbe } from '../../../../src/core/gather/sitemap.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { notFound, ORIGIN, response, soft404 } from '../../../helpers/responses.js';
import { gatherContext } from './ctx.js';
import { outcomeProse } from '../../../helpers/outcome-prose.js';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const urlset = (...locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="${NS}">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const index = (...locs: string[]) =>
  `<?xml version="1.0"?><sitemapindex xmlns="${NS}">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`;
const BOMB = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]><urlset xmlns="${NS}"><url><loc>https://x.test/&lol2;</loc></url></urlset>`;
const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
/** 60 MiB of spaces, gzipped (~60 KB): built once for the tests that need it (~0.3 s of CPU each time). */
let bomb: Buffer | undefined;
const gzipBomb = () => (bomb ??= gzipSync(Buffer.alloc(60 * 1024 * 1024, 0x20)));

describe('parseSitemap', () => {
  it('reads a urlset with its namespace', () => {
    const p = parseSitemap(Buffer.from(urlset('https://a.test/', 'https://a.test/b')));
    expect(p).toMatchObject({ kind: 'urlset', namespace: NS, locCount: 2, fatal: null, problems: [], fullyParsed: true });
    expect(p.sample).toEqual(['https://a.test/', 'https://a.test/b']);
  });
  it('accepts prefixed roots and unescapes predefined entities only', () => {
    const p = parseSitemap(Buffer.from(`<sm:urlset xmlns:sm="${NS}"><sm:url><sm:loc>https://a.test/?a=1&amp;b=2</sm:loc></sm:url></sm:urlset>`));
    expect(p.kind).toBe('urlset');
    expect(p.problems).toEqual([]);
    expect(p.sample).toEqual(['https://a.test/?a=1&b=2']);
  });
  it('flags a wrong or missing namespace, an empty urlset, relative URLs and malformed XML', () => {
    expect(
      parseSitemap(Buffer.from('<urlset xmlns="http://www.google.com/schemas/sitemap/0.84"><url><loc>https://a.test/</loc></url></urlset>')).problems[0],
    ).toMatch(/wrong namespace/);
    expect(parseSitemap(Buffer.from('<urlset><url><loc>https://a.test/</loc></url></urlset>')).problems[0]).toMatch(/no sitemap namespace/);
    expect(parseSitemap(Buffer.from(urlset())).problems).toContain('no <loc> entries (empty sitemap)');
    expect(parseSitemap(Buffer.from(urlset('/relative'))).problems.join()).toMatch(/not absolute/);
    expect(parseSitemap(Buffer.from(`<urlset xmlns="${NS}"><url><loc>https://a.test/</loc></urlset>`)).problems.join()).toMatch(/malformed XML/);
  });
  it('names whitespace before the XML declaration, reads CDATA locations and tolerates stylesheet PIs', () => {
    const lead = parseSitemap(Buffer.from(`\n${index('https://a.test/s.xml')}`));
    expect(lead.kind).toBe('sitemapindex');
    expect(lead.problems).toEqual([expect.stringMatching(/whitespace before the <\?xml declaration/)]);
    const styled = parseSitemap(Buffer.from(urlset('https://a.test/').replace('?>', '?><?xml-stylesheet type="text/xsl" href="/s.xsl"?>')));
    expect(styled.problems).toEqual([]);
    expect(parseSitemap(Buffer.from(`<urlset xmlns="${NS}"><url><loc><![CDATA[https://a.test/x]]></loc></url></urlset>`)).sample).toEqual(['https://a.test/x']);
  });
  it('flags more than 50,000 entries', () => {
    const big = `<urlset xmlns="${NS}">` + '<url><loc>https://a.test/p</loc></url>'.repeat(SITEMAP_MAX_URLS + 1) + '</urlset>';
    const p = parseSitemap(Buffer.from(big));
    expect(p.locCount).toBe(SITEMAP_MAX_URLS + 1);
    expect(p.problems.join()).toMatch(/over the protocol's 50000/);
  });
  it('counts entries by scanning beyond the full-parse size', () => {
    const entry = `<url><loc>https://a.test/${'x'.repeat(200)}</loc></url>`;
    const n = Math.ceil((10 * 1024 * 1024) / entry.length) + 10;
    const p = parseSitemap(Buffer.from(`<urlset xmlns="${NS}">${entry.repeat(n)}</urlset>`));
    expect(p.fullyParsed).toBe(false);
    expect(p.locCount).toBe(n);
  });
  it('reads plain-text, RSS and Atom sitemaps', () => {
    expect(parseSitemap(Buffer.from('https://a.test/\nhttps://a.test/b\n'))).toMatchObject({ kind: 'text', locCount: 2, problems: [] });
    expect(parseSitemap(Buffer.from('<rss version="2.0"><channel><title>t</title><item><link>https://a.test/p</link></item></channel></rss>'))).toMatchObject({
      kind: 'rss',
      locCount: 1,
      problems: [],
    });
    expect(
      parseSitemap(Buffer.from('<feed xmlns="http://www.w3.org/2005/Atom"><entry><link rel="alternate" href="https://a.test/e"/></entry></feed>')),
    ).toMatchObject({ kind: 'atom', locCount: 1, sample: ['https://a.test/e'] });
  });
  it('rejects HTML, prose and unknown roots', () => {
    expect(parseSitemap(Buffer.from('<!doctype html><html><body>hi</body></html>')).fatal).toMatch(/HTML/);
    expect(parseSitemap(Buffer.from('hello world\nthis is not a sitemap')).fatal).toMatch(/neither XML/);
    expect(parseSitemap(Buffer.from('<note><to>x</to></note>')).fatal).toMatch(/root element <note>/);
  });
  it('refuses entity declarations without expanding them', () => {
    const p = parseSitemap(Buffer.from(BOMB));
    expect(p.kind).toBeNull();
    expect(p.fatal).toMatch(/declares entities/);
  });
  it('inflates gzip by magic bytes, and stops a gzip bomb at the cap', () => {
    const gz = parseSitemap(gzipSync(urlset('https://a.test/')));
    expect(gz).toMatchObject({ kind: 'urlset', gzip: true, locCount: 1, problems: [] });
    const bomb = gzipBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const p = parseSitemap(bomb);
    expect(p.kind).toBeNull();
    expect(p.fatal).toMatch(/gzip bomb/);
  });
});

function cand(url: string, source: SitemapProbe['source'], body: string | null, child?: SitemapProbe): SitemapProbe {
  const probe = body === null ? notFound(url) : response({ url, headers: { 'content-type': 'application/xml' }, body });
  return { url: new URL(url, ORIGIN).href, source, probe, parsed: body === null ? null : parseSitemap(Buffer.from(body)), ...(child ? { child } : {}) };
}
const art = (candidates: SitemapProbe[], robotsListed: string[] = []): SitemapArtifact => ({ robotsListed, candidates, wordpress: false });

describe('D2 evaluate', () => {
  it('passes a robots-listed urlset', () => {
    const o = d2Sitemap.evaluate(art([cand('/sm.xml', 'robots', urlset('https://a.test/'))], [`${ORIGIN}/sm.xml`]), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toMatch(/Sitemaps 0.9 \(XML urlset\)/);
    expect(o.advisoryFindings ?? []).toEqual([]);
  });
  it('passes a fallback with an advisory to list it in robots.txt', () => {
    const o = d2Sitemap.evaluate(art([cand('/sitemap-index.xml', 'fallback', null), cand('/sitemap.xml', 'fallback', urlset('https://a.test/'))]), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings).toEqual([expect.objectContaining({ code: 'D2/not-in-robots', data: { url: `${ORIGIN}/sitemap.xml` } })]);
    expect(o.probes).toHaveLength(2);
  });
  it('is partial when robots.txt points to a broken URL and a fallback works', () => {
    const o = d2Sitemap.evaluate(
      art([cand('/gone.xml', 'robots', null), cand('/sitemap.xml', 'fallback', urlset('https://a.test/'))], [`${ORIGIN}/gone.xml`]),
      ctx,
    );
    expect(o.status).toBe('partial');
    expect(o.remediation).toContain('/sitemap.xml');
  });
  it('validates an index through its first child', () => {
    const good = cand(
      '/sitemap_index.xml',
      'fallback',
      index('https://a.test/s1.xml'),
      cand('https://a.test/s1.xml', 'index-child', urlset('https://a.test/')),
    );
    expect(d2Sitemap.evaluate(art([good]), ctx).status).toBe('pass');
    const broken = cand('/sitemap_index.xml', 'fallback', index('https://a.test/s1.xml'), cand('https://a.test/s1.xml', 'index-child', null));
    const o = d2Sitemap.evaluate(art([broken]), ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('D2/defective');
    expect(o.findings).toEqual([expect.objectContaining({ code: 'D2/child-unreadable', data: { url: 'https://a.test/s1.xml' } })]);
    expect(o.evidence).toMatch(/defective: its first child https:\/\/a\.test\/s1\.xml is not a readable sitemap\. GET /);
    expect(o.data).toMatchObject({ tried1Tag: 'fallback, sitemapindex, 1 entry', tried2Tag: 'first child, absent' });
    expect(outcomeProse(d2Sitemap, [o, d2Sitemap.evaluate(art([good]), ctx)])).toEqual([]);
  });
  it('is partial for an empty urlset and fails when nothing is a sitemap', () => {
    expect(d2Sitemap.evaluate(art([cand('/sitemap.xml', 'fallback', urlset())]), ctx).status).toBe('partial');
    const soft = {
      url: `${ORIGIN}/sitemap.xml`,
      source: 'fallback' as const,
      probe: soft404('/sitemap.xml'),
      parsed: parseSitemap(Buffer.from(soft404('/x').body)),
    };
    const o = d2Sitemap.evaluate(art([cand('/sitemap-index.xml', 'fallback', null), soft]), ctx);
    expect(o.status).toBe('fail');
    expect(o.code).toBe('D2/missing');
    expect(o.data).toMatchObject({ tried1Tag: 'fallback, absent', tried2Tag: 'fallback, not-sitemap', tried2Type: 'text/html' });
    const listed = d2Sitemap.evaluate(art([cand('/gone.xml', 'robots', null)], [`${ORIGIN}/gone.xml`]), ctx);
    expect(listed.code).toBe('D2/missing-listed');
    expect(outcomeProse(d2Sitemap, [o, listed])).toEqual([]);
  });
  it('fails an entity bomb', () => {
    expect(d2Sitemap.evaluate(art([cand('/sitemap.xml', 'robots', BOMB)], [`${ORIGIN}/sitemap.xml`]), ctx).status).toBe('fail');
  });
  it('adapts the fix guide to the platform and ends with verify + spec', () => {
    const wp = d2Sitemap.fixGuide({ origin: ORIGIN, platform: 'wordpress', hosting: [] });
    expect(wp[0].body).toMatch(/wp-sitemap\.xml/);
    expect(d2Sitemap.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] })[0].code).toContain('MetadataRoute.Sitemap');
    expect(d2Sitemap.fixGuide({ origin: ORIGIN, platform: 'astro', hosting: [] })[0].code).toContain('astro add sitemap');
    const generic = d2Sitemap.fixGuide({ origin: ORIGIN, platform: null, hosting: [] });
    expect(generic[0].code).toContain(`<loc>${ORIGIN}/</loc>`);
    expect(generic.at(-2)?.title).toBe('Verify');
    expect(generic.length).toBeLessThanOrEqual(6);
  });
});

describe('D2 gather (loopback sites)', () => {
  const sites: FixtureSite[] = [];
  const start = async (routes: Parameters<typeof startFixture>[0]) => {
    const s = await startFixture(routes);
    sites.push(s);
    return s;
  };
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
  });
  const html = { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>Home</body></html>' };
  const xml = (body: string | Buffer) => ({ headers: { 'content-type': 'application/xml' }, body });
  const run = async (s: FixtureSite) => {
    const c = await gatherContext(`${s.origin}/`);
    const a = await d2Sitemap.gather(c);
    return { a, o: d2Sitemap.evaluate(a, { origin: s.origin, pageUrl: `${s.origin}/` }) };
  };

  it('uses the robots.txt Sitemap line and skips fallbacks', async () => {
    const s = await start((site) => ({
      '/': html,
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: `User-agent: *\nAllow: /\nSitemap: ${site.origin}/maps/main.xml\n` },
      '/maps/main.xml': xml(urlset(`${site.origin}/`)),
    }));
    const { o } = await run(s);
    expect(o.status).toBe('pass');
    expect(s.requests.map((r) => r.path)).not.toContain('/sitemap.xml');
  });
  it("tries the fallbacks and picks the first usable one in the anchor's order", async () => {
    const s = await start((site) => ({
      '/': html,
      '/sitemap_index.xml': xml(index(`${site.origin}/child.xml`)),
      '/child.xml': xml(urlset(`${site.origin}/a`)),
      '/sitemap.xml': xml(urlset(`${site.origin}/`)),
    }));
    const { a, o } = await run(s);
    expect(o.status).toBe('pass');
    expect(o).toMatchObject({ code: 'D2/ok-index', data: { url: `${s.origin}/sitemap_index.xml` } });
    expect(a.candidates.map((c) => new URL(c.url).pathname)).toEqual(['/sitemap-index.xml', '/sitemap.xml.gz', '/sitemap_index.xml']);
    expect(s.requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/sitemap-index.xml', '/sitemap.xml.gz', '/sitemap_index.xml', '/sitemap.xml', '/child.xml']),
    );
  });
  it('skips an index whose child is broken and moves on to the next fallback', async () => {
    const s = await start((site) => ({
      '/': html,
      '/sitemap-index.xml': xml(index(`${site.origin}/gone.xml`)),
      '/sitemap.xml': xml(urlset(`${site.origin}/`)),
    }));
    const { o } = await run(s);
    expect(o.status).toBe('pass');
    expect(o.evidence).toContain('/gone.xml → 404');
  });
  it('reads a .gz sitemap by magic bytes (no Content-Encoding)', async () => {
    const s = await start((site) => ({
      '/': html,
      '/sitemap.xml.gz': { headers: { 'content-type': 'application/gzip' }, body: gzipSync(urlset(`${site.origin}/`)) },
    }));
    const { a, o } = await run(s);
    expect(o.status).toBe('pass');
    expect(a.candidates.find((c) => c.url.endsWith('.gz'))?.parsed?.gzip).toBe(true);
  });
  it('follows the first child of an index', async () => {
    const s = await start((site) => ({
      '/': html,
      '/sitemap-index.xml': xml(index(`${site.origin}/s-1.xml`, `${site.origin}/s-2.xml`)),
      '/s-1.xml': xml(urlset(`${site.origin}/a`)),
    }));
    const { o } = await run(s);
    expect(o.status).toBe('pass');
    expect(s.requests.map((r) => r.path)).toContain('/s-1.xml');
    expect(s.requests.map((r) => r.path)).not.toContain('/s-2.xml');
  });
  it('tries /wp-sitemap.xml on a WordPress-looking site', async () => {
    const s = await start((site) => ({
      '/': {
        headers: { 'content-type': 'text/html' },
        body: '<html><head><link rel="stylesheet" href="/wp-content/themes/x/style.css"></head><body>x</body></html>',
      },
      '/wp-sitemap.xml': xml(index(`${site.origin}/wp-sitemap-posts-post-1.xml`)),
      '/wp-sitemap-posts-post-1.xml': xml(urlset(`${site.origin}/hello`)),
    }));
    const { a, o } = await run(s);
    expect(a.wordpress).toBe(true);
    expect(o.status).toBe('pass');
  });
  it('does not pass an entity bomb or a gzip bomb', async () => {
    const s = await start({
      '/': html,
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nSitemap: /bomb.xml\nSitemap: /bomb.xml.gz\n' },
      '/bomb.xml': xml(BOMB),
      '/bomb.xml.gz': { headers: { 'content-type': 'application/gzip' }, body: gzipBomb() },
    });
    const { a, o } = await run(s);
    expect(o.status).toBe('fail');
    expect(a.candidates.map((c) => c.parsed?.fatal).join()).toMatch(/declares entities.*gzip bomb/);
  });
  it('does not pass a catch-all HTML site', async () => {
    const s = await start({ '*': html });
    const { o } = await run(s);
    expect(o.status).toBe('fail');
  });
});
