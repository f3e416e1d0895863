/** Property tests for the store's two small parsers: history cursors and Postgres placeholders. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clampLimit, decodeCursor, encodeCursor } from '../../src/store/aggregates/paging.js';
import { toPgPlaceholders } from '../../src/store/postgres/client.js';

describe('history cursors', () => {
  it('round-trip a (created_at, id) pair', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.stringMatching(/^[a-z0-9]{1,24}$/),
        (at, id) => {
          expect(decodeCursor(encodeCursor(at.toISOString(), id))).toEqual([at.toISOString(), id]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never throw on anything a client sends, and give null or a dated pair', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const c = decodeCursor(s);
        expect(c === null || (c.length === 2 && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(c[0]) && c[1].length > 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('clamp page sizes to 1..100', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.constant(undefined)), (n) => {
        const l = clampLimit(n as number | undefined);
        expect(Number.isInteger(l) && l >= 1 && l <= 100).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('Postgres placeholders', () => {
  it('number every bare ? in order and keep explicit ?n', () => {
    const piece = fc.oneof(
      fc.constant('?'),
      fc.integer({ min: 1, max: 30 }).map((n) => `?${n}`),
      fc.stringMatching(/^[a-z_ ,()=<>*]{0,8}$/),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const sql = pieces.join(' ');
        const out = toPgPlaceholders(sql);
        expect(out).not.toContain('?');
        let n = 0;
        const expected = pieces.map((p) => (p === '?' ? `$${++n}` : p.startsWith('?') ? `$${p.slice(1)}` : p)).join(' ');
        expect(out).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
