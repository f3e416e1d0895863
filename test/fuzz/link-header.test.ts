import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLinkHeader } from '../../src/core/gather/link-header.js';
import { RUNS, textFrom } from './arbitraries.js';

const TOKENS = [
  '<',
  '>',
  '</x>',
  '<https://x.test/a>',
  '<//h/p>',
  '<javascript:alert(1)>',
  '<http://[>',
  ';',
  ' rel=',
  'rel="api-catalog service-desc"',
  'REL=Alternate',
  ' type="text/markdown"',
  "title*=UTF-8''caf%C3%A9",
  "title*=UTF-8''%zz",
  'anchor="#a"',
  ',',
  '"',
  '\\"',
  '=',
];
const CONTEXT = 'https://site.test-fixture.dev/page';

describe('Link header parser, fuzzed', () => {
  it('never throws; targets are absolute URLs or null; at most 200 links; rels lower-case', () => {
    fc.assert(
      fc.property(textFrom(TOKENS, 80), (header) => {
        const links = parseLinkHeader(header, CONTEXT);
        expect(links.length).toBeLessThanOrEqual(200);
        for (const l of links) {
          if (l.target !== null) expect(new URL(l.target).href).toBe(l.target);
          for (const r of l.rels) {
            expect(r).toBe(r.toLowerCase());
            expect(r).not.toMatch(/\s/);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('relative and protocol-relative targets resolve to http(s) on an http(s) context', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const [l] = parseLinkHeader(`<${path || '/'}>; rel="x"`, CONTEXT);
        if (l?.target) expect(new URL(l.target).protocol).toBe('https:');
      }),
      { numRuns: RUNS },
    );
  });

  it('100,000-deep angle brackets and quotes finish', () => {
    for (const h of [
      '<'.repeat(100_000) + '>'.repeat(100_000),
      `<${'"'.repeat(100_000)}>; rel=x`,
      `<a>; rel="${'\\"'.repeat(50_000)}"`,
      ',<a>'.repeat(100_000),
    ]) {
      expect(parseLinkHeader(h, CONTEXT).length).toBeLessThanOrEqual(200);
    }
  });
});
