import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { d4LlmsTxt } from '../../../../src/core/checks/discoverability/d4-llms-txt.js';
import { d5LlmsFullTxt } from '../../../../src/core/checks/discoverability/d5-llms-full-txt.js';
import { llmsCoverage } from '../../../../src/core/gather/llms-coverage.js';
import {
  llmsCandidatePaths,
  llmsFallbackPaths,
  llmsFileState,
  parseLlmsTxt,
  type LlmsArtifact,
  type LlmsCandidate,
} from '../../../../src/core/gather/llms-txt.js';
import type { FetchResult } from '../../../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { notFound, ORIGIN, response, soft404, text } from '../../../helpers/responses.js';
import { gatherContext } from './ctx.js';

const GOOD = `# Example Co

> Refurbished laptops in the EU.

Catalog pages are authoritative.

## Docs
- [Shipping](https://site.test-fixture.dev/shipping.md): delivery times
- [Returns](/returns.md)

## Optional
- [Blog](/blog/)
`;
const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };

function cand(probe: FetchResult, path = '/llms.txt'): LlmsCandidate {
  const state = llmsFileState(probe);
  return { path, probe, state, doc: state === 'document' || state === 'html-typed' ? parseLlmsTxt(probe.text) : null };
}
function art(cands: LlmsCandidate[], extra: Partial<LlmsArtifact> = {}, file = 'llms.txt'): LlmsArtifact {
  const chosen = cands.find((c) => c.state === 'document') ?? cands.find((c) => c.doc) ?? cands.find((c) => c.state === 'empty') ?? cands[cands.length - 1];
  return { file, candidates: cands, chosen, linkChecks: [], uncheckedLinks: 0, ...extra };
}

describe('parseLlmsTxt', () => {
  it('reads the H1, blockquote, H2 sections and list links with notes', () => {
    const d = parseLlmsTxt(GOOD);
    expect(d).toMatchObject({ h1: 'Example Co', h1First: true, blockquote: true, hasOptional: true });
    expect(d.sections).toEqual([
      { title: 'Docs', links: 2 },
      { title: 'Optional', links: 1 },
    ]);
    expect(d.links[0]).toEqual({ name: 'Shipping', url: 'https://site.test-fixture.dev/shipping.md', notes: 'delivery times', section: 'Docs' });
  });
  it('counts bare URLs in sections and notes after a dash instead of ":"', () => {
    const d = parseLlmsTxt(
      '# Co\n\n## Docs\n\n- https://x.test/a\n- <https://x.test/b> the B page\n- Website: https://x.test\n- [C](https://x.test/c) — the C page\n- [D](https://x.test/d) - the D page\n- [E](https://x.test/e): the E page\n\nhttps://x.test/prose-not-an-item\n',
    );
    expect(d.bareUrls).toBe(3);
    expect(d.dashNotes).toBe(2);
    expect(d.links.map((l) => l.notes ?? null)).toEqual([null, null, 'the E page']);
  });
  it('ignores images and fenced code, and notices a late H1', () => {
    const d = parseLlmsTxt('intro\n# Title\n![logo](/l.png)\n```\n# not a heading\n[x](/in-code)\n```\n- [a](/a)\n');
    expect(d.h1).toBe('Title');
    expect(d.h1First).toBe(false);
    expect(d.links.map((l) => l.url)).toEqual(['/a']);
  });
  it('tells documents from catch-alls', () => {
    expect(llmsFileState(text('/llms.txt', GOOD))).toBe('document');
    expect(llmsFileState(text('/llms.txt', GOOD, 'text/html'))).toBe('html-typed');
    expect(llmsFileState(soft404('/llms.txt'))).toBe('soft-404');
    expect(llmsFileState(text('/llms.txt', 'Welcome to our site', 'text/html'))).toBe('soft-404');
    expect(llmsFileState(text('/llms.txt', '  \n'))).toBe('empty');
    expect(llmsFileState(notFound('/llms.txt'))).toBe('absent');
  });
  it("knows agent-docs-spec's further locations ({base_url}/llms.txt, /docs/llms.txt), for llms.txt only", () => {
    expect(llmsFallbackPaths(new URL(`${ORIGIN}/`), 'llms.txt')).toEqual(['/docs/llms.txt']);
    expect(llmsFallbackPaths(new URL(`${ORIGIN}/docs`), 'llms.txt')).toEqual(['/docs/llms.txt']);
    expect(llmsFallbackPaths(new URL(`${ORIGIN}/guide`), 'llms.txt')).toEqual(['/guide/llms.txt', '/docs/llms.txt']);
    expect(llmsFallbackPaths(new URL(`${ORIGIN}/a/page.html`), 'llms.txt')).toEqual(['/docs/llms.txt']);
    expect(llmsFallbackPaths(new URL(`${ORIGIN}/`), 'llms-full.txt')).toEqual([]);
  });
  it('counts list links under headings of another level than H2 (agent-docs-spec sections)', () => {
    const d = parseLlmsTxt('# Co\n\n# Guides\n- [a](/a)\n### More\n- [b](/b)\n\n## Docs\n- [c](/c)\n');
    expect(d.otherLevelLinks).toBe(2);
    expect(d.sections).toEqual([{ title: 'Docs', links: 1 }]);
    expect(parseLlmsTxt(GOOD).otherLevelLinks).toBe(0);
  });
  it('looks in the page directory first', () => {
    expect(llmsCandidatePaths(new URL(`${ORIGIN}/docs/intro`), 'llms.txt')).toEqual(['/docs/llms.txt', '/llms.txt']);
    expect(llmsCandidatePaths(new URL(`${ORIGIN}/about`), 'llms.txt')).toEqual(['/llms.txt']);
  });
});

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

