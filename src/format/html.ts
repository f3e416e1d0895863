/**
 * The HTML report: one self-contained page (inline CSS, no script, no network), readable on
 * screen and on paper. `ai-ready scan --format html` writes it and the server's /r/<id> page
 * serves the same renderer. Every string that came from the scanned site is escaped, and a CSP
 * meta tag forbids anything but the inline style even if an escape were ever missed.
 */
import type { CheckResult, ProbeRecord, ScanResult } from '../core/schema.js';
import { bandOf, checksByDimension, failingChecks, formatPoints, needsFix, gainPhrase, platformLine, STATUS_SYMBOLS, STATUS_WORDS } from './common.js';
import { escapeHtml as e, safeHref } from './sanitize.js';
import { DIMENSIONS } from '../core/vocabulary.js';
import { fixStepsHtml } from './fix-steps.js';
import { inlineMarkdownHtml } from './inline-markdown.js';
import { pageTable, pageTableSummary } from './pages.js';
import { CHART_CSS, dimensionChart } from './chart-svg.js';

export interface HtmlReportOptions {
  /** Public address of this report (shown with a copyable field). */
  shareUrl?: string;
  /** Base URL of the service that rendered it: adds a "scan another site" link. */
  baseUrl?: string;
  /** Page title; defaults to "AI readiness report: <host>". */
  title?: string;
  /** The domain's history page on the service that rendered it (score over time, comparisons). */
  historyUrl?: string;
  /** A public report's badge: its address and the README snippet shown under "Badge". */
  badge?: { imageUrl: string; markdown: string };
  /** Leave FRESHNESS_SLOT under the header: the service fills it per request (the result's age, "scan again"). */
  freshnessSlot?: boolean;
}

/** Where a served report page says how old its result is (replaced per request; see server/pages.ts). */
export const FRESHNESS_SLOT = '<!--ai-ready:freshness-->';

const CSS = `
:root{--good:#1a7f37;--fair:#b35900;--poor:#c62828;--muted:#5f6b7a;--line:#d8dee4;--bg:#f6f8fa;--fg:#1f2328;--code:#f3f4f6}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:#fff}
main{max-width:960px;margin:0 auto;padding:24px 20px 48px}
a{color:#0b5cad}
a,p,li,code,.muted,.evidence{overflow-wrap:anywhere}
.freshness{margin:12px 0;padding:6px 14px;border:1px solid var(--line);border-radius:8px;background:var(--bg)}.freshness p{margin:6px 0}
h1{font-size:22px;margin:0 0 4px;word-break:break-all}
h2{font-size:18px;margin:32px 0 12px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3{font-size:15px;margin:0}
.muted{color:var(--muted)}
.summary{display:flex;gap:24px;align-items:center;flex-wrap:wrap;margin:20px 0;padding:20px;\
border:1px solid var(--line);border-radius:12px;background:var(--bg)}
.score{font-size:56px;font-weight:700;line-height:1}
.score small{font-size:20px;font-weight:400;color:var(--muted)}
.grade{font-size:40px;font-weight:700;border:3px solid currentColor;border-radius:10px;padding:0 14px;line-height:1.3}
.level{font-size:18px}
.good{color:var(--good)}.fair{color:var(--fair)}.poor{color:var(--poor)}
.bars{display:grid;grid-template-columns:max-content 1fr max-content;gap:6px 12px;align-items:center}
.bar{height:12px;background:var(--line);border-radius:6px;overflow:hidden}
.bar span{display:block;height:100%;background:currentColor}
.check{border:1px solid var(--line);border-radius:8px;padding:10px 14px;margin:8px 0;break-inside:avoid}
.check header{display:flex;gap:10px;align-items:baseline;flex-wrap:wrap}
.badge{font-size:12px;font-weight:700;border-radius:4px;padding:1px 6px;color:#fff;white-space:nowrap}
.s-pass{background:var(--good)}.s-partial{background:var(--fair)}.s-fail{background:var(--poor)}.s-na,.s-info{background:var(--muted)}
.pts{margin-left:auto;color:var(--muted);white-space:nowrap}
.evidence{margin:6px 0 0;overflow-wrap:anywhere}
.fix{margin-top:10px;padding-top:8px;border-top:1px dashed var(--line)}
.fix ol{padding-left:20px;margin:6px 0}
pre{background:var(--code);padding:10px;border-radius:6px;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere;font-size:13px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
table{border-collapse:collapse;width:100%;font-size:13px}
td,th{border:1px solid var(--line);padding:4px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
.pages td.cell,.pages th.cell{text-align:center;width:2.8em;padding:4px 2px}
.pages td.cell .badge{display:inline-block;min-width:1.8em}
.pages .nowrap{white-space:nowrap;overflow-wrap:normal}
.pages td.num{text-align:right}
.pages td.page{word-break:break-all;min-width:12em}
.pages .scroll{overflow-x:auto}
.pages .legend{margin-top:6px;font-size:13px}
.pages li .page{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;overflow-wrap:anywhere}
.share input{width:100%;font:inherit;padding:4px 6px}
footer{margin-top:40px;font-size:13px;color:var(--muted)}
.chart-row{display:flex;flex-wrap:wrap;gap:16px 32px;align-items:flex-start}.chart-row table{width:auto;min-width:14em}
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--muted:#9da7b3;--line:#30363d;--bg:#161b22;--fg:#e6edf3;\
--code:#161b22;--good:#3fb950;--fair:#d29922;--poor:#f85149}body{background:#0d1117}a{color:#58a6ff}.badge{color:#0d1117}}
${CHART_CSS}
@media print{main{max-width:none;padding:0}.summary{border-color:#999}details{display:block}\
details>summary{display:none}a{color:inherit;text-decoration:none}.check{break-inside:avoid}}
`;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function link(url: string | undefined, text?: string): string {
  const href = safeHref(url);
  return href ? `<a href="${e(href)}" rel="noopener noreferrer nofollow">${e(text ?? url)}</a>` : e(text ?? url);
}

