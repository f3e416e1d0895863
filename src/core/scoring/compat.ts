/**
 * The isitagentready.com-style score (catalog §1.4): passes / (passes + fails) over its default
 * checks, commerce only on stores, Web Bot Auth only when it passes (it is neutral otherwise).
 * Computed from the raw verdicts, before our content profile turns API checks into na, because
 * the anchor's default "All checks" profile scores them on every site.
 */
import type { CheckStatus } from '../schema.js';

const ANCHOR_DEFAULT = new Set([
  'robotsTxt',
  'sitemap',
  'linkHeaders',
  'markdownNegotiation',
  'robotsTxtAiRules',
  'contentSignals',
  'webBotAuth',
  'apiCatalog',
  'oauthDiscovery',
  'oauthProtectedResource',
  'mcpServerCard',
  'agentSkills',
  'webMcp',
  'x402',
  'ucp',
  'acp',
  'mpp',
]);
const COMMERCE = new Set(['x402', 'ucp', 'acp', 'mpp']);

export function isitagentreadyScore(
  raw: Array<{ anchorKey?: string; status: CheckStatus }>,
  isCommerce: boolean,
): { score: number; passed: number; failed: number; note: string } {
  let passed = 0;
  let failed = 0;
  for (const r of raw) {
    if (!r.anchorKey || !ANCHOR_DEFAULT.has(r.anchorKey)) continue;
    if (COMMERCE.has(r.anchorKey) && !isCommerce) continue;
    if (r.status === 'na' || r.status === 'info') continue;
    if (r.status === 'pass') passed++;
    else if (r.anchorKey !== 'webBotAuth') failed++;
  }
  const total = passed + failed;
  return {
    score: total ? Math.round((100 * passed) / total) : 0,
    passed,
    failed,
    note: 'passes / (passes + fails) over the isitagentready.com default checks; partial counts as a fail there',
  };
}
