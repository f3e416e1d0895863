/**
 * `ai-ready scan`: scan one or many URLs, write the report in the chosen format, apply the CI
 * gates and baselines, and return the exit code (0 ok, 1 below a gate, 2 usage, 3 unscannable).
 */
import { basename, extname, join, dirname } from 'node:path';
import { scan } from '../core/scan.js';
import { isScanError } from '../core/errors.js';
import { normalizeTarget } from '../core/target.js';
import type { ScanResult } from '../core/schema.js';
import type { ScanEvent } from '../core/events.js';
import { render, renderBatchSummary, renderHtmlReport, renderMarkdown } from '../format/index.js';
import { oneLine } from '../format/sanitize.js';
import { EXIT } from './exit-codes.js';
import { resolveScanSettings, type ScanFlags, type ScanSettings } from './scan-settings.js';
import { collectTargets } from './targets.js';
import { hasThresholds, thresholdViolations } from './thresholds.js';
import { terminalCaps, type TerminalCaps } from './terminal.js';
import type { LiveProgress } from './progress.js';
import { UsageError } from './usage-error.js';
import { checkWritablePath, writeOutput } from './output-files.js';

interface Outcome {
  url: string;
  result?: ScanResult;
  error?: string;
}

async function runPool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

async function scanAll(urls: string[], s: ScanSettings, caps: TerminalCaps): Promise<Outcome[]> {
  let live: LiveProgress | null = null;
  if (caps.live) live = (await import('./progress.js')).startLiveProgress(urls.length);
  const outcomes: Outcome[] = urls.map((url) => ({ url }));
  let done = 0;
  try {
    await runPool(urls, s.concurrency, async (url, i) => {
      live?.started(url);
      try {
        outcomes[i].result = await scan(url, {
          profile: s.profile,
          deadlineMs: s.deadlineMs,
          skip: s.skip,
          only: s.only,
          onEvent: live ? (ev: ScanEvent) => live!.event(url, ev) : undefined,
        });
      } catch (e) {
        outcomes[i].error = isScanError(e) ? e.message : `internal error: ${(e as Error)?.message ?? String(e)}`;
      }
      done++;
      live?.finished(url, !outcomes[i].error);
      // Logs (no TTY) get one stable line per finished site in a batch.
      if (!live && urls.length > 1) {
        const r = outcomes[i].result;
        process.stderr.write(`[${done}/${urls.length}] ${oneLine(url)}: ${r ? `${r.overallScore} ${r.grade} level ${r.level}` : `could not be scanned: ${oneLine(outcomes[i].error)}`}\n`);
      }
    });
  } finally {
    await live?.stop();
  }
  return outcomes;
}

/** In a batch, --format html writes one file per URL beside --output (numbered in input order). */
function htmlFileFor(output: string, url: string, index: number): string {
  const ext = extname(output) || '.html';
  let host = 'site';
  try {
    host = new URL(url).host.replace(/[^a-z0-9.-]/gi, '_');
  } catch {
    // keep the placeholder
  }
  return join(dirname(output), `${basename(output, extname(output))}-${index + 1}-${host}${ext}`);
}

/**
 * A batch is decided by what was asked (several URLs, or a list from --input), not by how many
 * scans succeeded: NDJSON and one-HTML-file-per-URL must not change shape when a site is down.
 */
function writeReport(s: ScanSettings, outcomes: Outcome[], batch: boolean, caps: TerminalCaps): string[] {
  const results = outcomes.flatMap((o) => (o.result ? [o.result] : []));
  const written: string[] = [];
  if (s.markdownSummary && results.length) {
    writeOutput('--markdown-summary', s.markdownSummary, renderMarkdown(results));
    written.push(s.markdownSummary);
  }
  if (s.format === 'html' && batch && s.output) {
    outcomes.forEach((o, i) => {
      if (!o.result) return;
      const file = htmlFileFor(s.output!, o.result.url, i);
      writeOutput('--output', file, renderHtmlReport(o.result));
      written.push(file);
    });
    return written;
  }
  if (!results.length) return written;
  const text = render(s.format, results, { color: caps.color, verbose: s.verbose, width: caps.width, batch });
  if (s.output) {
    writeOutput('--output', s.output, text);
    written.push(s.output);
  } else process.stdout.write(text);
  if (s.format === 'github' && process.env.GITHUB_STEP_SUMMARY) writeOutput('to GITHUB_STEP_SUMMARY', process.env.GITHUB_STEP_SUMMARY, renderMarkdown(results) + '\n', true);
  return written;
}

