/**
 * Bounded scan concurrency: at most `concurrency` scans run, at most `maxQueued` wait; beyond
 * that the caller gets QueueFullError (503 + Retry-After) instead of an ever-growing backlog.
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

export class ScanQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Moving average of scan durations, for an honest Retry-After. */
  private avgMs = 5000;

  constructor(
    readonly concurrency: number,
    readonly maxQueued: number,
  ) {}

  get size(): { running: number; queued: number } {
    return { running: this.running, queued: this.waiting.length };
  }

  retryAfterSec(): number {
    const rounds = Math.ceil((this.waiting.length + 1) / Math.max(1, this.concurrency));
    return Math.min(120, Math.max(1, Math.ceil((rounds * this.avgMs) / 1000)));
  }

  /** Aborting `signal` while the task still waits takes it out of the queue (ScanError 'aborted'). */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw cancelled();
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueued) throw new QueueFullError(this.retryAfterSec());
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { resolve };
        const onAbort = () => {
          const i = this.waiting.indexOf(waiter);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(cancelled());
        };
        waiter.resolve = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiting.push(waiter);
      });
    } else this.running++;
    const started = Date.now();
    try {
      return await task();
    } finally {
      this.avgMs = this.avgMs * 0.8 + (Date.now() - started) * 0.2;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter.
      if (next) next.resolve();
      else this.running--;
    }
  }
}

function cancelled(): ScanError {
  return new ScanError('aborted', 'The scan was cancelled.');
}
