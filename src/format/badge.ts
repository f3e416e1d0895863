/**
 * The README badge: "ai-ready | 92 A" in the grade's colour, drawn by shields.io's badge-maker
 * (the same text metrics and layout as shields.io badges). Used by `scan --badge` and by the
 * service's badge routes; the library loads only when a badge is asked for.
 */
import { gradeFor } from '../core/vocabulary.js';

/** Grade colours: shields.io's named colours, the same scale as its coverage badges. */
export const GRADE_COLORS: Record<string, string> = { A: 'brightgreen', B: 'green', C: 'yellow', D: 'orange', F: 'red' };

export interface BadgeInput {
  overallScore: number;
  grade?: string;
}

export function badgeMessage(r: BadgeInput): string {
  return `${r.overallScore} ${r.grade ?? gradeFor(r.overallScore)}`;
}

/** The badge SVG of a score and grade. */
export async function renderBadge(r: BadgeInput, label = 'ai-ready'): Promise<string> {
  const { makeBadge } = await import('badge-maker');
  const grade = r.grade ?? gradeFor(r.overallScore);
  return makeBadge({ label, message: badgeMessage(r), color: GRADE_COLORS[grade] ?? 'lightgrey' });
}
