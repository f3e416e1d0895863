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
import type { ScanParams } from '../core/scan-params/index.js';
import type { Account, CachedScan, Store, StoredReport } from '../store/types.js';
import type { ResultCache } from '../store/result-cache.js';
import { InProcessRunner, type PortableScanOptions, type RunnerStats, type ScanHooks, type ScanRunner } from '../runner/index.js';
import { CallerBusyError, RateLimitedError, RenderUnavailableError } from './errors.js';
import { QueueFullError } from '../runner/index.js';
import { reportView, scanView } from './report-view.js';
import { reportIsPublic } from './visibility.js';
import { DEFAULT_SCAN_PAGES } from '../core/scope.js';
import { inputHref, type ScanInput } from '../core/target.js';
import { NETWORK_SHARE, networkBucket } from './client-buckets.js';

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
  /** Where the cache pointers live (the keyv result cache); default: the store's own table. */
  cache?: Pick<ResultCache, 'get' | 'set'>;
  /** Base address for share URLs; none: views carry shareId only. */
  baseUrl?: string | (() => string);
  /** Anonymous scans per window per client; 0 or absent turns the limit off. */
  rateLimit?: number;
  rateWindowMs?: number;
  /**
   * Bytes of reports an anonymous client may have stored per day (UTC), counted as saved; the
   * scan that crosses the cap is still kept, the next is refused. 0 or absent: no cap.
   */
  storageBytesPerDay?: number;
  /**
   * Rendered mode (serve --render): how many rendering scans may run at once (the browser slots;
   * more are refused as server-busy; an anonymous caller holds at most its share, renderShare).
   * Absent: `render` is refused.
   */
  render?: { maxConcurrent: number };
  /** Scans one anonymous client (IP, IPv6 /64; an IPv6 /48 NETWORK_SHARE times as many) may have in flight; 0 or absent: no cap. */
  maxScansPerClient?: number;
  /** Scans one account (API key) may have in flight; 0 or absent: no cap. */
  maxScansPerAccount?: number;
}

const DAY_MS = 86_400_000;

export interface ScanCall {
  /** The caller's account; null for anonymous callers. */
  account: Account | null;
  /**
   * The client's rate-limit bucket (its IP, an IPv6 /64 as one, as in `Caller`): an anonymous
   * caller's in-flight cap, queue turn and daily storage cap.
   */
  client?: string;
  /** Bypass the cache (a running scan of the same URL is still joined). */
  fresh?: boolean;
  /** Visibility override; honoured for account scans only (see reportIsPublic). */
  isPublic?: boolean;
  /**
   * What the scan measures, as the face parsed it, handed to the engine whole. `only` makes a
   * partial scan (not stored), a forced `profile` one of its own (not cached or shared); `render`
   * needs the service's `render` option.
   */
  params?: ScanParams;
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

/** What admit needs of a scan request to tell whether the cache answers it (then it is free). */
export type AdmitRequest = { url: ScanInput } & Pick<ScanCall, 'fresh' | 'params'>;

interface Flight {
  /** The caller whose request started the scan (callerKey). */
  caller: string;
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
 * The cache and flight key of a scan: its URL and every parameter that changes the result, so a
 * parameter added to ScanParams separates results without a line here. The default page count
 * keeps the bare URL and a rendered scan ends in " render" (the keys stored before ScanParams).
 */
export function scanKey(url: string, params: ScanParams = {}): string {
  const { pages = DEFAULT_SCAN_PAGES, render, ...rest } = params;
  let key = pages === DEFAULT_SCAN_PAGES ? url : `${url} pages=${pages}`;
  for (const [name, value] of Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== undefined) key += ` ${name}=${JSON.stringify(value)}`;
  }
  // A rendered scan is another result (more verdicts), never answered by a static one.
  return render ? `${key} render` : key;
}

/** A partial scan (`only`, `skip`) is never stored; one under a forced profile is stored but never cached or shared. */
function sharedResult(params: ScanParams): boolean {
  return !params.only?.length && !params.skip?.length && (params.profile ?? 'auto') === 'auto';
}

/** Rendering scans one anonymous caller may run at once: half the slots (at least one). */
export function renderShare(maxConcurrent: number): number {
  return Math.max(1, Math.floor(maxConcurrent / 2));
}

const storageKey = (client: string) => `stored-bytes:${client}`;

/** The buckets a client's cap counts in, with each one's bound: the client, then its IPv6 /48. */
function layers(client: string, limit: number): Array<[string, number]> {
  const network = networkBucket(client);
  return network
    ? [
        [client, limit],
        [network, limit * NETWORK_SHARE],
      ]
    : [[client, limit]];
}

export class ScanService {
  readonly runner: ScanRunner;
  readonly policy: ScanPolicy;
  private readonly store: Store | null;
  private readonly flights = new Map<string, Flight>();
  private readonly controller = new AbortController();
  /** How many scans went to the runner (tests read it to prove sharing and caching). */
  engineRuns = 0;
  /** Rendering scans running now (bounded by opts.render.maxConcurrent). */
  private rendering = 0;
  /** Rendering scans running now per caller key (anonymous callers: at most renderShare). */
  private readonly renderingBy = new Map<string, number>();
  /** Scans in flight per caller key (see callerKey). */
  private readonly callerLoad = new Map<string, number>();
  /** Refusals by the per-caller in-flight cap and by the anonymous rate limit (metrics). */
  callerRejections = 0;
  rateRejections = 0;

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

