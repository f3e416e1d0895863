/**
 * The labelled verdict corpus (issue 11), RuleTester-style: every row of VARIANTS is a real
 * fixture site on 127.0.0.1 scanned by the real engine; the listed checks must give the listed
 * statuses (and codes). Rows run concurrently (vitest's maxConcurrency bounds them).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import type { Variant } from './types.js';
import { serveVariant } from './serve-variant.js';
import { VARIANTS } from './variants.js';
import { mismatches } from './mismatches.js';
import { CHECKS } from '../../src/core/checks/index.js';
import { proseInData } from '../helpers/data-prose.js';
import { DETAILS_LIMITS } from '../../src/core/result-details.js';
import { CheckResult } from '../../src/core/schema.js';
import { addShapes, detailsMarkdown, type Shapes } from './details-shapes.js';

const open: FixtureSite[] = [];
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

const serve = (v: Variant) => serveVariant(v, open);
const shapes: Shapes = new Map();
let scanned = 0;

describe.concurrent('verdict corpus', () => {
  for (const v of VARIANTS) {
    it(v.name, async () => {
      const { origin } = await serve(v);
      const scanning = scan(origin + (v.path ?? '/'), { profile: v.profile ?? 'auto', timeoutMs: 5000, deadlineMs: 20_000 });
      if (v.refused) {
        await expect(scanning, `variant "${v.name}" (${v.models}): the scan must be refused`).rejects.toMatchObject({ code: v.refused });
        return;
      }
      const result = await scanning;
      const wrong = mismatches(v, result.checks);
      expect(wrong, `variant "${v.name}" (${v.models}):\n  ${wrong.join('\n  ')}`).toEqual([]);
      // Data carries values, not sentences (test/helpers/data-prose.ts).
      const prose = proseInData(result.checks, (id) => CHECKS.find((c) => c.meta.id === id)?.meta.quoted ?? []);
      expect(prose, `variant "${v.name}": data values that are sentences (render them in the template from fields)`).toEqual([]);
      // Typed details reach the result as plain JSON, within their bound, never cut on a realistic site.
      for (const c of result.checks) {
        if (!c.details) continue;
        expect(JSON.parse(JSON.stringify(c.details)), `${v.name} ${c.id}`).toEqual(c.details);
        expect(JSON.stringify(c.details).length, `${v.name} ${c.id}`).toBeLessThanOrEqual(DETAILS_LIMITS.maxJsonChars);
        expect(c.detailsTruncated, `${v.name} ${c.id}: details cut on the corpus`).toBeUndefined();
        expect(CheckResult.safeParse(c).success, `${v.name} ${c.id}`).toBe(true);
      }
      addShapes(shapes, result.checks);
      scanned++;
    });
  }
});

describe('the details of the corpus', () => {
  const scans = VARIANTS.filter((v) => !v.refused).length;

  it('docs/check-details.md lists the details each check gave (UPDATE_DOCS=1 rewrites it)', ({ skip }) => {
    if (scanned !== scans) skip('only a part of the corpus ran');
    expect(shapes.size, 'checks with details on the corpus').toBeGreaterThanOrEqual(15);
    const want = detailsMarkdown(
      shapes,
      CHECKS.map((c) => c.meta.id),
    );
    const path = new URL('../../docs/check-details.md', import.meta.url);
    if (process.env.UPDATE_DOCS) writeFileSync(path, want);
    expect(readFileSync(path, 'utf8'), 'docs/check-details.md is stale: UPDATE_DOCS=1 npx vitest run test/corpus').toBe(want);
  });
});

describe('the corpus table', () => {
  it('has at least 40 variants with unique names, each with a source and an expectation', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(40);
    const names = VARIANTS.map((v) => v.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    for (const v of VARIANTS) {
      expect(v.name, 'kebab-case name').toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(Object.keys(v.expect).length > 0 || !!v.refused, `${v.name} expects something`).toBe(true);
      expect(v.source.trim().length, `${v.name} names its source`).toBeGreaterThan(0);
    }
  });

  it('a mismatch names the check, expected vs actual status and code, and the evidence', () => {
    const row = VARIANTS.find((v) => v.name === 'robots-valid')!;
    const got = [
      { id: 'D1', status: 'partial', code: 'D1/wrong-type', evidence: 'GET /robots.txt → 200 text/html' },
      { id: 'D2', status: 'pass', code: 'D2/ok', evidence: 'ok' },
    ] as unknown as Parameters<typeof mismatches>[1];
    const wrong = mismatches(row, got);
    expect(wrong[0]).toContain('D1: expected pass (D1/ok), got partial (D1/wrong-type)');
    expect(wrong[0]).toContain('evidence: GET /robots.txt → 200 text/html');
    expect(wrong[1]).toContain('B1: expected pass, but the scan has no B1 result');
    expect(wrong).toHaveLength(2);
  });

  it('docs/verdict-corpus.md lists every variant, and no other', () => {
    const doc = readFileSync(new URL('../../docs/verdict-corpus.md', import.meta.url), 'utf8');
    const listed = [...doc.matchAll(/^###\s+`([a-z0-9-]+)`/gm)].map((m) => m[1]);
    expect(listed.slice().sort()).toEqual(VARIANTS.map((v) => v.name).sort());
  });
});
