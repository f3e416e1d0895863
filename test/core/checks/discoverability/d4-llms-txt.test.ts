import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { d4LlmsTxt } from '../../../../src/core/checks/discoverability/d4-llms-txt.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { notFound, ORIGIN, response, soft404, text } from '../../../helpers/responses.js';
import { gatherContext } from './ctx.js';
import { GOOD, art, cand } from './llms-artifacts.js';
import { outcomeProse } from '../../../helpers/outcome-prose.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };

/** The sub-finding codes of an outcome, in order. */
const findingCodes = (o: { findings?: Array<{ code: string }> }) => o.findings?.map((f) => f.code) ?? [];
/** The advisory codes of an outcome, in order. */
const notes = (o: { advisoryFindings?: Array<{ code: string }> }) => o.advisoryFindings?.map((n) => n.code) ?? [];

describe('D4 evaluate', () => {
  it('passes a well-formed file', () => {
    const o = d4LlmsTxt.evaluate(art([cand(text('/llms.txt', GOOD, 'text/markdown'))]), ctx);
    expect(o.status).toBe('pass');
    expect(o.evidence).toContain('H1 "Example Co"');
    expect(o.advisoryFindings ?? []).toEqual([]);
  });
  it('carries the facts of the file as values (the H1 quoted), the candidates as probe fields, in every outcome', () => {
    const ok = d4LlmsTxt.evaluate(art([cand(notFound('/docs/llms.txt'), '/docs/llms.txt'), cand(text('/llms.txt', GOOD, 'text/markdown'))]), ctx);
    expect(ok.data).toMatchObject({ h1: '"Example Co"', blockquote: 'yes', tried1Tag: 'absent', tried2Tag: 'found', tried2Status: 200, checked: 0 });
    expect(ok.evidence).toMatch(
      /^GET \/docs\/llms\.txt → 404 [^;]+ \(absent\); GET \/llms\.txt → 200 text\/markdown, \d+ B \(found\)\. \/llms\.txt: H1 "Example Co"/,
    );
    const outcomes = [
      ok,
      d4LlmsTxt.evaluate(art([cand(response({ url: '/llms.txt', body: '## Docs\n\nprose only\n' }))]), ctx),
      d4LlmsTxt.evaluate(art([cand(text('/llms.txt', '# Co\n\n## Docs\n\n- [a](/a): x\nSome prose line here.\n'))]), ctx),
      d4LlmsTxt.evaluate(art([cand(soft404('/llms.txt'))]), ctx),
      d4LlmsTxt.evaluate(art([cand(text('/llms.txt', ''))]), ctx),
    ];
    expect(outcomes[1].advisoryFindings?.map((a) => a.code)).toContain('D4/no-content-type');
    expect(outcomes[1].data?.h1).toBe('none');
    expect(outcomeProse(d4LlmsTxt, outcomes)).toEqual([]);
  });
  it('follows llmstxt.org v2 structure: links under the H1 with no H2 pass; bare-URL sections; off-format lines beside links; dash separators are read with an advisory', () => {
    // v2: "An H1 ... This is the only required section"; H2 sections are "zero or more".
    const flat = d4LlmsTxt.evaluate(
      art([cand(text('/llms.txt', '# https://x.test\n\n' + Array.from({ length: 50 }, (_, i) => `- [Page ${i}](https://x.test/p${i})`).join('\n') + '\n'))]),
      ctx,
    );
    expect(flat.status).toBe('pass');
    expect(notes(flat)).toEqual(['D4/no-blockquote', 'D4/no-md-links', 'D4/no-h2-section', 'D4/h1-is-url']);
    const bare = d4LlmsTxt.evaluate(art([cand(text('/llms.txt', '# Co\n\n> S.\n\n## Docs\n\n- https://x.test/a\n- https://x.test/b\n'))]), ctx);
    expect(bare.code).toBe('D4/bare-urls');
    expect(bare.findings?.[0].data).toMatchObject({ count: 2 });
    const dash = d4LlmsTxt.evaluate(
      art([cand(text('/llms.txt', '# Co\n\n> S.\n\n## Docs\n\n- [A](https://x.test/a.md) — the A page\n- [B](https://x.test/b.md)\n'))]),
      ctx,
    );
    expect(dash.status).toBe('pass');
    expect(dash.advisoryFindings).toEqual([expect.objectContaining({ code: 'D4/dash-notes', data: { count: 1 } })]);
    // A bare URL beside the links: the reference parser raises on that line, so it reads nothing.
    const mixed = d4LlmsTxt.evaluate(art([cand(text('/llms.txt', '# Co\n\n> S.\n\n## Docs\n\n- [A](https://x.test/a.md)\n- https://x.test/b\n'))]), ctx);
    expect(mixed.status).toBe('partial');
    expect(mixed.code).toBe('D4/off-format-lines');
    expect(mixed.findings?.[0]).toMatchObject({ code: 'D4/off-format-lines', data: { count: 1, example: '- https://x.test/b' } });
    expect(mixed.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'D4/some-bare-urls', data: { count: 1 } }));
  });
  it('passes with advisories: no blockquote, no .md targets, odd content type', () => {
    const o = d4LlmsTxt.evaluate(art([cand(text('/llms.txt', '# Site\n\n## Pages\n- [Home](/)\n', 'application/octet-stream'))]), ctx);
    expect(o.status).toBe('pass');
    expect(notes(o)).toEqual(['D4/no-blockquote', 'D4/no-md-links', 'D4/content-type']);
    expect(o.advisoryFindings?.[2].data).toEqual({ type: 'application/octet-stream' });
  });
  it('is partial without an H1, without links, when too large, or HTML-typed', () => {
    expect(d4LlmsTxt.evaluate(art([cand(text('/llms.txt', 'Site\n- [a](/a)\n'))]), ctx).status).toBe('partial');
    expect(findingCodes(d4LlmsTxt.evaluate(art([cand(text('/llms.txt', '# Site\n\n> Just words.\n'))]), ctx))).toContain('D4/no-links');
    const big = `# Site\n- [a](/a)\n${'word '.repeat(21_000)}`;
    expect(d4LlmsTxt.evaluate(art([cand(text('/llms.txt', big))]), ctx).findings).toContainEqual(
      expect.objectContaining({ code: 'D4/too-long', data: { max: '100,000' } }),
    );
    const mid = `# Site\n> s\n${'word '.repeat(12_000)}\n## A\n- [a](/a.md)\n`;
    const o = d4LlmsTxt.evaluate(art([cand(text('/llms.txt', mid))]), ctx);
    expect(o.status).toBe('pass');
    expect(notes(o)).toEqual(['D4/long']);
    expect(findingCodes(d4LlmsTxt.evaluate(art([cand(text('/llms.txt', GOOD, 'text/html'))]), ctx))).toContain('D4/html-typed');
  });
  it('is partial when more than 10% of the checked links are broken', () => {
    const linkChecks = [
      { url: `${ORIGIN}/returns.md`, probe: response({ url: '/returns.md', method: 'HEAD', status: 404 }) },
      { url: `${ORIGIN}/blog/`, probe: response({ url: '/blog/', method: 'HEAD', status: 200 }) },
    ];
    const o = d4LlmsTxt.evaluate(art([cand(text('/llms.txt', GOOD))], { linkChecks }), ctx);
    expect(o.status).toBe('partial');
    expect(o.findings).toEqual([expect.objectContaining({ code: 'D4/broken-links', data: { broken: 1, checked: 2, examples: `${ORIGIN}/returns.md` } })]);
  });
  it('fails on 404, soft 404 and empty; prefers the directory variant when it exists', () => {
    expect(d4LlmsTxt.evaluate(art([cand(notFound('/llms.txt'))]), ctx).status).toBe('fail');
    const html = d4LlmsTxt.evaluate(art([cand(soft404('/llms.txt'))]), ctx);
    expect(html.code).toBe('D4/html-page');
    expect(html.evidence).not.toContain('soft 404');
    expect(d4LlmsTxt.evaluate(art([cand(text('/llms.txt', ''))]), ctx).status).toBe('fail');
    const o = d4LlmsTxt.evaluate(art([cand(text('/docs/llms.txt', GOOD), '/docs/llms.txt'), cand(notFound('/llms.txt'))]), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toContain('/docs/llms.txt');
  });
  it('gives platform-specific fixes', () => {
    expect(d4LlmsTxt.fixGuide({ origin: ORIGIN, platform: 'wordpress', hosting: [] })[0].body).toMatch(/Yoast.*AIOSEO/s);
    expect(d4LlmsTxt.fixGuide({ origin: ORIGIN, platform: 'shopify', hosting: [] })[0].body).toContain('templates/llms.txt.liquid');
    expect(d4LlmsTxt.fixGuide({ origin: ORIGIN, platform: 'docusaurus', hosting: [] })[0].code).toContain('docusaurus-plugin-llms');
    expect(d4LlmsTxt.fixGuide({ origin: ORIGIN, platform: 'mintlify', hosting: [] })[0].title).toMatch(/Mintlify/);
    const generic = d4LlmsTxt.fixGuide({ origin: ORIGIN, platform: null, hosting: [] });
    expect(generic[0].code).toMatch(/^# Example Co/);
    expect(generic.at(-1)?.title).toBe('Read the spec');
  });
});

