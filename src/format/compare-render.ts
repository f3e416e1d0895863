/**
 * A comparison in words, one shape for every face: the terminal (`--baseline`), Markdown and the
 * service's compare page all list the same sections in the same order: score, grade and level;
 * dimensions; new findings; fixed findings; every check whose status changed.
 */
import { DIMENSION_LABELS, STATUS_SYMBOLS, STATUS_WORDS } from './common.js';
import { signed, type ReportComparison } from './compare.js';
import { escapeHtml as e, oneLine } from './sanitize.js';
import type { CheckStatus } from '../core/schema.js';

const statusWord = (s: CheckStatus | null) => (s === null ? 'absent' : STATUS_WORDS[s].toLowerCase());
const num = (n: number | null) => (n === null ? 'n/a' : String(n));

/** The headline: "62 -> 71 (+9), grade C -> B, level 2 -> 3". */
export function comparisonHeadline(c: ReportComparison): string {
  const grade = c.gradeChange ? `grade ${c.from.grade} -> ${c.to.grade}` : `grade ${c.to.grade}`;
  const level = c.levelDelta ? `level ${c.from.level} -> ${c.to.level}` : `level ${c.to.level}`;
  return `${c.from.score} -> ${c.to.score} (${signed(c.scoreDelta)}), ${grade}, ${level}`;
}

function rubricNote(c: ReportComparison): string | null {
  if (c.sameRubric) return null;
  return (
    `The two scans used different rubric versions (${c.from.rubricVersion ?? 'unknown'} ` +
    `and ${c.to.rubricVersion ?? 'unknown'}): part of the difference may come from the rubric, not the site.`
  );
}

/** Plain lines (the pretty report colours them through `paint`). */
export function comparisonLines(
  c: ReportComparison,
  paint: { bold(s: string): string; gray(s: string): string; good(s: string): string; bad(s: string): string } = plain,
  opts: { limit?: number } = {},
): string[] {
  // A summary lists a few of each and says how many more.
  const some = <T>(items: T[]) => (opts.limit !== undefined ? items.slice(0, opts.limit) : items);
  const more = (items: unknown[]) =>
    opts.limit !== undefined && items.length > opts.limit ? [paint.gray(`    ... and ${items.length - opts.limit} more`)] : [];
  const tone = (n: number | null, s: string) => (n === null || n === 0 ? s : n > 0 ? paint.good(s) : paint.bad(s));
  const out = [`  ${tone(c.scoreDelta, comparisonHeadline(c))}`];
  const note = rubricNote(c);
  if (note) out.push(paint.gray(`  ${note}`));
  if (c.dimensions.length) {
    const pad = Math.max(...c.dimensions.map((d) => DIMENSION_LABELS[d.dimension].length));
    for (const d of c.dimensions) {
      const delta = d.delta === null ? '' : ` (${signed(d.delta)})`;
      out.push(`  ${DIMENSION_LABELS[d.dimension].padEnd(pad)}  ${num(d.from).padStart(3)} -> ${num(d.to).padStart(3)}${tone(d.delta, delta)}`);
    }
  }
  if (c.newFindings.length) {
    out.push(paint.bold(`  New findings (${c.newFindings.length})`));
    for (const f of some(c.newFindings)) out.push(paint.bad(`    ${STATUS_SYMBOLS[f.status]} ${f.id} ${oneLine(f.name)} (${statusWord(f.status)})`));
    out.push(...more(c.newFindings));
  }
  if (c.fixedFindings.length) {
    out.push(paint.bold(`  Fixed (${c.fixedFindings.length})`));
    for (const f of some(c.fixedFindings)) out.push(paint.good(`    ${STATUS_SYMBOLS.pass} ${f.id} ${oneLine(f.name)} (was ${statusWord(f.status)})`));
    out.push(...more(c.fixedFindings));
  }
  if (c.changed.length) {
    out.push(paint.bold(`  Checks that changed (${c.changed.length})`));
    for (const ch of some(c.changed))
      out.push(
        `    ${ch.id} ${oneLine(ch.name)}: ${statusWord(ch.from)} ->` +
          ` ${statusWord(ch.to)}${ch.earnedDelta ? paint.gray(` (${signed(Math.round(ch.earnedDelta * 10) / 10)} pts)`) : ''}`,
      );
    out.push(...more(c.changed));
  } else out.push(paint.gray('  No check changed status.'));
  return out;
}

const plain = { bold: (s: string) => s, gray: (s: string) => s, good: (s: string) => s, bad: (s: string) => s };

