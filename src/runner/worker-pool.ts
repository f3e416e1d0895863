/**
 * Scans in a pool of worker threads (piscina), so a hostile page can cost one worker, never the
 * process or its event loop:
 * - each worker has a heap cap (`resourceLimits`); running out of it ends that worker only;
 * - each scan has a hard deadline, enforced here on the main thread by aborting the piscina task
 *   (which terminates its worker) a little after the engine's own deadline;
 * - a worker that crashes, runs out of heap or is terminated rejects only its scan, with
 *   ScanError('scan-failed', reason), and piscina starts a replacement;
 * - one scan per worker at a time (piscina never shares a thread between abortable tasks), so
 *   the number of workers is the number of scans at once; a bounded queue sits in front.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ScanError } from '../core/errors.js';
import type { ScanEvent } from '../core/events.js';
import type { ScanResult } from '../core/schema.js';
import { ScanQueue } from './bounded-queue.js';
import type { PortableScanOptions, RunnerStats, ScanHooks, ScanRunner } from './types.js';
import { END_OF_EVENTS, type TaskOutcome } from './worker-protocol.js';

/** Heap cap of one scan worker (V8 old generation, MB). Body caps keep a normal scan far below it. */
export const DEFAULT_WORKER_HEAP_MB = 256;
/** How long after the engine's own deadline the worker is stopped. */
export const DEFAULT_DEADLINE_GRACE_MS = 5_000;
/** The engine's default whole-scan deadline (core/scan.ts DEFAULT_DEADLINE_MS; not imported so the main thread need not load the engine). */
const ENGINE_DEFAULT_DEADLINE_MS = 45_000;

export interface WorkerPoolOptions {
  /** Worker threads = scans at once. Default: os.availableParallelism(). */
  workers?: number;
  /** Scans that may wait for a worker; beyond it run() rejects with QueueFullError. Default: unbounded. */
  maxQueued?: number;
  /** Heap cap per worker in MB. Default DEFAULT_WORKER_HEAP_MB. */
  heapMb?: number;
  /** Extra time after the scan's deadlineMs before its worker is stopped. Default 5 s. */
  deadlineGraceMs?: number;
  /** A fixed hard deadline for every scan (ms), instead of deadlineMs + grace (tests, operators). */
  hardDeadlineMs?: number;
  /** The worker module (default: dist/scan-worker.js next to this module's build). */
  workerFile?: string;
}

export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism());
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

type StopReason = 'deadline' | 'caller' | 'closed';

export class WorkerPoolRunner implements ScanRunner {
  readonly workers: number;
  readonly heapMb: number;
  private readonly pool: Piscina;
  private readonly queue: ScanQueue;
  private readonly closing = new AbortController();
  private readonly graceMs: number;
  private readonly hardDeadlineMs?: number;

  constructor(opts: WorkerPoolOptions = {}) {
    this.workers = Math.max(1, Math.floor(opts.workers ?? defaultWorkerCount()));
    this.heapMb = opts.heapMb ?? DEFAULT_WORKER_HEAP_MB;
    this.graceMs = opts.deadlineGraceMs ?? DEFAULT_DEADLINE_GRACE_MS;
    this.hardDeadlineMs = opts.hardDeadlineMs;
    this.queue = new ScanQueue(this.workers, opts.maxQueued ?? Number.POSITIVE_INFINITY);
    this.pool = new Piscina({
      filename: opts.workerFile ?? resolveWorkerFile(),
      minThreads: this.workers,
      maxThreads: this.workers,
      concurrentTasksPerWorker: 1,
      idleTimeout: Number.POSITIVE_INFINITY,
      // Scans leave sockets and timers behind; 'sync' atomics would freeze a worker's event loop between tasks.
      atomics: 'disabled',
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
      recordTiming: false,
    });
    // A worker error with no task attached (e.g. one dying while idle) must never become an uncaught 'error'.
    this.pool.on('error', () => {});
  }

