/**
 * The terminal report. With colour it is the "pretty" report (big score, coloured bands, bars);
 * without it, the same content as plain static text: no escape sequences at all, stable in logs.
 * Every string that came from the scanned site goes through stripControl/oneLine first.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { CheckResult, ProbeRecord, ScanResult } from '../core/schema.js';
import { DIMENSIONS } from '../core/vocabulary.js';
import {
  bandOf,
  checksByDimension,
  DIMENSION_LABELS,
  failingChecks,
  formatPoints,
  gainPhrase,
  platformLine,
  STATUS_SYMBOLS,
  STATUS_WORDS,
  type Band,
} from './common.js';
import { oneLine } from './sanitize.js';
import { bigText } from './big-text.js';
import { fixStepsText } from './fix-steps.js';
import { pageTable, pageTableSummary, type PageTable } from './pages.js';
import type { ReportComparison } from './compare.js';
import { comparisonLines } from './compare-render.js';
import { wrapLines, wrapReport } from './wrap.js';

export interface TextReportOptions {
  /** Colours and the big score (a TTY without NO_COLOR). Off: plain text, no escape sequences. */
  color?: boolean;
  /** Every probe behind every check (URL, status, content type, headers that mattered). */
  verbose?: boolean;
  /** Terminal width for truncating one-line evidence; 0 = never truncate. */
  width?: number;
  /** Score, dimensions and the top fixes only (`--summary`). */
  summary?: boolean;
  /** Wrap lines at word boundaries to this many columns (a terminal's width); 0 = no wrapping. */
  wrapWidth?: number;
  /** With `--baseline`: what changed since it (the compare view's shape). */
  comparison?: ReportComparison;
}

/** How many fixes the summary lists. */
export const SUMMARY_FIXES = 5;
/** How many fix guides the full report prints whole (the rest: one line each; --verbose: all). */
export const TOP_FIXES = 3;
/** Columns of a check's name in the check list. */
const NAME_WIDTH = 34;
/** The width the report is laid out for when the terminal's is unknown (a pipe, a file). */
const DEFAULT_WIDTH = 100;

interface Paint {
  c: ChalkInstance;
  band(b: Band, s: string): string;
  status(s: CheckResult['status'], text: string): string;
}

function paint(color: boolean): Paint {
  const c = new Chalk({ level: color ? 1 : 0 });
  const bandColor = { good: c.green, fair: c.yellow, poor: c.red };
  const statusColor = { pass: c.green, partial: c.yellow, fail: c.red, na: c.gray, info: c.cyan };
  return { c, band: (b, s) => bandColor[b](s), status: (st, s) => statusColor[st](s) };
}

const BAR_WIDTH = 20;

function bar(score: number, p: Paint): string {
  const filled = Math.round((Math.max(0, Math.min(100, score)) / 100) * BAR_WIDTH);
  return p.band(bandOf(score), '█'.repeat(filled)) + p.c.gray('░'.repeat(BAR_WIDTH - filled));
}

function header(r: ScanResult, p: Paint): string[] {
  const band = bandOf(r.overallScore);
  const url = oneLine(r.url) + (r.finalUrl && r.finalUrl !== r.url ? ` → ${oneLine(r.finalUrl)}` : '');
  const facts = [
    r.durationMs !== undefined ? `${(r.durationMs / 1000).toFixed(1)} s` : '',
    r.requestCount !== undefined ? `${r.requestCount} requests` : '',
    r.browser ? `rendered in ${oneLine(r.browser.name)} ${oneLine(r.browser.version)}` : '',
    r.rubricVersion ? `rubric ${r.rubricVersion}` : '',
    r.profile ? `profile ${r.profile.applied.join(' + ')} (${r.profile.source})` : '',
  ].filter(Boolean);
  const out = [p.c.bold(`ai-ready report for ${url}`), p.c.gray(facts.join(' · ')), ''];
  const level = `Level ${r.level} · ${r.levelName ?? ''}`;
  if (p.c.level > 0) {
    const big = bigText(`${r.overallScore} ${r.grade ?? ''}`.trim());
    big.forEach((line, i) => out.push('  ' + p.band(band, p.c.bold(line)) + (i === 1 ? `   ${p.c.bold(level)}` : '')));
    // Block digits cannot be copied or searched: the same facts as plain text.
    out.push(`  Score ${r.overallScore}/100   Grade ${r.grade ?? '-'}   ${level}`);
  } else {
    out.push(`  Score ${r.overallScore}/100   Grade ${r.grade ?? '-'}   ${level}`);
  }
  const platform = platformLine(r);
  out.push(`  Platform: ${platform ? oneLine(platform) : 'not identified'}`);
  for (const w of r.warnings ?? []) out.push(p.c.yellow(`  ⚠ ${oneLine(w)}`));
  return out;
}

