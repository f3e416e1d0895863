/**
 * The one door to the engine for every server-side face (REST, SSE, both MCP faces, monitors):
 *
 * - `admit(caller)`: the anonymous per-client rate limit, one bucket across every face;
 * - `scan(url, options)`: the scan policy (private-network block, deadline, timeout), the cache,
 *   one shared in-flight scan per URL (late joiners replay its events), and the stored report;
 * - `reportView(report)`: what a caller sees of a report (`shareId`, `shareUrl`).
 *
 * Scans run on an injected ScanRunner (in-process by default; the worker pool or a job queue plug
 * in here without any face noticing).
 *
 * Report policy: anonymous full scans share one public report per scan (the cache points to it);
 * an account's full scan always gets a report of its own, in its history, public or not by
 * `reportIsPublic` (a cached result is copied). Partial scans (`only`) are never stored; scans
 * with a forced profile are stored but never cached or shared.
 */
import { ScanError } from '../core/errors.js';
import type { ScanEvent, ScanEventListener } from '../core/events.js';
import type { ScanOptions } from '../core/scan.js';
import type { ScanResponse, ScanResult } from '../core/schema.js';
import type { ProfileChoice } from '../core/scoring/profile.js';
import type { Account, Store, StoredReport } from '../store/types.js';
import { InProcessRunner, type PortableScanOptions, type RunnerStats, type ScanRunner } from '../runner/index.js';
import { RateLimitedError } from './errors.js';
import { reportView, scanView } from './report-view.js';
import { reportIsPublic } from './visibility.js';
import { DEFAULT_SCAN_PAGES, resolvePages } from '../core/scope.js';

/** The engine settings every scan of this service gets, written once. */
export type ScanPolicy = Pick<ScanOptions, 'blockPrivateNetwork' | 'deadlineMs' | 'timeoutMs' | 'allowedHosts' | 'userAgent'>;

export interface ScanServiceOptions {
  /** Where reports, the cache and rate limits live; null: scan only (stdio without a data dir). */
  store: Store | null;
  /** The executor; default an in-process runner of `concurrency` slots and `maxQueued` waiting. */
  runner?: ScanRunner;
  concurrency?: number;
  maxQueued?: number;
  /** Scan strangers' URLs: private, loopback and metadata addresses are refused unless this is set. */
  allowPrivateNetwork?: boolean;
  scanDeadlineMs?: number;
  scanTimeoutMs?: number;
  /** Extra engine settings (intranet allowlist, user agent); overrides the three above. */
  engine?: ScanPolicy;
  /** How long a public result answers repeat requests; 0 turns the cache off. */
  cacheTtlMs: number;
  /** Base address for share URLs; none: views carry shareId only. */
  baseUrl?: string | (() => string);
  /** Anonymous scans per window per client; 0 or absent turns the limit off. */
  rateLimit?: number;
  rateWindowMs?: number;
}

export interface ScanCall {
  /** The caller's account; null for anonymous callers. */
  account: Account | null;
  /** Bypass the cache (a running scan of the same URL is still joined). */
  fresh?: boolean;
  /** Visibility override; honoured for account scans only (see reportIsPublic). */
  isPublic?: boolean;
  profile?: ProfileChoice;
  /** Pages sampled (site scope), the target included; 1 is page scope. Default 5. */
  pages?: number;
  /** A partial scan of these checks or dimensions: not stored. */
  only?: string[];
  onEvent?: ScanEventListener;
  /** Cancels a scan of one's own (a shared scan keeps running for the others). */
  signal?: AbortSignal;
}

export interface ScanOutcome {
  result: ScanResult;
  /** The stored report; absent for partial scans and without a store. */
  report?: StoredReport;
  cached: boolean;
}

export interface Caller {
  account: Account | null;
  /** The rate-limit bucket of the client (its IP, an IPv6 /64 as one). */
  client: string;
}

