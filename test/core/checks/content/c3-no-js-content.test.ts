import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { c3NoJsContent } from '../../../../src/core/checks/content/c3-no-js-content.js';
import { readableText } from '../../../../src/core/gather/readable-text.js';
import { json, ORIGIN, response } from '../../../helpers/responses.js';

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
  });
  it('is na for non-HTML pages', () => {
    expect(c3NoJsContent.evaluate({ page: json('/', {}), text: null }, ctx).status).toBe('na');
  });
  it('adapts the fix to the framework', () => {
    expect(c3NoJsContent.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] })[0].body).toContain('Server Components');
    expect(c3NoJsContent.fixGuide({ origin: ORIGIN, platform: null, hosting: [] }).at(-2)?.title).toBe('Verify');
  });
});