describe('D5 evaluate', () => {
  const full = (body: string, ct = 'text/plain') => art([cand(text('/llms-full.txt', body, ct), '/llms-full.txt')], {}, 'llms-full.txt');
  it('passes non-trivial text, advises on size', () => {
    expect(d5LlmsFullTxt.evaluate(full(`# Docs\n\n${'text '.repeat(400)}`), ctx).status).toBe('pass');
    const big = d5LlmsFullTxt.evaluate(full(`# Docs\n${'x'.repeat(1_100_000)}`), ctx);
    expect(big.status).toBe('pass');
    expect(big.advisoryFindings?.[0]).toMatchObject({ code: 'D5/large', data: { sizeText: '1,100,007 B' } });
  });
  it('is partial for a stub, an empty file or Markdown typed as HTML; fails when absent', () => {
    expect(d5LlmsFullTxt.evaluate(full('# Docs\nsoon'), ctx).status).toBe('partial');
    expect(d5LlmsFullTxt.evaluate(full(''), ctx).status).toBe('partial');
    expect(d5LlmsFullTxt.evaluate(full(`# Docs\n${'text '.repeat(400)}`, 'text/html'), ctx).status).toBe('partial');
    expect(d5LlmsFullTxt.evaluate(art([cand(notFound('/llms-full.txt'), '/llms-full.txt')]), ctx).status).toBe('fail');
    expect(d5LlmsFullTxt.evaluate(art([cand(soft404('/llms-full.txt'), '/llms-full.txt')]), ctx).status).toBe('fail');
  });
});

describe('llms-full.txt coverage', () => {
  it('counts pages, not the llms*.txt files or machine resources an llms.txt also lists', () => {
    const links = ['/guide.md', '/llms-full.txt', '/docs/llms.txt', '/openapi.json', '/api/v1/scan', '/.well-known/api-catalog', '/spec.yaml', '/logo.png'].map(
      (url, i) => ({ name: `Link ${i}`, url, section: 'Docs' }),
    );
    const c = llmsCoverage(links, '# Site\n\n## Link 0\n\nThe guide.\n', `${ORIGIN}/llms.txt`);
    expect(c).toEqual({ listed: 1, held: 1, missing: [] });
  });
  it('finds a page by its path on a non-link line, with or without its extension, and percent-encoded or not', () => {
    const links = [
      { name: 'Intro', url: `${ORIGIN}/docs/%E4%BB%8B%E7%BB%8D.md`, section: 'Docs' },
      { name: 'Setup', url: '/setup.html', section: 'Docs' },
    ];
    const full = '# Site\n\nSource: https://elsewhere.test/docs/介绍\n\ntext\n\nurl: /setup\n';
    expect(llmsCoverage(links, full, `${ORIGIN}/llms.txt`)).toEqual({ listed: 2, held: 2, missing: [] });
    expect(llmsCoverage(links, '- [Intro](/docs/介绍.md)\n- [Setup](/setup.html)\n', `${ORIGIN}/llms.txt`).held).toBe(0);
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

// llmstxt.org v2 (AnswerDotAI/llms-txt nbs/index.qmd at 61bbcf99): "A file covers the URLs under its
// path, and where more than one file applies, agents should use the most specific one."
describe('llms.txt v2 scope (loopback)', () => {
  let site: FixtureSite;
  const md = (body: string) => ({ headers: { 'content-type': 'text/markdown' }, body });
  beforeAll(async () => {
    site = await startFixture({
      '/llms.txt': md(GOOD),
      '/docs/llms.txt': md('# Docs\n\n> The docs.\n\n## Guides\n- [Start](/docs/start.md): first steps\n- [Deploy](/docs/deploy.md)\n'),
      '/docs/llms-full.txt': md('# Docs\n\n## Start\n\nFirst steps.\n'),
      '/docs/start.md': md('# Start'),
      '/docs/deploy.md': md('# Deploy'),
      '/llms-full.txt': md(`# Example Co\n\n${'Words. '.repeat(400)}`),
    });
  });
  afterAll(() => site.close());
  it('reads every directory from the page up, and judges the most specific file', async () => {
    const a = await d4LlmsTxt.gather(await gatherContext(`${site.origin}/docs/guides/deep/page`));
    expect(a.candidates.map((x) => x.path)).toEqual(['/docs/guides/deep/llms.txt', '/docs/guides/llms.txt', '/docs/llms.txt', '/llms.txt']);
    expect(a.chosen.path).toBe('/docs/llms.txt');
    const o = d4LlmsTxt.evaluate(a, { origin: site.origin, pageUrl: `${site.origin}/docs/guides/deep/page` });
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('llms.txt (llmstxt.org) at /docs/llms.txt');
  });
  it('D5 judges the most specific llms-full.txt against the most specific llms.txt', async () => {
    const c = await gatherContext(`${site.origin}/docs/start`);
    const o = d5LlmsFullTxt.evaluate(await d5LlmsFullTxt.gather(c), { origin: site.origin, pageUrl: `${site.origin}/docs/start` });
    expect(o.status).toBe('partial');
    expect(o.code).toBe('D5/low-coverage');
    expect(o.data).toMatchObject({ held: 1, listed: 2, index: '/docs/llms.txt', missing: '"Deploy"' });
  });
});
