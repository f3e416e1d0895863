import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { d6InPageHints, findHints, type HintsArtifact } from '../../../../src/core/checks/discoverability/d6-in-page-hints.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { json, ORIGIN, response } from '../../../helpers/responses.js';
import { gatherContext } from './ctx.js';
import { outcomeProse } from '../../../helpers/outcome-prose.js';
// The D3 and D6 guides link what other checks offer (meta.offers.link): the registry installs those links, as every face loads it.
import '../../../../src/core/checks/index.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/guide` };
const htmlPage = (head: string, body = '') =>
  response({ url: '/guide', headers: { 'content-type': 'text/html' }, body: `<html><head>${head}</head><body>${body}</body></html>` });
const art = (page: ReturnType<typeof htmlPage>, checks: HintsArtifact['checks'] = []): HintsArtifact => ({
  page,
  html: true,
  hints: findHints(load(page.text), page.url),
  checks,
});

describe('findHints', () => {
  it('finds markdown alternates, api-catalog and describedby links', () => {
    const hints = findHints(
      load(
        '<link rel="alternate" type="text/markdown; charset=utf-8" href="guide.md"><link rel="API-Catalog" href="/.well-known/api-catalog"><link rel="alternate describedby" href="/llms.txt"><link rel="alternate" type="application/rss+xml" href="/feed">',
      ),
      `${ORIGIN}/docs/guide`,
    );
    expect(hints.map((h) => [h.kind, h.target])).toEqual([
      ['markdown-alternate', `${ORIGIN}/docs/guide.md`],
      ['api-catalog', `${ORIGIN}/.well-known/api-catalog`],
      ['describedby', `${ORIGIN}/llms.txt`],
    ]);
  });
  it('finds an llms.txt directive as a link or as text, not inside scripts', () => {
    expect(findHints(load('<body><p>See <a href="/llms.txt">our index</a></p></body>'), ORIGIN)[0]).toMatchObject({
      kind: 'llms-directive',
      target: `${ORIGIN}/llms.txt`,
    });
    expect(findHints(load('<body><blockquote>Agents: read /llms.txt first</blockquote></body>'), ORIGIN)[0]).toMatchObject({
      kind: 'llms-directive',
      href: '/llms.txt',
    });
    expect(findHints(load('<body><script>fetch("/llms.txt")</script><p>Hello</p></body>'), ORIGIN)).toEqual([]);
  });
});

describe('D6 evaluate', () => {
  it('passes a hint whose target resolves', () => {
    const page = htmlPage('<link rel="alternate" type="text/markdown" href="/guide.md">');
    const o = d6InPageHints.evaluate(art(page, [{ url: `${ORIGIN}/guide.md`, probe: response({ url: '/guide.md', method: 'HEAD', status: 200 }) }]), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toContain('text/markdown');
  });
  it('is partial when every hint target is broken', () => {
    const page = htmlPage('<link rel="api-catalog" href="/.well-known/api-catalog">');
    const o = d6InPageHints.evaluate(
      art(page, [{ url: `${ORIGIN}/.well-known/api-catalog`, probe: response({ url: '/.well-known/api-catalog', method: 'HEAD', status: 404 }) }]),
      ctx,
    );
    expect(o.status).toBe('partial');
    expect(o.probes).toHaveLength(2);
    // Each hint is a sub-finding with the probe of its target as fields.
    expect(o.findings).toEqual([
      expect.objectContaining({ code: 'D6/hint-checked', data: expect.objectContaining({ href: '/.well-known/api-catalog', seenStatus: 404 }) }),
    ]);
    expect(o.evidence).toMatch(
      /Hints found but none resolves: <link rel="api-catalog"> → \/\.well-known\/api-catalog \(HEAD \/\.well-known\/api-catalog → 404 /,
    );
  });
  it('carries values only, whatever became of the hints', () => {
    const page = htmlPage('<link rel="alternate" type="text/markdown" href="https://other.test/a.md"><link rel="describedby" href="http://[bad">');
    const o = d6InPageHints.evaluate(art(page), ctx);
    expect(o.findings?.map((f) => f.code)).toEqual(['D6/hint-other-origin', 'D6/hint-unresolvable']);
    const cut = d6InPageHints.evaluate({ ...art(htmlPage('<title>x</title>', '<p>hello</p>')), domCut: { maxDepth: 900, flattened: 12 } }, ctx);
    expect(cut.code).toBe('D6/missing-dom-cut');
    expect(cut.evidence).toContain('the page nests elements 900 deep; 12 element(s) beyond depth');
    expect(outcomeProse(d6InPageHints, [o, cut, d6InPageHints.evaluate({ page: json('/', {}), html: false, hints: [], checks: [] }, ctx)])).toEqual([]);
  });
  it('fails without hints and is na for non-HTML pages', () => {
    expect(d6InPageHints.evaluate(art(htmlPage('<title>x</title>', '<p>hello</p>')), ctx).status).toBe('fail');
    expect(d6InPageHints.evaluate({ page: json('/', {}), html: false, hints: [], checks: [] }, ctx).status).toBe('na');
  });
  it('has a fix guide with snippets and a verify step', () => {
    const g = d6InPageHints.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] });
    expect(g[0].code).toContain('rel="alternate" type="text/markdown"');
    expect(g[1].code).toContain("'text/markdown'");
    expect(g.some((s) => s.title === 'Verify')).toBe(true);
  });
});

