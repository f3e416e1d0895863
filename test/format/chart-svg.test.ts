/** The SVG charts: one point per scan and series, rubric changes marked, accessible names, escaped text. */
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { dimensionChart, historyChart, type HistoryPoint } from '../../src/format/chart-svg.js';
import { renderHtmlReport } from '../../src/format/html.js';
import type { ScanResult } from '../../src/core/schema.js';

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const point = (day: number, score: number, rubricVersion: string, extra: Partial<HistoryPoint> = {}): HistoryPoint => ({
  id: `r${day}aaaa`,
  createdAt: at(day),
  score,
  grade: score >= 90 ? 'A' : 'C',
  rubricVersion,
  dimensions: { discoverability: score - 5, content: score, commerce: null },
  ...extra,
});

describe('historyChart time axis', () => {
  const at2 = (iso: string, score: number): HistoryPoint => ({ id: `p${iso.replace(/\D/g, '')}`, createdAt: iso, score, grade: 'C', dimensions: {} });
  const xsOf = (svg: string) => {
    const $ = load(svg, { xml: true });
    return $('circle[data-series="overall"]')
      .map((_, c) => Number($(c).attr('cx')))
      .get();
  };
  const ticksOf = (svg: string) =>
    load(svg, { xml: true })('text.tick')
      .map((_, t) => load(svg, { xml: true })(t).text())
      .get();

  it('places scans in proportion to the time between them, not one step each', () => {
    // Two scans a minute apart, then one a day later: the first two sit almost together.
    const xs = xsOf(historyChart([at2('2026-03-01T10:00:00.000Z', 50), at2('2026-03-01T10:01:00.000Z', 55), at2('2026-03-02T10:01:00.000Z', 80)]).svg);
    const total = xs[2] - xs[0];
    expect((xs[1] - xs[0]) / total).toBeCloseTo(60 / 86_460, 3);
    // Evenly timed scans are evenly spaced.
    const even = xsOf(historyChart([1, 2, 3, 4].map((d) => at2(`2026-03-0${d}T00:00:00.000Z`, 50))).svg);
    expect(even[1] - even[0]).toBeCloseTo(even[3] - even[2], 5);
  });

  it('labels with seconds when scans are close, the time of day within a day, dates beyond', () => {
    const close = ticksOf(historyChart([at2('2026-03-01T10:35:05.000Z', 50), at2('2026-03-01T10:35:40.000Z', 60)]).svg);
    expect(close[0]).toBe('10:35:05');
    expect(close.at(-1)).toBe('10:35:40');
    const hours = ticksOf(historyChart([at2('2026-03-01T08:00:00.000Z', 50), at2('2026-03-01T16:00:00.000Z', 60)]).svg);
    expect(hours).toEqual(['08:00', '10:00', '12:00', '14:00', '16:00']);
    const days = ticksOf(historyChart([at2('2026-03-01T00:00:00.000Z', 50), at2('2026-03-21T00:00:00.000Z', 60)]).svg);
    expect(days[0]).toBe('2026-03-01');
    expect(days.at(-1)).toBe('2026-03-21');
    // One scan: one label, in the middle.
    expect(ticksOf(historyChart([at2('2026-03-01T10:35:05.000Z', 50)]).svg)).toHaveLength(1);
  });
});