function probeTable(probes: ProbeRecord[]): string {
  const rows = probes.map((p) => {
    const headers = Object.entries(p.headers)
      .map(([k, v]) => `${e(k)}: ${e(v)}`)
      .join('<br>');
    const status = p.status === null ? e(p.error ?? 'no response') : String(p.status);
    const redirects = p.redirects.length ? `<br><span class="muted">via ${p.redirects.map((r) => e(r)).join(' → ')}</span>` : '';
    return `<tr><td>${e(p.method)} ${e(p.url)}${redirects}</td><td>${status}</td><td>${e(p.contentType ?? '')}</td><td>${headers}</td></tr>`;
  });
  return (
    `<details><summary>Probes (${probes.length})</summary><table><thead><tr><th>Request</th><th>` +
    `Status</th><th>Content type</th><th>Headers that mattered</th></tr></thead><tbody>${rows.join('')}</tbody></table></details>`
  );
}

function checkCard(c: CheckResult): string {
  const fix = needsFix(c)
    ? `<div class="fix"><strong>How to fix:</strong> ${inlineMarkdownHtml(c.remediation ?? '')}${c.fixGuide?.length ? fixStepsHtml(c.fixGuide) : ''}</div>`
    : '';
  // Each spec once: a fix guide shown above already links the ones it names.
  const inGuide = fix ? (c.fixGuide ?? []).map((s) => `${s.title}\n${s.body ?? ''}`).join('\n') : '';
  const specUrls = [...new Set(c.specUrls ?? [])].filter((u) => !inGuide.includes(u));
  const specs = specUrls.length ? `<div class="muted">Spec: ${specUrls.map((u) => link(u)).join(', ')}</div>` : '';
  const notes = [
    c.naReason ? `<div class="muted">${/^not offered/.test(c.naReason) ? e(c.naReason.replace(/^n/, 'N')) : `Not applicable: ${e(c.naReason)}`}</div>` : '',
    c.matched ? `<div class="muted">Matched: ${e(c.matched)}</div>` : '',
    ...(c.advisories ?? []).map((a) => `<div class="muted">Note: ${e(a)}</div>`),
  ].join('');
  const pts = c.status === 'na' || c.status === 'info' ? STATUS_WORDS[c.status] : `${formatPoints(c.earned)}/${formatPoints(c.weight)}`;
  return `<article class="check" id="check-${e(c.id)}" data-check-id="${e(c.id)}" data-status="${e(c.status)}"${c.code ? ` data-code="${e(c.code)}"` : ''}>
<header><span class="badge s-${e(c.status)}" \
title="${e(STATUS_WORDS[c.status])}">${STATUS_SYMBOLS[c.status]} ${e(STATUS_WORDS[c.status])}</span>\
<h3>${e(c.id)} · ${e(c.name)}</h3><span class="muted">${e(c.tier ?? '')}</span><span class="pts">${e(pts)}</span></header>
${c.evidence ? `<p class="evidence">${e(c.evidence)}</p>` : ''}${notes}${fix}${specs}${c.probes?.length ? probeTable(c.probes) : ''}
</article>`;
}

