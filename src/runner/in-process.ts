/**
 * Runs scans on the calling thread behind the bounded queue. For library callers and tests that
 * need no isolation; the service and CLI batches use the worker pool.
 */
import { scan } from '../core/scan.js';
import type { ScanResult } from '../core/schema.js';
import { ScanQueue } from './bounded-queue.js';
import type { PortableScanOptions, RunnerStats, ScanHooks, ScanRunner } from './types.js';
import type { ScanInput } from '../core/target.js';

export class InProcessRunner implements ScanRunner {
  private readonly queue: ScanQueue;
  private readonly controller = new AbortController();

  constructor(concurrency: number, maxQueued = Number.POSITIVE_INFINITY) {
    this.queue = new ScanQueue(concurrency, maxQueued);
  }

  run(url: ScanInput, options: PortableScanOptions, hooks: ScanHooks = {}): Promise<ScanResult> {
    const signal = hooks.signal ? AbortSignal.any([this.controller.signal, hooks.signal]) : this.controller.signal;
    return this.queue.run(() => scan(url, { ...options, onEvent: hooks.onEvent, signal }), hooks.signal, hooks.caller);
  }

  stats(): RunnerStats {
    const { running, queued } = this.queue.size;
    return { running, queued, capacity: this.queue.concurrency };
  }

  retryAfterSec(): number {
    return this.queue.retryAfterSec();
  }

  async close(): Promise<void> {
    this.controller.abort();
  }
}
