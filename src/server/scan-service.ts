/**
 * Scans for the HTTP faces: the 5-minute cache, one shared in-flight scan per URL (late joiners
 * replay its events), the injected runner (worker pool or in-process), and the report each request gets.
 *
 * Report policy: anonymous requests share one public report per scan (the cache points to it);
 * an API-key request always gets a report of its own, owned by the account, in its history, with
 * the account's default visibility unless `isPublic` overrides it (a cached result is copied).
 */
import type { ScanEvent } from '../core/events.js';
import type { ScanResult } from '../core/schema.js';
import type { Account, Store, StoredReport } from '../store/index.js';
import { InProcessRunner, type ScanRunner } from '../runner/index.js';

export interface ScanServiceOptions {
  store: Store;
  allowPrivateNetwork: boolean;
  cacheTtlMs: number;
  concurrency: number;
  maxQueued: number;
  /** Where scans run (the worker pool in `serve`); default: in-process behind a queue of concurrency/maxQueued. */
  runner?: ScanRunner;
  scanDeadlineMs?: number;
  scanTimeoutMs?: number;
}

export interface ScanRequest {
  /** Normalized URL (normalizeTarget(...).href). */
  url: string;
  fresh: boolean;
  account: Account | null;
  isPublic?: boolean;
  onEvent?: (e: ScanEvent) => void;
}

export interface ScanOutcome {
  report: StoredReport;
  cached: boolean;
}

interface Flight {
  promise: Promise<ScanResult>;
  events: ScanEvent[];
  listeners: Set<(e: ScanEvent) => void>;
  /** The one anonymous public report of this scan, created once for every anonymous joiner. */
  publicReport?: Promise<StoredReport>;
}

export class ScanService {
  readonly runner: ScanRunner;
  private readonly flights = new Map<string, Flight>();
  private readonly controller = new AbortController();
  /** How many scans ran the engine (tests read it to prove sharing). */
  engineRuns = 0;

  constructor(private readonly opts: ScanServiceOptions) {
    this.runner = opts.runner ?? new InProcessRunner(opts.concurrency, opts.maxQueued);
  }

  get inFlight(): number {
    return this.flights.size;
  }

  async run(req: ScanRequest): Promise<ScanOutcome> {
    const { store } = this.opts;
    const isPublic = req.account ? (req.isPublic ?? req.account.defaultVisibility === 'public') : true;
    if (!req.fresh) {
      const hit = await this.fromCache(req, isPublic);
      if (hit) return hit;
    }
    const flight = this.join(req.url, req.onEvent);
    let result: ScanResult;
    try {
      result = await flight.promise;
    } finally {
      if (req.onEvent) flight.listeners.delete(req.onEvent);
    }
    let report: StoredReport;
    if (req.account) {
      report = await store.saveReport({ result, isPublic, accountId: req.account.id });
      if (isPublic) await this.cache(req.url, report);
    } else {
      flight.publicReport ??= store.saveReport({ result, isPublic: true, accountId: null }).then(async (r) => {
        await this.cache(req.url, r);
        return r;
      });
      report = await flight.publicReport;
    }
    return { report, cached: false };
  }

  /** Stops new scans and cancels running ones (shutdown). */
  abortAll(): void {
    this.controller.abort();
  }

  private async cache(url: string, report: StoredReport): Promise<void> {
    const at = Date.parse(report.result.scannedAt ?? report.createdAt) || Date.now();
    await this.opts.store.setCachedScan(url, { reportId: report.id, isPublic: report.isPublic, at }, this.opts.cacheTtlMs);
  }

  private async fromCache(req: ScanRequest, isPublic: boolean): Promise<ScanOutcome | undefined> {
    const { store } = this.opts;
    const entry = await store.getCachedScan(req.url);
    if (!entry || entry.at + this.opts.cacheTtlMs < Date.now()) return undefined;
    const cached = await store.getReport(entry.reportId);
    // A report its owner has made private no longer seeds anyone's result (not even as a copy).
    if (!cached || !entry.isPublic || !cached.isPublic) return undefined;
    if (!req.account && cached.isPublic && cached.accountId === null) return { report: cached, cached: true };
    const report = await store.saveReport({ result: cached.result, isPublic, accountId: req.account?.id ?? null });
    if (!req.account) await store.setCachedScan(req.url, { reportId: report.id, isPublic: true, at: entry.at }, Math.max(1, entry.at + this.opts.cacheTtlMs - Date.now()));
    return { report, cached: true };
  }

  private join(url: string, onEvent?: (e: ScanEvent) => void): Flight {
    let flight = this.flights.get(url);
    if (!flight) {
      const f: Flight = { events: [], listeners: new Set(), promise: undefined as unknown as Promise<ScanResult> };
      const emit = (e: ScanEvent) => {
        f.events.push(e);
        for (const l of f.listeners) l(e);
      };
      this.engineRuns++;
      f.promise = this.runner
        .run(
          url,
          { blockPrivateNetwork: !this.opts.allowPrivateNetwork, deadlineMs: this.opts.scanDeadlineMs, timeoutMs: this.opts.scanTimeoutMs },
          { onEvent: emit, signal: this.controller.signal },
        )
        .finally(() => this.flights.delete(url));
      // Joiners await it; an unobserved rejection must not crash the process.
      f.promise.catch(() => {});
      this.flights.set(url, f);
      flight = f;
    }
    if (onEvent) {
      for (const e of flight.events) onEvent(e);
      flight.listeners.add(onEvent);
    }
    return flight;
  }
}
