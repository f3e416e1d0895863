/**
 * One comparison of two scans, used by every face: the service's compare page and v1 JSON, the
 * MCP `get_report` tool (`compareWith`) and the terminal's `--baseline` deltas. It works on snapshots (what a
 * comparison needs of a scan) so a saved baseline, which keeps less than a full result, compares
 * the same way as two stored reports.
 */
import type { CheckStatus, Dimension, ScanResult } from '../core/schema.js';
import { DIMENSIONS, gradeFor } from '../core/vocabulary.js';

export interface SnapshotCheck {
  id: string;
  name?: string;
  dimension?: Dimension;
  status: CheckStatus;
  earned?: number;
}

/** What a comparison needs of one scan. */
export interface Snapshot {
  /** Share id of a stored report (absent for a baseline or a local scan). */
  id?: string;
  url: string;
  createdAt?: string;
  score: number;
  grade: string;
  level: number;
  rubricVersion?: string;
  /** Dimension scores; null when the dimension did not apply. Absent: unknown (an old baseline). */
  dimensions?: Partial<Record<Dimension, number | null>>;
  checks: SnapshotCheck[];
}

/** One side of a comparison: the snapshot without its dimensions and checks (those become deltas). */
export type ComparedPoint = Omit<Snapshot, 'dimensions' | 'checks'>;

export interface DimensionDelta {
  dimension: Dimension;
  /** null: not applicable (or unknown) on that side. */
  from: number | null;
  to: number | null;
  /** null when either side has no score. */
  delta: number | null;
}

export interface ChangedCheck {
  id: string;
  name: string;
  dimension: Dimension;
  /** null: the check was not in the older scan. */
  from: CheckStatus | null;
  /** null: the check is not in the newer scan. */
  to: CheckStatus | null;
  earnedDelta: number;
}

export interface Finding {
  id: string;
  name: string;
  dimension: Dimension;
  status: CheckStatus;
}

export interface ReportComparison {
  from: ComparedPoint;
  to: ComparedPoint;
  scoreDelta: number;
  levelDelta: number;
  /** e.g. "C -> B"; null when unchanged. */
  gradeChange: string | null;
  /** Scores are comparable only under one rubric version; false says the deltas mix rubrics. */
  sameRubric: boolean;
  dimensions: DimensionDelta[];
  /** Every check whose status or earned points changed. */
  changed: ChangedCheck[];
  /** Failing or partial in the newer scan, and not failing (or worse) before: what got worse. */
  newFindings: Finding[];
  /** Failing or partial before, passing (or gone) now. */
  fixedFindings: Finding[];
  unchangedCount: number;
}

const FINDING: ReadonlySet<CheckStatus> = new Set(['fail', 'partial']);
/** Ranks of the statuses that carry points; na/info carry none and are never "worse". */
const RANK: Partial<Record<CheckStatus, number>> = { pass: 2, partial: 1, fail: 0 };

/** The snapshot of a full result (a stored report's result, or a fresh scan). */
export function snapshotOf(r: ScanResult, meta: { id?: string; createdAt?: string } = {}): Snapshot {
  const dimensions: Partial<Record<Dimension, number | null>> = {};
  for (const d of DIMENSIONS) {
    const s = r.dimensions?.[d];
    if (s) dimensions[d] = s.applicable ? s.score : null;
  }
  return {
    ...(meta.id ? { id: meta.id } : {}),
    url: r.url,
    ...((meta.createdAt ?? r.scannedAt) ? { createdAt: meta.createdAt ?? r.scannedAt } : {}),
    score: r.overallScore,
    grade: r.grade ?? gradeFor(r.overallScore),
    level: r.level,
    ...(r.rubricVersion ? { rubricVersion: r.rubricVersion } : {}),
    ...(r.dimensions ? { dimensions } : {}),
    checks: r.checks.map((c) => ({ id: c.id, name: c.name, dimension: c.dimension, status: c.status, earned: c.earned })),
  };
}

function point(s: Snapshot): ComparedPoint {
  return {
    ...(s.id ? { id: s.id } : {}),
    url: s.url,
    ...(s.createdAt ? { createdAt: s.createdAt } : {}),
    score: s.score,
    grade: s.grade,
    level: s.level,
    ...(s.rubricVersion ? { rubricVersion: s.rubricVersion } : {}),
  };
}

function isNewFinding(from: CheckStatus | null, to: CheckStatus): boolean {
  if (!FINDING.has(to)) return false;
  if (from === null || !(from in RANK)) return true;
  return RANK[to]! < RANK[from]!;
}

/** Compares an older scan `a` with a newer scan `b`. */
export function compareSnapshots(a: Snapshot, b: Snapshot): ReportComparison {
  const before = new Map(a.checks.map((c) => [c.id, c]));
  const after = new Map(b.checks.map((c) => [c.id, c]));
  const changed: ChangedCheck[] = [];
  const newFindings: Finding[] = [];
  const fixedFindings: Finding[] = [];
  let unchangedCount = 0;
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const x = before.get(id);
    const y = after.get(id);
    const name = y?.name ?? x?.name ?? id;
    const dimension = y?.dimension ?? x?.dimension;
    // A check known only by its id (a baseline's check the new scan no longer has) cannot be placed.
    if (!dimension) continue;
    const earnedDelta = y?.earned !== undefined && x?.earned !== undefined ? y.earned - x.earned : 0;
    if (x && y && x.status === y.status && earnedDelta === 0) {
      unchangedCount++;
      continue;
    }
    const from = x?.status ?? null;
    const to = y?.status ?? null;
    changed.push({ id, name, dimension, from, to, earnedDelta: y && x ? earnedDelta : (y?.earned ?? 0) - (x?.earned ?? 0) });
    if (to !== null && isNewFinding(from, to)) newFindings.push({ id, name, dimension, status: to });
    else if (from !== null && FINDING.has(from) && (to === null || to === 'pass' || to === 'na')) fixedFindings.push({ id, name, dimension, status: from });
  }
  const dimensions: DimensionDelta[] = [];
  for (const d of DIMENSIONS) {
    const hasA = a.dimensions !== undefined && d in a.dimensions;
    const hasB = b.dimensions !== undefined && d in b.dimensions;
    if (!hasA && !hasB) continue;
    const from = a.dimensions?.[d] ?? null;
    const to = b.dimensions?.[d] ?? null;
    dimensions.push({ dimension: d, from, to, delta: from !== null && to !== null ? to - from : null });
  }
  return {
    from: point(a),
    to: point(b),
    scoreDelta: b.score - a.score,
    levelDelta: b.level - a.level,
    gradeChange: a.grade === b.grade ? null : `${a.grade} -> ${b.grade}`,
    sameRubric: (a.rubricVersion ?? 'unknown') === (b.rubricVersion ?? 'unknown'),
    dimensions,
    changed,
    newFindings,
    fixedFindings,
    unchangedCount,
  };
}

/** "+3", "-2", "±0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? String(n) : '±0';
}
