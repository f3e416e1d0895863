/**
 * Scan scope: "page" measures the scanned URL only; "site" (the default) also samples up to
 * `pages` pages of the site for the page-level checks (docs/site-scope.md). No imports: the CLI,
 * server and MCP faces read these limits without loading the engine.
 */
export type ScanScope = 'site' | 'page';

/** Pages of a site-scope scan, the target included. */
export const DEFAULT_SCAN_PAGES = 5;
/** The engine's (and the CLI's) cap. */
export const MAX_SCAN_PAGES = 20;
/** The HTTP API's and MCP's cap: a shared service bounds the requests one caller can cause. */
export const MAX_SERVICE_PAGES = 10;

/** The page count of a scan: `scope: "page"` is one page; otherwise `pages` (default 5), within 1..20. */
export function resolvePages(opts: { scope?: ScanScope; pages?: number }): number {
  if (opts.scope === 'page') return 1;
  const n = opts.pages ?? DEFAULT_SCAN_PAGES;
  return Math.min(MAX_SCAN_PAGES, Math.max(1, Math.floor(Number.isFinite(n) ? n : DEFAULT_SCAN_PAGES)));
}

/** `scope: "page"` with a page count other than 1: the face says it in its own error shape. */
export class ScopeConflict extends Error {
  constructor() {
    super('scope "page" scans one page: omit pages or send 1.');
  }
}

/**
 * The page scope rule, once for every face: "page" is one page (pages, when given, must be 1);
 * otherwise `pages`, undefined when neither was given (the engine's default then applies).
 */
export function scopePages(scope: ScanScope | undefined, pages: number | undefined): number | undefined {
  if (scope === 'page' && pages !== undefined && pages !== 1) throw new ScopeConflict();
  return scope === 'page' ? 1 : pages;
}

/** The scope a page count means. */
export function scopeOf(pages: number): ScanScope {
  return pages > 1 ? 'site' : 'page';
}
