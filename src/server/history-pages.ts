/**
 * The pictures of a domain's history: the domain page (score and dimensions over time, the list
 * of scans with grades and deltas, a form to compare two of them) and the compare page, each with
 * a Markdown twin. Pure functions of what the routes loaded (only reports the viewer may see).
 */
import type { ScanResult } from '../core/schema.js';
import { historyChart, dimensionChart, CHART_CSS, type HistoryPoint } from '../format/chart-svg.js';
import { signed, type ReportComparison } from '../format/compare.js';
import { comparisonHeadline, comparisonHtml, comparisonLines } from '../format/compare-render.js';
import { DIMENSION_LABELS } from '../format/common.js';
import type { StoredReport } from '../store/index.js';
import { DIMENSIONS } from '../core/vocabulary.js';
import { layout } from './pages.js';
import { escapeHtml as e } from './respond.js';
import { badgeOf, domainBadgeUrl, domainPageUrl } from './history-links.js';

/** Page styles beyond the service's base: tables, delta pills, dark mode. */
const HISTORY_CSS = `:root{color-scheme:light dark}main{max-width:960px}
table{border-collapse:collapse;width:100%;font-size:14px;margin:8px 0}td,th{border:1px solid #d0d7de;\
padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
td.num,th.num{text-align:right;white-space:nowrap}.up{color:#1a7f37}.down{color:#c62828}.same{color:#5f6b7a}
.pill{display:inline-block;border-radius:999px;padding:0 10px;font-weight:700;color:#fff;background:#5f6b7a}\
.pill.up{background:#1a7f37;color:#fff}.pill.down{background:#c62828;color:#fff}
.chart-row{display:flex;flex-wrap:wrap;gap:16px 32px;align-items:flex-start}.chart-row table{width:auto;min-width:14em}
.chart-wrap{overflow-x:auto}.table-wrap{overflow-x:auto}.compare-form{flex-wrap:wrap;align-items:end}\
.compare-form label{flex:1 1 14em;min-width:0}.compare-form select{width:100%}a,p,li,code{overflow-wrap:anywhere}
th,table[data-history] td{overflow-wrap:normal}
@media (max-width:640px){.col-url{display:none}td,th{padding:4px 5px}table{display:block;overflow-x:auto}}\
details{margin:8px 0}select{font:inherit;padding:4px;max-width:100%}
.g-A,.g-B{color:#1a7f37;font-weight:700}.g-C,.g-D{color:#b35900;font-weight:700}.g-F{color:#c62828;font-weight:700}
pre{background:#f3f4f6;padding:8px;border-radius:6px;overflow-x:auto}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}a{color:#58a6ff}.muted,.same{color:#9da7b3}td,th{border-color:#30363d}
code,pre{background:#161b22}input[type=text],select{background:#0d1117;color:#e6edf3;border-color:#30363d}\
.up,.g-A,.g-B{color:#3fb950}.down,.g-F{color:#f85149}.g-C,.g-D{color:#d29922}}
${CHART_CSS}`;

export function historyPoint(r: StoredReport): HistoryPoint {
  const dimensions: HistoryPoint['dimensions'] = {};
  for (const d of DIMENSIONS) {
    const s = r.result.dimensions?.[d];
    if (s) dimensions[d] = s.applicable ? s.score : null;
  }
  return {
    id: r.id,
    createdAt: r.createdAt,
    score: r.result.overallScore,
    grade: r.result.grade ?? '-',
    ...(r.result.rubricVersion ? { rubricVersion: r.result.rubricVersion } : {}),
    dimensions,
  };
}

/** Date and time to the second: two scans in one minute must not read alike. */
const when = (iso: string) => iso.slice(0, 19).replace('T', ' ');

function deltaCell(n: number | null): string {
  if (n === null) return '<td class="num muted">first</td>';
  return `<td class="num ${n > 0 ? 'up' : n < 0 ? 'down' : 'same'}">${signed(n)}</td>`;
}

