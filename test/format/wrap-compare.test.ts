/**
 * The pretty report wrapped to a 110-column terminal (word boundaries only, through wrap-ansi),
 * and the comparison every face shares (format/compare.ts), on results of the real engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { renderTextReport } from '../../src/format/text.js';
import { renderMarkdown } from '../../src/format/markdown.js';
import { compareSnapshots, snapshotOf } from '../../src/format/compare.js';
import { wrapLines } from '../../src/format/wrap.js';
import type { ScanResult } from '../../src/core/schema.js';
import { scanFixture } from './scan-fixture.js';
import { agentReady } from '../fixtures/sites.mjs';
import type { FixtureSite } from '../helpers/fixture-server.js';

const PLAIN = {
  '/': {
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: '<!doctype html><html><head><title>Plain</title></head><body><h1>Plain</h1><p>Text.</p></body></html>',
  },
  '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
};

let plain: ScanResult;
let ready: ScanResult;
const sites: FixtureSite[] = [];
beforeAll(async () => {
  const a = await scanFixture(PLAIN);
  sites.push(a.site);
  plain = a.result;
  const b = await scanFixture({});
  sites.push(b.site);
  // The same engine on an agent-ready site (its routes need the origin, so a second start).
  const c = await (await import('../helpers/fixture-server.js')).startFixture((s) => agentReady(s.origin));
  sites.push(c);
  ready = (await import('../../src/core/schema.js')).ScanResponse.parse(await (await import('../../src/core/scan.js')).scan(c.origin, { deadlineMs: 20_000 }));
}, 60_000);
afterAll(async () => {
  for (const s of sites) await s.close();
});

// A split shell line continues with a backslash and a split comment repeats its marker: the only
// tokens wrapping may add.
const tokens = (text: string) =>
  stripVTControlCharacters(text)
    .split(/\s+/)
    .filter((t) => t && !['\\', '//', '#'].includes(t));

describe('the pretty report at 110 columns', () => {
  for (const color of [false, true]) {
    it(`breaks lines between words only${color ? ' (with colour)' : ''}`, () => {
      const unwrapped = renderTextReport(plain, { color, width: 110, verbose: true });
      const wrapped = renderTextReport(plain, { color, width: 110, wrapWidth: 110, verbose: true });
      // Without wrapping some lines are longer than the terminal (the terminal would cut them anywhere).
      expect(
        stripVTControlCharacters(unwrapped)
          .split('\n')
          .some((l) => l.length > 110),
      ).toBe(true);
      // Wrapping only moved whitespace: every word is whole and in order.
      expect(tokens(wrapped)).toEqual(tokens(unwrapped));
      for (const line of stripVTControlCharacters(wrapped).split('\n')) {
        // A line may only overflow when it is one unbreakable word (a URL) after its indentation, or
        // code that cannot be split where it would still work (a header line, a quoted string).
        if (line.length > 110 && line.trim().includes(' ')) expect(line).toMatch(/['"`]|^\s*[\w-]+: /);
      }
      const text = stripVTControlCharacters(wrapped);
      expect(text).toContain('text/markdown');
      expect(text.toLowerCase()).toContain('capabilities');
    });
  }

  it('keeps a hanging indent after list markers and never wraps code lines', () => {
    const long = `    1. ${'word '.repeat(40).trim()}`;
    const code = `       │ ${'x '.repeat(80)}`;
    const out = wrapLines([long, code], 60);
    expect(out.length).toBeGreaterThan(3);
    expect(out.slice(1, -1).every((l) => l.startsWith('       ') && !l.startsWith('        '))).toBe(true);
    expect(out[out.length - 1]).toBe(code);
    expect(wrapLines([long], 0)).toEqual([long]);
  });
});

describe('one comparison for every face', () => {
  it('gives score, level and dimension deltas, changed checks, new and fixed findings', () => {
    const c = compareSnapshots(snapshotOf(plain), snapshotOf(ready));
    expect(c.scoreDelta).toBe(ready.overallScore - plain.overallScore);
    expect(c.scoreDelta).toBeGreaterThan(0);
    expect(c.levelDelta).toBe(ready.level - plain.level);
    expect(c.sameRubric).toBe(true);
    const d = c.dimensions.find((x) => x.dimension === 'discoverability')!;
    expect(d.delta).toBe(ready.dimensions!.discoverability!.score - plain.dimensions!.discoverability!.score);
    // Every fixed finding was failing or partial before and is not any more.
    for (const f of c.fixedFindings) {
      expect(['fail', 'partial']).toContain(plain.checks.find((x) => x.id === f.id)!.status);
      expect(['fail', 'partial']).not.toContain(ready.checks.find((x) => x.id === f.id)?.status);
    }
    expect(c.fixedFindings.length).toBeGreaterThan(0);
    expect(c.changed.length + c.unchangedCount).toBe(new Set([...plain.checks, ...ready.checks].map((x) => x.id)).size);
    // Reversed, what was fixed becomes new.
    const back = compareSnapshots(snapshotOf(ready), snapshotOf(plain));
    expect(back.newFindings.map((f) => f.id).sort()).toEqual(c.fixedFindings.map((f) => f.id).sort());
    expect(back.scoreDelta).toBe(-c.scoreDelta);
  });

  it('says when the rubric versions differ', () => {
    const c = compareSnapshots({ ...snapshotOf(plain), rubricVersion: 'old' }, snapshotOf(ready));
    expect(c.sameRubric).toBe(false);
    const text = renderTextReport(ready, { comparison: c });
    expect(text).toContain('different rubric versions');
  });

  it('appears in the pretty and markdown reports in the same shape', () => {
    const c = compareSnapshots(snapshotOf(plain), snapshotOf(ready));
    const text = renderTextReport(ready, { comparison: c });
    expect(text).toContain('Since the baseline');
    expect(text).toContain(`${plain.overallScore} -> ${ready.overallScore} (+${c.scoreDelta})`);
    expect(text).toContain(`Fixed (${c.fixedFindings.length})`);
    expect(text).toContain(`Checks that changed (${c.changed.length})`);
    // The summary lists a few of each.
    const summary = renderTextReport(ready, { comparison: c, summary: true });
    expect(summary).toContain(`Fixed (${c.fixedFindings.length})`);
    expect(summary).toContain(`... and ${c.fixedFindings.length - 5} more`);
    const md = renderMarkdown([ready], { comparisonFor: () => c });
    expect(md).toContain(`### Since the baseline: ${plain.overallScore} -> ${ready.overallScore} (+${c.scoreDelta})`);
    expect(md).toContain('| Dimension | Before | After | Change |');
    expect(md).toContain(`**Fixed (${c.fixedFindings.length}):**`);
  });
});
