/**
 * Scans in a pool of worker threads, many scans per thread, so the CPU is used while scans wait
 * on the network, and a hostile page costs a bounded delay to its co-tenants, never the process:
 *
 * - `workers` threads (CPU), `maxScans` scans in flight across them (I/O); a fair bounded queue
 *   (bounded-queue.ts) sits in front. Scans of one origin go to the thread already scanning it,
 *   so the per-origin request cap (core/net/origin-limit.ts) holds across those scans.
 * - each thread has a heap cap (`resourceLimits`) and says it is alive every 250 ms. A thread
 *   silent for `stallMs` while it has several scans (a parser spinning on one page) is ended by
 *   the watchdog; so is one whose scan passes its hard deadline (the engine's deadline + grace).
 * - when a thread ends (stall, heap, crash, deadline), its replacement starts at once. Scans that
 *   shared it are run again ONCE, each alone on a quarantine thread (a fresh thread of one scan,
 *   at most `quarantineThreads` at once): the innocent ones finish there, the guilty one fails
 *   there on its own. A thread that held a single scan needs no retry: that scan was the cause.
 * - a failing scan is rejected with ScanError('scan-failed', plain reason); the engine's own
 *   errors cross the thread boundary as data with their code and message.
 */
import { existsSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { EventLoopUtilization } from 'node:perf_hooks';
import { ScanError } from '../core/errors.js';
import type { ScanEvent } from '../core/events.js';
import type { ScanResult } from '../core/schema.js';
import { ScanQueue } from './bounded-queue.js';
import type { PortableScanOptions, RunnerStats, ScanHooks, ScanRunner } from './types.js';
import { END_OF_EVENTS, type FromWorker, type TaskOutcome, type ToWorker, type WorkerSettings } from './worker-protocol.js';
import { inputHref, isScanTarget, type ScanInput } from '../core/target.js';

/** Heap cap of one scan thread (V8 old generation, MB); a thread holds many scans. */
export const DEFAULT_WORKER_HEAP_MB = 512;
/** How long after the engine's own deadline a scan's thread is stopped. */
export const DEFAULT_DEADLINE_GRACE_MS = 5_000;
/** A thread with several scans that is silent this long is stopped (the co-tenants' worst stall). */
export const DEFAULT_STALL_MS = 5_000;
/** Concurrent requests per target origin, across the scans of a thread. */
export const DEFAULT_ORIGIN_CONCURRENCY = 32;
/** Threads that re-run the co-tenants of a stopped thread, one scan each. */
export const DEFAULT_QUARANTINE_THREADS = 2;
/** The engine's default whole-scan deadline (core/scan.ts DEFAULT_DEADLINE_MS; not imported so the main thread need not load the engine). */
const ENGINE_DEFAULT_DEADLINE_MS = 45_000;
const BEAT_MS = 250;
/** Event-loop utilisation over which a thread counts as busy with CPU (see startWorkers). */
const BUSY_THREAD_ELU = 0.75;
/** Idle CPU (in cores, across the machine) that a further thread needs to be worth starting. */
const SPARE_CORES_TO_GROW = 0.5;
/** What a scan in flight costs in memory, roughly (bodies are capped at 2 MB, most are far smaller). */
const MIB_PER_SCAN = 16;

export interface WorkerPoolOptions {
  /** Worker threads (CPU). Default: os.availableParallelism(). */
  workers?: number;
  /**
   * Threads started at once (default: all of `workers`). The others start one at a time while
   * every running thread is busy with CPU (event-loop utilisation over BUSY_THREAD_ELU for a
   * watchdog tick): a batch of I/O-bound sites stays on one thread and its memory, a batch of
   * heavy pages gets the cores.
   */
  startWorkers?: number;
  /** Idle CPU, in cores across the machine, that a further thread needs to be worth starting. Default 0.5. */
  spareCoresToGrow?: number;
  /** Scans in flight across the threads (I/O). Default: defaultMaxScans(). */
  maxScans?: number;
  /** Scans that may wait for a slot; beyond it run() rejects with QueueFullError. Default: unbounded. */
  maxQueued?: number;
  /** Heap cap per thread in MB. Default DEFAULT_WORKER_HEAP_MB. */
  heapMb?: number;
  /** Extra time after the scan's deadlineMs before its thread is stopped. Default 5 s. */
  deadlineGraceMs?: number;
  /** A fixed hard deadline for every scan (ms), instead of deadlineMs + grace (tests, operators). */
  hardDeadlineMs?: number;
  /** Silence after which a thread with several scans is stopped. Default 5 s. */
  stallMs?: number;
  /** Quarantine threads (one re-run scan each) at once. Default 2. */
  quarantineThreads?: number;
  /** Requests at once per target origin per thread; 0: no cap. Default 32 (what one scan may open alone). */
  originConcurrency?: number;
  /** The worker module (default: dist/scan-worker.js next to this module's build). */
  workerFile?: string;
}

export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism());
}

