/**
 * Turns the scan flags and the config file into one validated settings object. A flag given on
 * the command line wins over the file; the file wins over the defaults.
 */
import { FORMAT_NAMES, GRADE_NAMES, PROFILE_NAMES, loadConfig, type ConfigFile } from './config.js';
import { TIER_NAMES, type Thresholds } from './thresholds.js';
import { UsageError } from './usage-error.js';
import { DIMENSIONS } from '../core/vocabulary.js';
import { DEFAULT_SCAN_PAGES, MAX_SCAN_PAGES } from '../core/scope.js';

export type FormatName = (typeof FORMAT_NAMES)[number];
export type ProfileChoiceName = (typeof PROFILE_NAMES)[number];

/** The raw flags as commander gives them (strings), plus which ones the user actually typed. */
export interface ScanFlags {
  format?: string;
  json?: boolean;
  output?: string;
  input?: string;
  concurrency?: string;
  workers?: string;
  maxScans?: string;
  workerHeapMb?: string;
  profile?: string;
  timeout?: string;
  pages?: string;
  render?: boolean;
  skip?: string;
  only?: string;
  minGrade?: string;
  minScore?: string;
  minLevel?: string;
  minDimension?: string;
  failOn?: string;
  saveBaseline?: string;
  baseline?: string;
  failOnRegression?: string;
  badge?: string;
  markdownSummary?: string;
  config?: string | false;
  verbose?: boolean;
  summary?: boolean;
  color?: boolean;
}

export interface ScanSettings {
  urls: string[];
  format: FormatName;
  output?: string;
  input?: string;
  /** Sites at once (the older name of --max-scans; the config file's `concurrency`); undefined when not given. */
  concurrency?: number;
  /** Scan worker threads; 0 runs scans on the main thread; undefined when not given. */
  workers?: number;
  /** Sites in flight across the worker threads; undefined when not given. */
  maxScans?: number;
  /** Heap cap of each scan worker (MB); undefined: the pool's default. */
  workerHeapMb?: number;
  profile: ProfileChoiceName;
  deadlineMs: number;
  /** Pages sampled per site, the target included (1 = page scope). */
  pages: number;
  /** Also load the pages in headless Chromium (docs/render.md). */
  render: boolean;
  skip?: string[];
  only?: string[];
  thresholds: Thresholds;
  saveBaseline?: string;
  baseline?: string;
  failOnRegression?: number;
  /** --badge: write the SVG badge (score and grade) of the one scanned site to this file. */
  badge?: string;
  markdownSummary?: string;
  verbose: boolean;
  summary: boolean;
  configPath?: string;
}

const list = (s: string | undefined) =>
  s === undefined
    ? undefined
    : s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);

