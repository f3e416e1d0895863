/**
 * JUnit XML: one testsuite per URL, one testcase per check. fail and partial are failures,
 * na is skipped, info passes with its evidence in system-out (it was not measured, not failed);
 * scan warnings (e.g. the target answered 404) go to the testsuite's system-err. A site-scope scan
 * adds one property per sampled page and, in each page-level check's testcase, one line per page.
 */
import type { CheckResult, ScanResult } from '../core/schema.js';
import { escapeXml as x } from './sanitize.js';
import { fixStepsText } from './fix-steps.js';
import { pageTable, type PageTable } from './pages.js';

/** Each sampled page's verdict on a page-level check, one line per page. */
function pageLines(c: CheckResult, table: PageTable | null): string[] {
  if (!table || !table.columns.includes(c.id)) return [];
  return table.rows.flatMap((row) => {
    const cell = row.cells[c.id];
    return cell ? [`page ${row.path}: ${cell.status} ${cell.code}${cell.evidence ? `: ${cell.evidence}` : ''}`] : [];
  });
}

/** One property per sampled page: where it came from, its status and its verdicts (or why it has none). */
function pageProperties(table: PageTable | null): Array<[string, string]> {
  if (!table) return [];
  return [
    ['pagesSampled', String(table.rows.length)],
    ...table.rows.map((row, i): [string, string] => [
      `page.${i + 1}`,
      `${row.url} (${row.source}, HTTP ${row.status ?? '-'}): ${row.problem ?? table.columns.map((id) => `${id}=${row.cells[id]?.status ?? '-'}`).join(' ')}`,
    ]),
  ];
}

function testcase(c: CheckResult, suite: string, table: PageTable | null): string {
  const pages = pageLines(c, table);
  const attrs =
    `name="${x(`${c.id} ${c.name}`)}" classname="${x(`${suite}.${c.dimension}`)}" ` +
    `time="${((c.probes ?? []).reduce((t, p) => t + p.durationMs, 0) / 1000).toFixed(3)}"`;
  if (c.status === 'fail' || c.status === 'partial') {
    const body = [c.evidence, ...pages, c.remediation ? `Fix: ${c.remediation}` : '', ...fixStepsText(c.fixGuide ?? [])].filter(Boolean).join('\n');
    return (
      `    <testcase ${attrs}>\n      <failure ` +
      `message="${x(`${c.status}${c.code ? ` ${c.code}` : ''}: ${c.evidence ?? c.name}`.slice(0, 500))}" ` +
      `type="${x(c.code ?? c.status)}">${x(body)}</failure>\n    </testcase>`
    );
  }
  if (c.status === 'na') return `    <testcase ${attrs}>\n      <skipped message="${x(c.naReason ?? 'not applicable')}"/>\n    </testcase>`;
  const out = [c.evidence ?? '', ...pages].filter(Boolean).join('\n');
  return `    <testcase ${attrs}>${out ? `\n      <system-out>${x(out)}</system-out>\n    ` : ''}</testcase>`;
}

export function renderJunit(results: ScanResult[]): string {
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  const suites = results.map((r) => {
    const f = r.checks.filter((c) => c.status === 'fail' || c.status === 'partial').length;
    const s = r.checks.filter((c) => c.status === 'na').length;
    tests += r.checks.length;
    failures += f;
    skipped += s;
    const table = pageTable(r);
    const props = [
      ['url', r.url],
      ['overallScore', String(r.overallScore)],
      ['grade', r.grade ?? ''],
      ['level', `${r.level} ${r.levelName ?? ''}`.trim()],
      ['rubricVersion', r.rubricVersion ?? ''],
      ...pageProperties(table),
    ]
      .map(([k, v]) => `      <property name="${k}" value="${x(v)}"/>`)
      .join('\n');
    const time = ((r.durationMs ?? 0) / 1000).toFixed(3);
    const warned = r.warnings?.length ? `\n    <system-err>${x(r.warnings.map((w) => `warning: ${w}`).join('\n'))}</system-err>` : '';
    return (
      `  <testsuite name="${x(r.url)}" tests="${r.checks.length}" failures="${f}" errors="0" ` +
      `skipped="${s}" time="${time}"${r.scannedAt ? ` timestamp="${x(r.scannedAt)}"` : ''}>\n    <properties>` +
      `\n${props}\n    </properties>\n${r.checks.map((c) => testcase(c, 'ai-ready', table)).join('\n')}${warned}\n  </testsuite>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="ai-ready" tests="${tests}" ` +
    `failures="${failures}" errors="0" skipped="${skipped}">\n${suites.join('\n')}\n</testsuites>\n`
  );
}