/** Scans in flight by default: 64, fewer when a quarter of the machine's memory cannot hold them. */
export function defaultMaxScans(memoryBytes = totalmem()): number {
  const fit = Math.floor(memoryBytes / 4 / (MIB_PER_SCAN * 1024 * 1024));
  return Math.max(4, Math.min(64, fit));
}

/**
 * dist/scan-worker.js: next to this module once built (the chunk lives in dist/); when this
 * module runs from src/ (vitest), the built worker in dist/ (the test setup builds it).
 */
export function resolveWorkerFile(): string {
  const beside = new URL('./scan-worker.js', import.meta.url);
  if (existsSync(beside)) return fileURLToPath(beside);
  const built = new URL('../../dist/scan-worker.js', import.meta.url);
  if (existsSync(built)) return fileURLToPath(built);
  throw new Error('the scan worker (dist/scan-worker.js) is missing: run `npm run build`');
}

/** Why a thread ended. */
type Cause = { kind: 'stalled' } | { kind: 'deadline'; task: Task } | { kind: 'died'; error?: unknown } | { kind: 'closed' };

/** A scan from the moment it has a slot until it settles (across a possible re-run). */
interface Task {
  id: number;
  url: string;
  /** The url is a ScanTarget's href (the worker does not normalise it again). */
  normalised: boolean;
  options: PortableScanOptions;
  hooks: ScanHooks;
  origin: string;
  limitMs: number;
  /** 0: first run; 1: the re-run after its thread was stopped under it. */
  attempt: number;
  host?: Host;
  port?: MessagePort;
  eventsDone?: Promise<void>;
  /** Events passed to the caller; a re-run skips as many, so the caller never sees one twice. */
  delivered: number;
  skip: number;
  timer?: NodeJS.Timeout;
  settled: boolean;
  resolve(result: ScanResult): void;
  reject(error: unknown): void;
}

/** One worker thread and the scans on it. */
interface Host {
  worker: Worker;
  solo: boolean;
  tasks: Map<number, Task>;
  lastBeat: number;
  ready: boolean;
  /** The thread's event-loop utilisation at the last watchdog tick (the next one measures from it). */
  elu?: EventLoopUtilization;
  /** Set once the thread is being stopped: it takes no more scans. */
  cause?: Cause;
  error?: unknown;
}

export interface PoolCounters {
  threads: number;
  quarantineThreads: number;
  /** Threads stopped by the watchdog (stall) or a hard deadline, and threads that died (heap, crash). */
  threadsStopped: number;
  /** Scans re-run after their thread was stopped under them. */
  reruns: number;
}

export class WorkerPoolRunner implements ScanRunner {
  readonly workers: number;
  readonly maxScans: number;
  readonly heapMb: number;
  readonly stallMs: number;
  private readonly queue: ScanQueue;
  private readonly closing = new AbortController();
  /**
   * Tasks not yet settled. Closing abandons them through one listener on `closing.signal`, not one
   * per task: a batch of more than 10 sites would otherwise add 11 listeners to that one signal
   * (Node's MaxListenersExceededWarning, issue 31.4).
   */
  private readonly unsettled = new Set<Task>();
  private readonly graceMs: number;
  private readonly hardDeadlineMs?: number;
  private readonly perThread: number;
  private readonly quarantineMax: number;
  private readonly workerFile: string;
  private readonly settings: WorkerSettings;
  private readonly shared: Host[] = [];
  private readonly solos = new Set<Host>();
  private readonly retryQueue: Task[] = [];
  private readonly watchdog: NodeJS.Timeout;
  private lastTick = Date.now();
  private nextId = 1;
  private readonly counters = { threadsStopped: 0, reruns: 0 };
  private readonly idleCores = new IdleCores();
  private readonly spareCoresToGrow: number;