interface Flight {
  promise: Promise<ScanResult>;
  events: ScanEvent[];
  listeners: Set<(e: ScanEvent) => void>;
  /** The one anonymous public report of this scan, created once for every anonymous joiner. */
  publicReport?: Promise<StoredReport>;
}

/** The caller stops waiting when its signal fires; a shared scan keeps running for the others. */
function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new ScanError('aborted', 'The scan was cancelled.'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ScanError('aborted', 'The scan was cancelled.'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The cache and flight key of a scan: a 5-page and a 1-page scan of a URL are different results.
 * The default page count keeps the bare URL (the key of every scan before site scope).
 */
export function scanKey(url: string, pages: number): string {
  return pages === DEFAULT_SCAN_PAGES ? url : `${url} pages=${pages}`;
}

export class ScanService {
  readonly runner: ScanRunner;
  readonly policy: ScanPolicy;
  private readonly store: Store | null;
  private readonly flights = new Map<string, Flight>();
  private readonly controller = new AbortController();
  /** How many scans went to the runner (tests read it to prove sharing and caching). */
  engineRuns = 0;

  constructor(private readonly opts: ScanServiceOptions) {
    this.store = opts.store;
    this.runner = opts.runner ?? new InProcessRunner(opts.concurrency ?? 4, opts.maxQueued ?? Number.POSITIVE_INFINITY);
    this.policy = {
      blockPrivateNetwork: !opts.allowPrivateNetwork,
      ...(opts.scanDeadlineMs !== undefined ? { deadlineMs: opts.scanDeadlineMs } : {}),
      ...(opts.scanTimeoutMs !== undefined ? { timeoutMs: opts.scanTimeoutMs } : {}),
      ...opts.engine,
    };
  }

  get baseUrl(): string | undefined {
    const b = this.opts.baseUrl;
    return (typeof b === 'function' ? b() : b) || undefined;
  }

  /** Scans waiting for a shared result (one per URL). */
  get inFlight(): number {
    return this.flights.size;
  }

  stats(): RunnerStats & { inFlight: number } {
    return { ...this.runner.stats(), inFlight: this.inFlight };
  }

  /** Counts one scan request of an anonymous caller; throws RateLimitedError over the limit. */
  async admit(caller: Caller): Promise<void> {
    const limit = this.opts.rateLimit ?? 0;
    if (caller.account || limit <= 0 || !this.store) return;
    const d = await this.store.hitRate(`scan:${caller.client}`, limit, this.opts.rateWindowMs ?? 60_000);
    if (!d.allowed) throw new RateLimitedError(limit, d.retryAfterSec);
  }

  /** The view of a report a caller gets (`shareId`, `shareUrl`, and `cached` when given). */
  reportView(report: StoredReport, extra: { cached?: boolean } = {}): ScanResponse {
    return reportView(report, this.baseUrl, extra);
  }

  /** The view of a scan outcome (the one every face sends: service/report-view.ts scanView). */
  view(outcome: ScanOutcome): ScanResponse {
    return scanView(outcome, this.baseUrl);
  }

  /** Runs (or reuses) a scan of a normalized URL and stores its report. */
  async scan(url: string, call: ScanCall): Promise<ScanOutcome> {
    // The page count is resolved once per request, here (the request parser only validates it).
    const pages = resolvePages({ pages: call.pages });
    if (call.only?.length || (call.profile && call.profile !== 'auto')) return this.ownScan(url, call, pages);
    const key = scanKey(url, pages);
    const store = this.store;
    if (!store) return { result: await this.wait(this.join(key, url, pages, call.onEvent), call), cached: false };
    const isPublic = reportIsPublic(call.account, call.isPublic);
    if (!call.fresh) {
      const hit = await this.fromCache(store, key, call.account, isPublic);
      if (hit) return hit;
    }
    const flight = this.join(key, url, pages, call.onEvent);
    const result = await this.wait(flight, call);
    let report: StoredReport;
    if (call.account) {
      report = await store.saveReport({ result, isPublic, accountId: call.account.id });
      if (isPublic) await this.cache(store, key, report);
    } else {
      flight.publicReport ??= store.saveReport({ result, isPublic: true, accountId: null }).then(async (r) => {
        await this.cache(store, key, r);
        return r;
      });
      report = await flight.publicReport;
    }
    return { result, report, cached: false };
  }

  /** Stops new scans and cancels running ones (shutdown). */
  abortAll(): void {
    this.controller.abort();
  }

  /** Cancels running scans and releases the runner. */
  async close(): Promise<void> {
    this.abortAll();
    await this.runner.close();
  }

  /** A scan no one else shares: partial, or under a forced profile. */
  private async ownScan(url: string, call: ScanCall, pages: number): Promise<ScanOutcome> {
    const signal = call.signal ? AbortSignal.any([this.controller.signal, call.signal]) : this.controller.signal;
    const options: PortableScanOptions = { ...this.policy, profile: call.profile, only: call.only, pages };
    this.engineRuns++;
    const result = await this.runner.run(url, options, { onEvent: call.onEvent, signal });
    if (call.only?.length || !this.store) return { result, cached: false };
    const report = await this.store.saveReport({ result, isPublic: reportIsPublic(call.account, call.isPublic), accountId: call.account?.id ?? null });
    return { result, report, cached: false };
  }

  /** The flight's result for one caller (who stops listening once it has it or gives up). */
  private async wait(flight: Flight, call: ScanCall): Promise<ScanResult> {
    try {
      return await untilAborted(flight.promise, call.signal);
    } finally {
      if (call.onEvent) flight.listeners.delete(call.onEvent);
    }
  }

  private async cache(store: Store, url: string, report: StoredReport): Promise<void> {
    if (this.opts.cacheTtlMs <= 0) return;
    const at = Date.parse(report.result.scannedAt ?? report.createdAt) || Date.now();
    await store.setCachedScan(url, { reportId: report.id, isPublic: report.isPublic, at }, this.opts.cacheTtlMs);
  }

  private async fromCache(store: Store, url: string, account: Account | null, isPublic: boolean): Promise<ScanOutcome | undefined> {
    if (this.opts.cacheTtlMs <= 0) return undefined;
    const entry = await store.getCachedScan(url);
    if (!entry || entry.at + this.opts.cacheTtlMs < Date.now()) return undefined;
    const cached = await store.getReport(entry.reportId);
    // A report its owner has made private no longer seeds anyone's result (not even as a copy).
    if (!cached || !entry.isPublic || !cached.isPublic) return undefined;
    if (!account && cached.accountId === null) return { result: cached.result, report: cached, cached: true };
    const report = await store.saveReport({ result: cached.result, isPublic, accountId: account?.id ?? null });
    if (!account) await store.setCachedScan(url, { reportId: report.id, isPublic: true, at: entry.at }, Math.max(1, entry.at + this.opts.cacheTtlMs - Date.now()));
    return { result: report.result, report, cached: true };
  }

  /** The shared scan of a URL at a page count (`key` from scanKey): one flight per key. */
  private join(key: string, url: string, pages: number, onEvent?: (e: ScanEvent) => void): Flight {
    let flight = this.flights.get(key);
    if (!flight) {
      const f: Flight = { events: [], listeners: new Set(), promise: undefined as unknown as Promise<ScanResult> };
      const emit = (e: ScanEvent) => {
        f.events.push(e);
        for (const l of f.listeners) l(e);
      };
      this.engineRuns++;
      f.promise = this.runner.run(url, { ...this.policy, pages }, { onEvent: emit, signal: this.controller.signal }).finally(() => this.flights.delete(key));
      // Joiners await it; an unobserved rejection must not crash the process.
      f.promise.catch(() => {});
      this.flights.set(key, f);
      flight = f;
    }
    if (onEvent) {
      for (const e of flight.events) onEvent(e);
      flight.listeners.add(onEvent);
    }
    return flight;
  }
}
