import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findProducts } from '../../src/core/checks/commerce/m6-product-data.js';
import { parseHtml } from '../../src/core/gather/html-dom.js';
import { parseJsonLd } from '../../src/core/gather/jsonld.js';
import { RUNS, textFrom } from './arbitraries.js';

const KEYS = ['@context', '@type', '@graph', '@id', 'name', 'offers', 'price', 'priceCurrency', 'availability', 'mainEntity', 'itemListElement', 'hasVariant'];
const ldish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('Product', 'Offer', 'https://schema.org/Organization', 'https://schema.org', '', ' '),
    fc.jsonValue({ maxDepth: 1 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 5 }),
  ),
})).value;

const page = (scripts: string[]) =>
  parseHtml(`<html><head>${scripts.map((s) => `<script type="application/ld+json">${s}</script>`).join('')}</head><body></body></html>`).$;

describe('JSON-LD reader, fuzzed', () => {
  it('structured values: never throws; blocks, types and errors bounded; types are trimmed strings', () => {
    fc.assert(
      fc.property(fc.array(ldish, { maxLength: 4 }), (values) => {
        const r = parseJsonLd(page(values.map((v) => JSON.stringify(v).replace(/</g, '\\u003c'))));
        expect(r.blocks.length).toBeLessThanOrEqual(2000);
        for (const t of r.types) expect(t).toBe(t.trim());
        expect(findProducts(r.blocks).length).toBeLessThanOrEqual(20);
      }),
      { numRuns: RUNS },
    );
  });

  it('hostile script text (comments, CDATA, broken JSON) never throws; one error per bad block', () => {
    const tokens = ['<!--', '-->', '/*<![CDATA[*/', '/*]]>*/', '{', '}', '[', ']', '"@type":"Product"', '"@graph":[', ',', '\ufeff', '"', '1e999'];
    fc.assert(
      fc.property(fc.array(textFrom(tokens, 40), { maxLength: 5 }), (scripts) => {
        const r = parseJsonLd(page(scripts.map((s) => s.replace(/<\/script/gi, ''))));
        expect(r.errors.length).toBeLessThanOrEqual(scripts.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('100,000-deep arrays, @graph chains and objects are refused or bounded', () => {
    const n = 100_000;
    const r = parseJsonLd(
      page(['['.repeat(n) + ']'.repeat(n), '{"@graph":'.repeat(n / 2) + '[]' + '}'.repeat(n / 2), '{"a":'.repeat(n) + '1' + '}'.repeat(n)]),
    );
    expect(r.errors).toHaveLength(3);
    for (const e of r.errors) expect(e).toMatch(/nested more than 128 levels deep/);
    // Within the cap, deep @graph and array nesting flattens iteratively.
    const ok = parseJsonLd(page(['['.repeat(100) + '{"@type":"Thing"}' + ']'.repeat(100), '{"@graph":['.repeat(60) + '{"@type":"Product"}' + ']}'.repeat(60)]));
    expect(ok.types).toEqual(['Thing', 'Product']);
  });
});
