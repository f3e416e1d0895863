/** The published rubric, derived from the check modules (never listed twice). */
import { CHECKS } from './checks/index.js';
import { levelRules } from './scoring/levels.js';
import { ESSENTIAL_FAIL_CAP, RUBRIC_VERSION } from './scoring/rubric.js';
import type { Dimension, Tier } from './schema.js';

export interface RubricEntry {
  id: string;
  name: string;
  dimension: Dimension;
  tier: Tier;
  weight: number;
  contentProfile?: 'na' | 'bonus' | 'offered';
  anchorKey?: string;
  summary: string;
  specUrls: string[];
  /** Ids of the standards ledger entries the check reads (`ai-ready rubric --standards`). */
  standards: string[];
  /** The verdict is about one page: run on every sampled page in site scope (meta.pageLevel). */
  pageLevel?: true;
  /** The check has a reading of its own in rendered mode (--render). */
  rendered?: true;
}

export function rubric() {
  return {
    rubricVersion: RUBRIC_VERSION,
    checks: CHECKS.map(
      (c): RubricEntry => ({
        id: c.meta.id,
        name: c.meta.name,
        dimension: c.meta.dimension,
        tier: c.meta.tier,
        weight: c.meta.weight,
        ...(c.meta.contentProfile ? { contentProfile: c.meta.contentProfile } : {}),
        ...(c.meta.anchorKey ? { anchorKey: c.meta.anchorKey } : {}),
        summary: c.meta.summary,
        specUrls: c.meta.specUrls,
        standards: c.meta.standards,
        ...(c.meta.pageLevel ? { pageLevel: true as const } : {}),
        ...(c.rendered ? { rendered: true as const } : {}),
      }),
    ),
    levels: levelRules(CHECKS.map((c) => c.meta)),
    scoring: {
      statusCredit: { pass: 1, partial: 0.5, fail: 0, na: 'excluded', info: 'excluded' },
      bonus: 'bonus checks add earned points to the numerator only; the score is capped at 100',
      essentialFailCap: ESSENTIAL_FAIL_CAP,
      grades: { A: '90-100', B: '75-89', C: '60-74', D: '40-59', F: '0-39' },
      profiles: {
        content:
          'no app/API/commerce evidence: checks marked contentProfile=na leave the score, contentProfile=bonus become ' +
          'extra credit, contentProfile=offered count (as extra credit) only where the site publishes one and are ' +
          'otherwise na (<id>/not-offered)',
        app: 'every capabilities check at its tier',
        commerce: 'commerce checks scored; otherwise they are na',
      },
    },
  };
}
