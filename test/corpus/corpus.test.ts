/**
 * The labelled verdict corpus (issue 11), RuleTester-style: every row of VARIANTS is a real
 * fixture site on 127.0.0.1 scanned by the real engine; the listed checks must give the listed
 * statuses (and codes). Rows run concurrently (vitest's maxConcurrency bounds them).
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import type { Variant } from './types.js';
import { serveVariant } from './serve-variant.js';
import { VARIANTS } from './variants.js';
import { mismatches } from './mismatches.js';
import { CHECKS } from '../../src/core/checks/index.js';
import { proseInData } from '../helpers/data-prose.js';
import { PROSE_PENDING } from './prose-pending.js';

const open: FixtureSite[] = [];
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

const serve = (v: Variant) => serveVariant(v, open);

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
      const judged = result.checks.filter((c) => !PROSE_PENDING.has(c.id));
      const prose = proseInData(judged, (id) => CHECKS.find((c) => c.meta.id === id)?.meta.quoted ?? []);
      expect(prose, `variant "${v.name}": data values that are sentences (render them in the template from fields)`).toEqual([]);
    });
  }
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
