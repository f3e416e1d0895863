/**
 * Baselines: a small JSON file with each URL's score and check statuses, so CI can fail on a
 * regression instead of an absolute bar. Scores are only comparable under the same rubric
 * version; across versions the comparison is reported as not possible, never as a regression.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as z from 'zod';
import type { CheckStatus, ScanResult } from '../core/schema.js';
import { CheckStatus as CheckStatusSchema } from '../core/schema.js';
import { VERSION } from '../version.js';
import { DIMENSIONS, gradeFor } from '../core/vocabulary.js';
import { compareSnapshots, snapshotOf, type ReportComparison, type Snapshot } from '../format/compare.js';

export const BaselineFile = z.object({
  tool: z.literal('ai-ready'),
  version: z.string(),
  savedAt: z.string(),
  sites: z.record(
    z.string(),
    z.object({
      rubricVersion: z.string(),
      overallScore: z.number(),
      grade: z.string().optional(),
      level: z.number(),
      /** Dimension scores (null: not applicable); absent in baselines saved before 0.x. */
      dimensions: z.record(z.string(), z.number().nullable()).optional(),
      checks: z.record(z.string(), CheckStatusSchema),
    }),
  ),
});
export type BaselineFile = z.infer<typeof BaselineFile>;

export class BaselineError extends Error {}

export type BaselineSite = BaselineFile['sites'][string];

/** What a baseline keeps of one result: a batch holds only this once the site's report is written. */
export function baselineEntry(r: ScanResult): BaselineSite {
  const snap = snapshotOf(r);
  return {
    rubricVersion: r.rubricVersion ?? 'unknown',
    overallScore: r.overallScore,
    grade: r.grade,
    level: r.level,
    ...(snap.dimensions ? { dimensions: snap.dimensions } : {}),
    checks: Object.fromEntries(r.checks.map((c) => [c.id, c.status])),
  };
}

/**
 * A baseline entry as a comparison snapshot. The entry keeps only check statuses: names and
 * dimensions come from the current scan (a check it no longer has is left out).
 */
export function baselineSnapshot(url: string, site: BaselineSite, current: ScanResult): Snapshot {
  const known = new Map(current.checks.map((c) => [c.id, c]));
  const dims = site.dimensions ? Object.fromEntries(Object.entries(site.dimensions).filter(([d]) => (DIMENSIONS as readonly string[]).includes(d))) : undefined;
  return {
    url,
    score: site.overallScore,
    grade: site.grade ?? gradeFor(site.overallScore),
    level: site.level,
    rubricVersion: site.rubricVersion,
    ...(dims ? { dimensions: dims as Snapshot['dimensions'] } : {}),
    checks: Object.entries(site.checks).map(([id, status]) => ({ id, status, name: known.get(id)?.name, dimension: known.get(id)?.dimension })),
  };
}

/** The compare view of a scan against its baseline entry (undefined when the URL is not in it). */
export function baselineComparison(r: ScanResult, b: BaselineFile): ReportComparison | undefined {
  const site = b.sites[r.url];
  if (!site) return undefined;
  const now = snapshotOf(r);
  // A baseline without dimension scores (saved by an older version) shows no dimension rows.
  if (!site.dimensions) delete now.dimensions;
  return compareSnapshots(baselineSnapshot(r.url, site, r), now);
}

export function buildBaseline(results: ScanResult[], previous?: BaselineFile): BaselineFile {
  return baselineFromEntries(
    results.map((r) => [r.url, baselineEntry(r)]),
    previous,
  );
}

export function baselineFromEntries(entries: Iterable<[string, BaselineSite]>, previous?: BaselineFile): BaselineFile {
  const sites: BaselineFile['sites'] = { ...(previous?.sites ?? {}) };
  for (const [url, site] of entries) sites[url] = site;
  return { tool: 'ai-ready', version: VERSION, savedAt: new Date().toISOString(), sites };
}

export function saveBaseline(path: string, results: ScanResult[]): void {
  saveBaselineEntries(
    path,
    results.map((r) => [r.url, baselineEntry(r)]),
  );
}

export function saveBaselineEntries(path: string, entries: Iterable<[string, BaselineSite]>): void {
  writeFileSync(path, JSON.stringify(baselineFromEntries(entries), null, 2) + '\n');
}

export function loadBaseline(path: string): BaselineFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new BaselineError(`cannot read baseline ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return BaselineFile.parse(JSON.parse(text));
  } catch {
    throw new BaselineError(`${path} is not an ai-ready baseline (create one with --save-baseline)`);
  }
}

export type Comparison =
  | { kind: 'missing'; url: string }
  | { kind: 'incomparable'; url: string; baselineRubric: string; currentRubric: string }
  | {
      kind: 'compared';
      url: string;
      before: number;
      after: number;
      delta: number;
      worse: Array<{ id: string; from: CheckStatus; to: CheckStatus }>;
      better: string[];
    };

const RANK: Record<CheckStatus, number> = { pass: 2, partial: 1, fail: 0, na: -1, info: -1 };

export function compareToBaseline(r: ScanResult, b: BaselineFile): Comparison {
  const site = b.sites[r.url];
  if (!site) return { kind: 'missing', url: r.url };
  const current = r.rubricVersion ?? 'unknown';
  if (site.rubricVersion !== current) return { kind: 'incomparable', url: r.url, baselineRubric: site.rubricVersion, currentRubric: current };
  const worse: Array<{ id: string; from: CheckStatus; to: CheckStatus }> = [];
  const better: string[] = [];
  for (const c of r.checks) {
    const from = site.checks[c.id];
    if (!from || RANK[from] < 0 || RANK[c.status] < 0) continue;
    if (RANK[c.status] < RANK[from]) worse.push({ id: c.id, from, to: c.status });
    else if (RANK[c.status] > RANK[from]) better.push(c.id);
  }
  return { kind: 'compared', url: r.url, before: site.overallScore, after: r.overallScore, delta: r.overallScore - site.overallScore, worse, better };
}

/** One line for the report. */
export function describeComparison(c: Comparison): string {
  switch (c.kind) {
    case 'missing':
      return `baseline: ${c.url} is not in the baseline; nothing to compare.`;
    case 'incomparable':
      return `baseline: cannot compare ${c.url}: the baseline used rubric ${c.baselineRubric}, this scan uses ${c.currentRubric}. Save a new baseline.`;
    case 'compared': {
      const sign = c.delta > 0 ? '+' : '';
      const worse = c.worse.length ? `; worse: ${c.worse.map((w) => `${w.id} ${w.from}→${w.to}`).join(', ')}` : '';
      const better = c.better.length ? `; better: ${c.better.join(', ')}` : '';
      return `baseline: ${c.url} ${c.before} → ${c.after} (${sign}${c.delta})${worse}${better}.`;
    }
  }
}
