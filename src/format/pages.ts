/**
 * The per-page table of a site-scope scan, as data every format renders in its own medium:
 * rows are the sampled pages, columns the page-level checks present. Nothing here escapes: page
 * URLs come from strangers' sites, and each renderer neutralises them at the last moment.
 */
import type { CheckStatus, PageResult, ScanResult } from '../core/schema.js';
import { CHECKS } from '../core/checks/index.js';

/**
 * The page-level checks (meta.pageLevel), in the order the table shows them: the content
 * dimension leads (a page is read for its content), the others follow in registry order.
 */
export function pageCheckOrder(checks: ReadonlyArray<{ meta: { id: string; dimension: string; pageLevel?: true } }>): string[] {
  const paged = checks.filter((c) => c.meta.pageLevel);
  return [...paged.filter((c) => c.meta.dimension === 'content'), ...paged.filter((c) => c.meta.dimension !== 'content')].map((c) => c.meta.id);
}

/** The page-level checks of the registry, in table order; other checks a page carries follow. */
export const PAGE_CHECK_ORDER: readonly string[] = pageCheckOrder(CHECKS);

export interface PageCell {
  status: CheckStatus;
  code: string;
  evidence?: string;
}

export interface PageRow {
  /** The page's path relative to the scanned origin (or the whole URL when it left the origin). */
  path: string;
  /** The page's full URL as requested. */
  url: string;
  source: PageResult['source'];
  /** HTTP status, or null when the page could not be fetched. */
  status: number | null;
  /**
   * Why the row carries no verdicts: a fetch error or a 4xx/5xx answer. When set, the renderer
   * shows it across the row instead of the cells.
   */
  problem?: string;
  /** Check id -> verdict on this page (absent: not evaluated on this page). */
  cells: Record<string, PageCell | undefined>;
}

export interface PageTable {
  columns: string[];
  rows: PageRow[];
  /** Pages that carry verdicts and pass (or are n/a or info) on every column. */
  passing: number;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Percent-decoding for reading (/docs/%C3%BCber -> /docs/über); malformed escapes stay as they are. */
function readable(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * "/docs/a?x=1" for a page of the scanned origin; the whole URL otherwise. Decoded for reading,
 * so the result is display text only: every renderer escapes it for its medium.
 */
export function pagePath(pageUrl: string, scannedUrl: string): string {
  try {
    const u = new URL(pageUrl);
    if (u.origin !== originOf(scannedUrl) || u.origin === 'null') return pageUrl;
    return readable(`${u.pathname}${u.search}${u.hash}`) || '/';
  } catch {
    return pageUrl;
  }
}

function problemOf(p: PageResult): string | undefined {
  if (p.error) return p.error;
  if (p.status === null) return 'not fetched';
  if (p.status >= 400) return `HTTP ${p.status}`;
  return undefined;
}

const isGood = (s: CheckStatus) => s === 'pass' || s === 'na' || s === 'info';

/**
 * The table of a result, or null when there is nothing to tabulate: no pages[] or one page (the
 * page-scope report already says everything about the one page).
 */
export function pageTable(result: ScanResult): PageTable | null {
  const pages = result.pages;
  if (!pages || pages.length < 2) return null;
  const present = new Set(pages.flatMap((p) => Object.keys(p.checks)));
  const known = PAGE_CHECK_ORDER.filter((id) => present.has(id));
  const others = [...present].filter((id) => !known.includes(id)).sort();
  const columns = [...known, ...others];
  const base = result.finalUrl ?? result.url;
  const rows = pages.map((p): PageRow => {
    const problem = problemOf(p);
    return {
      path: pagePath(p.url, base),
      url: p.url,
      source: p.source,
      status: p.status,
      ...(problem ? { problem } : {}),
      cells: problem ? {} : Object.fromEntries(columns.map((id) => [id, p.checks[id]])),
    };
  });
  const passing = rows.filter((r) => !r.problem && columns.every((id) => !r.cells[id] || isGood(r.cells[id]!.status))).length;
  return { columns, rows, passing };
}

/** "5 pages sampled: 3 pass every page check, 1 could not be checked." */
export function pageTableSummary(t: PageTable): string {
  const broken = t.rows.filter((r) => r.problem).length;
  const parts = [`${t.passing} pass${t.passing === 1 ? 'es' : ''} every page check`];
  if (broken) parts.push(`${broken} could not be checked`);
  return `${t.rows.length} pages sampled: ${parts.join(', ')}`;
}

/** Pages on which a check failed or was partial, for the formats that list findings (SARIF, annotations). */
export function pagesFailing(t: PageTable, checkId: string): PageRow[] {
  return t.rows.filter((r) => {
    const s = r.cells[checkId]?.status;
    return s === 'fail' || s === 'partial';
  });
}