describe('D4 and agent-docs-spec (v0.4.0, read 2026-11-25)', () => {
  it('is partial when llms.txt is only reached through a redirect to another host', () => {
    const moved = {
      ...text('/llms.txt', GOOD, 'text/markdown'),
      url: 'https://docs.other-host.test/llms.txt',
      redirects: ['https://docs.other-host.test/llms.txt'],
    };
    const o = d4LlmsTxt.evaluate(art([cand(moved)]), ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('D4/cross-host');
    expect(o.findings?.[0]).toMatchObject({ code: 'D4/cross-host', data: { host: 'docs.other-host.test' } });
  });
  it("keeps llmstxt.org's H2 rule for sections at other heading levels, and reports them", () => {
    const o = d4LlmsTxt.evaluate(art([cand(text('/llms.txt', '# Co\n\n> c\n\n# Guides\n- [a](/a): A\n- [b](/b): B\n', 'text/markdown'))]), ctx);
    expect(o.code).toBe('D4/no-file-list');
    expect((o.details as { otherLevelLinks?: number }).otherLevelLinks).toBe(2);
  });
});

describe('D4 gather (loopback)', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    const links = Array.from({ length: 14 }, (_, i) => `- [p${i}](/p${i}.md)`).join('\n');
    site = await startFixture({
      '/docs/start': { headers: { 'content-type': 'text/html' }, body: '<html><body>Docs</body></html>' },
      '/docs/llms.txt': { headers: { 'content-type': 'text/markdown' }, body: `# Docs\n> d\n## Pages\n${links}\n- [ext](https://elsewhere.test/x)\n` },
      '/p0.md': { headers: { 'content-type': 'text/markdown' }, body: '# p0' },
    });
  });
  afterAll(() => site.close());
  it('finds the directory llms.txt and checks at most 10 same-origin links, never other hosts', async () => {
    const c = await gatherContext(`${site.origin}/docs/start`);
    const a = await d4LlmsTxt.gather(c);
    expect(a.chosen.path).toBe('/docs/llms.txt');
    expect(a.linkChecks).toHaveLength(10);
    expect(a.uncheckedLinks).toBe(4);
    expect(site.requests.filter((r) => r.method === 'HEAD')).toHaveLength(10);
    const o = d4LlmsTxt.evaluate(a, { origin: site.origin, pageUrl: `${site.origin}/docs/start` });
    expect(o.status).toBe('partial');
    expect(o.findings).toContainEqual(expect.objectContaining({ code: 'D4/broken-links', data: expect.objectContaining({ broken: 9, checked: 10 }) }));
    expect(o.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'D4/links-unchecked', data: { count: 4, checked: 10 } }));
    expect(await d4LlmsTxt.gather(c)).toBe(a);
  });
  it('finds /docs/llms.txt from the home page only when the root has none, and asks nothing more when it has one', async () => {
    const c = await gatherContext(`${site.origin}/`);
    const a = await d4LlmsTxt.gather(c);
    expect(a.candidates.map((x) => x.path)).toEqual(['/llms.txt', '/docs/llms.txt']);
    expect(a.chosen.path).toBe('/docs/llms.txt');
    const withRoot = await startFixture({ '/llms.txt': { headers: { 'content-type': 'text/markdown' }, body: GOOD } });
    try {
      const r = await d4LlmsTxt.gather(await gatherContext(`${withRoot.origin}/`));
      expect(r.candidates.map((x) => x.path)).toEqual(['/llms.txt']);
      expect(withRoot.requests.some((q) => q.path === '/docs/llms.txt')).toBe(false);
    } finally {
      await withRoot.close();
    }
  });
});