export async function runScan(args: string[], flags: ScanFlags, typed: (name: keyof ScanFlags) => boolean): Promise<number> {
  const s = await resolveScanSettings(args, flags, typed);
  const given = await collectTargets(s.urls, s.input);
  if (!given.length) throw new UsageError('no URL to scan: give one or more URLs, --input <file|->, or "urls" in ai-ready.config.json');
  const invalid: string[] = [];
  // One scan per site: "yoursite.com" and "https://yoursite.com/" are the same target.
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const u of given) {
    try {
      const href = normalizeTarget(u).href;
      if (!seen.has(href)) urls.push(u);
      seen.add(href);
    } catch (e) {
      invalid.push(`  ${oneLine(u, 120)}: ${isScanError(e) ? e.message : 'invalid URL'}`);
    }
  }
  if (invalid.length) throw new UsageError(`invalid URL${invalid.length > 1 ? 's' : ''}:\n${invalid.join('\n')}`);
  const batch = urls.length > 1 || s.input !== undefined;
  if (s.format === 'html' && batch && !s.output)
    throw new UsageError('--format html with several URLs needs --output <file> (one report file is written per URL)');
  for (const [flag, path] of [['--output', s.output], ['--markdown-summary', s.markdownSummary], ['--save-baseline', s.saveBaseline]] as const) {
    if (path) checkWritablePath(flag, path);
  }
  // Baselines (and the zod schema that reads them) load only when asked for.
  const baselines = s.baseline || s.saveBaseline ? await import('./baseline.js') : null;
  const baseline = s.baseline ? baselines!.loadBaseline(s.baseline) : null;

  const caps = terminalCaps({ colorFlag: flags.color, toFile: !!s.output });
  const outcomes = await scanAll(urls, s, caps);
  const results = outcomes.flatMap((o) => (o.result ? [o.result] : []));
  const errors = outcomes.filter((o) => o.error);

  const written = writeReport(s, outcomes, batch, caps);
  // The verdict goes to stdout after a pretty report on screen, to stderr otherwise (machine output stays clean).
  const notes: string[] = [];
  const say = (line: string) => notes.push(line);
  if (s.format === 'pretty' && urls.length > 1 && !s.output) process.stdout.write(renderBatchSummary(outcomes, { color: caps.color }));
  for (const f of written) say(`Report written to ${f}`);
  // Engine errors already name the URL they are about; others get it prefixed.
  for (const o of errors) {
    const error = oneLine(o.error);
    process.stderr.write(`ai-ready: ${/^https?:\/\//.test(error) ? error : `${oneLine(o.url)} could not be scanned: ${error}`}\n`);
  }

  let below = false;
  if (hasThresholds(s.thresholds)) {
    for (const r of results) {
      const v = thresholdViolations(r, s.thresholds);
      if (v.length) {
        below = true;
        say(`FAIL ${oneLine(r.url)}: ${v.join('; ')}`);
      } else say(`PASS ${oneLine(r.url)}: meets the thresholds`);
    }
  }
  if (baseline) {
    for (const r of results) {
      const c = baselines!.compareToBaseline(r, baseline);
      say(baselines!.describeComparison(c));
      if (s.failOnRegression !== undefined && c.kind === 'compared' && -c.delta > s.failOnRegression) {
        below = true;
        say(`FAIL ${oneLine(r.url)}: score dropped ${-c.delta} points (more than --fail-on-regression ${s.failOnRegression})`);
      }
    }
  }
  if (s.saveBaseline && results.length) {
    try {
      baselines!.saveBaseline(s.saveBaseline, results);
    } catch (e) {
      throw new UsageError(`cannot write --save-baseline ${s.saveBaseline}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    say(`Baseline saved to ${s.saveBaseline} (rubric ${results[0].rubricVersion ?? 'unknown'})`);
  }
  if (notes.length) {
    const toStdout = s.format === 'pretty' && !s.output;
    (toStdout ? process.stdout : process.stderr).write((toStdout ? '\n' : '') + notes.join('\n') + '\n');
  }
  if (errors.length) return EXIT.UNREACHABLE;
  return below ? EXIT.BELOW_THRESHOLD : EXIT.OK;
}
