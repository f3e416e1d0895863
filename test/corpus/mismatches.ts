/** Compares a corpus row with a scan's check results (the RuleTester assertion of corpus.test.ts). */
import type { CheckResult } from '../../src/core/schema.js';
import type { Variant } from './types.js';

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