  run(url: string, options: PortableScanOptions, hooks: ScanHooks = {}): Promise<ScanResult> {
    if (this.closing.signal.aborted) return Promise.reject(shuttingDown());
    const waitSignal = hooks.signal ? AbortSignal.any([hooks.signal, this.closing.signal]) : this.closing.signal;
    return this.queue.run(() => this.runInWorker(url, options, hooks), waitSignal);
  }

  stats(): RunnerStats {
    const { running, queued } = this.queue.size;
    return { running, queued, capacity: this.workers };
  }

  retryAfterSec(): number {
    return this.queue.retryAfterSec();
  }

  /** Stops running scans (their workers are terminated) and releases the threads. */
  async close(): Promise<void> {
    if (this.closing.signal.aborted) return;
    this.closing.abort();
    await this.pool.destroy();
  }

  private async runInWorker(url: string, options: PortableScanOptions, hooks: ScanHooks): Promise<ScanResult> {
    if (this.closing.signal.aborted) throw shuttingDown();
    if (hooks.signal?.aborted) throw new ScanError('aborted', 'The scan was cancelled.');
    const limitMs = this.hardDeadlineMs ?? (options.deadlineMs ?? ENGINE_DEFAULT_DEADLINE_MS) + this.graceMs;
    const stop = new AbortController();
    let reason: StopReason | undefined;
    const stopFor = (why: StopReason) => () => {
      reason ??= why;
      stop.abort();
    };
    const timer = setTimeout(stopFor('deadline'), limitMs);
    const onCaller = stopFor('caller');
    const onClose = stopFor('closed');
    hooks.signal?.addEventListener('abort', onCaller, { once: true });
    this.closing.signal.addEventListener('abort', onClose, { once: true });

    const { port1, port2 } = new MessageChannel();
    let endOfEvents!: () => void;
    const eventsDone = new Promise<void>((resolve) => (endOfEvents = resolve));
    port1.on('message', (msg: ScanEvent | typeof END_OF_EVENTS) => {
      if (msg === END_OF_EVENTS) return endOfEvents();
      try {
        hooks.onEvent?.(msg);
      } catch {
        // A listener's failure is the listener's: it must not take the pool's thread down.
      }
    });
    try {
      const outcome: TaskOutcome = await this.pool.run({ url, options, events: port2 }, { transferList: [port2], signal: stop.signal });
      // Events travel on their own port: wait for the last one so the caller sees them all before the result.
      await eventsDone;
      if (outcome.ok) return outcome.result;
      throw new ScanError(outcome.code, outcome.message);
    } catch (e) {
      if (e instanceof ScanError) throw e;
      throw this.describeFailure(e, reason, limitMs);
    } finally {
      clearTimeout(timer);
      hooks.signal?.removeEventListener('abort', onCaller);
      this.closing.signal.removeEventListener('abort', onClose);
      port1.close();
    }
  }

  /** A plain reason for a scan whose worker did not return (no stack traces, no internals). */
  private describeFailure(e: unknown, reason: StopReason | undefined, limitMs: number): ScanError {
    if (reason === 'caller') return new ScanError('aborted', 'The scan was cancelled.');
    if (reason === 'closed') return shuttingDown();
    if (reason === 'deadline') return new ScanError('scan-failed', `the scan did not finish within ${formatSeconds(limitMs)}; its worker was stopped`, e);
    const err = e as NodeJS.ErrnoException | undefined;
    if (err?.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|memory limit/i.test(err?.message ?? ''))
      return new ScanError('scan-failed', `the scan ran out of memory (each scan worker may use ${this.heapMb} MB of heap); the page is too large or too complex to analyse`, e);
    const detail = err?.message ? `: ${err.message.split('\n')[0].slice(0, 200)}` : '';
    return new ScanError('scan-failed', `the scan worker crashed${detail}`, e);
  }
}

function shuttingDown(): ScanError {
  return new ScanError('aborted', 'The scan was cancelled: the scanner is shutting down.');
}

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}
