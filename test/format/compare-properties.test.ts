/** Invariants of the one comparison (format/compare.ts) over arbitrary pairs of scans (fast-check, bounded). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareSnapshots, type Snapshot } from '../../src/format/compare.js';
import { CHECK_STATUSES, DIMENSIONS } from '../../src/core/vocabulary.js';

const IDS = ['D1', 'D2', 'C1', 'B1', 'A1', 'A4', 'E1'];

const snapshot: fc.Arbitrary<Snapshot> = fc.record({
  url: fc.constant('https://site.test/'),
  score: fc.integer({ min: 0, max: 100 }),
  grade: fc.constantFrom('A', 'B', 'C', 'D', 'F'),
  level: fc.integer({ min: 0, max: 5 }),
  rubricVersion: fc.constantFrom('1', '2'),
  dimensions: fc.dictionary(fc.constantFrom(...DIMENSIONS), fc.option(fc.integer({ min: 0, max: 100 }), { nil: null })),
  checks: fc.uniqueArray(
    fc.record({
      id: fc.constantFrom(...IDS),
      name: fc.string({ maxLength: 20 }),
      dimension: fc.constantFrom(...DIMENSIONS),
      status: fc.constantFrom(...CHECK_STATUSES),
      earned: fc.integer({ min: 0, max: 10 }),
    }),
    { selector: (c) => c.id, maxLength: IDS.length },
  ),
});

describe('compareSnapshots', () => {
  it('accounts for every check once, and reverses cleanly', () => {
    fc.assert(
      fc.property(snapshot, snapshot, (a, b) => {
        const c = compareSnapshots(a, b);
        const union = new Set([...a.checks, ...b.checks].map((x) => x.id));
        expect(c.changed.length + c.unchangedCount).toBe(union.size);
        expect(new Set(c.changed.map((x) => x.id)).size).toBe(c.changed.length);
        const changed = new Set(c.changed.map((x) => x.id));
        for (const f of [...c.newFindings, ...c.fixedFindings]) expect(changed.has(f.id)).toBe(true);
        for (const f of c.newFindings) expect(['fail', 'partial']).toContain(f.status);
        for (const f of c.fixedFindings) expect(['fail', 'partial']).toContain(f.status);
        const back = compareSnapshots(b, a);
        expect(back.scoreDelta + c.scoreDelta).toBe(0);
        expect(back.levelDelta + c.levelDelta).toBe(0);
        expect(back.unchangedCount).toBe(c.unchangedCount);
        // What one direction fixed, the other direction finds new.
        const reverseNew = new Set(back.newFindings.map((f) => f.id));
        for (const f of c.fixedFindings) expect(reverseNew.has(f.id)).toBe(true);
        for (const d of c.dimensions) expect(d.delta).toBe(d.from !== null && d.to !== null ? d.to - d.from : null);
        expect(c.sameRubric).toBe(a.rubricVersion === b.rubricVersion);
      }),
      { numRuns: 300 },
    );
  });

  it('finds nothing changed between a scan and itself', () => {
    fc.assert(
      fc.property(snapshot, (a) => {
        const c = compareSnapshots(a, a);
        expect(c.changed).toEqual([]);
        expect(c.newFindings).toEqual([]);
        expect(c.fixedFindings).toEqual([]);
        expect(c.gradeChange).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});