  /** How long a public result answers repeat requests (ms; 0: no cache). */
  get cacheTtlMs(): number {
    return this.opts.cacheTtlMs;
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

  /**
   * Admits one scan request before it runs: `render` on a service without a browser is refused
   * (RenderUnavailableError), then an anonymous caller's request is counted; throws
   * RateLimitedError over the limit. An IPv6 client counts in its /64 and in its /48
   * (NETWORK_SHARE times the limit: client-buckets.ts).
   */
  async admit(caller: Caller, request?: AdmitRequest): Promise<void> {
    // Render admission, once per request: asking for what the server cannot do costs nothing.
    if (request?.params?.render && !this.opts.render) throw new RenderUnavailableError();
    const limit = this.opts.rateLimit ?? 0;
    if (caller.account || !this.store) return;
    // A request the cache will answer costs the caller nothing: re-checking a result is free,
    // only a scan that needs the engine (or `fresh`) spends the allowance. (Should the entry
    // expire in between, that one scan runs uncharged: at most one per URL per cache period.)
    if (request && !request.fresh && (await this.answersFromCache(request))) return;
    if (limit > 0) {
      for (const [bucket, max] of layers(caller.client, limit)) {
        const d = await this.store.hitRate(`scan:${bucket}`, max, this.opts.rateWindowMs ?? 60_000);
        if (!d.allowed) {
          this.rateRejections++;
          throw new RateLimitedError(limit, d.retryAfterSec);
        }
      }
    }
    const cap = this.opts.storageBytesPerDay ?? 0;
    if (cap > 0) {
      for (const [bucket, max] of layers(caller.client, cap)) {
        const used = await this.store.consumeRate(storageKey(bucket), max, DAY_MS, 0);
        if (!used.allowed) {
          const retryAfterSec = Math.max(1, Math.ceil((DAY_MS - (Date.now() % DAY_MS)) / 1000));
          throw new RateLimitedError(
            limit,
            retryAfterSec,
            `Anonymous callers may store ${Math.round(cap / 1024)} KiB of reports per day; retry in ${retryAfterSec} s or use an API key.`,
          );
        }
      }
    }
  }

  /** Counts a new anonymous report against its caller's daily storage cap (and its /48's). */
  private async chargeStorage(store: Store, call: ScanCall, report: StoredReport): Promise<void> {
    const cap = this.opts.storageBytesPerDay ?? 0;
    if (call.account || !call.client || cap <= 0) return;
    const bytes = Buffer.byteLength(JSON.stringify(report.result));
    for (const [bucket, max] of layers(call.client, cap)) await store.consumeRate(storageKey(bucket), max, DAY_MS, bytes);
  }

  /** Whether a scan request would be answered from the cache now (no engine run). */
  async answersFromCache(request: AdmitRequest): Promise<boolean> {
    const params = request.params ?? {};
    if (!this.store || request.fresh || !sharedResult(params)) return false;
    const key = scanKey(inputHref(request.url), params);
    return !!(await this.cachedReport(this.store, key).catch(() => undefined));
  }

  /** The view of a report a caller gets (`shareId`, `shareUrl`, and `cached` when given). */
  reportView(report: StoredReport, extra: { cached?: boolean } = {}): ScanResponse {
    return reportView(report, this.baseUrl, extra);
  }

  /** The view of a scan outcome (the one every face sends: service/report-view.ts scanView). */
  view(outcome: ScanOutcome): ScanResponse {
    return scanView(outcome, this.baseUrl);
  }

  /** Whether this service can render (serve --render). */
  get renders(): boolean {
    return !!this.opts.render;
  }

  /**
   * Runs a scan on the runner, rendering in the shared browser when asked: rendering scans hold
   * one of the browser pool's slots, and a full pool is server-busy like a full queue.
   */
  private run(url: ScanInput, params: ScanParams, hooks: ScanHooks): Promise<ScanResult> {
    this.engineRuns++;
    return this.runRendering(url, { ...this.policy, ...params }, hooks).catch((e: unknown) => {
      // The runner's own count of the caller's scans (the job queue, across instances) refused it.
      if (e instanceof CallerBusyError) this.callerRejections++;
      throw e;
    });
  }

  private runRendering(url: ScanInput, options: PortableScanOptions, hooks: ScanHooks): Promise<ScanResult> {
    if (!options.render) return this.runner.run(url, options, hooks);
    const pool = this.opts.render;
    if (!pool) return Promise.reject(new RenderUnavailableError());
    if (this.rendering >= pool.maxConcurrent) return Promise.reject(new QueueFullError(this.runner.retryAfterSec()));
    const caller = hooks.caller ?? 'client:local';
    const mine = this.renderingBy.get(caller) ?? 0;
    // An anonymous caller never holds more than its share of the slots: the others stay for everyone else.
    const share = caller.startsWith('account:') ? pool.maxConcurrent : renderShare(pool.maxConcurrent);
    if (mine >= share) {
      return Promise.reject(new CallerBusyError(share, Math.max(1, Math.min(60, this.runner.retryAfterSec())), 'rendering scans'));
    }
    this.rendering++;
    this.renderingBy.set(caller, mine + 1);
    return this.runner.run(url, options, hooks).finally(() => {
      this.rendering--;
      const left = (this.renderingBy.get(caller) ?? 1) - 1;
      if (left > 0) this.renderingBy.set(caller, left);
      else this.renderingBy.delete(caller);
    });
  }

  /**
   * Runs (or reuses) a scan and stores its report. `url` is a ScanTarget (the request parser's:
   * the engine does not normalise it again) or an already normalised URL string.
   */
  async scan(url: ScanInput, call: ScanCall): Promise<ScanOutcome> {
    // `render` on a service without a browser was refused by admit (or is, by runRendering, for a caller that skipped it).
    const params = call.params ?? {};
    if (!sharedResult(params)) {
      const leave = this.enter(call);
      try {
        return await this.ownScan(url, call, params, leave);
      } finally {
        leave();
      }
    }
    const key = scanKey(inputHref(url), params);
    const store = this.store;
    const isPublic = reportIsPublic(call.account, call.isPublic);
    if (store && !call.fresh) {
      const hit = await this.fromCache(store, key, call.account, isPublic);
      if (hit) return hit;
    }
    // Only a scan that needs the engine counts against the caller's share: cache hits and joining a
    // scan already running for someone else cost nothing.
    for (let attempt = 0; ; attempt++) {
      const joined = this.flights.get(key);
      const leave = joined ? () => {} : this.enter(call);
      try {
        return await this.scanFresh(store, key, url, params, isPublic, call, leave);
      } catch (e) {
        // The scan joined here was refused by the cap of the caller who started it (the job
        // queue counts across instances, after the flight began): that refusal is not this
        // caller's, so it asks once more on its own account.
        const notMine = e instanceof CallerBusyError && joined && joined.caller !== this.callerKey(call);
        if (!notMine || attempt > 0) throw e;
      } finally {
        leave();
      }
    }
  }

  /** Who a caller is for the in-flight cap and the queue's turns: the account, else the client address. */
  callerKey(call: Pick<ScanCall, 'account' | 'client'>): string {
    return call.account ? `account:${call.account.id}` : `client:${call.client ?? 'local'}`;
  }

  /** Scans this caller has in flight on this instance, as its cap counts them (tests read it). */
  callerLoadOf(call: Pick<ScanCall, 'account' | 'client'>): number {
    return this.callerLoad.get(this.callerKey(call)) ?? 0;
  }

  /** Scans the caller may have in flight (0: no cap). */
  private callerLimit(call: Pick<ScanCall, 'account'>): number {
    return (call.account ? this.opts.maxScansPerAccount : this.opts.maxScansPerClient) ?? 0;
  }

  /** What the runner is told of the caller: its turn key, its cap, and how to release the call when it joins another's job. */
  private turn(call: ScanCall, leave: () => void): Pick<ScanHooks, 'caller' | 'callerLimit' | 'onJoined'> {
    return { caller: this.callerKey(call), callerLimit: this.callerLimit(call), onJoined: leave };
  }

  /**
   * Counts a scan against its caller's in-flight cap on this instance; throws CallerBusyError
   * over it. Returns the release (idempotent).
   *
   * With the Postgres job queue, instances share the scans, and this count alone would let a
   * caller behind a balancer have the cap on every instance. The runner is therefore given the
   * cap too (`callerLimit`) and counts the caller's jobs across every instance, in the
   * transaction that adds the job. This per-instance count stays in front as the cheap first
   * line (a flood to one instance is refused without a database round trip), and it never
   * refuses what the shared count would allow: the scans it counts here are jobs there too, and
   * a call that joins another caller's job is released at once (`onJoined`), as joining is free.
   */
  private enter(call: ScanCall): () => void {
    const key = this.callerKey(call);
    const limit = this.callerLimit(call);
    // An anonymous IPv6 client also counts in its /48, at NETWORK_SHARE times the cap.
    const network = !call.account && call.client ? networkBucket(call.client) : undefined;
    const counted: Array<[string, number]> = network
      ? [
          [key, limit],
          [`network:${network}`, limit * NETWORK_SHARE],
        ]
      : [[key, limit]];
    for (const [k, max] of counted) {
      if (max > 0 && (this.callerLoad.get(k) ?? 0) >= max) {
        this.callerRejections++;
        throw new CallerBusyError(limit, Math.max(1, Math.min(60, this.runner.retryAfterSec())));
      }
    }
    for (const [k] of counted) this.callerLoad.set(k, (this.callerLoad.get(k) ?? 0) + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      for (const [k] of counted) {
        const n = (this.callerLoad.get(k) ?? 1) - 1;
        if (n <= 0) this.callerLoad.delete(k);
        else this.callerLoad.set(k, n);
      }
    };
  }

  private async scanFresh(
    store: Store | null,
    key: string,
    url: ScanInput,
    params: ScanParams,
    isPublic: boolean,
    call: ScanCall,
    leave: () => void,
  ): Promise<ScanOutcome> {
    const flight = this.join(key, url, params, call, leave);
    if (!store) return { result: await this.wait(flight, call), cached: false };
    const result = await this.wait(flight, call);
    let report: StoredReport;
    if (call.account) {
      report = await store.saveReport({ result, isPublic, accountId: call.account.id });
      if (isPublic) await this.cache(store, key, report);
    } else {
      flight.publicReport ??= store.saveReport({ result, isPublic: true, accountId: null }).then(async (r) => {
        await this.cache(store, key, r);
        // Only the caller whose scan created the one shared report pays for it.
        await this.chargeStorage(store, call, r);
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
  private async ownScan(url: ScanInput, call: ScanCall, params: ScanParams, leave: () => void): Promise<ScanOutcome> {
    const signal = call.signal ? AbortSignal.any([this.controller.signal, call.signal]) : this.controller.signal;
    const result = await this.run(url, params, { onEvent: call.onEvent, signal, ...this.turn(call, leave) });
    if (params.only?.length || params.skip?.length || !this.store) return { result, cached: false };
    const report = await this.store.saveReport({ result, isPublic: reportIsPublic(call.account, call.isPublic), accountId: call.account?.id ?? null });
    await this.chargeStorage(this.store, call, report);
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

  private cacheOf(store: Store): Pick<ResultCache, 'get' | 'set'> {
    return this.opts.cache ?? { get: (k) => store.getCachedScan(k), set: (k, e, ttl) => store.setCachedScan(k, e, ttl) };
  }

  private async cache(store: Store, url: string, report: StoredReport): Promise<void> {
    if (this.opts.cacheTtlMs <= 0) return;
    const at = Date.parse(report.result.scannedAt ?? report.createdAt) || Date.now();
    await this.cacheOf(store).set(url, { reportId: report.id, isPublic: report.isPublic, at }, this.opts.cacheTtlMs);
  }

  /** The public report the cache answers `key` with now, if any (expired, withdrawn or private pointers are misses). */
  private async cachedReport(store: Store, key: string): Promise<{ entry: CachedScan; report: StoredReport } | undefined> {
    if (this.opts.cacheTtlMs <= 0) return undefined;
    const entry = await this.cacheOf(store).get(key);
    if (!entry || entry.at + this.opts.cacheTtlMs < Date.now()) return undefined;
    const report = await store.getReport(entry.reportId);
    // A report its owner has made private no longer seeds anyone's result (not even as a copy).
    if (!report || !entry.isPublic || !report.isPublic) return undefined;
    return { entry, report };
  }

  private async fromCache(store: Store, url: string, account: Account | null, isPublic: boolean): Promise<ScanOutcome | undefined> {
    const hit = await this.cachedReport(store, url);
    if (!hit) return undefined;
    const { entry, report: cached } = hit;
    if (!account && cached.accountId === null) return { result: cached.result, report: cached, cached: true };
    // The copy names its source: made private, the source withdraws it (store.setReportVisibility).
    const report = await store.saveReport({ result: cached.result, isPublic, accountId: account?.id ?? null, copiedFrom: cached.id });
    if (!account)
      await this.cacheOf(store).set(url, { reportId: report.id, isPublic: true, at: entry.at }, Math.max(1, entry.at + this.opts.cacheTtlMs - Date.now()));
    return { result: report.result, report, cached: true };
  }

  /**
   * The shared scan of a URL at a page count (`key` from scanKey): one flight per key. `leave`
   * releases the caller that starts it from its cap (the runner calls it when it joins a job).
   */
  private join(key: string, url: ScanInput, params: ScanParams, call: ScanCall, leave: () => void): Flight {
    const onEvent = call.onEvent;
    let flight = this.flights.get(key);
    if (!flight) {
      const f: Flight = { caller: this.callerKey(call), events: [], listeners: new Set(), promise: undefined as unknown as Promise<ScanResult> };
      const emit = (e: ScanEvent) => {
        f.events.push(e);
        for (const l of f.listeners) l(e);
      };
      f.promise = this.run(url, params, { onEvent: emit, signal: this.controller.signal, ...this.turn(call, leave) }).finally(() => this.flights.delete(key));
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
