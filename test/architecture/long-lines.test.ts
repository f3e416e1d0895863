/**
 * Lines over 160 characters in src/ (issue 39): prose literals, CSS and long expressions are
 * wrapped, split over lines or moved to data files, so a diff shows what changed and a review
 * reads without scrolling. Biome formats to 160 columns but cannot break a string, a template or
 * a comment: this test counts what it leaves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Longest line the house allows (biome.json `lineWidth`). */
const MAX_LINE = 160;
/**
 * How many longer lines src/ may hold. The house target is 50; set at merge time by the lead to
 * what the merged tree holds (the checks, src/core/fixes and the fix writer are being wrapped on
 * other branches), and lowered as they shrink, never raised.
 */
const MAX_LONG_LINES_IN_SRC = 50;

const SRC = new URL('../../src/', import.meta.url);

function longLinesByFile(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(ts|tsx|mts|cts)$/.test(file)) continue;
    const n = readFileSync(new URL(file, SRC), 'utf8')
      .split('\n')
      .filter((line) => line.length > MAX_LINE).length;
    if (n) counts.set(`src/${file}`, n);
  }
  return counts;
}

describe(`lines over ${MAX_LINE} characters in src/`, () => {
  it(`are at most ${MAX_LONG_LINES_IN_SRC}`, () => {
    const counts = longLinesByFile();
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const worst = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([file, n]) => `${n} ${file}`);
    expect(
      total,
      `src/ holds ${total} lines over ${MAX_LINE} characters (at most ${MAX_LONG_LINES_IN_SRC}). Wrap prose literals ` +
        `('a ' + 'b'), split templates, move long texts to data files. Worst files:\n  ${worst.join('\n  ')}`,
    ).toBeLessThanOrEqual(MAX_LONG_LINES_IN_SRC);
  });
});
