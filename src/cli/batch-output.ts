/**
 * The output of a batch, streamed: each site's report is written the moment the site finishes
 * (in the order sites finish; every NDJSON line and report section names its URL), then the
 * result is dropped. What is kept until the end is only what the trailer needs: one summary row
 * per site, and whole results for SARIF and JUnit, which are single documents by definition.
 */
import { once } from 'node:events';
import { closeSync, openSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { ScanResult } from '../core/schema.js';
import { render, renderBatchSummary, renderGithubAnnotations, renderHtmlReport, renderTextReport } from '../format/index.js';
import { MARKDOWN_MARKER, mdText, renderMarkdownSection } from '../format/markdown.js';
import type { ReportComparison } from '../format/compare.js';
import { toSafeJson } from '../format/sanitize.js';
import type { FormatName } from './scan-settings.js';
import { UsageError } from './usage-error.js';

export interface Sink {
  write(text: string): void | Promise<void>;
  close(): void;
}

/** A file opened (truncated, or appended to) on its first write: no file when nothing succeeded. */
export class FileSink implements Sink {
  private fd: number | null = null;

  constructor(
    readonly flag: string,
    readonly path: string,
    private readonly append = false,
  ) {}

  get opened(): boolean {
    return this.fd !== null;
  }

  write(text: string): void {
    try {
      this.fd ??= openSync(this.path, this.append ? 'a' : 'w');
      writeSync(this.fd, text);
    } catch (e) {
      throw new UsageError(`cannot write ${this.flag} ${this.path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** stdout with back-pressure: a slow reader slows the batch instead of growing a buffer. */
export class StdoutSink implements Sink {
  async write(text: string): Promise<void> {
    if (!process.stdout.write(text)) await once(process.stdout, 'drain');
  }

  close(): void {}
}

/**
 * Holds text until `flush()`: used only while the live progress view owns the terminal (stdout
 * and stderr on the same screen), where interleaved writes would tear the animation.
 */
export class HeldSink implements Sink {
  private parts: string[] = [];

  constructor(private readonly target: Sink) {}

  write(text: string): void {
    this.parts.push(text);
  }

  async flush(): Promise<void> {
    const parts = this.parts;
    this.parts = [];
    for (const p of parts) await this.target.write(p);
  }

  close(): void {}
}

/** Markdown one section at a time: the marker and heading first, the table of every site last. */
export class MarkdownStream {
  private rows: string[] = [];

  constructor(
    private readonly sink: Sink,
    private readonly comparisonFor?: (r: ScanResult) => ReportComparison | undefined,
  ) {}

  async add(r: ScanResult): Promise<void> {
    if (!this.rows.length) await this.sink.write(`${MARKDOWN_MARKER}\n\n## AI readiness\n\n`);
    await this.sink.write(renderMarkdownSection(r, { headingLevel: 3, comparison: this.comparisonFor?.(r) }) + '\n');
    this.rows.push(`| ${mdText(r.url)} | ${r.overallScore} | ${r.grade ?? '-'} | ${r.level} ${mdText(r.levelName)} |`);
  }

  async end(): Promise<void> {
    if (!this.rows.length) return;
    await this.sink.write(['### All sites', '', '| URL | Score | Grade | Level |', '| --- | ---: | :---: | --- |', ...this.rows, ''].join('\n'));
  }
}

/** One line of the batch summary table: what renderBatchSummary reads of a result, nothing more. */
interface SummaryRow {
  url: string;
  result?: Pick<ScanResult, 'overallScore' | 'grade' | 'level' | 'levelName'>;
  error?: string;
}

export interface BatchOutputOptions {
  format: FormatName;
  /** --output: the report file (html: the name the per-URL files are derived from). */
  output?: string;
  markdownSummary?: string;
  /** GITHUB_STEP_SUMMARY for --format github. */
  stepSummary?: string;
  color: boolean;
  verbose: boolean;
  /** --summary: pretty reports carry score, dimensions and top fixes only. */
  summary?: boolean;
  width: number;
  /** Columns the pretty reports wrap to (0: none). */
  wrapWidth?: number;
  /** With --baseline: each site's comparison with its baseline entry (pretty and markdown show it). */
  comparisonFor?: (r: ScanResult) => ReportComparison | undefined;
  /** Hold stdout text until the live view has stopped. */
  holdStdout: boolean;
  /** Input order of the URLs (summary rows and html file numbers follow it). */
  urls: string[];
}

/** In a batch, --format html writes one file per URL beside --output (numbered in input order). */
export function htmlFileFor(output: string, url: string, index: number): string {
  const ext = extname(output) || '.html';
  let host = 'site';
  try {
    host = new URL(url).host.replace(/[^a-z0-9.-]/gi, '_');
  } catch {
    // keep the placeholder
  }
  return join(dirname(output), `${basename(output, extname(output))}-${index + 1}-${host}${ext}`);
}

export class BatchOutput {
  /** Files written, in the order they were first written. */
  readonly written: string[] = [];
  private readonly rows: Array<SummaryRow | undefined>;
  private readonly main: Sink;
  private readonly held: HeldSink | null;
  private readonly summary: MarkdownStream | null;
  private readonly summaryFile: FileSink | null;
  private readonly stepSummary: MarkdownStream | null;
  private readonly stepFile: FileSink | null;
  /** SARIF and JUnit are one document each: their results wait for the end. */
  private readonly whole: ScanResult[] = [];
  private sections = 0;

  constructor(private readonly o: BatchOutputOptions) {
    this.rows = new Array(o.urls.length);
    const stdout = new StdoutSink();
    this.held = !o.output && o.holdStdout ? new HeldSink(stdout) : null;
    this.main = o.output ? new FileSink('--output', o.output) : (this.held ?? stdout);
    this.summaryFile = o.markdownSummary ? new FileSink('--markdown-summary', o.markdownSummary) : null;
    this.summary = this.summaryFile ? new MarkdownStream(this.summaryFile, o.comparisonFor) : null;
    this.stepFile = o.format === 'github' && o.stepSummary ? new FileSink('to GITHUB_STEP_SUMMARY', o.stepSummary, true) : null;
    this.stepSummary = this.stepFile ? new MarkdownStream(this.stepFile, o.comparisonFor) : null;
  }

  /** Writes one finished site (index: its input position). */
  async add(index: number, url: string, outcome: { result: ScanResult } | { error: string }): Promise<void> {
    if ('error' in outcome) {
      this.rows[index] = { url, error: outcome.error };
      return;
    }
    const r = outcome.result;
    this.rows[index] = { url, result: { overallScore: r.overallScore, grade: r.grade, level: r.level, levelName: r.levelName } };
    if (this.summary) {
      await this.summary.add(r);
      this.note(this.summaryFile!);
    }
    if (this.stepSummary) await this.stepSummary.add(r);
    switch (this.o.format) {
      case 'json':
        // Site text may hold C1 and bidi controls: escaped like every other JSON output.
        await this.main.write(toSafeJson(r) + '\n');
        break;
      case 'pretty':
        await this.main.write((this.sections ? '\n' : '') + renderTextReport(r, { color: this.o.color, verbose: this.o.verbose, summary: this.o.summary, width: this.o.width, wrapWidth: this.o.wrapWidth, comparison: this.o.comparisonFor?.(r) }));
        break;
      case 'md':
        await (this.mainMarkdown ??= new MarkdownStream(this.main, this.o.comparisonFor)).add(r);
        break;
      case 'github':
        await this.main.write(renderGithubAnnotations([r]));
        break;
      case 'html': {
        // The CLI refuses a batch html report without --output.
        const file = new FileSink('--output', htmlFileFor(this.o.output!, r.url, index));
        file.write(renderHtmlReport(r));
        file.close();
        this.written.push(file.path);
        break;
      }
      case 'sarif':
      case 'junit':
        this.whole.push(r);
        break;
    }
    this.sections++;
    if (this.main instanceof FileSink && this.o.format !== 'html') this.note(this.main);
  }

  private mainMarkdown: MarkdownStream | null = null;

  /** Closes the documents: markdown tables, SARIF/JUnit, the pretty summary table. */
  async end(): Promise<void> {
    try {
      await this.summary?.end();
      await this.stepSummary?.end();
      await this.mainMarkdown?.end();
      if (this.whole.length) {
        await this.main.write(render(this.o.format, this.whole, { batch: true }));
        if (this.main instanceof FileSink) this.note(this.main);
      }
      if (this.o.format === 'pretty' && this.o.urls.length > 1 && !this.o.output) {
        const rows = this.rows.filter((r): r is SummaryRow => !!r);
        // renderBatchSummary reads only the score, grade and level of each result.
        await this.main.write(renderBatchSummary(rows as Parameters<typeof renderBatchSummary>[0], { color: this.o.color }));
      }
    } finally {
      for (const f of [this.main, this.summaryFile, this.stepFile]) f?.close();
    }
  }

  /** Writes what was held for the live view (call after it stopped). */
  async release(): Promise<void> {
    await this.held?.flush();
  }

  private note(f: FileSink): void {
    if (f.opened && !this.written.includes(f.path)) this.written.push(f.path);
  }
}
