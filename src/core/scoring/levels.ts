/**
 * Levels 0-5 (catalog §4.4), the isitagentready ladder with our check ids so levels compare.
 * `partial` never satisfies a gate; `na` members are skipped in "all of" sets and never count
 * toward "N of" minimums.
 */
import type { CheckResult, CheckStatus, NextLevel } from '../schema.js';
import { LEVEL_NAMES } from './rubric.js';

type StatusOf = (id: string) => CheckStatus | undefined;

interface Rung {
  level: number;
  rule: string;
  /** Members whose failure blocks the rung (for nextLevel requirements). */
  members: string[];
  met(s: StatusOf): boolean;
  /** The members still worth fixing; default all. An arm already met blocks nothing. */
  open?(s: StatusOf): string[];
}

const pass = (s: StatusOf, id: string) => s(id) === 'pass';
const countPass = (s: StatusOf, ids: string[]) => ids.filter((id) => pass(s, id)).length;
const INTEGRATIONS = ['A1', 'A4', 'A5', 'A6'];

function allApplicablePass(s: StatusOf, ids: string[]): boolean {
  const applicable = ids.filter((id) => s(id) !== 'na' && s(id) !== undefined);
  return applicable.length > 0 && applicable.every((id) => pass(s, id));
}

const AUTH = ['A2', 'A3', 'A9'];
const ARM_MEMBERS = [['B3'], INTEGRATIONS, AUTH];
const arms = (s: StatusOf) => [pass(s, 'B3'), allApplicablePass(s, INTEGRATIONS), AUTH.some((id) => pass(s, id))];

export const RUNGS: Rung[] = [
  { level: 1, rule: '2 of D1, D2, D3', members: ['D1', 'D2', 'D3'], met: (s) => countPass(s, ['D1', 'D2', 'D3']) >= 2 },
  { level: 2, rule: 'all of B1, B2', members: ['B1', 'B2'], met: (s) => pass(s, 'B1') && pass(s, 'B2') },
  { level: 3, rule: 'C1', members: ['C1'], met: (s) => pass(s, 'C1') },
  { level: 4, rule: '1 of A1, A4, A5, A6', members: INTEGRATIONS, met: (s) => countPass(s, INTEGRATIONS) >= 1 },
  {
    level: 5,
    rule: '2 of 3 arms: B3 (Web Bot Auth); every applicable one of A1, A4, A5, A6; one of A2, A3, A9 (auth metadata)',
    members: ['B3', ...INTEGRATIONS, 'A2', 'A3', 'A9'],
    met: (s) => arms(s).filter(Boolean).length >= 2,
    open: (s) => {
      const met = arms(s);
      return ARM_MEMBERS.filter((_, i) => !met[i]).flat();
    },
  },
];

export const LEVEL_RULES = [
  { level: 0, name: LEVEL_NAMES[0], rule: 'otherwise' },
  ...RUNGS.map((r) => ({ level: r.level, name: LEVEL_NAMES[r.level], rule: r.rule })),
];

export function computeLevel(checks: CheckResult[]): { level: number; levelName: string; nextLevel: NextLevel | null } {
  const byId = new Map(checks.map((c) => [c.id, c]));
  const s: StatusOf = (id) => byId.get(id)?.status;
  let level = 0;
  for (const rung of RUNGS) {
    if (!rung.met(s)) break;
    level = rung.level;
  }
  const next = RUNGS.find((r) => r.level === level + 1);
  const nextLevel: NextLevel | null = next
    ? {
        target: next.level,
        name: LEVEL_NAMES[next.level],
        rule: next.rule,
        requirements: (next.open?.(s) ?? next.members)
          .filter((id) => byId.has(id) && s(id) !== 'pass' && s(id) !== 'na')
          .map((id) => {
            const c = byId.get(id)!;
            return { checkId: id, title: c.name, status: c.status, remediation: c.remediation };
          }),
      }
    : null;
  return { level, levelName: LEVEL_NAMES[level], nextLevel };
}