/** Markdown: the same sections (a table for the dimensions). `inline` escapes site text. */
export function comparisonMarkdown(c: ReportComparison, inline: (s: string) => string, heading = '###'): string[] {
  const out = [`${heading} Since the baseline: ${comparisonHeadline(c)}`, ''];
  const note = rubricNote(c);
  if (note) out.push(`> ${inline(note)}`, '');
  if (c.dimensions.length) {
    out.push('| Dimension | Before | After | Change |', '| --- | ---: | ---: | ---: |');
    for (const d of c.dimensions) out.push(`| ${DIMENSION_LABELS[d.dimension]} | ${num(d.from)} | ${num(d.to)} | ${d.delta === null ? '' : signed(d.delta)} |`);
    out.push('');
  }
  if (c.newFindings.length)
    out.push(
      `**New findings (${c.newFindings.length}):** ${c.newFindings.map((f) => `${inline(f.id)} ${inline(f.name)} (${statusWord(f.status)})`).join(', ')}`,
      '',
    );
  if (c.fixedFindings.length)
    out.push(`**Fixed (${c.fixedFindings.length}):** ${c.fixedFindings.map((f) => `${inline(f.id)} ${inline(f.name)}`).join(', ')}`, '');
  if (c.changed.length) {
    out.push(`**Checks that changed (${c.changed.length}):**`, '');
    for (const ch of c.changed) out.push(`- ${inline(ch.id)} ${inline(ch.name)}: ${statusWord(ch.from)} → ${statusWord(ch.to)}`);
    out.push('');
  } else out.push('No check changed status.', '');
  return out;
}

function deltaCell(n: number | null): string {
  if (n === null) return '<td class="num"></td>';
  const cls = n > 0 ? 'up' : n < 0 ? 'down' : 'same';
  return `<td class="num delta ${cls}">${signed(n)}</td>`;
}

function reportCell(p: ReportComparison['from']): string {
  const label = `${p.score}/100 · ${p.grade} · level ${p.level}`;
  return p.id ? `<a href="/r/${e(p.id)}">${e(label)}</a>` : e(label);
}

/** ` · YYYY-MM-DD HH:MM:SS` when the report has a date. */
function scannedAt(p: ReportComparison['from']): string {
  return p.createdAt ? ` · ${e(p.createdAt.slice(0, 19).replace('T', ' '))}` : '';
}

/** HTML: the compare page's body (the service wraps it in its layout). */
export function comparisonHtml(c: ReportComparison): string {
  const note = rubricNote(c);
  const pill = c.scoreDelta > 0 ? 'up' : c.scoreDelta < 0 ? 'down' : 'same';
  const dims = c.dimensions
    .map(
      (d) =>
        `<tr data-dimension="${d.dimension}"><th scope="row">${e(DIMENSION_LABELS[d.dimension])}</th>` +
        `<td class="num">${num(d.from)}</td><td class="num">${num(d.to)}</td>${deltaCell(d.delta)}</tr>`,
    )
    .join('');
  const findings = (title: string, kind: string, items: ReportComparison['newFindings'], word: (s: CheckStatus) => string) =>
    `<section data-findings="${kind}"><h2>${title} (${items.length})</h2>${
      items.length
        ? `<ul>${items
            .map(
              (f) =>
                `<li data-check-id="${e(f.id)}"><strong>${e(f.id)}</strong>` +
                ` ${e(f.name)} <span class="muted">(${e(DIMENSION_LABELS[f.dimension])}, ${e(word(f.status))})</span></li>`,
            )
            .join('')}</ul>`
        : '<p class="muted">None.</p>'
    }</section>`;
  const changed = c.changed.length
    ? `<table data-changed><thead><tr><th>Check</th><th>Dimension</th><th>Before</th><th>After</th><th class="num">Points</th></tr></thead><tbody>${c.changed
        .map(
          (ch) =>
            `<tr data-check-id="${e(ch.id)}"><td><strong>${e(ch.id)}</strong> ${e(ch.name)}</td>` +
            `<td>${e(DIMENSION_LABELS[ch.dimension])}</td><td>${e(statusWord(ch.from))}</td>` +
            `<td>${e(statusWord(ch.to))}</td>${deltaCell(Math.round(ch.earnedDelta * 10) / 10)}</tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="muted">No check changed status.</p>';
  return `<section class="compare-head" aria-label="Score change">
<table><thead><tr><th></th><th>Before</th><th>After</th><th class="num">Change</th></tr></thead><tbody>
<tr><th scope="row">Report</th><td>${reportCell(c.from)}<div class="muted">${e(c.from.url)}${scannedAt(c.from)}</div></td>\
<td>${reportCell(c.to)}<div class="muted">${e(c.to.url)}${scannedAt(c.to)}</div></td>\
<td class="num"><span class="pill ${pill}" data-score-delta="${c.scoreDelta}">${signed(c.scoreDelta)}</span></td></tr>
<tr><th scope="row">Score</th><td class="num">${c.from.score}</td><td class="num">${c.to.score}</td>${deltaCell(c.scoreDelta)}</tr>
<tr><th scope="row">Grade</th><td>${e(c.from.grade)}</td><td>${e(c.to.grade)}</td><td class="num">${c.gradeChange ? e(c.gradeChange) : ''}</td></tr>
<tr><th scope="row">Level</th><td class="num">${c.from.level}</td><td class="num">${c.to.level}</td>${deltaCell(c.levelDelta)}</tr>
${dims}</tbody></table>${note ? `<p class="fair">${e(note)}</p>` : ''}</section>
${findings('New findings', 'new', c.newFindings, (s) => STATUS_WORDS[s].toLowerCase())}
${findings('Fixed', 'fixed', c.fixedFindings, (s) => `was ${STATUS_WORDS[s].toLowerCase()}`)}
<section><h2>Checks that changed (${c.changed.length})</h2>${changed}<p class="muted">${c.unchangedCount} \
check${c.unchangedCount === 1 ? '' : 's'} unchanged.</p></section>`;
}