  constructor(opts: WorkerPoolOptions = {}) {
    this.workers = Math.max(1, Math.floor(opts.workers ?? defaultWorkerCount()));
    this.maxScans = Math.max(1, Math.floor(opts.maxScans ?? defaultMaxScans()));
    this.heapMb = opts.heapMb ?? DEFAULT_WORKER_HEAP_MB;
    this.graceMs = opts.deadlineGraceMs ?? DEFAULT_DEADLINE_GRACE_MS;
    this.hardDeadlineMs = opts.hardDeadlineMs;
    this.closing.signal.addEventListener(
      'abort',
      () => {
        for (const task of [...this.unsettled]) this.abandon(task, shuttingDown());
      },
      { once: true },
    );
    this.stallMs = opts.stallMs ?? DEFAULT_STALL_MS;
    this.quarantineMax = Math.max(1, opts.quarantineThreads ?? DEFAULT_QUARANTINE_THREADS);
    this.perThread = Math.ceil(this.maxScans / this.workers);
    this.spareCoresToGrow = opts.spareCoresToGrow ?? SPARE_CORES_TO_GROW;
    this.workerFile = opts.workerFile ?? resolveWorkerFile();
    this.settings = { beatMs: BEAT_MS, originConcurrency: opts.originConcurrency ?? DEFAULT_ORIGIN_CONCURRENCY };
    this.queue = new ScanQueue(this.maxScans, opts.maxQueued ?? Number.POSITIVE_INFINITY);
    const initial = Math.max(1, Math.min(this.workers, Math.floor(opts.startWorkers ?? this.workers)));
    for (let i = 0; i < initial; i++) this.shared.push(this.spawn(false));
    const every = Math.max(50, Math.min(1_000, Math.floor(this.stallMs / 4)));
    this.watchdog = setInterval(() => this.checkStalls(every), every);
    this.watchdog.unref();
  }

  run(url: ScanInput, options: PortableScanOptions, hooks: ScanHooks = {}): Promise<ScanResult> {
    if (this.closing.signal.aborted) return Promise.reject(shuttingDown());
    const waitSignal = hooks.signal ? AbortSignal.any([hooks.signal, this.closing.signal]) : this.closing.signal;
    return this.queue.run(() => this.start(url, options, hooks), waitSignal, hooks.caller);
  }

  stats(): RunnerStats {
    const { running, queued } = this.queue.size;
    return { running, queued, capacity: this.maxScans };
  }

  /** Thread-level figures for /metrics and the benches. */
  counts(): PoolCounters {
    return { threads: this.shared.length, quarantineThreads: this.solos.size, ...this.counters };
  }

  retryAfterSec(): number {
    return this.queue.retryAfterSec();
  }

  /** Stops running scans (their threads are terminated) and releases the threads. */
  async close(): Promise<void> {
    if (this.closing.signal.aborted) return;
    this.closing.abort();
    clearInterval(this.watchdog);
    for (const task of this.retryQueue.splice(0)) this.settle(task, shuttingDown());
    const hosts = [...this.shared, ...this.solos];
    await Promise.all(hosts.map((h) => this.stop(h, { kind: 'closed' })));
  }

  private start(input: ScanInput, options: PortableScanOptions, hooks: ScanHooks): Promise<ScanResult> {
    const url = inputHref(input);
    if (this.closing.signal.aborted) return Promise.reject(shuttingDown());
    if (hooks.signal?.aborted) return Promise.reject(cancelled());
    return new Promise<ScanResult>((resolve, reject) => {
      const task: Task = {
        id: this.nextId++,
        url,
        normalised: isScanTarget(input),
        options,
        hooks,
        origin: originOf(url),
        limitMs: this.hardDeadlineMs ?? (options.deadlineMs ?? ENGINE_DEFAULT_DEADLINE_MS) + this.graceMs,
        attempt: 0,
        delivered: 0,
        skip: 0,
        settled: false,
        resolve,
        reject,
      };
      const onCaller = () => this.abandon(task, cancelled());
      hooks.signal?.addEventListener('abort', onCaller, { once: true });
      this.unsettled.add(task);
      task.resolve = (r) => {
        hooks.signal?.removeEventListener('abort', onCaller);
        this.unsettled.delete(task);
        resolve(r);
      };
      task.reject = (e) => {
        hooks.signal?.removeEventListener('abort', onCaller);
        this.unsettled.delete(task);
        reject(e);
      };
      this.place(task);
    });
  }

  /** A first run goes to a shared thread; a re-run to a quarantine thread of its own (or waits for one). */
  private place(task: Task): void {
    if (task.attempt === 0) return this.execute(task, this.pickShared(task.origin));
    if (this.solos.size < this.quarantineMax) {
      const host = this.spawn(true);
      this.solos.add(host);
      return this.execute(task, host);
    }
    this.retryQueue.push(task);
  }

