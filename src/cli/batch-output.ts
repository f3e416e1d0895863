/**
 * The output of a batch, streamed: each site's report is written the moment the site finishes
 * (in the order sites finish; every NDJSON line and report section names its URL), then the
 * result is dropped. How a format is written comes from its module in the format registry
 * (src/format/formats/<name>.ts): its stream, a document per site, or, for formats that are one
 * document by definition (SARIF, JUnit), the whole results rendered once at the end.
 */
import { once } from 'node:events';
import { closeSync, openSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { ScanResult } from '../core/schema.js';
import { FORMATS, type FormatStream } from '../format/index.js';
import type { ReportComparison } from '../format/compare.js';
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

/** A format's stream writing to a sink: the pieces as sites finish, the closing text at the end. */
class StreamWriter {
  constructor(
    private readonly sink: Sink,
    private readonly stream: FormatStream,
  ) {}

  async add(r: ScanResult, index: number): Promise<void> {
    const text = this.stream.add(r, index);
    if (text) await this.sink.write(text);
  }

  failed(url: string, error: string, index: number): void {
    this.stream.failed?.(url, error, index);
  }

  async end(): Promise<void> {
    const text = this.stream.end();
    if (text) await this.sink.write(text);
  }
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
  private readonly main: Sink;
  private readonly held: HeldSink | null;
  /** The format's own stream into the main output, when it has one. */
  private readonly mainStream: StreamWriter | null;
  private readonly summary: StreamWriter | null;
  private readonly summaryFile: FileSink | null;
  private readonly stepSummary: StreamWriter | null;
  private readonly stepFile: FileSink | null;
  /** Formats that are one document by definition (no stream): their results wait for the end. */
  private readonly whole: ScanResult[] = [];

  constructor(private readonly o: BatchOutputOptions) {
    const stdout = new StdoutSink();
    this.held = !o.output && o.holdStdout ? new HeldSink(stdout) : null;
    this.main = o.output ? new FileSink('--output', o.output) : (this.held ?? stdout);
    const streamOptions = {
      color: o.color,
      verbose: o.verbose,
      summary: o.summary,
      width: o.width,
      wrapWidth: o.wrapWidth,
      comparisonFor: o.comparisonFor,
      batch: true,
      sites: o.urls.length,
      toFile: !!o.output,
    };
    const format = FORMATS[o.format];
    this.mainStream = format.stream && !format.documentPerSite ? new StreamWriter(this.main, format.stream(streamOptions)) : null;
    const markdown = (sink: FileSink) => new StreamWriter(sink, FORMATS.md.stream!({ ...streamOptions, toFile: true }));
    this.summaryFile = o.markdownSummary ? new FileSink('--markdown-summary', o.markdownSummary) : null;
    this.summary = this.summaryFile ? markdown(this.summaryFile) : null;
    this.stepFile = o.format === 'github' && o.stepSummary ? new FileSink('to GITHUB_STEP_SUMMARY', o.stepSummary, true) : null;
    this.stepSummary = this.stepFile ? markdown(this.stepFile) : null;
  }

  /** Writes one finished site (index: its input position). */
  async add(index: number, url: string, outcome: { result: ScanResult } | { error: string }): Promise<void> {
    if ('error' in outcome) {
      this.mainStream?.failed(url, outcome.error, index);
      return;
    }
    const r = outcome.result;
    if (this.summary) {
      await this.summary.add(r, index);
      this.note(this.summaryFile!);
    }
    if (this.stepSummary) await this.stepSummary.add(r, index);
    const format = FORMATS[this.o.format];
    if (format.documentPerSite) {
      // The CLI refuses a batch of per-site documents without --output.
      const file = new FileSink('--output', htmlFileFor(this.o.output!, r.url, index));
      file.write(format.document([r], { batch: true }));
      file.close();
      this.written.push(file.path);
      return;
    }
    if (this.mainStream) await this.mainStream.add(r, index);
    else this.whole.push(r);
    if (this.main instanceof FileSink) this.note(this.main);
  }

  /** Closes the documents: the streams' closing text (markdown tables, the pretty table), whole documents (SARIF, JUnit). */
  async end(): Promise<void> {
    try {
      await this.summary?.end();
      await this.stepSummary?.end();
      await this.mainStream?.end();
      if (this.whole.length) await this.main.write(FORMATS[this.o.format].document(this.whole, { batch: true }));
      if (this.main instanceof FileSink) this.note(this.main);
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
