/**
 * Every report format, one module each (./formats/<name>.ts), in one registry keyed by the format
 * names of ./names.ts: adding a format is its module, one entry here and one name there (the
 * compiler rejects a registry that misses a name). A module has a document shape and, where it
 * can be written piece by piece, a streaming shape (./format-module.ts); one URL and a batch
 * (`scan --input`) both read it from here.
 */
import { agentFormat } from './formats/agent.js';
import type { ScanResult } from '../core/schema.js';
import { renderHtmlReport } from './html.js';
import { renderMarkdown } from './markdown.js';
import { renderSarif } from './sarif.js';
import { renderJunit } from './junit.js';
import { renderGithubAnnotations } from './github.js';
import { renderBatchSummary, renderTextReport } from './text.js';
import { FORMAT_NAMES, type FormatName } from './names.js';
import type { FormatModule, RenderOptions } from './format-module.js';
import { prettyFormat } from './formats/pretty.js';
import { jsonFormat, renderJson } from './formats/json.js';
import { markdownFormat } from './formats/markdown.js';
import { htmlFormat } from './formats/html.js';
import { sarifFormat } from './formats/sarif.js';
import { junitFormat } from './formats/junit.js';
import { githubFormat } from './formats/github.js';

export { FORMAT_NAMES, type FormatName };
export type { FormatModule, FormatStream, Formatter, RenderOptions, StreamOptions } from './format-module.js';

export const FORMATS: Record<FormatName, FormatModule> = {
  pretty: prettyFormat,
  json: jsonFormat,
  md: markdownFormat,
  html: htmlFormat,
  sarif: sarifFormat,
  junit: junitFormat,
  github: githubFormat,
  agent: agentFormat,
};

/** The whole output of one run in `format`. */
export function render(format: FormatName, results: ScanResult[], opts: RenderOptions = {}): string {
  return FORMATS[format].document(results, opts);
}

export { renderJson, renderHtmlReport, renderMarkdown, renderSarif, renderJunit, renderGithubAnnotations, renderTextReport, renderBatchSummary };
export type { HtmlReportOptions } from './html.js';