/** Newest first, as listed; each row's delta is against the scan before it. */
export function domainHtml(domain: string, newestFirst: StoredReport[], base: string, opts: { truncated: boolean; signedIn: boolean }): string {
  if (!newestFirst.length) {
    return layout(
      `AI readiness history: ${domain}`,
      `<h1>AI readiness history of ${e(domain)}</h1><p>No public scan of this site yet. <a href="/">Scan it</a>.</p>`,
      [],
      HISTORY_CSS,
    );
  }
  const points = [...newestFirst].reverse().map(historyPoint);
  const chart = historyChart(points, { title: `AI readiness of ${domain} over time` });
  const latest = newestFirst[0];
  const dims = dimensionChart(latest.result, { idPrefix: 'latest-dims', title: `Score by dimension, latest scan (${when(latest.createdAt)})` });
  const rows = newestFirst.map((r, i) => {
    const prev = newestFirst[i + 1];
    const compare = prev ? `<a href="/compare?from=${e(prev.id)}&amp;to=${e(r.id)}">what changed</a>` : '';
    const delta = deltaCell(prev ? r.result.overallScore - prev.result.overallScore : null);
    return (
      `<tr data-report="${e(r.id)}"><td><a href="/r/${e(r.id)}">${e(when(r.createdAt))}</a>` +
      `${r.isPublic ? '' : ' <span class="muted">(private)</span>'}</td><td class="num">${r.result.overallScore}</td>` +
      `<td class="g-${e(r.result.grade ?? '')}">${e(r.result.grade ?? '-')}</td><td class="num">${r.result.level}</td>` +
      `${delta}<td class="col-url">${e(r.url)}</td><td>${compare}</td></tr>`
    );
  });
  const options = (selected: string) =>
    newestFirst
      .map(
        (r) =>
          `<option value="${e(r.id)}"${r.id === selected ? ' selected' : ''}>${e(when(r.createdAt))} ` +
          `· ${r.result.overallScore} ${e(r.result.grade ?? '')}</option>`,
      )
      .join('');
  const compareForm =
    newestFirst.length > 1
      ? `<form class="compare-form" action="/compare" method="get" aria-label="Compare two scans"><label>` +
        `Before <select name="from">${options(newestFirst[1].id)}</select></label> <label>` +
        `After <select name="to">${options(latest.id)}</select></label> <button type="submit">Compare</button></form>`
      : '';
  const badge = latest.isPublic || newestFirst.some((r) => r.isPublic) ? badgeOf(base, newestFirst.find((r) => r.isPublic)!) : null;
  const body = `<h1>AI readiness history of ${e(domain)}</h1>
<p>${newestFirst.length} \
scan${newestFirst.length > 1 ? 's' : ''}${opts.truncated ? ' (the most recent)' : ''};\
 latest <a href="/r/${e(latest.id)}">${latest.result.overallScore}/100, \
grade ${e(latest.result.grade ?? '-')}, level ${latest.result.level}</a>\
.${opts.signedIn ? '' : ' <span class="muted">Only public scans are shown.</span>'}</p>
<h2>Score over time</h2>
<div class="chart-wrap">${chart.svg}</div>${chart.legend}
<details><summary>The chart as a table</summary>${chart.table}</details>
<h2>Dimensions of the latest scan</h2>
<div class="chart-row">${dims.svg}${dims.table}</div>
<h2>Scans</h2>
${compareForm}
<div class="table-wrap"><table data-history><thead><tr><th>Scanned (UTC)</th><th class="num">Score</th><th>\
Grade</th><th class="num">Level</th><th class="num">Change</th><th class="col-url">URL</th><th></th></tr>\
</thead><tbody>${rows.join('')}</tbody></table></div>
${
  badge
    ? `<h2>Badge</h2><p><img src="${e(domainBadgeUrl('', domain))}" alt="AI readiness badge ` +
      `of ${e(domain)}"></p><p>For a README:</p><pre><code>${e(badge.markdown)}</code></pre>`
    : ''
}
<p class="muted"><a href="/">Scan a site</a></p>`;
  return layout(`AI readiness history: ${domain}`, body, [], HISTORY_CSS);
}

export function domainMarkdown(domain: string, newestFirst: StoredReport[], base: string): string {
  const out = [`# AI readiness history of ${domain}`, ''];
  if (!newestFirst.length) return [...out, 'No public scan of this site yet.', ''].join('\n');
  const dims = DIMENSIONS.filter((d) => newestFirst.some((r) => r.result.dimensions?.[d]?.applicable));
  out.push(`| Scanned (UTC) | Score | Grade | Level | Change | ${dims.map((d) => DIMENSION_LABELS[d]).join(' | ')} | Report |`);
  out.push(`| --- | ---: | :---: | ---: | ---: |${' ---: |'.repeat(dims.length)} --- |`);
  newestFirst.forEach((r, i) => {
    const prev = newestFirst[i + 1];
    const cells = dims.map((d) => {
      const s = r.result.dimensions?.[d];
      return s?.applicable ? String(s.score) : 'n/a';
    });
    out.push(
      `| ${when(r.createdAt)} | ${r.result.overallScore} | ${r.result.grade ?? '-'} | ${r.result.level} ` +
        `| ${prev ? signed(r.result.overallScore - prev.result.overallScore) : ''} | ${cells.join(' | ')} | ${base}/r/${r.id} |`,
    );
  });
  out.push('', `Compare two scans: ${base}/compare?from=<id>&to=<id> (JSON: ${base}/api/public/v1/compare?from=<id>&to=<id>)`, '');
  return out.join('\n');
}

export function compareHtml(c: ReportComparison, a: StoredReport, b: StoredReport, base: string): string {
  const title = a.domain === b.domain ? `What changed on ${a.domain}` : `${a.domain} compared with ${b.domain}`;
  const charts = [a, b].map((r, i) => {
    const chart = dimensionChart(r.result as ScanResult, { idPrefix: `cmp-${i}`, title: `${i ? 'After' : 'Before'}: ${r.domain}, ${when(r.createdAt)}` });
    return (
      `<figure data-side="${i ? 'after' : 'before'}" style="margin:0">${chart.svg}<figcaption ` +
      `class="muted">${i ? 'After' : 'Before'}: ${e(r.domain)}, ${e(when(r.createdAt))}</figcaption></figure>`
    );
  });
  const links = [...new Set([a.domain, b.domain])].map((d) => `<a href="${e(domainPageUrl('', d))}">history of ${e(d)}</a>`).join(' · ');
  const body = `<h1>${e(title)}</h1>
<p>${e(comparisonHeadline(c))} · <a href="/compare?from=${e(b.id)}&amp;\
to=${e(a.id)}">swap</a> · ${links} · <a href="/api/public/v1/compare?from=${e(a.id)}&amp;to=${e(b.id)}">JSON</a></p>
${comparisonHtml(c)}
<h2>Dimensions side by side</h2>
<div class="chart-row">${charts.join('')}</div>
<p class="muted"><a href="/">Scan a site</a> · ${e(base)}</p>`;
  return layout(title, body, [], HISTORY_CSS);
}

export function compareMarkdown(c: ReportComparison, a: StoredReport, b: StoredReport, base: string): string {
  return [
    `# ${a.domain === b.domain ? `What changed on ${a.domain}` : `${a.domain} compared with ${b.domain}`}`,
    '',
    `Before: ${base}/r/${a.id} · After: ${base}/r/${b.id}`,
    '',
    '```',
    ...comparisonLines(c),
    '```',
    '',
  ].join('\n');
}
