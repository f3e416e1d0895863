/**
 * The markdown summary for pull-request comments and GitHub job summaries. Its first line is a
 * hidden marker so CI can find and update one sticky comment instead of posting a new one.
 * Site text is neutralised for markdown: no raw HTML, no links, no mentions, no table breaks.
 */
import type { ScanResult } from '../core/schema.js';
import { DIMENSIONS } from '../core/vocabulary.js';
import { DIMENSION_LABELS, failingChecks, formatPoints, platformLine, STATUS_SYMBOLS, STATUS_WORDS } from './common.js';
import { oneLine } from './sanitize.js';
import { fixStepsMarkdown } from './fix-steps.js';
import { pageTable, pageTableSummary } from './pages.js';
import type { ReportComparison } from './compare.js';
import { comparisonMarkdown } from './compare-render.js';

export const MARKDOWN_MARKER = '<!-- ai-ready-report -->';

/** Inline markdown text: HTML and markdown syntax escaped, @mentions and #refs defused. */
export function mdText(text: string | undefined, max = 0): string {
  return oneLine(text, max)
    .replace(/[\\`*_{}[\]()#+!|~>]/g, '\\$&')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/@/g, '@\u200b');
}

/**
 * Inline code: markdown escapes would show literally inside it (`\_`, `&amp;`), and nothing in a
 * code span is markup, so the text only loses its control characters and backticks.
 */
export function codeSpan(text: string | undefined): string {
  return `\`${oneLine(text).replace(/`/g, '') || ' '}\``;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Table cell text: like mdText, and never longer than `max` (the middle of a long path goes). */
function mdCell(text: string, max = 80): string {
  const flat = oneLine(text);
  const short = flat.length > max ? `${flat.slice(0, max - 31)}…${flat.slice(flat.length - 30)}` : flat;
  return mdText(short);
}

/** The per-page table of a site-scope scan (nothing for one page or none). */
function pagesMarkdown(r: ScanResult, h: string): string[] {
  const t = pageTable(r);
  if (!t) return [];
  const out = [`${h}# Pages`, '', `${mdText(pageTableSummary(t))}.`, ''];
  // With no page-level check at all (every page failed to load), one column still carries the problems.
  const columns = t.columns.length ? t.columns : ['Checks'];
  out.push(`| Page | Source | HTTP | ${columns.map((id) => mdText(id)).join(' | ')} |`, `| --- | --- | ---: |${' :---: |'.repeat(columns.length)}`);
  for (const row of t.rows) {
    const head = `| ${mdCell(row.path)} | ${mdText(row.source)} | ${row.status ?? '-'} |`;
    // A table row needs every cell: the problem goes in the first one, the others stay empty.
    const cells = row.problem
      ? [`⚠ ${mdText(row.problem, 120)}`, ...columns.slice(1).map(() => '')]
      : columns.map((id) => {
          const c = row.cells[id];
          return c ? STATUS_SYMBOLS[c.status] : '·';
        });
    out.push(`${head} ${cells.join(' | ')} |`);
  }
  out.push(
    '',
    `Legend: ${STATUS_SYMBOLS.pass} pass, ${STATUS_SYMBOLS.partial} partial, ${STATUS_SYMBOLS.fail} fail,` +
      ` ${STATUS_SYMBOLS.na} n/a, ${STATUS_SYMBOLS.info} info, · not checked on this page.`,
    '',
  );
  return out;
}

/** The summary of one scan. */
export function renderMarkdownSection(r: ScanResult, opts: { headingLevel?: number; comparison?: ReportComparison } = {}): string {
  const h = '#'.repeat(opts.headingLevel ?? 2);
  const out = [`${h} AI readiness of ${mdText(hostOf(r.url))}: ${r.overallScore}/100 (${r.grade ?? '-'}), level ${r.level} · ${mdText(r.levelName)}`, ''];
  const platform = platformLine(r);
  out.push(
    `Scanned ${codeSpan(r.url)}${r.rubricVersion ? ` with ` + `rubric ${mdText(r.rubricVersion)}` : ''}. ` +
      `Platform: ${platform ? mdText(platform) : 'not identified'}.`,
    '',
  );
  for (const w of r.warnings ?? []) out.push(`> ⚠ ${mdText(w)}`, '');
  if (r.dimensions) {
    out.push('| Dimension | Score |', '| --- | ---: |');
    for (const d of DIMENSIONS) {
      const s = r.dimensions[d];
      if (s) out.push(`| ${DIMENSION_LABELS[d]} | ${s.applicable ? s.score : 'n/a'} |`);
    }
    out.push('');
  }
  if (opts.comparison) out.push(...comparisonMarkdown(opts.comparison, (t) => mdText(t), `${h}#`));
  if (r.nextLevel) {
    const n = r.nextLevel;
    out.push(
      `**Next: level ${n.target} · ${mdText(n.name)}** needs ${n.requirements.map((q) => `${q.checkId} ${mdText(q.title)}`).join(', ') || mdText(n.rule)}.`,
      '',
    );
  } else if (r.nextLevel === null) out.push('**Top level reached.**', '');
  out.push(...pagesMarkdown(r, h));
  const notOffered = r.checks.filter((c) => c.status === 'na' && c.code?.endsWith('/not-offered'));
  if (notOffered.length)
    out.push(
      `Not offered (a content site that does not run them; not failures): ${notOffered.map((c) => `${mdText(c.id)} ${mdText(c.name)}`).join(', ')}.`,
      '',
    );
  const failing = failingChecks(r);
  if (!failing.length) {
    out.push('No failing or partial checks. ✅');
    return out.join('\n') + '\n';
  }
  out.push(`${h}# Failing and partial checks (${failing.length})`, '');
  for (const c of failing) {
    out.push(
      `<details><summary>${STATUS_SYMBOLS[c.status]} <b>${mdText(c.id)} ${mdText(c.name)}</b>` +
        ` — ${STATUS_WORDS[c.status]}, ${c.tier ?? 'recommended'}, ${formatPoints(c.earned)}/${formatPoints(c.weight)}</summary>`,
      '',
    );
    if (c.evidence) out.push(`Found: ${mdText(c.evidence, 400)}`, '');
    if (c.remediation) out.push(`Fix: ${mdText(c.remediation)}`, '');
    out.push(...fixStepsMarkdown(c.fixGuide ?? [], { inline: (t) => mdText(t) }), '', '</details>', '');
  }
  return out.join('\n') + '\n';
}

/** The whole markdown document (one section per URL), starting with the sticky-comment marker. */
export function renderMarkdown(results: ScanResult[], opts: { comparisonFor?: (r: ScanResult) => ReportComparison | undefined } = {}): string {
  const multi = results.length > 1;
  const body = results.map((r) => renderMarkdownSection(r, { headingLevel: multi ? 3 : 2, comparison: opts.comparisonFor?.(r) }));
  const summary = multi
    ? [
        '## AI readiness',
        '',
        '| URL | Score | Grade | Level |',
        '| --- | ---: | :---: | --- |',
        ...results.map((r) => `| ${mdText(r.url)} | ${r.overallScore} | ${r.grade ?? '-'} | ${r.level} ${mdText(r.levelName)} |`),
        '',
      ]
    : [];
  return [MARKDOWN_MARKER, '', ...summary, ...body].join('\n');
}
