import { afterAll, describe, expect, it } from 'vitest';
import { c2MarkdownUrls, type MarkdownUrlsArtifact } from '../../../../src/core/checks/content/c2-markdown-urls.js';
import type { FetchResult } from '../../../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { notFound, ORIGIN, soft404, text } from '../../../helpers/responses.js';
import { gatherContext } from '../discoverability/ctx.js';
import { HTML, MD, html } from './markdown-pages.js';
import { outcomeProse } from '../../../helpers/outcome-prose.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };

describe('C2 evaluate', () => {
  const art = (probes: MarkdownUrlsArtifact['probes'], foreignAlternates: string[] = []): MarkdownUrlsArtifact => ({
    page: html(),
    twinPath: '/index.md',
    probes,
    foreignAlternates,
  });
  const twin = (probe: FetchResult) => ({ source: 'twin' as const, url: `${ORIGIN}/index.md`, probe });
  it('passes a text/markdown twin', () => {
    const o = c2MarkdownUrls.evaluate(art([twin(text('/index.md', MD, 'text/markdown'))]), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toContain('/index.md');
  });
  it('passes through a rel=alternate target when the twin is missing', () => {
    const o = c2MarkdownUrls.evaluate(
      art([twin(notFound('/index.md')), { source: 'alternate', url: `${ORIGIN}/md/home`, probe: text('/md/home', MD, 'text/markdown') }]),
      ctx,
    );
    expect(o.status).toBe('pass');
    expect(o.matched).toContain('rel="alternate"');
  });
  it('is partial for Markdown served as text/plain; fails for 404 and catch-all HTML', () => {
    expect(c2MarkdownUrls.evaluate(art([twin(text('/index.md', MD))]), ctx).status).toBe('partial');
    expect(c2MarkdownUrls.evaluate(art([twin(notFound('/index.md'))]), ctx).status).toBe('fail');
    const soft = c2MarkdownUrls.evaluate(art([twin(soft404('/index.md'))]), ctx);
    expect(soft.status).toBe('fail');
    expect(soft.data).toMatchObject({ tried1Tag: 'twin, catch-all HTML', tried1Status: 200, tried1Type: 'text/html' });
    expect(soft.evidence).toMatch(/^GET \/index\.md → 200 text\/html, \d+ B \(twin, catch-all HTML\)\. No Markdown version of the page\.$/);
  });
  it('carries values only: the probes tried, the pagination advisories by code', () => {
    const paged = (signals: string[], continuation: string | null, url: string | null, probe: FetchResult | null) => ({
      ...art([twin(text('/index.md', MD, 'text/markdown'))]),
      pagination: { signals: { signals, continuation, declaredIn: 'bottom' as const, continuationAbsolute: false }, url, probe },
    });
    const none = c2MarkdownUrls.evaluate(paged(['"Page 1 of 3"'], null, null, null), ctx);
    const bad = c2MarkdownUrls.evaluate(paged(['"Page 1 of 3"'], 'http://[x', null, null), ctx);
    const dead = c2MarkdownUrls.evaluate(paged(['link ?page=2'], '/index.md?page=2', `${ORIGIN}/index.md?page=2`, notFound('/index.md?page=2')), ctx);
    const far = c2MarkdownUrls.evaluate(paged(['link ?page=2'], '/p2.md', 'https://other.test/p2.md', null), ctx);
    const codes = (o: typeof none) => o.advisoryFindings?.map((a) => a.code) ?? [];
    expect([none, bad, dead, far].map(codes)).toEqual([
      ['C2/paginated-broken'],
      ['C2/paginated-unresolvable'],
      ['C2/paginated-dead-continuation'],
      ['C2/paginated-fragile'],
    ]);
    expect(dead.advisories?.[0]).toContain(`answered GET ${ORIGIN}/index.md?page=2 → 404`);
    expect(far.advisoryFindings?.[0].data).toMatchObject({ fragile: 'declared-past-top, relative-url, other-origin-not-fetched' });
    const wrong = c2MarkdownUrls.evaluate(art([twin(text('/index.md', MD))]), ctx);
    expect(outcomeProse(c2MarkdownUrls, [none, bad, dead, far, wrong, c2MarkdownUrls.evaluate(art([twin(soft404('/index.md'))]), ctx)])).toEqual([]);
  });
  it('is na when the page is itself a .md URL without alternates', () => {
    expect(c2MarkdownUrls.evaluate({ page: html(), twinPath: null, probes: [], foreignAlternates: [] }, ctx).status).toBe('na');
  });
});

describe('C2 gather (loopback)', () => {
  const sites: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
  });
  // llmstxt.org v2 (AnswerDotAI/llms-txt nbs/index.qmd at 61bbcf99): page.html.md or page.md,
  // index.html.md or index.md, and rel="alternate" type="text/markdown" as <link> or Link: header.
  it('llms.txt v2: passes the page.md form of page.html, the index.html.md form of /, and a Link: header alternate', async () => {
    const md = { headers: { 'content-type': 'text/markdown; charset=utf-8' }, body: MD };
    const s = await startFixture({
      '/guide/page.html': { headers: { 'content-type': 'text/html' }, body: HTML },
      '/guide/page.md': md,
      '/': { headers: { 'content-type': 'text/html' }, body: HTML },
      '/index.html.md': md,
      '/api/thing': { headers: { 'content-type': 'text/html', link: '</md/thing>; rel="alternate"; type="text/markdown"' }, body: HTML },
      '/md/thing': md,
    });
    sites.push(s);
    const judge = async (path: string) => {
      const c = await gatherContext(`${s.origin}${path}`);
      return c2MarkdownUrls.evaluate(await c2MarkdownUrls.gather(c), { origin: s.origin, pageUrl: `${s.origin}${path}` });
    };
    const page = await judge('/guide/page.html');
    expect(page.status).toBe('pass');
    expect(page.matched).toBe('llms.txt .md convention (/guide/page.md)');
    expect(s.requests.map((r) => r.path)).toEqual(expect.arrayContaining(['/guide/page.html.md', '/guide/page.md']));
    const home = await judge('/');
    expect(home.status).toBe('pass');
    expect(home.matched).toBe('llms.txt .md convention (/index.html.md)');
    const header = await judge('/api/thing');
    expect(header.status).toBe('pass');
    expect(header.matched).toBe('Link: rel="alternate" type="text/markdown" header');
    expect(header.evidence).toMatch(/→ 200 text\/markdown, \d+ B \(link-header\)/);
  });
  it('asks the second twin form only when the first gave no Markdown', async () => {
    const s = await startFixture({
      '/a.html': { headers: { 'content-type': 'text/html' }, body: HTML },
      '/a.html.md': { headers: { 'content-type': 'text/markdown' }, body: MD },
    });
    sites.push(s);
    const c = await gatherContext(`${s.origin}/a.html`);
    expect(c2MarkdownUrls.evaluate(await c2MarkdownUrls.gather(c), { origin: s.origin, pageUrl: `${s.origin}/a.html` }).status).toBe('pass');
    expect(s.requests.some((r) => r.path === '/a.md')).toBe(false);
  });
});
