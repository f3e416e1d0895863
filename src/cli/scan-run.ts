/**
 * `ai-ready scan`: scan one or many URLs, write the report in the chosen format, apply the CI
 * gates and baselines, and return the exit code (0 ok, 1 below a gate, 2 usage, 3 unscannable).
 */
import { isScanError } from '../core/errors.js';
import { normalizeTarget } from '../core/target.js';
import type { ScanResult } from '../core/schema.js';
import type { ScanEvent } from '../core/events.js';
import { oneLine } from '../format/sanitize.js';
import { EXIT } from './exit-codes.js';
import { resolveScanSettings, type ScanFlags, type ScanSettings } from './scan-settings.js';
import { collectTargets, looksLikeSite } from './targets.js';
import { hasThresholds, thresholdViolations } from './thresholds.js';
import { terminalCaps, type TerminalCaps } from './terminal.js';
import type { LiveProgress } from './progress.js';
import { UsageError } from './usage-error.js';
import { loadProgress } from './load-progress.js';
import { checkWritablePath, writeOutput } from './output-files.js';
import type { BaselineSite } from './baseline.js';
import type { ReportComparison } from '../format/compare.js';
import type { PortableScanOptions, ScanRunner } from '../runner/types.js';
import { paramsFromSettings } from '../core/scan-params/faces.js';

interface Outcome {
  url: string;
  result?: ScanResult;
  error?: string;
}

/** Each lane takes the next item when its previous one is done: at most `lanes` in flight. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

/** A scan's failure as one plain line (the reason, never a stack). */
function failureText(e: unknown): string {
  return isScanError(e) ? e.message : `internal error: ${(e as Error)?.message ?? String(e)}`;
}

/** Sites in flight in a batch by default: a scan is mostly network waits, so many share a thread. */
const BATCH_MAX_SCANS = 16;

/**
 * Where scans run: a worker-thread pool (heap cap, hard deadline, stall watchdog; a dying thread
 * fails only the site that brought it down), or the main thread with --workers 0. A batch is
 * sized for I/O: one or two threads (CPU) and --max-scans sites in flight across them, so memory
 * depends on the sites in flight, not on the length of the list. A single site runs on the main
 * thread unless --workers is given: a worker costs start-up time and one scan has no neighbour.
 */
async function openRunner(s: ScanSettings, sites: number, batch: boolean): Promise<ScanRunner> {
  const inFlight = Math.max(1, Math.min(sites, s.maxScans ?? s.concurrency ?? BATCH_MAX_SCANS));
  if (s.workers === 0 || (!batch && s.workers === undefined && s.workerHeapMb === undefined)) {
    const { InProcessRunner } = await import('../runner/in-process.js');
    return new InProcessRunner(inFlight);
  }
  const { WorkerPoolRunner, defaultWorkerCount } = await import('../runner/worker-pool.js');
  const workers = Math.min(inFlight, s.workers ?? Math.min(2, defaultWorkerCount()));
  // Without --workers a batch starts on one thread and takes the second only while the first is
  // busy with CPU: sites that are all waiting cost one thread's memory.
  return new WorkerPoolRunner({ workers, startWorkers: s.workers === undefined ? 1 : workers, maxScans: inFlight, heapMb: s.workerHeapMb });
}