function nextLevel(r: ScanResult, p: Paint): string[] {
  const n = r.nextLevel;
  if (n === null) return ['', p.c.green('Top level reached: every level requirement is met.')];
  if (!n) return [];
  const out = ['', p.c.bold(`Next: level ${n.target} · ${n.name}`) + p.c.gray(` (${n.rule})`)];
  for (const q of n.requirements) {
    out.push(
      `  ${p.status(q.status, STATUS_SYMBOLS[q.status])} ${q.checkId} ${oneLine(q.title)}${q.remediation ? p.c.gray(` — ${oneLine(q.remediation)}`) : ''}`,
    );
  }
  return out;
}

function dimensions(r: ScanResult, p: Paint): string[] {
  if (!r.dimensions) return [];
  const out = ['', p.c.bold('Dimensions')];
  const pad = Math.max(...DIMENSIONS.map((d) => DIMENSION_LABELS[d].length));
  for (const d of DIMENSIONS) {
    const s = r.dimensions[d];
    if (!s) continue;
    const label = DIMENSION_LABELS[d].padEnd(pad);
    out.push(s.applicable ? `  ${label}  ${bar(s.score, p)} ${String(s.score).padStart(3)}` : `  ${label}  ${p.c.gray('not applicable')}`);
  }
  return out;
}

function probeLines(probes: ProbeRecord[], p: Paint): string[] {
  return probes.flatMap((pr) => {
    const status = pr.status === null ? `no response${pr.error ? ` (${oneLine(pr.error)})` : ''}` : String(pr.status);
    const lines = [
      p.c.gray(`      ${pr.method} ${oneLine(pr.url)} → ${status}${pr.contentType ? ` ${oneLine(pr.contentType)}` : ''}, ${pr.bytes} B, ${pr.durationMs} ms`),
    ];
    if (pr.redirects.length) lines.push(p.c.gray(`        via ${pr.redirects.map((x) => oneLine(x)).join(' → ')}`));
    for (const [k, v] of Object.entries(pr.headers)) lines.push(p.c.gray(`        ${oneLine(k)}: ${oneLine(v, 200)}`));
    if (pr.note) lines.push(p.c.gray(`        note: ${oneLine(pr.note)}`));
    return lines;
  });
}

function checkLines(r: ScanResult, p: Paint, o: TextReportOptions): string[] {
  const out: string[] = [];
  const idWidth = Math.max(2, ...r.checks.map((c) => c.id.length));
  const nameWidth = Math.min(NAME_WIDTH, Math.max(...r.checks.map((c) => c.name.length)));
  const width = o.width || DEFAULT_WIDTH;
  for (const g of checksByDimension(r)) {
    out.push('', p.c.bold(g.label));
    for (const c of g.checks) {
      const pts = c.status === 'na' || c.status === 'info' ? STATUS_WORDS[c.status] : `${formatPoints(c.earned)}/${formatPoints(c.weight)}`;
      const plainHead = `  ${STATUS_SYMBOLS[c.status]} ${c.id.padEnd(idWidth)} ${oneLine(c.name, nameWidth).padEnd(nameWidth)} ${pts.padStart(7)}`;
      const head = `  ${p.status(c.status, STATUS_SYMBOLS[c.status])}${plainHead.slice(3)}`;
      const evidence = c.status === 'na' && c.naReason ? (/^not offered/.test(c.naReason) ? c.naReason : `not applicable: ${c.naReason}`) : c.evidence;
      if (o.verbose) {
        // Everything: the evidence whole on its own line, the advisories and every probe.
        out.push(head);
        if (evidence) out.push(p.c.gray(`      ${oneLine(evidence)}`));
        for (const a of c.advisories ?? []) out.push(p.c.gray(`      note: ${oneLine(a)}`));
        out.push(...probeLines(c.probes ?? [], p));
        continue;
      }
      // One line per check: the evidence shortened to what is left of the width.
      const room = width - plainHead.length - 2;
      out.push(evidence && room >= 12 ? `${head}  ${p.c.gray(oneLine(evidence, room))}` : head);
    }
  }
  return out;
}

/** A failing check's first line: status, id and name, tier and what fixing it is worth. */
function headline(r: ScanResult, c: CheckResult, p: Paint): string {
  const worth = p.c.gray(`[${c.tier ?? 'recommended'}, ${gainPhrase(r, c)}]`);
  return `  ${p.status(c.status, STATUS_SYMBOLS[c.status])} ${p.c.bold(`${c.id} ${oneLine(c.name)}`)} ${worth}`;
}

