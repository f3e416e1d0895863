/** Short text summaries of tool results, for clients that read text content only. */
import { failingChecks, gainPhrase } from '../format/common.js';
import { oneLine } from '../format/sanitize.js';
import type { ScanResponse } from '../core/schema.js';

export function summarizeScan(r: ScanResponse, opts: { partial?: boolean } = {}): string {
  const head = `${oneLine(r.url, 200)}: ${r.overallScore}/100, grade ${r.grade ?? '?'}, level ${r.level} (${r.levelName ?? ''})`;
  const lines = [opts.partial ? `${head} over the ${r.checks.length} selected checks` : head];
  const fixes = failingChecks(r).slice(0, 3);
  if (fixes.length) {
    lines.push('Top fixes:');
    fixes.forEach((c, i) =>
      lines.push(`${i + 1}. ${c.id} ${c.name} (${c.status}${c.code ? ` ${c.code}` : ''}, ${gainPhrase(r, c)}): ${oneLine(c.remediation ?? '', 240)}`),
    );
  } else lines.push('No failing checks.');
  if (r.nextLevel) lines.push(`Next level ${r.nextLevel.target} (${r.nextLevel.name}): ${r.nextLevel.rule}`);
  if (r.shareUrl) lines.push(`Report: ${r.shareUrl}`);
  else if (r.shareId) lines.push(`Report id: ${r.shareId}`);
  for (const w of r.warnings ?? []) lines.push(`Warning: ${oneLine(w, 240)}`);
  return lines.join('\n');
}
