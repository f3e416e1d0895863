/** What crosses between the pool (main thread) and a scan worker thread. */
import type { MessagePort } from 'node:worker_threads';
import type { ScanErrorCode } from '../core/errors.js';
import type { ScanResult } from '../core/schema.js';
import type { PortableScanOptions } from './types.js';

export interface ScanTask {
  url: string;
  /** `url` is the href of a ScanTarget the pool's caller made: taken as normalised (core/target.ts workerTarget). */
  normalised?: boolean;
  options: PortableScanOptions;
}

export type TaskOutcome = { ok: true; result: ScanResult } | { ok: false; code: ScanErrorCode; message: string };

/** Settings a worker thread starts with (workerData). */
export interface WorkerSettings {
  /** How often the thread says it is alive (ms); a silent thread is stalled. */
  beatMs: number;
  /** Concurrent requests per target origin across the thread's scans (politeness cap). */
  originConcurrency: number;
}

/** Main thread to worker. */
export type ToWorker = { t: 'run'; id: number; task: ScanTask; events: MessagePort } | { t: 'cancel'; id: number };

/** Worker to main thread. */
export type FromWorker = { t: 'ready' } | { t: 'beat' } | { t: 'done'; id: number; outcome: TaskOutcome };

/** Posted on the event port after the last progress event, so the caller has every event before the result. */
export const END_OF_EVENTS = '__ai_ready_end_of_events__';
