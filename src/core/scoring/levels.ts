/**
 * Levels 0-5 (catalog §4.4), the isitagentready ladder. Checks declare where they stand on it
 * (meta.level: a rung of levels 1-4, an arm of level 5); this file holds only the shape of each
 * gate, so it names no check. `partial` never satisfies a gate; `na` members are skipped in
 * "every applicable" sets and never count toward "N of" minimums.
 */
import type { CheckResult, CheckStatus, NextLevel } from '../schema.js';
import type { LevelRule } from '../checks/types.js';
import { LEVEL_NAMES } from './rubric.js';

type StatusOf = (id: string) => CheckStatus | undefined;
type Arm = NonNullable<LevelRule['arm']>;

/** What the ladder reads of a check's metadata (the registry's metas, in report order). */
export interface LevelMeta {
  id: string;
  level?: LevelRule;
}

interface Rung {
  level: number;
  rule: string;
  /** Members whose failure blocks the rung (for nextLevel requirements). */
  members: string[];
  met(s: StatusOf): boolean;
  /** The members still worth fixing; default all. An arm already met blocks nothing. */
  open?(s: StatusOf): string[];
}

/** Levels 1-4: how many of the rung's members must pass. */
const GATES: Array<{ level: 1 | 2 | 3 | 4; need: number | 'all' }> = [
  { level: 1, need: 2 },
  { level: 2, need: 'all' },
  { level: 3, need: 'all' },
  { level: 4, need: 1 },
];

/** Level 5: two of these three arms. */
const TOP_LEVEL = 5;
const ARMS_NEEDED = 2;
const ARMS: Array<{ arm: Arm; need: 'one' | 'every-applicable'; label?: string }> = [
  { arm: 'bot-auth', need: 'one', label: 'Web Bot Auth' },
  { arm: 'integrations', need: 'every-applicable' },
  { arm: 'auth-metadata', need: 'one', label: 'auth metadata' },
];

const pass = (s: StatusOf, id: string) => s(id) === 'pass';
const countPass = (s: StatusOf, ids: string[]) => ids.filter((id) => pass(s, id)).length;

function allApplicablePass(s: StatusOf, ids: string[]): boolean {
  const applicable = ids.filter((id) => s(id) !== 'na' && s(id) !== undefined);
  return applicable.length > 0 && applicable.every((id) => pass(s, id));
}

function gateRule(need: number | 'all', ids: string[]): string {
  if (need === 'all') return ids.length === 1 ? ids[0] : `all of ${ids.join(', ')}`;
  return `${need} of ${ids.join(', ')}`;
}

function armRule(arm: (typeof ARMS)[number], ids: string[]): string {
  if (arm.need === 'every-applicable') return `every applicable one of ${ids.join(', ')}`;
  const who = ids.length === 1 ? ids[0] : `one of ${ids.join(', ')}`;
  return arm.label ? `${who} (${arm.label})` : who;
}

/** The rungs of levels 1-5, their members read from the checks' declarations. */
export function levelRungs(metas: readonly LevelMeta[]): Rung[] {
  const rungs: Rung[] = GATES.map(({ level, need }) => {
    const members = metas.filter((m) => m.level?.rung === level).map((m) => m.id);
    return {
      level,
      rule: gateRule(need, members),
      members,
      met: (s) => (need === 'all' ? members.length > 0 && members.every((id) => pass(s, id)) : countPass(s, members) >= need),
    };
  });
  const arms = ARMS.map((a) => ({ ...a, members: metas.filter((m) => m.level?.arm === a.arm).map((m) => m.id) }));
  const armsMet = (s: StatusOf) => arms.map((a) => (a.need === 'one' ? a.members.some((id) => pass(s, id)) : allApplicablePass(s, a.members)));
  rungs.push({
    level: TOP_LEVEL,
    rule: `${ARMS_NEEDED} of ${arms.length} arms: ${arms.map((a) => armRule(a, a.members)).join('; ')}`,
    members: arms.flatMap((a) => a.members),
    met: (s) => armsMet(s).filter(Boolean).length >= ARMS_NEEDED,
    open: (s) => {
      const met = armsMet(s);
      return arms.filter((_, i) => !met[i]).flatMap((a) => a.members);
    },
  });
  return rungs;
}

/** The published rules, "otherwise" first (rubric, `explain`). */
export function levelRules(metas: readonly LevelMeta[]) {
  return [
    { level: 0, name: LEVEL_NAMES[0], rule: 'otherwise' },
    ...levelRungs(metas).map((r) => ({ level: r.level, name: LEVEL_NAMES[r.level], rule: r.rule })),
  ];
}

/** The level the results reach, and what the next one needs; `metas` are the registry's (every check, not only those run). */
export function computeLevel(checks: CheckResult[], metas: readonly LevelMeta[]): { level: number; levelName: string; nextLevel: NextLevel | null } {
  const rungs = levelRungs(metas);
  const byId = new Map(checks.map((c) => [c.id, c]));
  const s: StatusOf = (id) => byId.get(id)?.status;
  let level = 0;
  for (const rung of rungs) {
    if (!rung.met(s)) break;
    level = rung.level;
  }
  const next = rungs.find((r) => r.level === level + 1);
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