/** The dimension chart (SVG, no script) with its numbers as a table beside it. */
function dimensionSection(result: ScanResult): string {
  if (!result.dimensions || !DIMENSIONS.some((d) => result.dimensions?.[d])) return '';
  const chart = dimensionChart(result);
  return `<div class="chart-row">${chart.svg}${chart.table}</div>`;
}

/** Links of a report served by the service: the domain's history and, when public, its badge. */
function historyAndBadge(opts: HtmlReportOptions): string {
  const history = safeHref(opts.historyUrl);
  const badge = opts.badge && safeHref(opts.badge.imageUrl) ? opts.badge : undefined;
  if (!history && !badge) return '';
  const parts = [
    history
      ? `<p><a href="${e(history)}" data-history-link>Score history of this site</a>: every public scan over time, and what changed between two.</p>`
      : '',
    badge
      ? `<div class="badge-snippet"><p>Badge for a README (<a href="${e(badge.imageUrl)}">SVG</a>):</p><pre><code>${e(badge.markdown)}</code></pre></div>`
      : '',
  ];
  return `<section aria-label="History and badge"><h2>History and badge</h2>${parts.join('')}</section>`;
}

function nextLevelSection(result: ScanResult): string {
  const n = result.nextLevel;
  if (n === null) return `<p><strong>Top level reached.</strong> Every level requirement is met.</p>`;
  if (!n) return '';
  const items = n.requirements.map(
    (r) =>
      `<li><a href="#check-${e(r.checkId)}">${e(r.checkId)}</a> ${e(r.title)} <span class="muted">` +
      `(${e(STATUS_WORDS[r.status])})</span>${r.remediation ? ` — ${inlineMarkdownHtml(r.remediation)}` : ''}</li>`,
  );
  return `<p>To reach <strong>level ${n.target} · ${e(n.name)}</strong> (${e(n.rule)}):</p><ul>${items.join('')}</ul>`;
}

/** The per-page table of a site-scope scan (nothing for one page or none). */
function pagesSection(result: ScanResult): string {
  const t = pageTable(result);
  if (!t) return '';
  const head =
    `<tr><th>Page</th><th class="nowrap">Source</th><th class="nowrap">` +
    `HTTP</th>${t.columns.length ? t.columns.map((id) => `<th class="cell"><a href="#check-${e(id)}">${e(id)}</a></th>`).join('') : '<th>Checks</th>'}</tr>`;
  const rows = t.rows.map((r) => {
    const first =
      `<td class="page" title="${e(r.url)}">${link(r.url, r.path)}</td>` +
      `<td class="nowrap">${e(r.source)}</td><td class="num nowrap">${r.status ?? '–'}</td>`;
    if (r.problem)
      return `<tr data-page-problem="${e(r.problem)}">${first}<td colspan="${Math.max(1, t.columns.length)}" class="poor">⚠ ${e(r.problem)}</td></tr>`;
    const cells = t.columns.map((id) => {
      const c = r.cells[id];
      if (!c) return `<td class="cell muted" data-check-id="${e(id)}" title="not checked on this page">·</td>`;
      const tip = `${id} ${STATUS_WORDS[c.status]} (${c.code})${c.evidence ? `: ${c.evidence}` : ''}`;
      return (
        `<td class="cell" data-check-id="${e(id)}" data-status="${e(c.status)}">` +
        `<span class="badge s-${e(c.status)}" title="${e(tip)}">${STATUS_SYMBOLS[c.status]}</span></td>`
      );
    });
    return `<tr>${first}${cells.join('') || '<td class="muted">·</td>'}</tr>`;
  });
  const legend = (['pass', 'partial', 'fail', 'na', 'info'] as const)
    .map((s) => `<span class="badge s-${s}">${STATUS_SYMBOLS[s]}</span> ${e(STATUS_WORDS[s].toLowerCase())}`)
    .join(' ');
  // Hover titles do not reach touch screens or paper: failing cells are also listed in words.
  const findings = t.rows.flatMap((r) =>
    t.columns.flatMap((id) => {
      const c = r.cells[id];
      if (!c || !(c.status === 'fail' || c.status === 'partial')) return [];
      return [
        `<li><span class="page">${e(r.path)}</span> · <a href="#check-${e(id)}">${e(id)}</a>` +
          ` ${e(STATUS_WORDS[c.status].toLowerCase())} <span class="muted">` +
          `(${e(c.code)})</span>${c.evidence ? `: ${e(c.evidence)}` : ''}</li>`,
      ];
    }),
  );
  const details = findings.length ? `<details><summary>Failing and partial cells (${findings.length})</summary><ul>${findings.join('')}</ul></details>` : '';
  return `<section class="pages" aria-label="Pages"><h2>Pages</h2><p>${e(pageTableSummary(t))}.</p>
<div class="scroll"><table><thead>${head}</thead><tbody>${rows.join('')}</tbody></table></div>
<div class="legend muted">${legend} · not checked on this page</div>${details}</section>`;
}

