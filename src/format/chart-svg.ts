/**
 * Charts as server-rendered SVG: no script, no network, readable in a self-contained HTML file.
 * Each chart comes with a text table of the same numbers (screen readers, copy, paper) and an
 * accessible name. Colours come from CSS classes, so one stylesheet (CHART_CSS) serves light and
 * dark mode (prefers-color-scheme). Every text from outside goes through escapeHtml.
 */
import type { Dimension, ScanResult } from '../core/schema.js';
import { DIMENSIONS, GRADES } from '../core/vocabulary.js';
import { bandOf, DIMENSION_LABELS } from './common.js';
import { escapeHtml as e } from './sanitize.js';

/** Lower bound of each grade (the service spec's bands). */
const GRADE_FLOORS: Record<(typeof GRADES)[number], number> = { A: 90, B: 75, C: 60, D: 40, F: 0 };

/** Styles of every chart; include once per page (scoped by the `chart-` prefix). */
export const CHART_CSS = `
.chart{max-width:100%;height:auto;font:12px system-ui,sans-serif}
.chart .band-A{fill:#1a7f37;opacity:.09}.chart .band-B{fill:#4c9a2a;opacity:.07}.chart .band-C{fill:#b38600;\
opacity:.08}.chart .band-D{fill:#b35900;opacity:.08}.chart .band-F{fill:#c62828;opacity:.08}
.chart .axis{stroke:#8c959f;stroke-width:1}.chart .grid{stroke:#d0d7de;stroke-width:1;stroke-dasharray:2 3}
.chart text{fill:#57606a}.chart .band-label{font-weight:700}
.chart .rubric{stroke:#8250df;stroke-width:1.5;stroke-dasharray:5 4}.chart .rubric-label{fill:#8250df}
.chart .line{fill:none;stroke-width:1.5;stroke-linejoin:round}.chart .line.overall{stroke-width:3}
.chart .s-overall{stroke:#1f2328}.chart circle.s-overall{fill:#1f2328}
.chart .s-discoverability{stroke:#0072b2}.chart circle.s-discoverability{fill:#0072b2}
.chart .s-content{stroke:#d55e00}.chart circle.s-content{fill:#d55e00}
.chart .s-bot_access{stroke:#009e73}.chart circle.s-bot_access{fill:#009e73}
.chart .s-capabilities{stroke:#cc79a7}.chart circle.s-capabilities{fill:#cc79a7}
.chart .s-commerce{stroke:#9a7d00}.chart circle.s-commerce{fill:#9a7d00}
.chart .bar-bg{fill:#d8dee4}.chart .bar-good{fill:#1a7f37}.chart .bar-fair{fill:#b35900}.chart .bar-poor{fill:#c62828}
.chart-legend{display:flex;flex-wrap:wrap;gap:4px 14px;font-size:13px;margin:4px 0;padding:0;list-style:none}
.chart-legend i{display:inline-block;width:14px;height:3px;vertical-align:middle;margin-right:4px;background:currentColor}
.chart-legend .s-overall{color:#1f2328}.chart-legend .s-discoverability{color:#0072b2}\
.chart-legend .s-content{color:#d55e00}.chart-legend .s-bot_access{color:#009e73}\
.chart-legend .s-capabilities{color:#cc79a7}.chart-legend .s-commerce{color:#9a7d00}
.chart-legend span{color:var(--fg,#1f2328)}
.chart-table{font-size:13px;display:block;max-width:100%;overflow-x:auto}.chart-table td.num,.chart-table th.num{text-align:right}
@media (max-width:640px){.chart[data-chart=history] text{font-size:23px}\
.chart[data-chart=history] .tick-alt{display:none}.chart[data-chart=dimensions] text{font-size:14px}}
@media (prefers-color-scheme:dark){
.chart text{fill:#9da7b3}.chart .axis{stroke:#6e7681}.chart .grid{stroke:#30363d}
.chart .band-A{opacity:.2}.chart .band-B,.chart .band-C,.chart .band-D,.chart .band-F{opacity:.16}
.chart .s-overall{stroke:#e6edf3}.chart circle.s-overall{fill:#e6edf3}.chart-legend .s-overall{color:#e6edf3}
.chart .rubric{stroke:#bc8cff}.chart .rubric-label{fill:#bc8cff}
.chart .s-discoverability{stroke:#58a6ff}.chart circle.s-discoverability{fill:#58a6ff}.chart-legend .s-discoverability{color:#58a6ff}
.chart .s-content{stroke:#f0883e}.chart circle.s-content{fill:#f0883e}.chart-legend .s-content{color:#f0883e}
.chart .s-commerce{stroke:#d4b106}.chart circle.s-commerce{fill:#d4b106}.chart-legend .s-commerce{color:#d4b106}
.chart .bar-bg{fill:#30363d}.chart .bar-good{fill:#3fb950}.chart .bar-fair{fill:#d29922}.chart .bar-poor{fill:#f85149}
.chart-legend span{color:var(--fg,#e6edf3)}
}
`;

