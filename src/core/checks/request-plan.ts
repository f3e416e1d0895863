/**
 * The request plan: every request the checks declare in `meta.requests`, once each (a request
 * several checks declare carries all their ids), in registry order, origin paths before the target
 * URL's own requests. The engine sends it with the page, before the registry loads, so it reads
 * the plan from a generated module of plain data (request-plan.generated.ts, written from this by
 * `UPDATE_PLAN=1 npx vitest run test/core/checks/request-plan.test.ts`; the test fails while it differs).
 */
import type { CheckModule } from './types.js';
import { isTargetRequest, planKey, type Declarer, type EarlyRequest, type PlannedRequest } from '../gather/early-request.js';

export function requestPlan(checks: ReadonlyArray<CheckModule<any>>): PlannedRequest[] {
  const byKey = new Map<string, { request: EarlyRequest; declaredBy: Declarer[] }>();
  for (const { meta } of checks) {
    for (const request of meta.requests ?? []) {
      const key = planKey(request);
      const entry = byKey.get(key) ?? byKey.set(key, { request, declaredBy: [] }).get(key)!;
      if (!entry.declaredBy.some((d) => d.id === meta.id)) entry.declaredBy.push({ id: meta.id, dimension: meta.dimension });
    }
  }
  const planned = [...byKey.values()].map(({ request, declaredBy }) => ({ ...request, declaredBy }));
  return [...planned.filter((r) => !isTargetRequest(r)), ...planned.filter(isTargetRequest)];
}

/** The source of request-plan.generated.ts for a plan: plain data, no import of any check. */
export function requestPlanModule(plan: readonly PlannedRequest[]): string {
  const rows = plan.map((r) => `  ${JSON.stringify(r)},`);
  return [
    "// Generated from the checks' meta.requests by src/core/checks/request-plan.ts: do not edit.",
    '// UPDATE_PLAN=1 npx vitest run test/core/checks/request-plan.test.ts rewrites it (that test fails while it differs).',
    "import type { PlannedRequest } from '../gather/early-request.js';",
    '',
    'export const REQUEST_PLAN: readonly PlannedRequest[] = [',
    ...rows,
    '];',
    '',
  ].join('\n');
}
