/** Every report format, as pure functions of ScanResults. */
import type { ScanResult } from '../core/schema.js';
import { renderHtmlReport } from './html.js';
import { renderMarkdown } from './markdown.js';
import { renderSarif } from './sarif.js';
import { renderJunit } from './junit.js';
import { renderGithubAnnotations } from './github.js';
import { renderBatchSummary, renderTextReport } from './text.js';
import { toSafeJson } from './sanitize.js';

export const FORMATS = ['pretty', 'json', 'md', 'html', 'sarif', 'junit', 'github'] as const;
export type Format = (typeof FORMATS)[number];

export interface RenderOptions {
  color?: boolean;
  verbose?: boolean;
  width?: number;
  /**
   * The run was a batch (several URLs or an --input list): JSON is NDJSON even when only one
   * site could be scanned, so a line-by-line reader never gets a pretty-printed object.
   */
  batch?: boolean;
}

/** JSON: the v1 ScanResponse (C1 and bidi controls escaped, see sanitize.ts); several results (or a batch) become NDJSON (one object per line). */
export function renderJson(results: ScanResult[], opts: { batch?: boolean } = {}): string {
  if (results.length === 1 && !opts.batch) return toSafeJson(results[0], 2) + '\n';
  return results.map((r) => toSafeJson(r)).join('\n') + (results.length ? '\n' : '');
}

/** The whole output of one run in `format`. */
export function render(format: Format, results: ScanResult[], opts: RenderOptions = {}): string {
  switch (format) {
    case 'json':
      return renderJson(results, opts);
    case 'md':
      return renderMarkdown(results);
    case 'html':
      // One file: several results are rendered one after another is not a valid document,
      // so a batch's HTML holds the first report per file (the CLI writes one file per URL).
      return renderHtmlReport(results[0]);
    case 'sarif':
      return renderSarif(results);
    case 'junit':
      return renderJunit(results);
    case 'github':
      return renderGithubAnnotations(results);
    case 'pretty':
      return results.map((r) => renderTextReport(r, opts)).join('\n');
  }
}

export { renderHtmlReport, renderMarkdown, renderSarif, renderJunit, renderGithubAnnotations, renderTextReport, renderBatchSummary };
export type { HtmlReportOptions } from './html.js';