function num(flag: string, value: string, min: number, max: number, integer = false): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n)))
    throw new UsageError(`${flag} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max} (got "${value}")`);
  return n;
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[], normalise = (v: string) => v): T {
  const v = normalise(value);
  if (!(allowed as readonly string[]).includes(v)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
  return v as T;
}

/** `--min-dimension bot_access=80,content=60` */
function dimensionMinimums(value: string): Partial<Record<(typeof DIMENSIONS)[number], number>> {
  const out: Partial<Record<(typeof DIMENSIONS)[number], number>> = {};
  for (const pair of list(value) ?? []) {
    const [name, score] = pair.split('=').map((x) => x.trim());
    const dim = oneOf('--min-dimension', (name ?? '').toLowerCase(), DIMENSIONS);
    if (score === undefined) throw new UsageError(`--min-dimension takes dimension=score pairs, e.g. bot_access=80 (got "${pair}")`);
    out[dim] = num(`--min-dimension ${dim}`, score, 0, 100);
  }
  return out;
}

/** Check selectors: ids must exist, dimension names are allowed where the engine takes them. */
async function validateCheckIds(flag: string, ids: string[] | undefined, extra: readonly string[]): Promise<string[] | undefined> {
  if (!ids) return undefined;
  // The registry (every check module and its parsers) loads only when ids need checking.
  const { findCheck } = await import('../core/checks/index.js');
  for (const id of ids) {
    if (extra.includes(id.toLowerCase())) continue;
    if (!findCheck(id))
      throw new UsageError(`${flag}: unknown check "${id}" (run \`ai-ready rubric\` for the ids${extra.length ? `; also accepted: ${extra.join(', ')}` : ''})`);
  }
  return ids.map((id) => (extra.includes(id.toLowerCase()) ? id.toLowerCase() : id.toUpperCase()));
}

export async function resolveScanSettings(args: string[], flags: ScanFlags, typed: (name: keyof ScanFlags) => boolean): Promise<ScanSettings> {
  const file = flags.config === false ? null : await loadConfig(flags.config || undefined);
  const cfg: ConfigFile = file?.config ?? {};
  // A typed flag wins; then the config file; then the default.
  const pick = <K extends keyof ScanFlags>(k: K): ScanFlags[K] | undefined => (typed(k) ? flags[k] : undefined);

  let format: FormatName = cfg.format ?? 'pretty';
  if (flags.json) format = 'json';
  const f = pick('format');
  if (f !== undefined) format = oneOf('--format', f, FORMAT_NAMES, (v) => v.toLowerCase());
  if (flags.json && f !== undefined && format !== 'json') throw new UsageError('--json is --format json: do not combine it with another --format');

  const profileFlag = pick('profile');
  const profile = profileFlag !== undefined ? oneOf('--profile', profileFlag, PROFILE_NAMES, (v) => v.toLowerCase()) : (cfg.profile ?? 'auto');

  const timeoutFlag = pick('timeout');
  const seconds = timeoutFlag !== undefined ? num('--timeout', timeoutFlag, 1, 600) : (cfg.timeout ?? 45);
  const pagesFlag = pick('pages');
  const pages = pagesFlag !== undefined ? num('--pages', pagesFlag, 1, MAX_SCAN_PAGES, true) : (cfg.pages ?? DEFAULT_SCAN_PAGES);
  const concurrencyFlag = pick('concurrency');
  const concurrency = concurrencyFlag !== undefined ? num('--concurrency', concurrencyFlag, 1, 256, true) : cfg.concurrency;
  const maxScansFlag = pick('maxScans');
  const maxScans = maxScansFlag !== undefined ? num('--max-scans', maxScansFlag, 1, 256, true) : undefined;
  const workersFlag = pick('workers');
  const workers = workersFlag !== undefined ? num('--workers', workersFlag, 0, 64, true) : undefined;
  const heapFlag = pick('workerHeapMb');
  const workerHeapMb = heapFlag !== undefined ? num('--worker-heap-mb', heapFlag, 32, 16384, true) : undefined;

  const minGradeFlag = pick('minGrade');
  const minScoreFlag = pick('minScore');
  const minLevelFlag = pick('minLevel');
  const failOn = list(pick('failOn')) ?? cfg.failOn;
  const minDimensionFlag = pick('minDimension');
  const thresholds: Thresholds = {
    minGrade: minGradeFlag !== undefined ? oneOf('--min-grade', minGradeFlag, GRADE_NAMES, (v) => v.toUpperCase()) : cfg.minGrade,
    minScore: minScoreFlag !== undefined ? num('--min-score', minScoreFlag, 0, 100) : cfg.minScore,
    minLevel: minLevelFlag !== undefined ? num('--min-level', minLevelFlag, 0, 5, true) : cfg.minLevel,
    minDimension: minDimensionFlag !== undefined ? dimensionMinimums(minDimensionFlag) : cfg.minDimension,
    failOn: await validateCheckIds('--fail-on', failOn, TIER_NAMES),
  };

  const regressionFlag = pick('failOnRegression');
  const failOnRegression = regressionFlag !== undefined ? num('--fail-on-regression', regressionFlag, 0, 100) : cfg.failOnRegression;
  const baseline = pick('baseline') ?? cfg.baseline;
  if (failOnRegression !== undefined && !baseline) throw new UsageError('--fail-on-regression needs --baseline <file>');

  const urls = args.length || flags.input !== undefined ? args : (cfg.urls ?? []);
  const output = pick('output') ?? cfg.output;
  return {
    urls,
    format,
    output,
    input: flags.input,
    concurrency,
    workers,
    maxScans,
    workerHeapMb,
    profile,
    deadlineMs: seconds * 1000,
    pages,
    render: pick('render') ?? cfg.render ?? false,
    skip: await validateCheckIds('--skip', list(pick('skip')) ?? cfg.skip, DIMENSIONS),
    only: await validateCheckIds('--only', list(pick('only')) ?? cfg.only, DIMENSIONS),
    thresholds,
    saveBaseline: flags.saveBaseline,
    badge: flags.badge,
    markdownSummary: flags.markdownSummary,
    baseline,
    failOnRegression,
    verbose: !!flags.verbose,
    summary: !!flags.summary,
    configPath: file?.path,
  };
}