describe('historyChart', () => {
  it('draws one point per scan and series, oldest on the left, and marks the rubric change', () => {
    const pts = [point(1, 60, '2026.1'), point(2, 70, '2026.1'), point(3, 92, '2026.2')];
    const { svg, table, legend } = historyChart(pts);
    const $ = load(svg, { xml: true });
    expect($('svg').attr('data-points')).toBe('3');
    expect($('svg').attr('role')).toBe('img');
    expect($('svg').attr('aria-labelledby')).toBe('history-title history-desc');
    expect($('circle[data-series="overall"]').length).toBe(3);
    expect($('circle[data-series="discoverability"]').length).toBe(3);
    // Commerce never applied: no line, no dots.
    expect($('[data-series="commerce"]').length).toBe(0);
    const xs = $('circle[data-series="overall"]')
      .map((_, c) => Number($(c).attr('cx')))
      .get();
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const ys = $('circle[data-series="overall"]')
      .map((_, c) => Number($(c).attr('cy')))
      .get();
    expect(ys[2]).toBeLessThan(ys[0]);
    expect($('[data-rubric-change]').length).toBe(1);
    expect($('[data-rubric-change]').attr('data-rubric-change')).toBe('2026.2');
    for (const g of ['A', 'B', 'C', 'D', 'F']) expect($(`.band-${g}`).length).toBe(1);
    const t = load(table);
    expect(t('tbody tr').length).toBe(3);
    expect(t('tbody tr').first().text()).toContain('92');
    expect(legend).toContain('Discoverability');
  });

  it('breaks a dimension line where the dimension did not apply, and handles one scan', () => {
    const pts = [point(1, 60, 'x'), point(2, 70, 'x', { dimensions: { discoverability: null, content: 70 } }), point(3, 80, 'x')];
    const $ = load(historyChart(pts).svg, { xml: true });
    expect($('circle[data-series="discoverability"]').length).toBe(2);
    expect($('g[data-series="discoverability"] polyline').length).toBe(0);
    const one = load(historyChart([point(1, 50, 'x')]).svg, { xml: true });
    expect(one('circle[data-series="overall"]').length).toBe(1);
    expect(one('polyline').length).toBe(0);
  });

  it('escapes every text it is given', () => {
    const { svg, table } = historyChart([point(1, 50, '<script>x</script>'), point(2, 55, '"><img src=x>')], { title: '<b>t</b>' });
    expect(svg + table).not.toMatch(/<script|<img|<b>/);
  });
});

describe('dimensionChart', () => {
  it('draws a bar per dimension with its score, and says not applicable in words', () => {
    const { svg, table } = dimensionChart({
      dimensions: { discoverability: { earned: 1, weight: 2, score: 50, applicable: true }, commerce: { earned: 0, weight: 0, score: 0, applicable: false } },
    });
    const $ = load(svg, { xml: true });
    expect($('[data-dimension]').length).toBe(2);
    expect($('[data-dimension="discoverability"]').attr('data-score')).toBe('50');
    expect($('[data-dimension="commerce"]').text()).toContain('not applicable');
    expect(load(table)('tbody tr').length).toBe(2);
  });
});

describe('the self-contained HTML report', () => {
  const result: ScanResult = {
    url: 'https://site.test/',
    overallScore: 64,
    grade: 'C',
    level: 2,
    checks: [],
    dimensions: { discoverability: { earned: 7, weight: 10, score: 70, applicable: true }, content: { earned: 5, weight: 10, score: 50, applicable: true } },
  };

  it('shows the same dimension chart with its table, and dark-mode styles', () => {
    const $ = load(renderHtmlReport(result));
    expect($('svg[data-chart="dimensions"]').attr('data-points')).toBe('2');
    expect($('table[data-chart-table="dimensions"] tbody tr').length).toBe(2);
    expect($('style').text()).toContain('prefers-color-scheme:dark');
    // Without a service there is no history link and no badge.
    expect($('[data-history-link]').length).toBe(0);
  });

  it('links the history and shows the badge snippet when the service passes them, escaped', () => {
    const html = renderHtmlReport(result, {
      historyUrl: 'https://svc.test/d/site.test',
      badge: {
        imageUrl: 'https://svc.test/d/site.test/badge.svg',
        markdown: '[![AI readiness](https://svc.test/d/site.test/badge.svg)](https://svc.test/d/site.test) <b>',
      },
    });
    const $ = load(html);
    expect($('a[data-history-link]').attr('href')).toBe('https://svc.test/d/site.test');
    expect($('.badge-snippet code').text()).toContain('[![AI readiness](https://svc.test/d/site.test/badge.svg)]');
    expect($('.badge-snippet b').length).toBe(0);
    // A javascript: address is never linked.
    expect(renderHtmlReport(result, { historyUrl: 'javascript:alert(1)' })).not.toContain('javascript:');
  });
});
