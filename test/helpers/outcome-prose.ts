/**
 * The data rule of test/helpers/data-prose.ts applied to outcomes a check's evaluate returned
 * (unit tests reach codes the verdict corpus never produces).
 */
import type { CheckModule, CheckOutcome } from '../../src/core/checks/types.js';
import type { CheckResult } from '../../src/core/schema.js';
import { proseInData } from './data-prose.js';

/** Every composed sentence in the data of `outcomes` of `check` (empty when all are values). */
export function outcomeProse(check: Pick<CheckModule, 'meta'>, outcomes: readonly CheckOutcome[]): string[] {
  const defined = (d: CheckOutcome['data']) =>
    d ? (Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as Record<string, string | number>) : undefined;
  const results = outcomes.map((o) => ({
    id: check.meta.id,
    code: o.code,
    data: defined(o.data),
    findings: o.findings?.map((f) => ({ code: f.code, text: f.text, data: defined(f.data) })),
    advisoryFindings: o.advisoryFindings?.map((f) => ({ code: f.code, text: f.text, data: defined(f.data) })),
  }));
  return proseInData(results as unknown as CheckResult[], () => check.meta.quoted ?? []);
}
