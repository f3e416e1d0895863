/**
 * The README badge: "ai-ready | 92 A" in the grade's colour, drawn by shields.io's badge-maker
 * (the same text metrics and layout as shields.io badges). Used by `scan --badge` and by the
 * service's badge routes; the library loads only when a badge is asked for.
 */
import { createRequire } from 'node:module';
import { gradeFor } from '../core/vocabulary.js';

/**
 * badge-maker is an ES module. The CommonJS scan bundle runs from a V8 code cache (node:vm), whose
 * code cannot import(): there it is require()d (Node >= 20.19 loads ES modules without top-level
 * await that way); everywhere else it is imported.
 */
async function loadBadgeMaker(): Promise<typeof import('badge-maker')> {
  if (typeof __filename === 'string') return createRequire(__filename)('badge-maker') as typeof import('badge-maker');
  return import('badge-maker');
}

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
  const { makeBadge } = await loadBadgeMaker();
  const grade = r.grade ?? gradeFor(r.overallScore);
  return makeBadge({ label, message: badgeMessage(r), color: GRADE_COLORS[grade] ?? 'lightgrey' });
}
