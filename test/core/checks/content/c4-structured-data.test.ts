import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { c4StructuredData } from '../../../../src/core/checks/content/c4-structured-data.js';
import { parseJsonLd } from '../../../../src/core/gather/jsonld.js';
import { json, ORIGIN, response } from '../../../helpers/responses.js';
import { outcomeProse } from '../../../helpers/outcome-prose.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const page = (body: string, head = '') =>
  response({ url: '/', headers: { 'content-type': 'text/html' }, body: `<html><head>${head}</head><body>${body}</body></html>` });

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
  it('names the types as values, "none" for untyped nodes, and every outcome carries values only', () => {
    const ok = c4(ld('{"@context":"https://schema.org","@type":["Organization","WebSite"]}'));
    expect(ok.data).toMatchObject({ nodes: 1, types: 'Organization, WebSite', seenStatus: 200 });
    expect(ok.evidence).toMatch(/; 1 JSON-LD node\(s\)\. Types: Organization, WebSite\.$/);
    const bad = c4(ld('{"name":"x"}') + ld('{,}'));
    expect(bad.evidence).toMatch(/1 valid JSON-LD node\(s\), 1 block\(s\) that do not parse: .+\. Types: none\.$/);
    const na = c4StructuredData.evaluate({ page: json('/', {}), html: false, jsonld: { blocks: [], errors: [], types: [] }, otherMarkup: 0 }, ctx);
    expect(outcomeProse(c4StructuredData, [ok, bad, na, c4('<title>x</title>')])).toEqual([]);
  });
  it('has platform fixes', () => {
    expect(c4StructuredData.fixGuide({ origin: ORIGIN, platform: 'shopify', hosting: [] })[0].body).toContain('structured_data');
    expect(c4StructuredData.fixGuide({ origin: ORIGIN, platform: null, hosting: [] })[0].code).toContain('"@type": "Organization"');
  });
});