/** Renders a ScanResult as a complete HTML document. */
export function renderHtmlReport(result: ScanResult, opts: HtmlReportOptions = {}): string {
  const band = bandOf(result.overallScore);
  const host = hostOf(result.finalUrl ?? result.url);
  const title = opts.title ?? `AI readiness report: ${host}`;
  const platform = platformLine(result);
  const failing = failingChecks(result);
  const when = result.scannedAt ? `Scanned ${e(result.scannedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}` : '';
  const meta = [
    when,
    result.durationMs !== undefined ? `${(result.durationMs / 1000).toFixed(1)} s` : '',
    result.requestCount !== undefined ? `${result.requestCount} requests` : '',
    result.browser ? `rendered in ${e(result.browser.name)} ${e(result.browser.version)}` : '',
    result.rubricVersion ? `rubric ${e(result.rubricVersion)}` : '',
    result.profile ? `profile ${e(result.profile.applied.join(' + '))} (${e(result.profile.source)})` : '',
  ].filter(Boolean);
  const warnings = (result.warnings ?? []).map((w) => `<p class="fair">⚠ ${e(w)}</p>`).join('');
  const share = opts.shareUrl ? `<div class="share"><label>Share this report: <input readonly value="${e(opts.shareUrl)}"></label></div>` : '';
  const base = safeHref(opts.baseUrl);
  const groups = checksByDimension(result)
    .map((g) => `<section><h2>${e(g.label)}</h2>${g.checks.map(checkCard).join('\n')}</section>`)
    .join('\n');
  const todo = failing.length
    ? `<h2>What to fix first</h2>` +
      `<ol>${failing
        .map(
          (c) =>
            `<li>` +
            `<a href="#check-${e(c.id)}">${e(c.id)} ${e(c.name)}</a> <span class="muted">` +
            `(${e(c.tier ?? '')}, ${e(gainPhrase(result, c))})</span></li>`,
        )
        .join('')}</ol>`
    : '';

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${e(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<h1>${e(title)}</h1>
<div class="muted">${link(result.url)}${result.finalUrl && result.finalUrl !== result.url ? ` → ${link(result.finalUrl)}` : ''}</div>
<div class="muted">${meta.join(' · ')}</div>
${opts.freshnessSlot ? FRESHNESS_SLOT : ''}${share}
<section class="summary" aria-label="Summary">
<div class="score ${band}" data-score="${result.overallScore}">${result.overallScore}<small>/100</small></div>
${result.grade ? `<div class="grade ${band}" data-grade="${e(result.grade)}">${e(result.grade)}</div>` : ''}
<div class="level"><div>Level <strong data-level="${result.level}">${result.level}</strong> · ${e(result.levelName ?? '')}</div>\
<div class="muted">Platform: ${platform ? e(platform) : 'not identified'}</div></div>
</section>
${warnings}
${nextLevelSection(result)}
<h2>Dimensions</h2>
${dimensionSection(result)}
${historyAndBadge(opts)}
${pagesSection(result)}
${todo}
${groups}
<footer>Generated by ai-ready${base ? ` · <a href="${e(base)}">` + `Scan another site</a>` : ''}. Text quoted from \
the scanned site is shown as-is and was not written by ai-ready.</footer>
</main>
</body>
</html>
`;
}
