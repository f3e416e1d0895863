import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { parseJsonLd } from '../../../src/core/gather/jsonld.js';

const page = (...scripts: string[]) =>
  load(`<html><head>${scripts.map((s) => `<script type="application/ld+json">${s}</script>`).join('')}</head><body></body></html>`);

describe('parseJsonLd', () => {
  it('reads a single object and records its type', () => {
    const r = parseJsonLd(page('{"@context":"https://schema.org","@type":"Organization","name":"Acme"}'));
    expect(r.blocks).toHaveLength(1);
    expect(r.types).toEqual(['Organization']);
    expect(r.errors).toEqual([]);
  });
  it('flattens arrays and @graph, and collects nested and multi-valued types', () => {
    const r = parseJsonLd(
      page(
        '[{"@type":"WebSite"},{"@type":["Product","Thing"],"offers":{"@type":"Offer"}}]',
        '{"@context":"https://schema.org","@graph":[{"@type":"BreadcrumbList"},{"@type":"https://schema.org/Article"}]}',
      ),
    );
    expect(r.blocks).toHaveLength(4);
    expect(r.types).toEqual(['WebSite', 'Product', 'Thing', 'Offer', 'BreadcrumbList', 'Article']);
  });
  it('reports blocks that do not parse, keeps the others', () => {
    const r = parseJsonLd(page('{"@type": "Event",}', '{"@type":"Person"}', '   '));
    expect(r.blocks).toHaveLength(1);
    expect(r.types).toEqual(['Person']);
    expect(r.errors).toHaveLength(2);
    expect(r.errors[0]).toMatch(/^block 1:/);
    expect(r.errors[1]).toMatch(/block 3: empty/);
  });
  it('accepts a type attribute with parameters and HTML-comment wrapping', () => {
    const $ = load('<script type="application/ld+json; charset=utf-8"><!-- {"@type":"FAQPage"} --></script>');
    expect(parseJsonLd($).types).toEqual(['FAQPage']);
  });
  it('ignores other script types', () => {
    const $ = load('<script type="application/json">{"@type":"Organization"}</script><script>var a={"@type":"X"}</script>');
    expect(parseJsonLd($)).toEqual({ blocks: [], errors: [], types: [] });
  });
});
