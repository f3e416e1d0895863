import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { d4LlmsTxt } from '../../../src/core/checks/discoverability/d4-llms-txt.js';
import { d5LlmsFullTxt } from '../../../src/core/checks/discoverability/d5-llms-full-txt.js';
import { llmsCandidatePaths, llmsFallbackPaths, llmsFileState, parseLlmsTxt } from '../../../src/core/gather/llms-txt.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { notFound, ORIGIN, soft404, text } from '../../helpers/responses.js';
import { gatherContext } from '../checks/discoverability/ctx.js';
import { GOOD } from '../checks/discoverability/llms-artifacts.js';

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