describe('D6 and agent-docs-spec llms-txt-directive (v0.4.0, read 2026-11-25)', () => {
  const filler = '<p>' + 'Long article text. '.repeat(400) + '</p>';
  it('records where the directive starts and whether display:none hides it', () => {
    const top = findHints(
      load(`<body><blockquote class="visually-hidden">For AI agents: <a href="/llms.txt">index</a></blockquote>${filler}</body>`),
      ORIGIN,
    )[0];
    expect(top).toMatchObject({ kind: 'llms-directive', displayNone: false });
    expect(top.position).toBeLessThan(0.1);
    const footer = findHints(load(`<body>${filler}<footer><a href="/llms.txt">llms.txt</a></footer></body>`), ORIGIN)[0];
    expect(footer.position).toBeGreaterThan(0.9);
    expect(findHints(load(`<body><div style="display: none"><a href="/llms.txt">x</a></div>${filler}</body>`), ORIGIN)[0].displayNone).toBe(true);
    expect(findHints(load(`<body><p hidden>Agents: see /llms.txt</p>${filler}</body>`), ORIGIN)[0].position).toBeLessThan(0.1);
  });
  it('is partial when the only hint is a directive past half the page, and passes when it is near the top or not alone', () => {
    const buried = d6InPageHints.evaluate(art(htmlPage('', `${filler}<footer><a href="https://docs.other.test/llms.txt">llms.txt</a></footer>`)), ctx);
    expect(buried.status).toBe('partial');
    expect(buried.code).toBe('D6/buried-directive');
    expect(buried.details).toMatchObject({ directive: { displayNone: false } });
    expect((buried.details as { directive: { position: number } }).directive.position).toBeGreaterThan(0.5);
    const top = d6InPageHints.evaluate(art(htmlPage('', `<blockquote><a href="https://docs.other.test/llms.txt">index</a></blockquote>${filler}`)), ctx);
    expect(top.code).toBe('D6/ok');
    const withLink = d6InPageHints.evaluate(
      art(
        htmlPage(
          '<link rel="alternate" type="text/markdown" href="https://docs.other.test/guide.md">',
          `${filler}<footer><a href="https://docs.other.test/llms.txt">llms.txt</a></footer>`,
        ),
      ),
      ctx,
    );
    expect(withLink.code).toBe('D6/ok');
    const hidden = d6InPageHints.evaluate(
      art(htmlPage('', `<div style="display:none"><a href="https://docs.other.test/llms.txt">index</a></div>${filler}`)),
      ctx,
    );
    expect(hidden.code).toBe('D6/ok');
    expect(hidden.details).toMatchObject({ directive: { displayNone: true } });
    expect(hidden.advisoryFindings?.map((n) => n.code)).toEqual(['D6/directive-display-none']);
    expect(top.advisoryFindings ?? []).toEqual([]);
  });
});

describe('D6 gather (loopback)', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture({
      '/': {
        headers: { 'content-type': 'text/html' },
        body: '<html><head><link rel="describedby" href="/llms.txt"><link rel="alternate" type="text/markdown" href="https://cdn.elsewhere.test/i.md"></head><body></body></html>',
      },
      '/llms.txt': { headers: { 'content-type': 'text/plain' }, body: '# Site\n' },
    });
  });
  afterAll(() => site.close());
  it('checks same-origin targets only', async () => {
    const a = await d6InPageHints.gather(await gatherContext(`${site.origin}/`));
    expect(a.checks.map((c) => c.url)).toEqual([`${site.origin}/llms.txt`]);
    expect(d6InPageHints.evaluate(a, { origin: site.origin, pageUrl: `${site.origin}/` }).status).toBe('pass');
  });
});
