/**
 * Property tests for the small parsers added when the commerce standards were re-read on
 * 2026-11-25: the UCP Cache-Control rule (M1), the x402 well-known manifest reader (M3) and the
 * MPP offer reader (M5). They take strangers' input, so: never throw, and say what the text says.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cacheControlFacts } from '../../../../src/core/checks/commerce/m1-ucp.js';
import { manifestResources, X402_MANIFEST_PATH } from '../../../../src/core/checks/commerce/m3-x402.js';
import { readPaymentInfo } from '../../../../src/core/checks/commerce/m5-mpp.js';
import { json, response } from '../../../helpers/responses.js';

const directive = fc.oneof(
  fc.constantFrom('public', 'private', 'no-store', 'no-cache', 'must-revalidate', 'immutable', 's-maxage=600'),
  fc.nat({ max: 100_000 }).map((n) => `max-age=${n}`),
  fc.string({ maxLength: 12 }),
);

describe('re-read parsers (properties)', () => {
  it('cacheControlFacts accepts exactly public + max-age >= 60 without private/no-store/no-cache', () => {
    fc.assert(
      fc.property(fc.array(directive, { maxLength: 6 }), (ds) => {
        const value = ds.join(', ');
        const problem = cacheControlFacts(value);
        const has = (d: string) => ds.some((x) => x.trim().toLowerCase() === d);
        const ages = ds
          .map((x) => /^max-age=(\d+)$/.exec(x.trim()))
          .filter(Boolean)
          .map((m) => Number(m![1]));
        const clean = has('public') && ages.length > 0 && ages[0] >= 60 && !has('private') && !has('no-store') && !has('no-cache');
        // Only assert on inputs made of known directives: free strings may spell them in other ways.
        if (ds.every((x) => /^(public|private|no-store|no-cache|must-revalidate|immutable|s-maxage=600|max-age=\d+)$/.test(x))) {
          expect(problem === null).toBe(clean);
        } else {
          expect(problem === null || (Array.isArray(problem.forbidden) && Array.isArray(problem.missing))).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('manifestResources never throws and returns only template-free strings', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 5 }),
        fc.array(
          fc.record({
            resource: fc.oneof(fc.webUrl(), fc.record({ url: fc.oneof(fc.webUrl(), fc.string()) })),
            type: fc.constantFrom('http', 'mcp', undefined),
          }),
        ),
        (junk, items) => {
          for (const body of [junk, { items }, { items: junk }]) {
            const urls = manifestResources(json(X402_MANIFEST_PATH, body));
            for (const u of urls) {
              expect(typeof u).toBe('string');
              expect(u).not.toMatch(/[{}]/);
            }
          }
          // A body that is not JSON (the JSON text cut): String(junk) would throw on a {"toString": false} object.
          expect(
            manifestResources(response({ url: X402_MANIFEST_PATH, headers: { 'content-type': 'application/json' }, body: JSON.stringify(junk).slice(1) })),
          ).toBeInstanceOf(Array);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('readPaymentInfo never throws; an offer with intent, method and amount (string or null) is complete', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.constantFrom('charge', 'session'),
        fc.string({ minLength: 1, maxLength: 10 }),
        fc.option(fc.nat().map(String), { nil: null }),
        (junk, intent, method, amount) => {
          const j = readPaymentInfo('GET /x', junk);
          expect(Array.isArray(j.problems) && Array.isArray(j.notes)).toBe(true);
          const ok = readPaymentInfo('GET /x', { offers: [{ intent, method: method.trim() ? method : 'm', amount }] });
          expect(ok.complete).toBe(true);
          expect(ok.notes).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