/** One failing check's guide in full: its remediation, the steps (fenced code) and its specs. */
function fixGuide(r: ScanResult, c: CheckResult, p: Paint, o: TextReportOptions): string[] {
  const out = ['', headline(r, c, p)];
  if (c.remediation) out.push(`    ${oneLine(c.remediation)}`);
  out.push(...fixStepsText(c.fixGuide ?? [], { indent: 4, title: p.c.bold, code: p.c.cyan, fenced: { width: o.wrapWidth ?? 0, fence: p.c.gray } }));
  const specsShown = (c.fixGuide ?? []).some((s) => c.specUrls?.some((u) => s.body?.includes(u)));
  if (c.specUrls?.length && !specsShown) out.push(p.c.gray(`    Spec: ${c.specUrls.map((u) => oneLine(u)).join(', ')}`));
  return out;
}

/** The command that prints a check's guide as this report would: the site's platform and origin. */
function explainCommand(r: ScanResult, id: string): string {
  const platform = r.platform && r.platform.platform !== 'unknown' ? ` --platform ${oneLine(r.platform.platform, 40)}` : '';
  let origin = '';
  try {
    origin = ` --origin ${new URL(r.finalUrl ?? r.url).origin}`;
  } catch {
    // A URL that does not parse leaves the example origin.
  }
  return `ai-ready explain ${id}${platform}${origin}`;
}

/**
 * The fixes: with --verbose every guide in full; otherwise the TOP_FIXES that matter most (the
 * order of failingChecks: essential first, then points to gain) in full and the rest one line each,
 * with the command that prints a guide.
 */
function fixes(r: ScanResult, p: Paint, o: TextReportOptions): string[] {
  const failing = failingChecks(r);
  if (!failing.length) return ['', p.c.green('Nothing to fix: no failing or partial check.')];
  if (o.verbose) return ['', p.c.bold(`How to fix (${failing.length})`), ...failing.flatMap((c) => fixGuide(r, c, p, o))];
  const top = failing.slice(0, TOP_FIXES);
  const rest = failing.slice(TOP_FIXES);
  const out = [
    '',
    p.c.bold(rest.length ? `How to fix: the ${top.length} that matter most (of ${failing.length})` : `How to fix (${failing.length})`),
    ...top.flatMap((c) => fixGuide(r, c, p, o)),
  ];
  if (!rest.length) return out;
  const idWidth = Math.max(...rest.map((c) => c.id.length));
  const nameWidth = Math.min(NAME_WIDTH, Math.max(...rest.map((c) => oneLine(c.name).length)));
  out.push('', p.c.bold(`Other fixes (${rest.length}), one line each: \`ai-ready explain <id>\` prints a guide in full`));
  for (const c of rest) {
    const gain = c.weight - c.earned;
    const worth = p.c.gray(`+${formatPoints(gain)} ${(c.tier ?? 'recommended').padEnd(11)}`);
    out.push(
      `  ${p.status(c.status, STATUS_SYMBOLS[c.status])} ${c.id.padEnd(idWidth)} ${oneLine(c.name, nameWidth).padEnd(nameWidth)} ` +
        `${worth} ${p.c.cyan(`ai-ready explain ${c.id}`)}`,
    );
  }
  out.push(p.c.gray(`  As this site needs it: ${explainCommand(r, rest[0].id)}`));
  return out;
}

/** The top fixes, one line each: what to do and what it is worth. */
function topFixes(r: ScanResult, p: Paint): string[] {
  const failing = failingChecks(r);
  if (!failing.length) return ['', p.c.green('Nothing to fix: no failing or partial check.')];
  const out = ['', p.c.bold(`Top fixes (${Math.min(SUMMARY_FIXES, failing.length)} of ${failing.length})`)];
  for (const c of failing.slice(0, SUMMARY_FIXES)) {
    out.push(headline(r, c, p));
    if (c.remediation) out.push(`    ${oneLine(c.remediation)}`);
  }
  return out;
}

/** Shortens the middle of a path, so both its start and its last segment stay readable. */
export function truncateMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return '…'.slice(0, max);
  const tail = Math.floor((max - 1) / 2);
  return text.slice(0, max - 1 - tail) + '…' + text.slice(text.length - tail);
}

/** Path column bounds: below the minimum the table would say nothing; without a width, a sane cap. */
const PATH_MIN = 16;
const PATH_CAP = 60;