  /** The thread already scanning this origin when it has room, else the least busy live one. */
  private pickShared(origin: string): Host {
    const live = this.shared.filter((h) => !h.cause);
    const same = live.find((h) => h.tasks.size < this.perThread && [...h.tasks.values()].some((t) => t.origin === origin));
    if (same) return same;
    const now = Date.now();
    // A thread that has gone quiet is not given new co-tenants while a lively one has room.
    const byLoad = (a: Host, b: Host) => Number(now - a.lastBeat > 4 * BEAT_MS) - Number(now - b.lastBeat > 4 * BEAT_MS) || a.tasks.size - b.tasks.size;
    return live.sort(byLoad)[0] ?? this.replaceShared();
  }

  private replaceShared(): Host {
    const host = this.spawn(false);
    this.shared.push(host);
    return host;
  }

  private execute(task: Task, host: Host): void {
    const { port1, port2 } = new MessageChannel();
    task.host = host;
    task.port = port1;
    let endOfEvents!: () => void;
    task.eventsDone = new Promise<void>((resolve) => (endOfEvents = resolve));
    port1.on('message', (msg: ScanEvent | typeof END_OF_EVENTS) => {
      if (msg === END_OF_EVENTS) return endOfEvents();
      if (task.settled) return;
      if (task.skip > 0) {
        task.skip--;
        return;
      }
      task.delivered++;
      try {
        task.hooks.onEvent?.(msg);
      } catch {
        // A listener's failure is the listener's: it must not take the pool down.
      }
    });
    clearTimeout(task.timer);
    task.timer = setTimeout(() => {
      if (task.host && !task.settled) void this.stop(task.host, { kind: 'deadline', task });
    }, task.limitMs);
    host.tasks.set(task.id, task);
    const msg: ToWorker = { t: 'run', id: task.id, task: { url: task.url, normalised: task.normalised, options: task.options }, events: port2 };
    host.worker.postMessage(msg, [port2]);
  }

