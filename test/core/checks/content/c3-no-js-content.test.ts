import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { c3NoJsContent } from '../../../../src/core/checks/content/c3-no-js-content.js';
import { c3RenderedHook } from '../../../../src/core/checks/content/c3-rendered.js';
import { readableText } from '../../../../src/core/gather/readable-text.js';
import { json, ORIGIN, response } from '../../../helpers/responses.js';
import { outcomeProse } from '../../../helpers/outcome-prose.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const page = (body: string) => response({ url: '/', headers: { 'content-type': 'text/html' }, body: `<html><head></head><body>${body}</body></html>` });
const c3 = (body: string) => {
  const p = page(body);
  return c3NoJsContent.evaluate({ page: p, text: readableText(load(p.text)) }, ctx);
};

describe('C3 evaluate', () => {
  it('passes 150+ words', () => expect(c3(`<main><p>${words(150)}</p></main>`).status).toBe('pass'));
  it('is partial for 40-149 words, and for few words without shell signs', () => {
    expect(c3(`<p>${words(60)}</p>`).status).toBe('partial');
    expect(c3('<p>Just a logo.</p>').status).toBe('partial');
  });
  it('fails an empty client-rendered shell', () => {
    const o = c3('<div id="app"></div><script src="/main.js"></script>');
    expect(o.status).toBe('fail');
    expect(o.code).toBe('C3/js-shell');
    expect(o.details).toMatchObject({ emptyAppRoots: ['#app'] });
    expect(o.data).toMatchObject({ words: 0, appRoots: '#app', noscript: 'no', start: '' });
  });
  it('carries the words, the shell signs and the page weight as values', () => {
    const cut = c3NoJsContent.evaluate(
      { page: page(`<p>${words(60)}</p>`), text: readableText(load(`<p>${words(60)}</p>`)), domCut: { maxDepth: 800, flattened: 4 } },
      ctx,
    );
    expect(cut.advisoryFindings?.map((a) => a.code)).toEqual(['C3/dom-cut']);
    expect(cut.evidence).toContain('60 word(s) of readable text without JavaScript; empty app roots: none;');
    const shell = c3('<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>');
    expect(shell.data).toMatchObject({ appRoots: '#root', noscript: 'yes' });
    const heavy = c3NoJsContent.evaluate(
      { page: page(`<p>${words(200)}</p><script>${'x'.repeat(1_100_000)}</script>`), text: readableText(load(`<p>${words(200)}</p>`)), bulk: null },
      ctx,
    );
    expect(heavy.advisoryFindings?.[0]).toMatchObject({ code: 'C3/large-transfer', data: { size: expect.stringMatching(/^1,1\d\d,\d{3}$/) } });
    const na = c3NoJsContent.evaluate({ page: json('/', {}), text: null }, ctx);
    expect(outcomeProse(c3NoJsContent, [cut, shell, heavy, na, c3(`<main><p>${words(150)}</p></main>`)])).toEqual([]);
  });
  it('is na for non-HTML pages', () => {
    expect(c3NoJsContent.evaluate({ page: json('/', {}), text: null }, ctx).status).toBe('na');
  });
  it('adapts the fix to the framework', () => {
    expect(c3NoJsContent.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] })[0].body).toContain('Server Components');
    expect(c3NoJsContent.fixGuide({ origin: ORIGIN, platform: null, hosting: [] }).at(-2)?.title).toBe('Verify');
  });
  it('in rendered mode, carries the measurement as values beside the static facts', () => {
    const base = c3(`<p>${words(60)}</p>`);
    const merged = c3RenderedHook.merge(base, { servedWords: 60, renderedWords: 400, missing: 0.85, browser: 'Chromium 140' }, {}, ctx);
    expect(merged.code).toBe('C3/rendered-only');
    expect(merged.data).toMatchObject({ pct: 85, renderedWords: 400, servedWords: 60, browser: 'Chromium 140', words: 60 });
    const outcome = { ...merged, evidence: '' } as Parameters<typeof outcomeProse>[1][number];
    expect(outcomeProse({ meta: { ...c3NoJsContent.meta } }, [outcome])).toEqual([]);
  });
});
