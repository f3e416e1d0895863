/**
 * The Content-Usage header reader (B5): any string gives an answer and never throws; a dictionary
 * serialized from known preferences reads back to them; the draft's rules hold (last value of a
 * repeated key wins, non-token values and unknown labels leave preferences unknown, parameters are
 * ignored, upper-case keys fail the whole parse).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AIPREF_CATEGORIES, CONTENT_USAGE_MAX_CHARS, readContentUsage } from '../../src/core/checks/bot_access/content-usage-header.js';

const category = fc.constantFrom(...AIPREF_CATEGORIES);
const yn = fc.constantFrom('y', 'n');
const label = fc.stringMatching(/^[a-z*][a-z0-9_.*-]{0,12}$/);
const param = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/), fc.constantFrom('1', '?0', '"x"', 'tok')).map(([k, v]) => `;${k}=${v}`);

describe('Content-Usage header (property-based)', () => {
  it('never throws and always returns a verdict, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (raw) => {
        const h = readContentUsage(raw);
        expect(h.raw).toBe(raw);
        if (h.parseError) expect(h.preferences).toEqual({});
        for (const v of Object.values(h.preferences)) expect(['allow', 'disallow']).toContain(v);
      }),
      { numRuns: 300 },
    );
  });

  it('reads back the preferences a serialized dictionary states, parameters and unknown labels ignored, the last repeat winning', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(category, label), yn, fc.option(param, { nil: undefined })), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(', ', ',', ' ,  '),
        (members, sep) => {
          const raw = members.map(([k, v, p]) => `${k}=${v}${p ?? ''}`).join(sep);
          const h = readContentUsage(raw);
          expect(h.parseError).toBeNull();
          const want: Record<string, string> = {};
          for (const [k, v] of members) if ((AIPREF_CATEGORIES as readonly string[]).includes(k)) want[k] = v === 'y' ? 'allow' : 'disallow';
          expect(h.preferences).toEqual(want);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('values that are not the tokens y or n leave the category unknown, never allowed or disallowed', () => {
    fc.assert(
      fc.property(category, fc.constantFrom('"y"', '"n"', 'yes', 'no', '?1', '?0', '1', 'Y1', ':eQ==:', '(y n)'), (k, v) => {
        const h = readContentUsage(`${k}=${v}`);
        expect(h.preferences[k]).toBeUndefined();
        if (!h.parseError) expect(h.unknownValues).toContain(k);
      }),
      { numRuns: 100 },
    );
  });

  it('upper-case keys fail the parse (the format is case-sensitive), and an oversized value is not parsed', () => {
    fc.assert(
      fc.property(category, yn, (k, v) => {
        expect(readContentUsage(`${k.toUpperCase()}=${v}`).parseError).not.toBeNull();
      }),
      { numRuns: 30 },
    );
    const big = readContentUsage('train-ai=n, ' + 'x=y, '.repeat(CONTENT_USAGE_MAX_CHARS));
    expect(big.parseError).toMatch(/longer than/);
  });
});