/** One scan on a history chart. */
export interface HistoryPoint {
  id: string;
  createdAt: string;
  score: number;
  grade: string;
  rubricVersion?: string;
  /** null: the dimension did not apply to that scan. */
  dimensions: Partial<Record<Dimension, number | null>>;
}

export interface Chart {
  /** The <svg> element. */
  svg: string;
  /** The same numbers as a <table>. */
  table: string;
  /** Colour key of the series (empty for a one-series chart). */
  legend: string;
}

const W = 720;
const H = 320;
const PAD = { left: 52, right: 34, top: 28, bottom: 56 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

const y = (score: number) => PAD.top + PLOT_H * (1 - Math.max(0, Math.min(100, score)) / 100);
const fmt = (n: number) => (Math.round(n * 10) / 10).toString();
const dateOf = (iso: string) => iso.slice(0, 10);
const dateTimeOf = (iso: string) => iso.replace('T', ' ').replace(/(:\d\d)(\.\d+)?Z$/, '$1 UTC');

function gradeBands(): string {
  let upper = 100;
  return GRADES.map((g) => {
    const floor = GRADE_FLOORS[g];
    const rect =
      `<rect class="band-${g}" x="${PAD.left}" y="${fmt(y(upper))}" width="${PLOT_W}" ` +
      `height="${fmt(y(floor) - y(upper))}"/><text class="band-label" x="${W - PAD.right + 8}" ` +
      `y="${fmt((y(upper) + y(floor)) / 2 + 4)}">${g}</text>`;
    upper = floor;
    return rect;
  }).join('');
}

function yAxis(): string {
  return [0, 40, 60, 75, 90, 100]
    .map(
      (v) =>
        `<line class="grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${fmt(y(v))}" y2="${fmt(y(v))}"/>` +
        `<text x="${PAD.left - 6}" y="${fmt(y(v) + 4)}" text-anchor="end">${v}</text>`,
    )
    .join('');
}

/** Which dimensions have a score in at least one point (the others get no line). */
function seriesOf(points: HistoryPoint[]): Dimension[] {
  return DIMENSIONS.filter((d) => points.some((p) => typeof p.dimensions[d] === 'number'));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How the time axis labels a moment, from the span it shows and how close the scans are:
 * seconds when two scans are less than a minute apart (two scans in one minute must not both
 * read "10:35"), the time of day within a day, the date beyond.
 */
export function timeLabel(spanMs: number, closestGapMs: number): (iso: string) => string {
  if (spanMs < DAY) return closestGapMs < MINUTE || spanMs < 10 * MINUTE ? (iso) => iso.slice(11, 19) : (iso) => iso.slice(11, 16);
  if (spanMs < 3 * DAY) return (iso) => `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
  return (iso) => iso.slice(0, 10);
}

/**
 * The score and each dimension over time, on grade bands: the horizontal axis is proportional to
 * time (scans a minute apart sit close, a month apart far), labelled at evenly spaced moments,
 * with a dashed mark where the rubric version changed (scores on either side are not comparable).
 * On narrow screens (CHART_CSS) the text grows and every other tick label is hidden, so the
 * scaled-down chart stays legible.
 */
export function historyChart(pointsOldestFirst: HistoryPoint[], opts: { idPrefix?: string; title?: string } = {}): Chart {
  const pts = pointsOldestFirst;
  const id = opts.idPrefix ?? 'history';
  const title = opts.title ?? 'Score over time';
  const n = pts.length;
  const times = pts.map((p) => Date.parse(p.createdAt) || 0);
  const t0 = times[0] ?? 0;
  const span = n > 1 ? Math.max(0, times[n - 1] - t0) : 0;
  // Proportional to time; scans all at one moment (or one scan) sit in the middle.
  const xAt = (t: number) => (span <= 0 ? PAD.left + PLOT_W / 2 : PAD.left + 12 + ((PLOT_W - 24) * (t - t0)) / span);
  const x = (i: number) => xAt(times[i]);
  const dims = seriesOf(pts);
  const series: Array<{ key: 'overall' | Dimension; label: string; value: (p: HistoryPoint) => number | null | undefined }> = [
    { key: 'overall', label: 'Overall score', value: (p) => p.score },
    ...dims.map((d) => ({ key: d, label: DIMENSION_LABELS[d], value: (p: HistoryPoint) => p.dimensions[d] })),
  ];
  // Dimension lines first, the overall score on top.
  const lines = [...series].reverse().map((s) => {
    const segments: string[][] = [[]];
    const dots: string[] = [];
    pts.forEach((p, i) => {
      const v = s.value(p);
      if (typeof v !== 'number') {
        if (segments[segments.length - 1].length) segments.push([]);
        return;
      }
      segments[segments.length - 1].push(`${fmt(x(i))},${fmt(y(v))}`);
      const r = s.key === 'overall' ? 4.5 : 3;
      dots.push(
        `<circle class="s-${s.key}" data-series="${s.key}" data-report="${e(p.id)}" cx="${fmt(x(i))}" ` +
          `cy="${fmt(y(v))}" r="${r}"><title>${e(s.label)}: ${v} ` +
          `(${e(dateTimeOf(p.createdAt))}${s.key === 'overall' ? `, grade ${e(p.grade)}` : ''})</title></circle>`,
      );
    });
    const paths = segments
      .filter((seg) => seg.length > 1)
      .map((seg) => `<polyline class="line ${s.key === 'overall' ? 'overall ' : ''}s-${s.key}" points="${seg.join(' ')}"/>`);
    return `<g data-series="${s.key}">${paths.join('')}${dots.join('')}</g>`;
  });
  const rubricMarks = pts
    .map((p, i) => {
      if (i === 0 || (p.rubricVersion ?? '') === (pts[i - 1].rubricVersion ?? '')) return '';
      const mx = (x(i) + x(i - 1)) / 2;
      return (
        `<g data-rubric-change="${e(p.rubricVersion ?? 'unknown')}">` +
        `<line class="rubric" x1="${fmt(mx)}" x2="${fmt(mx)}" y1="${PAD.top}" y2="${PAD.top + PLOT_H}"/>` +
        `<text class="rubric-label" x="${fmt(mx + 3)}" y="${PAD.top - 6}">rubric ${e(p.rubricVersion ?? '?')}</text></g>`
      );
    })
    .join('');
  const closest = times.slice(1).reduce((m, t, i) => Math.min(m, t - times[i]), Number.POSITIVE_INFINITY);
  const label = timeLabel(span, closest);
  // Five evenly spaced moments (one for a single moment); the 2nd and 4th hide on narrow screens.
  const ticks = span > 0 ? [0, 0.25, 0.5, 0.75, 1].map((f) => t0 + span * f) : n ? [t0] : [];
  const anchor = (k: number) => (ticks.length > 1 && k === 0 ? 'start' : ticks.length > 1 && k === ticks.length - 1 ? 'end' : 'middle');
  const xLabels = ticks
    .map((t, k) => {
      const iso = new Date(t).toISOString();
      const tx = fmt(xAt(t));
      return (
        `<line class="grid" x1="${tx}" x2="${tx}" y1="${PAD.top + PLOT_H}" y2="${PAD.top + PLOT_H + 5}"/>` +
        `<text class="tick${k % 2 ? ' tick-alt' : ''}" x="${tx}" y="${H - PAD.bottom + 24}" ` +
        `text-anchor="${anchor(k)}">${e(label(iso))}</text>`
      );
    })
    .join('');
  // The date under a time-of-day axis (UTC, as the table).
  const axisNote =
    n && span < DAY
      ? `<text class="axis-note" x="${PAD.left}" y="${H - 6}">${e(dateOf(pts[0].createdAt))} (UTC)</text>`
      : n
        ? `<text class="axis-note" x="${PAD.left}" y="${H - 6}">UTC</text>`
        : '';
  const first = pts[0];
  const last = pts[n - 1];
  const desc = n
    ? `${n} scan${n > 1 ? 's' : ''} from ${dateOf(first.createdAt)} to ${dateOf(last.createdAt)};` +
      ` overall score ${first.score} then ${last.score} (grade ${last.grade}). Grade bands: A 90-100, B 75-89, C ` +
      `60-74, D 40-59, F 0-39. The table below lists every value.`
    : 'No scans yet.';
  const svg =
    `<svg class="chart" data-chart="history" data-points="${n}" viewBox="0 0 ${W} ${H}" ` +
    `width="${W}" height="${H}" role="img" aria-labelledby="${id}-title ${id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-title">${e(title)}</title><desc id="${id}-desc">${e(desc)}</desc>
<g aria-hidden="true">${gradeBands()}${yAxis()}<line class="axis" x1="${PAD.left}" x2="${PAD.left}" \
y1="${PAD.top}" y2="${PAD.top + PLOT_H}"/><line class="axis" x1="${PAD.left}" x2="${W - PAD.right}" \
y1="${PAD.top + PLOT_H}" y2="${PAD.top + PLOT_H}"/>${xLabels}${axisNote}${rubricMarks}</g>
${lines.join('\n')}
</svg>`;
  const legend =
    `<ul class="chart-legend" ` +
    `aria-hidden="true">${series
      .map((s) => `<li class="s-${s.key}"><i>` + `</i><span>${e(s.label)}</span></li>`)
      .join('')}<li><span>· dashed line: rubric version changed</span></li></ul>`;
  const head =
    `<tr><th>Scanned</th><th class="num">Score</th><th>` +
    `Grade</th>${dims.map((d) => `<th ` + `class="num">${e(DIMENSION_LABELS[d])}</th>`).join('')}<th>Rubric</th></tr>`;
  const rows = [...pts].reverse().map(
    (p) =>
      `<tr><td>${e(dateTimeOf(p.createdAt))}</td><td class="num">${p.score}</td><td>${e(p.grade)}</td>${dims
        .map((d) => {
          const v = p.dimensions[d];
          return `<td class="num">${typeof v === 'number' ? v : 'n/a'}</td>`;
        })
        .join('')}<td>${e(p.rubricVersion ?? '')}</td></tr>`,
  );
  const table =
    `<table class="chart-table" data-chart-table="history">` +
    `<caption>${e(title)}, newest first</caption><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`;
  return { svg, table, legend };
}

/** One scan's dimension scores as horizontal bars on a 0-100 axis (the HTML report and the domain page). */
export function dimensionChart(result: Pick<ScanResult, 'dimensions'>, opts: { idPrefix?: string; title?: string } = {}): Chart {
  const id = opts.idPrefix ?? 'dimensions';
  const title = opts.title ?? 'Score by dimension';
  const dims = DIMENSIONS.filter((d) => result.dimensions?.[d]);
  // 420 wide: two fit side by side on a desktop page, and one on a phone is scaled little.
  const rowH = 30;
  const left = 130;
  const right = 40;
  const width = 420;
  const height = 20 + rowH * Math.max(1, dims.length);
  const plot = width - left - right;
  const rows = dims.map((d, i) => {
    const s = result.dimensions![d]!;
    const top = 10 + i * rowH;
    const label = `<text x="${left - 10}" y="${top + 15}" text-anchor="end">${e(DIMENSION_LABELS[d])}</text>`;
    if (!s.applicable) return `<g data-dimension="${d}">${label}<text x="${left}" y="${top + 15}">not applicable</text></g>`;
    const w = (plot * Math.max(0, Math.min(100, s.score))) / 100;
    return (
      `<g data-dimension="${d}" data-score="${s.score}">${label}<rect class="bar-bg" x="${left}" ` +
      `y="${top + 4}" width="${plot}" height="14" rx="7"/><rect class="bar-${bandOf(s.score)}" x="${left}" ` +
      `y="${top + 4}" width="${fmt(w)}" height="14" rx="7"><title>${e(DIMENSION_LABELS[d])}: ${s.score} out of ` +
      `100</title></rect><text x="${width - right + 8}" y="${top + 15}">${s.score}</text></g>`
    );
  });
  const summary = dims.map((d) => {
    const s = result.dimensions![d]!;
    return `${DIMENSION_LABELS[d]} ${s.applicable ? s.score : 'not applicable'}`;
  });
  const svg =
    `<svg class="chart" data-chart="dimensions" data-points="${dims.length}" viewBox="0 ` +
    `0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${id}-title ${id}-desc" ` +
    `xmlns="http://www.w3.org/2000/svg">
<title id="${id}-title">${e(title)}</title><desc id="${id}-desc">${e(summary.join('; ') || 'No dimension scores.')}</desc>
${rows.join('\n')}
</svg>`;
  const table =
    `<table class="chart-table" data-chart-table="dimensions"><caption>${e(title)}</caption>` +
    `<thead><tr><th>Dimension</th><th class="num">Score</th></tr></thead><tbody>${dims
      .map((d) => {
        const s = result.dimensions![d]!;
        return `<tr><td>${e(DIMENSION_LABELS[d])}</td><td class="num">${s.applicable ? s.score : 'n/a'}</td></tr>`;
      })
      .join('')}</tbody></table>`;
  return { svg, table, legend: '' };
}
