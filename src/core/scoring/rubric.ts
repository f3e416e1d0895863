/** Rubric constants and the applicability rules that do not belong to a single check. */
export const RUBRIC_VERSION = '2026.11.7';

/** Overall score cap while any essential check fails: grade A always means "the basics are in place". */
export const ESSENTIAL_FAIL_CAP = 89;

export const STATUS_CREDIT = { pass: 1, partial: 0.5, fail: 0 } as const;

export const LEVEL_NAMES = ['Not Ready', 'Basic Web Presence', 'Bot-Aware', 'Agent-Readable', 'Agent-Integrated', 'Agent-Native'] as const;
