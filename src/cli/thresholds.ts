/** CI gates: what makes `ai-ready scan` exit 1. Without any gate the exit code is 0 whatever the score. */
import type { Dimension, ScanResult } from '../core/schema.js';

export const TIER_NAMES = ['essential', 'recommended', 'bonus'] as const;
const GRADE_RANK: Record<string, number> = { A: 5, B: 4, C: 3, D: 2, F: 1 };

export interface Thresholds {
  minGrade?: string;
  minScore?: number;
  minLevel?: number;
  /** Minimum score per dimension; a dimension that does not apply to the site is not gated. */
  minDimension?: Partial<Record<Dimension, number>>;
  /** Check ids (upper case) or tier names; a listed check with status "fail" fails the run. */
  failOn?: string[];
}

export function hasThresholds(t: Thresholds): boolean {
  return t.minGrade !== undefined || t.minScore !== undefined || t.minLevel !== undefined || !!t.failOn?.length || Object.keys(t.minDimension ?? {}).length > 0;
}

/** The reasons a result misses the gates (empty: it passes). */
export function thresholdViolations(r: ScanResult, t: Thresholds): string[] {
  const out: string[] = [];
  if (t.minScore !== undefined && r.overallScore < t.minScore) out.push(`score ${r.overallScore} is below --min-score ${t.minScore}`);
  if (t.minGrade !== undefined && (GRADE_RANK[r.grade ?? 'F'] ?? 0) < GRADE_RANK[t.minGrade])
    out.push(`grade ${r.grade ?? '-'} is below --min-grade ${t.minGrade}`);
  if (t.minLevel !== undefined && r.level < t.minLevel) out.push(`level ${r.level} is below --min-level ${t.minLevel}`);
  for (const [dim, min] of Object.entries(t.minDimension ?? {}) as Array<[Dimension, number]>) {
    const d = r.dimensions?.[dim];
    if (d?.applicable && d.score < min) out.push(`${dim} ${d.score} is below --min-dimension ${dim}=${min}`);
  }
  for (const sel of t.failOn ?? []) {
    const isTier = (TIER_NAMES as readonly string[]).includes(sel.toLowerCase());
    const failing = r.checks.filter((c) => c.status === 'fail' && (isTier ? c.tier === sel.toLowerCase() : c.id === sel.toUpperCase()));
    if (failing.length) out.push(`--fail-on ${sel}: ${failing.map((c) => `${c.id} ${c.name}`).join(', ')} failed`);
  }
  return out;
}
