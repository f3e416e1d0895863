import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { c3NoJsContent } from '../../../../src/core/checks/content/c3-no-js-content.js';
import { c4StructuredData } from '../../../../src/core/checks/content/c4-structured-data.js';
import { parseJsonLd } from '../../../../src/core/gather/jsonld.js';
import { countWords, readableText } from '../../../../src/core/gather/readable-text.js';
import { json, ORIGIN, response } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const page = (body: string, head = '') =>
  response({ url: '/', headers: { 'content-type': 'text/html' }, body: `<html><head>${head}</head><body>${body}</body></html>` });
const c3 = (body: string) => {
  const p = page(body);
  return c3NoJsContent.evaluate({ page: p, text: readableText(load(p.text)) }, ctx);
};

describe('readableText', () => {
  it('counts words between elements and skips scripts, styles, nav, footer, svg, template and hidden nodes', () => {
    const $ = load(
      `<body><nav>${words(50)}</nav><p>one</p><p>two</p><script>var a = "x y z";</script><style>p{}</style><svg><text>s v g</text></svg><template>t t</template><div hidden>h h h</div><footer>${words(30)}</footer></body>`,
    );
    expect(readableText($)).toMatchObject({ words: 2, sample: 'one two' });
  });
  it('does not mutate the shared DOM', () => {
    const $ = load('<body><nav>menu</nav><p>text</p></body>');
    readableText($);
    expect($('nav').length).toBe(1);
  });
  it('detects empty app roots and "enable JavaScript" messages', () => {
    const r = readableText(
      load('<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/app.js"></script></body>'),
    );
    expect(r).toMatchObject({ words: 0, emptyAppRoots: ['#root'], jsRequiredMessage: true });
    expect(readableText(load(`<body><div id="__next"><main>${words(10)}</main></div></body>`)).emptyAppRoots).toEqual([]);
  });
  it('counts CJK text without spaces', () => {
    expect(countWords('日本語のテキストです')).toBe(5);
    expect(countWords('hello, world! — 42')).toBe(3);
  });
  it('survives deep nesting', () => {
    const deep = '<div>'.repeat(5000) + 'deep text' + '</div>'.repeat(5000);
    expect(readableText(load(`<body>${deep}</body>`)).words).toBe(2);
  });
});

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

describe('C4 evaluate', () => {
  const c4 = (head: string, body = '') => {
    const p = page(body, head);
    const $ = load(p.text);
    return c4StructuredData.evaluate({ page: p, html: true, jsonld: parseJsonLd($), otherMarkup: $('[itemscope], [typeof]').length }, ctx);
  };
  const ld = (v: string) => `<script type="application/ld+json">${v}</script>`;
  it('passes valid JSON-LD and records its types', () => {
    const o = c4(ld('{"@context":"https://schema.org","@graph":[{"@type":"Organization"},{"@type":"WebSite"}]}'));
    expect(o.status).toBe('pass');
    expect(o.code).toBe('C4/ok');
    expect(o.details).toMatchObject({ types: ['Organization', 'WebSite'], blocks: 2, errors: [] });
    expect(o.advisories ?? []).toEqual([]);
  });
  it('advises on missing @type / @context and on microdata', () => {
    const o = c4(ld('{"name":"x"}'), '<div itemscope itemtype="https://schema.org/Product"></div>');
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings).toEqual([
      expect.objectContaining({ code: 'C4/untyped-nodes', data: { count: 1 } }),
      expect.objectContaining({ code: 'C4/no-context' }),
      expect.objectContaining({ code: 'C4/other-markup', data: { count: 1 } }),
    ]);
  });
  it('is partial when a block does not parse', () => {
    const o = c4(ld('{"@type":"Organization"}') + ld('{"@type": "Product",}'));
    expect(o.status).toBe('partial');
    expect(o).toMatchObject({ code: 'C4/invalid-json', data: { unparsed: 1 } });
  });
  it('fails without JSON-LD and is na for non-HTML pages', () => {
    expect(c4('<title>x</title>').status).toBe('fail');
    expect(c4StructuredData.evaluate({ page: json('/', {}), html: false, jsonld: { blocks: [], errors: [], types: [] }, otherMarkup: 0 }, ctx).status).toBe(
      'na',
    );
  });
  it('has platform fixes', () => {
    expect(c4StructuredData.fixGuide({ origin: ORIGIN, platform: 'shopify', hosting: [] })[0].body).toContain('structured_data');
    expect(c4StructuredData.fixGuide({ origin: ORIGIN, platform: null, hosting: [] })[0].code).toContain('"@type": "Organization"');
  });
});
