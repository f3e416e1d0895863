/**
 * The service's Prometheus metrics (prom-client, one registry per server): scans in flight,
 * queued and done or failed by reason, scan durations, refusals per cause, the worker pool's
 * thread events, and Node's own figures (event-loop delay, heap, GC) from collectDefaultMetrics.
 * Scan outcomes are counted by MeteredRunner, which wraps the service's runner.
 */
import type { Registry } from 'prom-client';
import { requireOptional } from '../optional-package.js';
import { ScanError } from '../core/errors.js';
import type { ScanResult } from '../core/schema.js';
import { CallerBusyError, QueueFullError, type PortableScanOptions, type RunnerStats, type ScanHooks, type ScanRunner } from '../runner/index.js';
import type { ScanService } from '../service/index.js';
import type { ScanInput } from '../core/target.js';

export interface ServiceMetrics {
  registry: Registry;
  /** Records one scan's outcome and duration. */
  observe(outcome: 'done' | 'failed' | 'rejected', reason: string, seconds?: number): void;
  /** Reads the live gauges from the service (called before each scrape). */
  bind(service: ScanService): void;
}

export function createMetrics(): ServiceMetrics {
  // An optional package (package.json peerDependenciesMeta): loaded only for --metrics.
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = requireOptional<typeof import('prom-client')>('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'ai_ready_' });
  let service: ScanService | undefined;
  const stats = (): (RunnerStats & { inFlight: number }) | undefined => service?.stats();
  new Gauge({
    name: 'ai_ready_scans_running',
    help: 'Scans running on the executor now',
    registers: [registry],
    collect() {
      this.set(stats()?.running ?? 0);
    },
  });
  new Gauge({
    name: 'ai_ready_scans_queued',
    help: 'Scans waiting for a slot',
    registers: [registry],
    collect() {
      this.set(stats()?.queued ?? 0);
    },
  });
  new Gauge({
    name: 'ai_ready_scan_capacity',
    help: 'Scans that may run at once (--max-scans)',
    registers: [registry],
    collect() {
      this.set(stats()?.capacity ?? 0);
    },
  });
  new Gauge({
    name: 'ai_ready_scans_in_flight',
    help: 'Distinct scans callers are waiting on (shared scans count once)',
    registers: [registry],
    collect() {
      this.set(stats()?.inFlight ?? 0);
    },
  });
  new Gauge({
    name: 'ai_ready_caller_rejections',
    help: 'Scan requests refused by the per-caller caps since start, by cap',
    labelNames: ['cap'],
    registers: [registry],
    collect() {
      this.set({ cap: 'in-flight' }, service?.callerRejections ?? 0);
      this.set({ cap: 'rate' }, service?.rateRejections ?? 0);
    },
  });
  new Gauge({
    name: 'ai_ready_pool_events',
    help: 'Worker pool figures: threads, quarantine threads, threads stopped (stall, heap, crash, deadline), scans re-run',
    labelNames: ['figure'],
    registers: [registry],
    collect() {
      const counts = poolCounts(service?.runner);
      if (!counts) return;
      for (const [figure, value] of Object.entries(counts)) this.set({ figure }, value);
    },
  });
  const scans = new Counter({
    name: 'ai_ready_scans_total',
    help: 'Scans finished by outcome (done, failed, rejected) and reason',
    labelNames: ['outcome', 'reason'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'ai_ready_scan_duration_seconds',
    help: 'Scan duration on the executor (queue wait included)',
    labelNames: ['outcome'],
    buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 45, 60],
    registers: [registry],
  });
  return {
    registry,
    observe(outcome, reason, seconds) {
      scans.inc({ outcome, reason });
      if (seconds !== undefined) duration.observe({ outcome }, seconds);
    },
    bind(s) {
      service = s;
    },
  };
}

function poolCounts(runner: ScanRunner | undefined): Record<string, number> | undefined {
  const inner = runner instanceof MeteredRunner ? runner.inner : runner;
  const counts = (inner as { counts?: () => Record<string, number> } | undefined)?.counts;
  return counts ? counts.call(inner) : undefined;
}

/** A ScanRunner that counts every scan's outcome and duration, then passes it on unchanged. */
export class MeteredRunner implements ScanRunner {
  constructor(
    readonly inner: ScanRunner,
    private readonly metrics: ServiceMetrics,
  ) {}

  async run(url: ScanInput, options: PortableScanOptions, hooks?: ScanHooks): Promise<ScanResult> {
    const started = performance.now();
    try {
      const result = await this.inner.run(url, options, hooks);
      this.metrics.observe('done', 'ok', (performance.now() - started) / 1000);
      return result;
    } catch (e) {
      if (e instanceof QueueFullError) this.metrics.observe('rejected', 'queue-full');
      // The job queue's cap on a caller's scans across instances.
      else if (e instanceof CallerBusyError) this.metrics.observe('rejected', 'caller-busy');
      else this.metrics.observe('failed', e instanceof ScanError ? e.code : 'internal', (performance.now() - started) / 1000);
      throw e;
    }
  }

  stats(): RunnerStats {
    return this.inner.stats();
  }

  retryAfterSec(): number {
    return this.inner.retryAfterSec();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
