/**
 * GitHub Actions output: one workflow annotation per failing or partial check (`::error` for a
 * failing essential check, `::warning` otherwise), a `::notice` with the verdict and a `::warning`
 * per scan warning (e.g. the target answered 404) or sampled page that could not be checked; a
 * page-level annotation names the sampled pages it failed on. The
 * markdown summary goes to $GITHUB_STEP_SUMMARY (appended by the CLI, not here: pure function).
 * Site text is escaped per the workflow-command rules so it cannot inject commands of its own.
 */
import type { ScanResult } from '../core/schema.js';
import { failingChecks } from './common.js';
import { oneLine } from './sanitize.js';
import { pageTable, pagesFailing } from './pages.js';

/** Escaping of a workflow command's message (data). */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escaping of a workflow command's property value. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function renderGithubAnnotations(results: ScanResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    const table = pageTable(r);
    const summary = `Score ${r.overallScore}/100 (grade ${r.grade ?? '-'}), level ${r.level} ${r.levelName ?? ''}`.trim();
    lines.push(`::notice title=${escapeProperty(`ai-ready ${oneLine(r.url)}`)}::${escapeData(summary)}`);
    for (const w of r.warnings ?? []) lines.push(`::warning title=${escapeProperty(`ai-ready ${oneLine(r.url)}`)}::${escapeData(oneLine(w, 600))}`);
    for (const row of table?.rows ?? []) {
      if (row.problem)
        lines.push(
          `::warning title=${escapeProperty(`ai-ready ${oneLine(r.url)}`)}::${escapeData(
            oneLine(`Sampled page ${row.path} could not be checked: ${row.problem}`, 600),
          )}`,
        );
    }
    for (const c of failingChecks(r)) {
      const kind = c.status === 'fail' && c.tier === 'essential' ? 'error' : 'warning';
      const title = `${c.id} ${c.name} (${c.status}${c.code ? ` ${c.code}` : ''}) on ${r.url}`;
      const onPages = table ? pagesFailing(table, c.id).map((row) => `${oneLine(row.path, 80)} (${row.cells[c.id]!.status})`) : [];
      const pages = onPages.length ? ` Pages: ${onPages.join(', ')}.` : '';
      const message = `${oneLine(c.evidence, 600)}${pages}${c.remediation ? ` Fix: ${oneLine(c.remediation)}` : ''}`;
      lines.push(`::${kind} title=${escapeProperty(oneLine(title))}::${escapeData(message)}`);
    }
  }
  return lines.join('\n') + '\n';
}
