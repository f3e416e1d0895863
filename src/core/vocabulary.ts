/**
 * The fixed vocabulary of results (dimensions, statuses, tiers, grades) as plain constants, so the
 * engine and the formatters do not load zod; schema.ts builds its enums from these.
 */
export const API_VERSION = '1';
export const DIMENSIONS = ['discoverability', 'content', 'bot_access', 'capabilities', 'commerce'] as const;
export const CHECK_STATUSES = ['pass', 'partial', 'fail', 'na', 'info'] as const;
export const TIERS = ['essential', 'recommended', 'bonus'] as const;
export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;
export const PROFILES = ['content', 'app', 'commerce'] as const;
/** What a caller may ask for: a profile, or auto-detection (the CLI, the config file and MCP read this). */
export const PROFILE_CHOICES = ['auto', ...PROFILES] as const;

/** Grade bands of the service spec §1. */
export function gradeFor(score: number): (typeof GRADES)[number] {
  if (score >= 90) return 'A';
  if (score >= 75) return 'B';
  if (score >= 60) return 'C';
  if (score >= 40) return 'D';
  return 'F';
}
