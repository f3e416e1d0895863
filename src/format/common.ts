/** Vocabulary every formatter shares: labels, symbols, bands and the grouping of checks. */
import { DIMENSIONS } from '../core/vocabulary.js';
import type { CheckResult, CheckStatus, Dimension, ScanResult } from '../core/schema.js';

export const DIMENSION_LABELS: Record<Dimension, string> = {
  discoverability: 'Discoverability',
  content: 'Content',
  bot_access: 'Bot access',
  capabilities: 'Capabilities',
  commerce: 'Commerce',
};

export const STATUS_SYMBOLS: Record<CheckStatus, string> = { pass: '✓', partial: '◐', fail: '✗', na: '–', info: 'i' };
/** ASCII fallbacks for logs and annotations. */
export const STATUS_WORDS: Record<CheckStatus, string> = { pass: 'PASS', partial: 'PARTIAL', fail: 'FAIL', na: 'N/A', info: 'INFO' };

export type Band = 'good' | 'fair' | 'poor';

/** Colour band of a score: green from B, amber for C and D, red for F. */
export function bandOf(score: number): Band {
  if (score >= 75) return 'good';
  if (score >= 40) return 'fair';
  return 'poor';
}

export function needsFix(c: CheckResult): boolean {
  return c.status === 'fail' || c.status === 'partial';
}

/** Checks grouped by dimension, in the rubric's dimension order; empty groups are left out. */
export function checksByDimension(result: ScanResult): Array<{ dimension: Dimension; label: string; checks: CheckResult[] }> {
  return DIMENSIONS.map((d) => ({ dimension: d, label: DIMENSION_LABELS[d], checks: result.checks.filter((c) => c.dimension === d) })).filter(
    (g) => g.checks.length > 0,
  );
}

/** Failing and partial checks, essential first, then by points at stake. */
export function failingChecks(result: ScanResult): CheckResult[] {
  const tierRank = { essential: 0, recommended: 1, bonus: 2 } as const;
  return result.checks
    .filter(needsFix)
    .sort((a, b) => tierRank[a.tier ?? 'recommended'] - tierRank[b.tier ?? 'recommended'] || b.weight - b.earned - (a.weight - a.earned));
}

export function formatPoints(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** "1 point", "2 points", "0.5 points". */
export function pointsPhrase(n: number): string {
  return `${formatPoints(n)} point${n === 1 ? '' : 's'}`;
}

/**
 * What fixing a check is worth, in words that agree with the score shown beside it: at 100 the
 * score cannot rise (bonus credit is capped), so no points are offered.
 */
export function gainPhrase(result: ScanResult, c: CheckResult): string {
  if ((result.overallScore ?? 0) >= 100) return 'score already 100: no points to gain';
  return `${pointsPhrase(c.weight - c.earned)} to gain`;
}

export function platformLine(result: ScanResult): string | null {
  const p = result.platform;
  if (!p || p.platform === 'unknown') return null;
  const extras = [p.seoPlugin ? `SEO plugin: ${p.seoPlugin}` : '', p.hosting?.length ? `hosting: ${p.hosting.join(', ')}` : ''].filter(Boolean).join('; ');
  return `${p.platform} (${Math.round(p.confidence * 100)}% confidence)${extras ? ` — ${extras}` : ''}`;
}

export const PROJECT_DOCS = 'https://github.com/ai-ready/ai-ready';
/** Where a check's fix guide is documented for people who only see a SARIF/JUnit entry. */
export function checkHelpUrl(id: string): string {
  return `${PROJECT_DOCS}/blob/main/docs/checks.md#${id.toLowerCase()}`;
}
