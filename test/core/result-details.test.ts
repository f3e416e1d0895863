/** A check's details as the result carries them: plain JSON within DETAILS_LIMITS, whatever the check handed in. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DETAILS_LIMITS, resultDetails } from '../../src/core/result-details.js';
import { CheckResult } from '../../src/core/schema.js';

const roundTrip = (v: unknown) => JSON.parse(JSON.stringify(v));
/** `levels` objects inside each other around `leaf`. */
const nest = (levels: number, leaf: unknown): unknown => (levels === 0 ? leaf : { x: nest(levels - 1, leaf) });

describe('resultDetails', () => {
  it('keeps plain JSON within the bounds as it is, not cut', () => {
    const details = { url: 'https://a.test/llms.txt', sections: ['Docs', 'API'], links: 12, public: false, version: null, nested: { roles: [{ id: 'x' }] } };
    expect(resultDetails(details)).toEqual({ details, truncated: false });
  });

  it('drops what is not JSON: functions, symbols, bigints, undefined, buffers, maps, dates, NaN', () => {
    const out = resultDetails({
      keep: 1,
      fn: () => 1,
      sym: Symbol('s'),
      big: 10n,
      none: undefined,
      body: Buffer.from('<html>secret</html>'),
      bytes: new Uint8Array(4),
      map: new Map([['a', 1]]),
      when: new Date(0),
      nan: Number.NaN,
      list: [1, () => 2, Buffer.from('x'), 'b'],
    });
    expect(out).toEqual({ details: { keep: 1, list: [1, null, null, 'b'] }, truncated: false });
  });

  it('cuts long strings, long arrays, wide objects and deep nesting, and says so', () => {
    const long = 'x'.repeat(DETAILS_LIMITS.maxChars + 50);
    const out = resultDetails({
      text: long,
      items: Array.from({ length: DETAILS_LIMITS.maxItems + 5 }, (_, i) => i),
      deep: nest(DETAILS_LIMITS.maxDepth + 1, 1),
      [long]: 'a key longer than a string may be',
    })!;
    expect(out.truncated).toBe(true);
    expect(out.details.text).toHaveLength(DETAILS_LIMITS.maxChars);
    expect(String(out.details.text).endsWith('…')).toBe(true);
    expect(out.details.items).toHaveLength(DETAILS_LIMITS.maxItems);
    expect(out.details.deep).toEqual(nest(DETAILS_LIMITS.maxDepth - 1, {}));
    expect(Object.keys(out.details)).toEqual(['text', 'items', 'deep']);
    const wide = resultDetails(Object.fromEntries(Array.from({ length: DETAILS_LIMITS.maxKeys + 3 }, (_, i) => [`k${i}`, i])))!;
    expect(Object.keys(wide.details)).toHaveLength(DETAILS_LIMITS.maxKeys);
    expect(wide.truncated).toBe(true);
  });

  it('shrinks details that are large only as a whole under the JSON bound', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ url: `https://a.test/${'p'.repeat(250)}/${i}`, status: 200 }));
    const out = resultDetails({ rows })!;
    expect(out.truncated).toBe(true);
    expect(JSON.stringify(out.details).length).toBeLessThanOrEqual(DETAILS_LIMITS.maxJsonChars);
    expect((out.details.rows as unknown[]).length).toBeGreaterThan(0);
  });

  it('keeps a "__proto__" key as a key and writes -0 as 0, as JSON reads them back', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "zero": 0}');
    input.zero = -0;
    const out = resultDetails(input)!;
    expect(Object.getPrototypeOf(out.details)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(roundTrip(out.details)).toEqual(out.details);
    expect(Object.is(out.details.zero, 0)).toBe(true);
    expect(Object.keys(out.details)).toEqual(['__proto__', 'zero']);
  });

  it('gives nothing for what is not a plain object, or holds nothing of JSON', () => {
    for (const v of [undefined, null, 1, 'x', [1], Buffer.from('x'), new Map(), { fn: () => 1 }, {}]) expect(resultDetails(v)).toBeUndefined();
  });

  it('on any input: JSON that survives a round trip unchanged, within the bound, valid against CheckResult', () => {
    const hostile = fc.oneof(
      fc.anything({ maxDepth: 6, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true }),
      fc.string({ maxLength: 5000 }),
      fc.array(fc.string({ maxLength: 400 }), { maxLength: 200 }),
      fc.constant(Buffer.alloc(10_000, 65)),
      fc.func(fc.integer()),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 400 }), hostile, { maxKeys: 80 }), (input) => {
        const out = resultDetails(input);
        if (out === undefined) return;
        expect(roundTrip(out.details)).toEqual(out.details);
        expect(JSON.stringify(out.details).length).toBeLessThanOrEqual(DETAILS_LIMITS.maxJsonChars);
        expect(CheckResult.shape.details.safeParse(out.details).success, 'details match the JsonValue schema of /openapi.json').toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
