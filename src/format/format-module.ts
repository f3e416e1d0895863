/**
 * What a report format is: a module with a document shape (the whole output of one run) and,
 * where the format can be written piece by piece, a streaming shape that a batch (`scan --input`)
 * feeds one finished site at a time. The CLI's single-URL path and its batch path both read these
 * modules from the registry (./index.ts): a format added there is written by both.
 */
import type { ScanResult } from '../core/schema.js';
import type { ReportComparison } from './compare.js';

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

export interface StreamOptions extends RenderOptions {
  /** How many sites the batch holds (the pretty format adds a table of every site when over one). */
  sites: number;
  /** The output goes to a file (--output), not a terminal. */
  toFile: boolean;
}

/** One batch's writer: text for each finished site as it finishes, then text that closes the output. */
export interface FormatStream {
  /** Text for one finished site (`index`: its input position). */
  add(result: ScanResult, index: number): string;
  /** A site that could not be scanned (formats that list every site note it). */
  failed?(url: string, error: string, index: number): void;
  /** Text that closes the output (a table of every site), or ''. */
  end(): string;
}

export interface FormatModule {
  /** The whole output of one run (one result, or several rendered at once). */
  document(results: ScanResult[], opts: RenderOptions): string;
  /**
   * The batch shape: absent for formats that are one document by definition (SARIF, JUnit), which
   * a batch renders once at the end with document().
   */
  stream?(opts: StreamOptions): FormatStream;
  /** Each site is a document of its own (HTML): a batch writes one file per site beside --output. */
  documentPerSite?: boolean;
}

export type Formatter = FormatModule['document'];