/** The per-page table of a site-scope scan (nothing for one page or none). */
function pagesSection(t: PageTable | null, p: Paint, o: TextReportOptions): string[] {
  if (!t) return [];
  const fixed = 2 + 2 + 8 + 2 + 4 + 2 + t.columns.length * 3;
  const longest = Math.max(4, ...t.rows.map((r) => oneLine(r.path).length));
  const room = o.width ? Math.max(PATH_MIN, o.width - fixed - 1) : PATH_CAP;
  const pathWidth = Math.min(longest, room);
  const out = ['', p.c.bold(pageTableSummary(t))];
  out.push(p.c.gray(`  ${'PAGE'.padEnd(pathWidth)}  ${'SOURCE'.padEnd(8)}  HTTP  ${t.columns.map((id) => id.padEnd(2)).join(' ')}`.trimEnd()));
  for (const r of t.rows) {
    const head =
      `  ${truncateMiddle(oneLine(r.path), pathWidth).padEnd(pathWidth)} ` +
      ` ${oneLine(r.source).padEnd(8)}  ${(r.status === null ? '-' : String(r.status)).padStart(4)}  `;
    if (r.problem) {
      out.push(head + p.c.red(oneLine(r.problem, Math.max(20, (o.width || 100) - head.length - 1))));
      continue;
    }
    const cells = t.columns.map((id) => {
      const cell = r.cells[id];
      return cell
        ? p.status(cell.status, STATUS_SYMBOLS[cell.status]) + ' '.repeat(Math.max(1, id.length - 1))
        : p.c.gray('·') + ' '.repeat(Math.max(1, id.length - 1));
    });
    out.push((head + cells.join(' ')).trimEnd());
    if (o.verbose) {
      for (const id of t.columns) {
        const cell = r.cells[id];
        if (cell && (cell.status === 'fail' || cell.status === 'partial'))
          out.push(p.c.gray(`      ${id} ${STATUS_WORDS[cell.status]} ${oneLine(cell.code)}${cell.evidence ? `: ${oneLine(cell.evidence)}` : ''}`));
      }
    }
  }
  out.push(
    p.c.gray(
      `  ${STATUS_SYMBOLS.pass} pass  ${STATUS_SYMBOLS.partial} partial  ${STATUS_SYMBOLS.fail} fail ` +
        ` ${STATUS_SYMBOLS.na} n/a  ${STATUS_SYMBOLS.info} info  · not checked on this page`,
    ),
  );
  return out;
}

/** What changed since the baseline, in the compare view's shape. */
function sinceBaseline(c: ReportComparison | undefined, p: Paint, summary = false): string[] {
  if (!c) return [];
  return [
    '',
    p.c.bold('Since the baseline'),
    ...comparisonLines(c, { bold: p.c.bold, gray: p.c.gray, good: p.c.green, bad: p.c.red }, summary ? { limit: SUMMARY_FIXES } : {}),
  ];
}

/** The full terminal report of one scan (or its summary), wrapped at word boundaries to `width`. */
export function renderTextReport(result: ScanResult, opts: TextReportOptions = {}): string {
  const p = paint(!!opts.color);
  if (opts.summary) {
    const table = pageTable(result);
    const lines = [
      ...header(result, p),
      ...dimensions(result, p),
      ...sinceBaseline(opts.comparison, p, true),
      ...(table ? ['', pageTableSummary(table) + '.'] : []),
      ...topFixes(result, p),
    ];
    lines.push('', p.c.gray('Summary only: run without --summary for every check and step-by-step fixes.'));
    return wrapLines(lines, opts.wrapWidth ?? 0).join('\n') + '\n';
  }
  const lines = [
    ...header(result, p),
    ...nextLevel(result, p),
    ...dimensions(result, p),
    ...sinceBaseline(opts.comparison, p),
    ...checkLines(result, p, opts),
    ...pagesSection(pageTable(result), p, opts),
    ...fixes(result, p, opts),
  ];
  if (!opts.verbose) lines.push('', p.c.gray('Run with --verbose for every fix guide, the whole evidence and every probe.'));
  return wrapReport(lines, opts.wrapWidth ?? 0).join('\n') + '\n';
}

/** One row per scanned URL (and per URL that could not be scanned), for the end of a batch. */
export function renderBatchSummary(rows: Array<{ url: string; result?: ScanResult; error?: string }>, opts: { color?: boolean } = {}): string {
  const p = paint(!!opts.color);
  const urlWidth = Math.min(60, Math.max(3, ...rows.map((r) => oneLine(r.url).length)));
  const out = ['', p.c.bold(`${'URL'.padEnd(urlWidth)}  SCORE  GRADE  LEVEL`)];
  for (const r of rows) {
    const url = oneLine(r.url, 60).padEnd(urlWidth);
    if (r.result) {
      const b = bandOf(r.result.overallScore);
      out.push(
        `${url}  ${p.band(b, String(r.result.overallScore).padStart(5))} ` +
          ` ${p.band(b, (r.result.grade ?? '-').padEnd(5))}  ${r.result.level} ${r.result.levelName ?? ''}`,
      );
    } else {
      out.push(`${url}  ${p.c.red('error')}  ${oneLine(r.error, 120)}`);
    }
  }
  return out.join('\n') + '\n';
}
