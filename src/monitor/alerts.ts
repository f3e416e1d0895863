/**
 * When a monitor run alerts (pure, unit-tested): a run that falls below its threshold (min score
 * or min grade) alerts on the way down, not on every run while it stays below; a run whose grade
 * is worse than the previous run's always alerts. A failed scan is not an alert by itself: it is
 * recorded as a run with its error.
 */
import { GRADES, type Grade } from '../core/schema.js';

export type AlertKind = 'below-threshold' | 'grade-drop';

export interface Threshold {
  minScore: number | null;
  minGrade: Grade | null;
}

export interface AlertDecision {
  /** The run is below the threshold (stored, to detect the next crossing). */
  below: boolean;
  kinds: AlertKind[];
  reasons: string[];
}

/** A is best: a higher rank is a worse grade. */
const rank = (g: Grade) => GRADES.indexOf(g);

export function isBelow(t: Threshold, score: number, grade: Grade): string[] {
  const reasons: string[] = [];
  if (t.minScore !== null && score < t.minScore) reasons.push(`score ${score} is below the minimum ${t.minScore}`);
  if (t.minGrade !== null && rank(grade) > rank(t.minGrade)) reasons.push(`grade ${grade} is below the minimum ${t.minGrade}`);
  return reasons;
}

export function decideAlert(t: Threshold, current: { score: number; grade: Grade }, previous: { grade: Grade | null; below: boolean }): AlertDecision {
  const belowReasons = isBelow(t, current.score, current.grade);
  const below = belowReasons.length > 0;
  const kinds: AlertKind[] = [];
  const reasons: string[] = [];
  if (below && !previous.below) {
    kinds.push('below-threshold');
    reasons.push(...belowReasons);
  }
  if (previous.grade && rank(current.grade) > rank(previous.grade)) {
    kinds.push('grade-drop');
    reasons.push(`grade dropped from ${previous.grade} to ${current.grade}`);
  }
  return { below, kinds, reasons };
}
