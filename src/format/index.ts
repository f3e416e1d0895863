/**
 * Every report format, as pure functions of ScanResults, in one registry keyed by the format
 * names of ./names.ts: adding a format is one entry here and one name there (the compiler
 * rejects a registry that misses a name).
 */
import type { ScanResult } from '../core/schema.js';
import { renderHtmlReport } from './html.js';
import { renderMarkdown } from './markdown.js';
import { renderSarif } from './sarif.js';
import { renderJunit } from './junit.js';
import { renderGithubAnnotations } from './github.js';
import { renderBatchSummary, renderTextReport } from './text.js';
import { toSafeJson } from './sanitize.js';
import { FORMAT_NAMES, type FormatName } from './names.js';
import type { ReportComparison } from './compare.js';

export { FORMAT_NAMES, type FormatName };

/** What a formatter may need beyond the results: terminal capabilities and the shape of the run. */
export interface RenderOptions {
  color?: boolean;
  verbose?: boolean;
  width?: number;
  /** pretty: wrap at word boundaries to this many columns (a terminal's width); 0 = no wrapping. */
  wrapWidth?: number;
  /** pretty only: score, dimensions and top fixes. */
  summary?: boolean;
  /**
   * The run was a batch (several URLs or an --input list): JSON is NDJSON even when only one
   * site could be scanned, so a line-by-line reader never gets a pretty-printed object.
   */
  batch?: boolean;
  /** With `--baseline`: the comparison of a result with its baseline entry (pretty and md show it). */
  comparisonFor?: (r: ScanResult) => ReportComparison | undefined;
}

export type Formatter = (results: ScanResult[], context: RenderOptions) => string;

/** JSON: the v1 ScanResponse (C1 and bidi controls escaped, see sanitize.ts); several results (or a batch) become NDJSON (one object per line). */
export function renderJson(results: ScanResult[], opts: { batch?: boolean } = {}): string {
  if (results.length === 1 && !opts.batch) return toSafeJson(results[0], 2) + '\n';
  return results.map((r) => toSafeJson(r)).join('\n') + (results.length ? '\n' : '');
}

export const FORMATTERS: Record<FormatName, Formatter> = {
  pretty: (results, context) => results.map((r) => renderTextReport(r, { ...context, comparison: context.comparisonFor?.(r) })).join('\n'),
  json: renderJson,
  md: (results, context) => renderMarkdown(results, { comparisonFor: context.comparisonFor }),
  // One file: several results rendered one after another are not a valid document, so a
  // batch's HTML holds the first report per file (the CLI writes one file per URL).
  html: (results) => renderHtmlReport(results[0]),
  sarif: (results) => renderSarif(results),
  junit: (results) => renderJunit(results),
  github: (results) => renderGithubAnnotations(results),
};

/** The whole output of one run in `format`. */
export function render(format: FormatName, results: ScanResult[], opts: RenderOptions = {}): string {
  return FORMATTERS[format](results, opts);
}

export { renderHtmlReport, renderMarkdown, renderSarif, renderJunit, renderGithubAnnotations, renderTextReport, renderBatchSummary };
export type { HtmlReportOptions } from './html.js';