export async function runScan(args: string[], flags: ScanFlags, typed: (name: keyof ScanFlags) => boolean): Promise<number> {
  const s = await resolveScanSettings(args, flags, typed);
  const given = await collectTargets(s.urls, s.input);
  if (!given.length) throw new UsageError('no URL to scan: give one or more URLs, --input <file|->, or "urls" in ai-ready.config.json');
  // Arguments that are all bare words are one target typed without quotes (`scan not a url`):
  // one usage error, no DNS lookup.
  const words = given.filter((t) => t.where.startsWith('argument'));
  if (words.length > 1 && words.every((t) => !looksLikeSite(t.url)))
    throw new UsageError(
      `"${oneLine(words.map((t) => t.url).join(' '), 120)}" is not a URL: give a site such as yoursite.com or ` +
        `https://yoursite.com/ (quote a URL that holds spaces)`,
    );
  // Every bad target is listed with where it came from (an --input file's line number), and
  // nothing is scanned: a batch is all valid or refused whole (exit 2; docs/cli.md).
  const invalid: string[] = [];
  // One scan per site: "yoursite.com" and "https://yoursite.com/" are the same target.
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const { url: u, where } of given) {
    try {
      if (!looksLikeSite(u)) throw new Error('not a site name: it needs a dot (yoursite.com), a scheme (http://intranet/) or a port');
      const href = normalizeTarget(u).href;
      if (!seen.has(href)) urls.push(u);
      seen.add(href);
    } catch (e) {
      invalid.push(
        `  ${where}: ${oneLine(u, 120)}: ${isScanError(e) ? e.message : e instanceof Error && e.message.startsWith('not a site') ? e.message : 'invalid URL'}`,
      );
    }
  }
  if (invalid.length) throw new UsageError(`invalid URL${invalid.length > 1 ? 's' : ''} (nothing was scanned):\n${invalid.join('\n')}`);
  const batch = urls.length > 1 || s.input !== undefined;
  if (s.render) {
    // Checked before any scan: a missing browser is a usage problem (exit 2), said once.
    const { renderRefusal } = await import('../core/render/browser.js');
    const why = renderRefusal();
    if (why) throw new UsageError(`--render: ${why}`);
    // Its packages are optional (docs/install.md): named before any scan.
    const { assertInstalled } = await import('../optional-package.js');
    const { RENDER_PACKAGES } = await import('./feature-packages.js');
    assertInstalled(RENDER_PACKAGES, '--render');
  }
  if (s.summary && s.format !== 'pretty') throw new UsageError(`--summary shapes the pretty report only; it does not apply to --format ${s.format}`);
  if (s.format === 'html' && batch && !s.output)
    throw new UsageError('--format html with several URLs needs --output <file> (one report file is written per URL)');
  if (s.badge && batch) throw new UsageError('--badge writes the badge of one site: give one URL');
  for (const [flag, path] of [
    ['--output', s.output],
    ['--markdown-summary', s.markdownSummary],
    ['--save-baseline', s.saveBaseline],
    ['--badge', s.badge],
  ] as const) {
    if (path) checkWritablePath(flag, path);
  }
  // Baselines (and the zod schema that reads them) load only when asked for.
  const baselines = s.baseline || s.saveBaseline ? await import('./baseline.js') : null;
  const baseline = s.baseline ? baselines!.loadBaseline(s.baseline) : null;

  const caps = terminalCaps({ colorFlag: s.color, toFile: !!s.output });
  // Verdicts are decided as each site finishes; only these lines and the baseline entries are kept.
  const gateNotes: string[] = [];
  const baselineNotes: string[] = [];
  const baselineEntries: Array<[string, BaselineSite]> = [];
  // The compare view of each site against the baseline, shown by the pretty and markdown reports.
  const comparisons = new Map<string, ReportComparison>();
  let rubricVersion: string | undefined;
  let below = false;
  const judge = (r: ScanResult) => {
    rubricVersion ??= r.rubricVersion ?? 'unknown';
    if (hasThresholds(s.thresholds)) {
      const v = thresholdViolations(r, s.thresholds);
      if (v.length) {
        below = true;
        gateNotes.push(`FAIL ${oneLine(r.url)}: ${v.join('; ')}`);
      } else gateNotes.push(`PASS ${oneLine(r.url)}: meets the thresholds`);
    }
    if (baseline) {
      const c = baselines!.compareToBaseline(r, baseline);
      baselineNotes.push(baselines!.describeComparison(c));
      const view = baselines!.baselineComparison(r, baseline);
      if (view) comparisons.set(r.url, view);
      if (s.failOnRegression !== undefined && c.kind === 'compared' && -c.delta > s.failOnRegression) {
        below = true;
        baselineNotes.push(`FAIL ${oneLine(r.url)}: score dropped ${-c.delta} points (more than --fail-on-regression ${s.failOnRegression})`);
      }
    }
    if (s.saveBaseline) baselineEntries.push([r.url, baselines!.baselineEntry(r)]);
  };

  const errors: Outcome[] = [];
  const runner = await openRunner(s, urls.length, batch);
  let written: string[];
  try {
    const comparisonFor = comparisons.size || baseline ? (r: ScanResult) => comparisons.get(r.url) : undefined;
    written = batch
      ? await scanBatch(urls, s, caps, runner, judge, errors, comparisonFor)
      : await scanOne(urls[0], s, caps, runner, judge, errors, comparisonFor);
  } finally {
    await runner.close();
  }

  // The verdict goes to stdout after a pretty report on screen, to stderr otherwise (machine output stays clean).
  const notes: string[] = [];
  for (const f of written) notes.push(`Report written to ${f}`);
  // Engine errors already name the URL they are about; others get it prefixed.
  for (const o of errors) {
    const error = oneLine(o.error);
    process.stderr.write(`ai-ready: ${/^https?:\/\//.test(error) ? error : `${oneLine(o.url)} could not be scanned: ${error}`}\n`);
  }
  notes.push(...gateNotes, ...baselineNotes);
  if (s.saveBaseline && baselineEntries.length) {
    try {
      baselines!.saveBaselineEntries(s.saveBaseline, baselineEntries);
    } catch (e) {
      throw new UsageError(`cannot write --save-baseline ${s.saveBaseline}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    notes.push(`Baseline saved to ${s.saveBaseline} (rubric ${rubricVersion ?? 'unknown'})`);
  }
  if (notes.length) {
    const toStdout = s.format === 'pretty' && !s.output;
    (toStdout ? process.stdout : process.stderr).write((toStdout ? '\n' : '') + notes.join('\n') + '\n');
  }
  if (errors.length) return EXIT.UNREACHABLE;
  return below ? EXIT.BELOW_THRESHOLD : EXIT.OK;
}

/** The CLI face's ScanParams (every parameter with a flag, read from the settings), and its deadline (--timeout). */
const scanOptions = (s: ScanSettings): PortableScanOptions => ({
  ...paramsFromSettings(s, 'scan'),
  deadlineMs: s.deadlineMs,
});

/** One site: scanned, then written like before (the one result is all there is to keep). */
type ComparisonFor = ((r: ScanResult) => ReportComparison | undefined) | undefined;

async function scanOne(
  url: string,
  s: ScanSettings,
  caps: TerminalCaps,
  runner: ScanRunner,
  judge: (r: ScanResult) => void,
  errors: Outcome[],
  comparisonFor: ComparisonFor,
): Promise<string[]> {
  let live: LiveProgress | null = null;
  if (caps.live) live = (await loadProgress()).startLiveProgress(1);
  let result: ScanResult | undefined;
  let formats: Promise<typeof import('../format/index.js')> | undefined;
  try {
    live?.started(url);
    try {
      const running = runner.run(url, scanOptions(s), { onEvent: live ? (ev: ScanEvent) => live!.event(url, ev) : undefined });
      // The formatters load while the scan waits on the network, after its first requests are out.
      formats = new Promise<void>((resolve) => setTimeout(resolve, 1)).then(() => import('../format/index.js'));
      result = await running;
    } catch (e) {
      errors.push({ url, error: failureText(e) });
    }
    live?.finished(url, !!result);
  } finally {
    await live?.stop();
  }
  if (!result) return [];
  judge(result);
  const written = writeSingleReport(s, result, caps, await (formats ?? import('../format/index.js')), comparisonFor);
  if (s.badge) {
    const { renderBadge } = await import('../format/badge.js');
    writeOutput('--badge', s.badge, await renderBadge(result));
    written.push(s.badge);
  }
  return written;
}

function writeSingleReport(
  s: ScanSettings,
  result: ScanResult,
  caps: TerminalCaps,
  { render, renderMarkdown }: typeof import('../format/index.js'),
  comparisonFor: ComparisonFor,
): string[] {
  const written: string[] = [];
  if (s.markdownSummary) {
    writeOutput('--markdown-summary', s.markdownSummary, renderMarkdown([result], { comparisonFor }));
    written.push(s.markdownSummary);
  }
  const text = render(s.format, [result], {
    color: caps.color,
    verbose: s.verbose,
    summary: s.summary,
    width: caps.width,
    wrapWidth: caps.wrapWidth,
    batch: false,
    comparisonFor,
  });
  if (s.output) {
    writeOutput('--output', s.output, text);
    written.push(s.output);
  } else process.stdout.write(text);
  if (s.format === 'github' && process.env.GITHUB_STEP_SUMMARY)
    writeOutput('to GITHUB_STEP_SUMMARY', process.env.GITHUB_STEP_SUMMARY, renderMarkdown([result], { comparisonFor }) + '\n', true);
  return written;
}

/**
 * A batch: the pool's workers take the sites; each report is written as its site finishes (see
 * batch-output.ts) and dropped, so memory stays flat however long the list.
 */
async function scanBatch(
  urls: string[],
  s: ScanSettings,
  caps: TerminalCaps,
  runner: ScanRunner,
  judge: (r: ScanResult) => void,
  errors: Outcome[],
  comparisonFor: ComparisonFor,
): Promise<string[]> {
  let live: LiveProgress | null = null;
  if (caps.live) live = (await loadProgress()).startLiveProgress(urls.length);
  const { BatchOutput } = await import('./batch-output.js');
  const { collectEvery } = await import('./batch-gc.js');
  const out = new BatchOutput({
    format: s.format,
    output: s.output,
    markdownSummary: s.markdownSummary,
    stepSummary: process.env.GITHUB_STEP_SUMMARY || undefined,
    color: caps.color,
    verbose: s.verbose,
    summary: s.summary,
    width: caps.width,
    wrapWidth: caps.wrapWidth,
    comparisonFor,
    holdStdout: !!live && !!process.stdout.isTTY,
    urls,
  });
  let done = 0;
  try {
    try {
      await inLanes(urls, runner.stats().capacity, async (url, i) => {
        live?.started(url);
        let result: ScanResult | undefined;
        let error: string | undefined;
        try {
          result = await runner.run(url, scanOptions(s), { onEvent: live ? (ev: ScanEvent) => live!.event(url, ev) : undefined });
        } catch (e) {
          error = failureText(e);
          errors.push({ url, error });
        }
        done++;
        live?.finished(url, !!result);
        // Logs (no TTY) get one stable line per finished site: sites finish in any order, so the
        // line says how many are done and which input this one was.
        if (!live) {
          const outcome = result ? `${result.overallScore} ${result.grade} level ${result.level}` : `could not be scanned: ${oneLine(error)}`;
          process.stderr.write(`[${done}/${urls.length} done] input ${i + 1}: ${oneLine(url)}: ${outcome}\n`);
        }
        if (result) judge(result);
        await out.add(i, url, result ? { result } : { error: error! });
        // Written and dropped: the garbage it left is collected now and then (see batch-gc.ts).
        collectEvery(done);
      });
    } finally {
      await live?.stop();
    }
    await out.end();
  } finally {
    await out.release();
  }
  return out.written;
}
