/**
 * Scoring (catalog §4.1): pass = full weight, partial = half, fail = 0; na/info leave the
 * denominator; bonus checks only add to the numerator (capped extra credit); any failing
 * essential check caps the score at 89.
 */
import { DIMENSIONS } from '../vocabulary.js';
import type { CheckResult, Dimension, DimensionSummary } from '../schema.js';
import { ESSENTIAL_FAIL_CAP, STATUS_CREDIT } from './rubric.js';

export function creditFor(status: CheckResult['status'], weight: number): number {
  return status === 'pass' || status === 'partial' || status === 'fail' ? STATUS_CREDIT[status] * weight : 0;
}

function scored(c: CheckResult): boolean {
  return c.status === 'pass' || c.status === 'partial' || c.status === 'fail';
}

export interface ScoreSummary {
  overallScore: number;
  dimensions: Record<Dimension, DimensionSummary>;
  /** Set when an essential fail capped the score. */
  cappedBy: string[];
}

export function scoreChecks(checks: CheckResult[]): ScoreSummary {
  let earned = 0;
  let denominator = 0;
  const dims = Object.fromEntries(DIMENSIONS.map((d) => [d, { earned: 0, weight: 0 }])) as Record<Dimension, { earned: number; weight: number }>;
  for (const c of checks) {
    if (!scored(c)) continue;
    earned += c.earned;
    dims[c.dimension].earned += c.earned;
    if (c.tier !== 'bonus') {
      denominator += c.weight;
      dims[c.dimension].weight += c.weight;
    }
  }
  let overall = denominator > 0 ? Math.min(100, Math.round((100 * earned) / denominator)) : 0;
  const cappedBy = checks.filter((c) => c.tier === 'essential' && c.status === 'fail').map((c) => c.id);
  if (cappedBy.length) overall = Math.min(overall, ESSENTIAL_FAIL_CAP);
  const dimensions = Object.fromEntries(
    DIMENSIONS.map((d) => {
      const { earned: e, weight: w } = dims[d];
      return [d, { earned: round1(e), weight: w, score: w > 0 ? Math.min(100, Math.round((100 * e) / w)) : 0, applicable: w > 0 }];
    }),
  ) as Record<Dimension, DimensionSummary>;
  return { overallScore: overall, dimensions, cappedBy };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
