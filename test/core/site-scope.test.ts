/**
 * Site scope end to end through the engine, on the issue-11 docs site (a marketing "/" and /docs
 * pages that negotiate Markdown), plus the sampling rule (property-based) and the aggregation.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import { ScanResponse } from '../../src/core/schema.js';
import { candidateUrl, pageKey, samplePages, sitemapLocs } from '../../src/core/gather/page-sample.js';
import { aggregateOutcome } from '../../src/core/site-scope.js';
import { resolvePages } from '../../src/core/scope.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { bare, docsOnlyNegotiation } from '../fixtures/sites.mjs';

let site: FixtureSite;
let tiny: FixtureSite;
beforeAll(async () => {
  site = await startFixture((s) => docsOnlyNegotiation(s.origin));
  tiny = await startFixture((s) => bare(s.origin));
});
afterAll(async () => {
  await site.close();
  await tiny.close();
});

describe('site scope on a docs-only-negotiation site', () => {
  it('samples 5 pages by default and gives C1 partial, naming the passing /docs pages', async () => {
    const r = await scan(site.origin);
    expect(ScanResponse.parse(r)).toBeTruthy();
    expect(r.scope).toBe('site');
    expect(r.pages?.map((p) => [new URL(p.url).pathname, p.source])).toEqual([
      ['/', 'target'],
      ['/docs/getting-started', 'llms.txt'],
      ['/pricing', 'sitemap'],
      ['/about', 'link'],
      ['/docs/api', 'llms.txt'],
    ]);
    const c1 = r.checks.find((c) => c.id === 'C1')!;
    expect(c1.status).toBe('partial');
    expect(c1.code).toBe('C1/some-pages');
    expect(c1.evidence).toMatch(/^On \/: /);
    const perPage = Object.fromEntries(r.pages!.map((p) => [new URL(p.url).pathname, p.checks.C1?.status]));
    expect(perPage).toEqual({ '/': 'fail', '/docs/getting-started': 'pass', '/pricing': 'fail', '/about': 'fail', '/docs/api': 'pass' });
    expect(r.pages![1].checks.C1).toMatchObject({ status: 'pass', code: 'C1/ok' });
    expect(r.pages![0].checks.C1).toMatchObject({ status: 'fail' });
    // C2 too: the /docs pages list a Markdown alternate.
    expect(r.checks.find((c) => c.id === 'C2')!.status).toBe('partial');
    // The browser GET and C1's two Markdown Accepts of a sampled page, each once (D4's check
    // of the llms.txt links asks too, with its own Accept).
    const asks = site.requests.filter((q) => q.path === '/docs/getting-started').map((q) => `${q.method} ${q.accept}`);
    expect(new Set(asks).size).toBe(asks.length);
    expect(asks.filter((a) => a.includes('text/markdown') && a.startsWith('GET')).length).toBeGreaterThanOrEqual(2);
  });

  it('pages: 1 is page scope: C1 fails as before and there is no pages[]', async () => {
    const before = site.requests.length;
    const r = await scan(site.origin, { pages: 1 });
    expect(r.scope).toBe('page');
    expect(r.pages).toBeUndefined();
    expect(r.checks.find((c) => c.id === 'C1')).toMatchObject({ status: 'fail', code: 'C1/no-markdown' });
    const paths = site.requests.slice(before).map((q) => q.path);
    expect(paths).not.toContain('/pricing');
    expect(paths).not.toContain('/about');
  });

  it('a site with nothing to sample reports the target alone, with the verdicts of today', async () => {
    const [site1, page1] = [await scan(tiny.origin), await scan(tiny.origin, { scope: 'page' })];
    expect(site1.pages).toHaveLength(1);
    const strip = (r: typeof site1) => r.checks.map((c) => [c.id, c.status, c.code, c.evidence]);
    expect(strip(site1)).toEqual(strip(page1));
  });

  it('a sampled page that answers an error is named and left out of the aggregate', async () => {
    const broken = await startFixture((s) => ({ ...docsOnlyNegotiation(s.origin), '/about': { status: 500, body: 'oops' } }));
    try {
      const r = await scan(broken.origin);
      const about = r.pages!.find((p) => p.url.endsWith('/about'))!;
      expect(about).toMatchObject({ status: 500, error: 'HTTP 500', checks: {} });
      const c1 = r.checks.find((c) => c.id === 'C1')!;
      expect(c1.code).toBe('C1/some-pages');
      const judged = r.pages!.filter((p) => p.checks.C1).map((p) => [new URL(p.url).pathname, p.checks.C1!.status]);
      expect(judged).toEqual([
        ['/', 'fail'],
        ['/docs/getting-started', 'pass'],
        ['/pricing', 'fail'],
        ['/docs/api', 'pass'],
      ]);
      expect(c1.evidence).toContain('left out: /about (HTTP 500)');
    } finally {
      await broken.close();
    }
  });
});

describe('page sampling rule', () => {
  const target = new URL('http://127.0.0.1:8080/');
  const path = fc.array(fc.constantFrom('docs', 'blog', 'a', 'b', 'x.md', 'y.pdf', 'index.html', ''), { maxLength: 3 }).map((p) => `/${p.join('/')}`);
  const raw = fc.oneof(
    path,
    path.map((p) => `http://127.0.0.1:8080${p}#frag`),
    path.map((p) => `https://elsewhere.test${p}`),
    fc.constant('mailto:a@b.test'),
    fc.string({ maxLength: 12 }),
  );
  const input = fc.record({
    pageLinks: fc.array(raw, { maxLength: 15 }),
    llmsLinks: fc.array(raw, { maxLength: 15 }),
    sitemapLocs: fc.array(raw, { maxLength: 15 }),
    pages: fc.integer({ min: 1, max: 20 }),
  });

  it('is deterministic, same-origin, page-like, without duplicates or the target, and bounded', () => {
    fc.assert(
      fc.property(input, (i) => {
        const out = samplePages({ target, ...i });
        expect(samplePages({ target, ...i })).toEqual(out);
        expect(out.length).toBeLessThanOrEqual(i.pages - 1);
        const keys = out.map((p) => pageKey(new URL(p.url)));
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys).not.toContain(pageKey(target));
        for (const p of out) {
          const u = new URL(p.url);
          expect(u.origin).toBe(target.origin);
          expect(u.hash).toBe('');
          expect(u.pathname).not.toMatch(/\.(md|pdf)$/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('takes as many pages as the sources offer, up to the count', () => {
    fc.assert(
      fc.property(input, (i) => {
        const distinct = new Set(
          [...i.llmsLinks, ...i.sitemapLocs, ...i.pageLinks]
            .map((r) => candidateUrl(r, target))
            .filter((u): u is URL => !!u)
            .map(pageKey),
        );
        distinct.delete(pageKey(target));
        expect(samplePages({ target, ...i }).length).toBe(Math.min(i.pages - 1, distinct.size));
      }),
      { numRuns: 300 },
    );
  });

  it('prefers a new first path segment, round-robin across llms.txt, sitemap and links', () => {
    const out = samplePages({
      target,
      llmsLinks: ['/docs/a', '/docs/b', '/docs/c'],
      sitemapLocs: ['/', '/docs/a', '/blog/1', '/blog/2'],
      pageLinks: ['/docs/', '/about', '/blog/1'],
      pages: 5,
    });
    expect(out.map((p) => [new URL(p.url).pathname, p.source])).toEqual([
      ['/docs/a', 'llms.txt'],
      ['/blog/1', 'sitemap'],
      ['/about', 'link'],
      ['/docs/b', 'llms.txt'],
    ]);
  });

  it('reads <loc>s of a sitemap, CDATA and entities included', () => {
    expect(sitemapLocs('<urlset><url><loc> https://a.test/x?a=1&amp;b=2 </loc></url><url><loc><![CDATA[https://a.test/y]]></loc></url></urlset>')).toEqual([
      'https://a.test/x?a=1&b=2',
      'https://a.test/y',
    ]);
  });

  it('resolves the page count from scope and pages', () => {
    expect(resolvePages({})).toBe(5);
    expect(resolvePages({ scope: 'page', pages: 9 })).toBe(1);
    expect(resolvePages({ pages: 99 })).toBe(20);
    expect(resolvePages({ pages: 0 })).toBe(1);
  });
});

describe('aggregation', () => {
  const o = (status: 'pass' | 'partial' | 'fail' | 'info', code = `C3/${status}`) => ({ status, code, evidence: `${status} here.` });
  it('keeps the target verdict when no other page was measured', () => {
    expect(aggregateOutcome('C3', { label: '/', outcome: o('pass') }, [], [])).toEqual(o('pass'));
  });
  it('agreeing pages keep the target code; mixed ones are partial with the some-pages code', () => {
    const agree = aggregateOutcome('C3', { label: '/', outcome: o('fail') }, [{ label: '/a', outcome: o('fail', 'C3/other') }], []);
    expect(agree).toMatchObject({ status: 'fail', code: 'C3/fail' });
    const mixed = aggregateOutcome(
      'C3',
      { label: '/', outcome: o('pass') },
      [
        { label: '/a', outcome: o('fail') },
        { label: '/b', outcome: o('info') },
      ],
      [],
    );
    expect(mixed).toMatchObject({ status: 'partial', code: 'C3/some-pages' });
    expect(mixed.evidence).toBe('On /: pass here. 1 of 2 sampled pages pass; pass: /; fail: /a. Site sample not measured: /b.');
  });
  it("mixed pages take the worst page's remediation together with the remedy it was rendered from", () => {
    const remedied = { ...o('partial'), remediation: 'Server-render /a.', remedy: 'C3/server-render-added-text', remedyData: { path: '/a' } };
    const mixed = aggregateOutcome(
      'C3',
      { label: '/', outcome: { ...o('partial'), remediation: 'Own fix.', remedy: 'C3/text-in-html' } },
      [{ label: '/a', outcome: { ...remedied, status: 'fail' } }],
      [],
    );
    expect(mixed).toMatchObject({ code: 'C3/some-pages', remediation: 'Server-render /a.', remedy: 'C3/server-render-added-text', remedyData: { path: '/a' } });
  });
});
