/**
 * The labelled verdict corpus (issue 11), RuleTester-style: every row of VARIANTS is a real
 * fixture site on 127.0.0.1 scanned by the real engine; the listed checks must give the listed
 * statuses (and codes). Rows run concurrently (vitest's maxConcurrency bounds them).
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import type { CheckResult } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { PENDING_REASON, type Origins, type Variant } from './types.js';
import { VARIANTS } from './variants.js';

const open: FixtureSite[] = [];
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

/** Starts the variant's site (and its second site on localhost when it has one). */
async function serve(v: Variant): Promise<Origins> {
  const origins: Origins = { origin: '', other: '' };
  if (v.otherSite) {
    const other = await startFixture(() => v.otherSite!(origins), { host: 'localhost' });
    open.push(other);
    origins.other = other.origin;
  }
  const site = await startFixture((s) => {
    origins.origin = s.origin;
    return v.site(origins);
  });
  open.push(site);
  return origins;
}

/** Every disagreement between the row and the scan, each naming the check, expected vs actual and the evidence. */
export function mismatches(v: Variant, checks: CheckResult[]): string[] {
  const out: string[] = [];
  for (const [id, status] of Object.entries(v.expect)) {
    const c = checks.find((x) => x.id === id);
    if (!c) {
      out.push(`${id}: expected ${status}, but the scan has no ${id} result`);
      continue;
    }
    const code = v.codes?.[id];
    if (c.status !== status || (code && c.code !== code)) {
      out.push(`${id}: expected ${status}${code ? ` (${code})` : ''}, got ${c.status} (${c.code})\n    evidence: ${c.evidence}`);
    }
  }
  for (const id of Object.keys(v.codes ?? {})) if (!(id in v.expect)) out.push(`${id}: a code is listed without a status in expect`);
  return out;
}

describe.concurrent('verdict corpus', () => {
  for (const v of VARIANTS) {
    if (v.pendingOn) {
      it.skip(`${v.name} (pending: needs ${PENDING_REASON[v.pendingOn]})`, () => {});
      continue;
    }
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

  it('docs/verdict-corpus.md lists every variant, and no other', () => {
    const doc = readFileSync(new URL('../../docs/verdict-corpus.md', import.meta.url), 'utf8');
    const listed = [...doc.matchAll(/^###\s+`([a-z0-9-]+)`/gm)].map((m) => m[1]);
    expect(listed.slice().sort()).toEqual(VARIANTS.map((v) => v.name).sort());
  });
});
