/**
 * Bounded, fair scan concurrency: at most `concurrency` scans run, at most `maxQueued` wait;
 * beyond that the caller gets QueueFullError (503 + Retry-After) instead of an ever-growing
 * backlog. Waiting scans are grouped by caller and a freed slot goes to the callers in turn
 * (round-robin), so one caller's twenty queued scans never stand in front of another's one.
 */
import { ScanError } from '../core/errors.js';

export class QueueFullError extends Error {
  constructor(readonly retryAfterSec: number) {
    super('The scan queue is full.');
  }
}

interface Waiter {
  resolve: () => void;
}

/** The caller key of scans that name none (library use, batches): they share one turn. */
const NO_CALLER = '';

export class ScanQueue {
  private running = 0;
  private queued = 0;
  /** Waiting scans per caller; Map iteration order is the round-robin order. */
  private readonly waiting = new Map<string, Waiter[]>();
  /** Moving average of scan durations, for an honest Retry-After. */
  private avgMs = 5000;

  constructor(
    readonly concurrency: number,
    readonly maxQueued: number,
  ) {}

  get size(): { running: number; queued: number } {
    return { running: this.running, queued: this.queued };
  }

  retryAfterSec(): number {
    const rounds = Math.ceil((this.queued + 1) / Math.max(1, this.concurrency));
    return Math.min(120, Math.max(1, Math.ceil((rounds * this.avgMs) / 1000)));
  }

  /**
   * Runs `task` when a slot is free and it is `caller`'s turn. Aborting `signal` while the task
   * still waits takes it out of the queue (ScanError 'aborted').
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal, caller: string = NO_CALLER): Promise<T> {
    if (signal?.aborted) throw cancelled();
    if (this.running >= this.concurrency) {
      if (this.queued >= this.maxQueued) throw new QueueFullError(this.retryAfterSec());
      await this.enqueue(caller, signal);
    } else this.running++;
    const started = Date.now();
    try {
      return await task();
    } finally {
      this.avgMs = this.avgMs * 0.8 + (Date.now() - started) * 0.2;
      const next = this.nextWaiter();
      // The slot passes straight to the next waiter.
      if (next) next.resolve();
      else this.running--;
    }
  }

  private enqueue(caller: string, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve };
      const onAbort = () => {
        const list = this.waiting.get(caller);
        const i = list?.indexOf(waiter) ?? -1;
        if (list && i >= 0) {
          list.splice(i, 1);
          this.queued--;
          if (list.length === 0) this.waiting.delete(caller);
        }
        reject(cancelled());
      };
      waiter.resolve = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      let list = this.waiting.get(caller);
      if (!list) this.waiting.set(caller, (list = []));
      list.push(waiter);
      this.queued++;
    });
  }

  /** The first caller in turn gives up its oldest waiter and goes to the back of the line. */
  private nextWaiter(): Waiter | undefined {
    for (const [caller, list] of this.waiting) {
      const waiter = list.shift();
      this.waiting.delete(caller);
      if (list.length > 0) this.waiting.set(caller, list);
      if (waiter) {
        this.queued--;
        return waiter;
      }
    }
    return undefined;
  }
}

function cancelled(): ScanError {
  return new ScanError('aborted', 'The scan was cancelled.');
}