  private spawn(solo: boolean): Host {
    const worker = new Worker(this.workerFile, { workerData: this.settings, resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    const host: Host = { worker, solo, tasks: new Map(), lastBeat: Date.now(), ready: false };
    worker.on('message', (msg: FromWorker) => {
      host.lastBeat = Date.now();
      if (msg.t === 'ready') host.ready = true;
      else if (msg.t === 'done') void this.onDone(host, msg.id, msg.outcome);
    });
    worker.on('error', (e) => (host.error ??= e));
    worker.on('exit', () => this.onExit(host));
    return host;
  }

  private async onDone(host: Host, id: number, outcome: TaskOutcome): Promise<void> {
    const task = host.tasks.get(id);
    if (!task) return;
    host.tasks.delete(id);
    // Events travel on their own port: wait for the last one so the caller sees them all before the result.
    await task.eventsDone;
    this.detach(task);
    if (outcome.ok) this.settle(task, undefined, outcome.result);
    else this.settle(task, new ScanError(outcome.code, outcome.message));
    if (host.solo && host.tasks.size === 0) void this.stop(host, { kind: 'closed' });
  }

  /** Stops a thread; onExit settles or re-runs what was on it. */
  private async stop(host: Host, cause: Cause): Promise<void> {
    if (host.cause) return;
    host.cause = cause;
    if (cause.kind !== 'closed') this.counters.threadsStopped++;
    // No new scans go to it from now on: its replacement takes its place at once.
    this.retire(host);
    await host.worker.terminate().catch(() => {});
  }

  private retire(host: Host): void {
    if (host.solo) {
      this.solos.delete(host);
      this.pumpRetries();
      return;
    }
    const i = this.shared.indexOf(host);
    if (i >= 0) {
      if (this.closing.signal.aborted) this.shared.splice(i, 1);
      else this.shared[i] = this.spawn(false);
    }
  }

  private onExit(host: Host): void {
    const cause: Cause = host.cause ?? { kind: 'died', error: host.error };
    if (!host.cause) {
      host.cause = cause;
      this.counters.threadsStopped++;
      this.retire(host);
    }
    const tasks = [...host.tasks.values()];
    host.tasks.clear();
    // A thread that held one scan was stopped by that scan: no one to re-run.
    const alone = tasks.length === 1;
    for (const task of tasks) {
      this.detach(task);
      if (task.settled) continue;
      if (cause.kind === 'closed' || this.closing.signal.aborted) this.settle(task, shuttingDown());
      else if (cause.kind === 'deadline' && cause.task === task) this.settle(task, this.deadlineError(task));
      else if (task.attempt === 0 && !alone) {
        task.attempt = 1;
        task.skip = task.delivered;
        this.counters.reruns++;
        this.place(task);
      } else this.settle(task, this.describeFailure(cause, task));
    }
  }

  private pumpRetries(): void {
    while (this.retryQueue.length > 0 && this.solos.size < this.quarantineMax && !this.closing.signal.aborted) {
      const task = this.retryQueue.shift()!;
      if (!task.settled) this.place(task);
    }
  }

  /**
   * The watchdog: a thread with several scans whose heartbeat stopped is stuck in code (its
   * co-tenants wait with it); stop it. A lone scan is left to its hard deadline. A watchdog tick
   * that itself came late means the main thread was busy, not the worker: skip it.
   */
  private checkStalls(every: number): void {
    const now = Date.now();
    const late = now - this.lastTick - every;
    this.lastTick = now;
    if (late > this.stallMs / 2) {
      for (const h of this.shared) h.lastBeat = now;
      return;
    }
    for (const host of this.shared) {
      if (!host.cause && host.ready && host.tasks.size > 1 && now - host.lastBeat > this.stallMs) void this.stop(host, { kind: 'stalled' });
    }
    this.growWhenBusy();
  }

  /**
   * Starts one more thread (up to `workers`) when every running one spent the last tick on CPU and
   * the machine has a core to spare: a thread more on a machine already busy (the sites, the
   * main thread, other processes) would cost memory and buy no speed.
   */
  private growWhenBusy(): void {
    if (this.closing.signal.aborted || this.shared.length >= this.workers) return;
    const idle = this.idleCores.sample();
    let busy = idle >= this.spareCoresToGrow;
    for (const host of this.shared) {
      const previous = host.elu;
      host.elu = host.worker.performance.eventLoopUtilization();
      // A thread's first reading would count its start-up (module loading) as load.
      if (!previous || host.cause || !host.ready || host.worker.performance.eventLoopUtilization(host.elu, previous).utilization < BUSY_THREAD_ELU)
        busy = false;
    }
    if (busy) this.shared.push(this.spawn(false));
  }

  /** The caller gave up, or the pool is closing: settle now; the thread is told to stop the scan. */
  private abandon(task: Task, error: ScanError): void {
    if (task.settled) return;
    const host = task.host;
    if (host) {
      host.tasks.delete(task.id);
      const msg: ToWorker = { t: 'cancel', id: task.id };
      if (!host.cause) host.worker.postMessage(msg);
      if (host.solo && host.tasks.size === 0) void this.stop(host, { kind: 'closed' });
    }
    const i = this.retryQueue.indexOf(task);
    if (i >= 0) this.retryQueue.splice(i, 1);
    this.detach(task);
    this.settle(task, error);
  }

  private detach(task: Task): void {
    task.port?.close();
    task.port = undefined;
    task.host = undefined;
  }

  private settle(task: Task, error?: unknown, result?: ScanResult): void {
    if (task.settled) return;
    task.settled = true;
    clearTimeout(task.timer);
    if (error) task.reject(error);
    else task.resolve(result!);
  }

  private deadlineError(task: Task): ScanError {
    return new ScanError('scan-failed', `the scan did not finish within ${formatSeconds(task.limitMs)}; its worker was stopped`);
  }

  /** A plain reason for a scan whose thread did not return (no stack traces, no internals). */
  private describeFailure(cause: Cause, task: Task): ScanError {
    if (cause.kind === 'deadline') return this.deadlineError(task);
    if (cause.kind === 'stalled') return new ScanError('scan-failed', `the scan's worker stopped answering for ${formatSeconds(this.stallMs)} and was stopped`);
    const err = (cause.kind === 'died' ? cause.error : undefined) as NodeJS.ErrnoException | undefined;
    if (err?.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|memory limit/i.test(err?.message ?? ''))
      return new ScanError(
        'scan-failed',
        `the scan ran out of memory (each scan worker may use ${this.heapMb} MB of heap); the page is too large or too complex to analyse`,
        err,
      );
    const detail = err?.message ? `: ${err.message.split('\n')[0].slice(0, 200)}` : '';
    return new ScanError('scan-failed', `the scan worker crashed${detail}`, err);
  }
}

/** The machine's idle CPU between two samples, in cores (from os.cpus() idle times). */
class IdleCores {
  private last = { idleMs: totalIdleMs(), at: performance.now() };

  sample(): number {
    const now = { idleMs: totalIdleMs(), at: performance.now() };
    const elapsed = now.at - this.last.at;
    const idle = elapsed > 0 ? (now.idleMs - this.last.idleMs) / elapsed : 0;
    this.last = now;
    return idle;
  }
}

function totalIdleMs(): number {
  return cpus().reduce((sum, c) => sum + c.times.idle, 0);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

function cancelled(): ScanError {
  return new ScanError('aborted', 'The scan was cancelled.');
}

function shuttingDown(): ScanError {
  return new ScanError('aborted', 'The scan was cancelled: the scanner is shutting down.');
}

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}
