import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_XML_DEPTH, parseSitemap } from '../../src/core/gather/sitemap.js';
import { RUNS, textFrom } from './arbitraries.js';

const XML_TOKENS = [
  '<?xml version="1.0"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  '</urlset>',
  '<sitemapindex>',
  '</sitemapindex>',
  '<url>',
  '</url>',
  '<loc>',
  '</loc>',
  '<sitemap>',
  '</sitemap>',
  'https://x.test/a',
  'javascript:alert(1)',
  '&amp;',
  '&#0;',
  '&#x110000;',
  '<!ENTITY a "b">',
  '<!DOCTYPE x>',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '<rss><channel><item><link>',
  '</link></item></channel></rss>',
  '<feed><entry><link href="https://x.test/e"/></entry></feed>',
  '<ns:loc>',
  '</ns:loc>',
];
const TEXT_TOKENS = ['https://x.test/a\n', 'http://x.test/b?c=d\n', 'not a url\n', '\n', '  ', 'ftp://x/\n'];

function invariants(p: ReturnType<typeof parseSitemap>): void {
  expect(p.kind === null).toBe(p.fatal !== null);
  expect(p.sample.length).toBeLessThanOrEqual(5);
  expect(p.invalidLocs).toBeLessThanOrEqual(p.locCount);
  expect(p.sample.length).toBeLessThanOrEqual(p.locCount);
  for (const s of p.sample) expect(typeof s).toBe('string');
}

describe('sitemap parser, fuzzed', () => {
  it('XML: never throws; counts and sample stay consistent', () => {
    fc.assert(
      fc.property(textFrom(XML_TOKENS, 80), (xml) => invariants(parseSitemap(Buffer.from(xml)))),
      { numRuns: RUNS },
    );
  });

  it('text: never throws; every sampled line of a text sitemap is an absolute http(s) URL', () => {
    fc.assert(
      fc.property(textFrom(TEXT_TOKENS, 40), (text) => {
        const p = parseSitemap(Buffer.from(text));
        invariants(p);
        if (p.kind === 'text') for (const s of p.sample) expect(new URL(s).protocol).toMatch(/^https?:$/);
      }),
      { numRuns: RUNS },
    );
  });

  it('gzip: compressed and corrupt bodies never throw', () => {
    fc.assert(
      fc.property(textFrom(XML_TOKENS, 40), fc.nat({ max: 40 }), fc.boolean(), (xml, cut, corrupt) => {
        let body = gzipSync(Buffer.from(xml));
        if (corrupt) body = body.subarray(0, Math.max(2, body.length - cut));
        const p = parseSitemap(body);
        invariants(p);
        expect(p.gzip).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('100,000-deep XML is refused by the nesting cap and counted by scanning', () => {
    const n = 100_000;
    const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${'<url>'.repeat(n)}<loc>https://x.test/a</loc>${'</url>'.repeat(n)}</urlset>`;
    const p = parseSitemap(Buffer.from(xml));
    expect(p.kind).toBe('urlset');
    expect(p.fullyParsed).toBe(false);
    expect(p.locCount).toBe(1);
    expect(p.problems.join(' ')).toContain(`more than ${MAX_XML_DEPTH} elements deep`);
    const unclosed = parseSitemap(Buffer.from(`<urlset>${'<url>'.repeat(n)}`));
    expect(unclosed.problems.join(' ')).toMatch(/malformed XML/);
    expect(parseSitemap(gzipSync(Buffer.from(xml))).locCount).toBe(1);
  });
});
