/**
 * The one small interface every scan executor satisfies: the in-process runner (library use,
 * tests), the worker-thread pool (serve, CLI batches) and, later, the shared job queue that feeds
 * pools on several machines. ScanService and the CLI only ever see a ScanRunner.
 */
import type { ScanOptions } from '../core/scan.js';
import type { ScanResult } from '../core/schema.js';
import type { ScanEventListener } from '../core/events.js';
import type { ScanInput } from '../core/target.js';

/** Scan options that can cross a thread or process boundary (no callbacks, no signals). */
export type PortableScanOptions = Omit<ScanOptions, 'onEvent' | 'signal'>;

export interface ScanHooks {
  /** Progress events, in order, as the engine emits them. */
  onEvent?: ScanEventListener;
  /** Aborting cancels a queued scan and stops a running one. */
  signal?: AbortSignal;
  /** Who asked (an account or a client address): queued scans are served to callers in turn. */
  caller?: string;
  /**
   * Scans `caller` may have in flight across every instance that shares this runner's queue
   * (0 or absent: no cap). The job queue counts them in the database and refuses the next with
   * CallerBusyError; runners that serve one instance leave the cap to ScanService's own count.
   */
  callerLimit?: number;
  /**
   * Called when the runner joined a scan already queued for the same request (the job queue's
   * de-duplication across instances): the call no longer counts against its caller's cap.
   */
  onJoined?: () => void;
}

export interface RunnerStats {
  running: number;
  queued: number;
  /** Scans that may run at once (the pool's --max-scans, spread over its worker threads). */
  capacity: number;
}

export interface ScanRunner {
  /**
   * Runs one scan. Rejects with QueueFullError when the queue in front of the executor is full,
   * with ScanError for the engine's own failures (invalid-url, unreachable, blocked-address,
   * aborted) and with ScanError('scan-failed') when the executor itself died (worker crash,
   * heap cap, deadline).
   */
  run(url: ScanInput, options: PortableScanOptions, hooks?: ScanHooks): Promise<ScanResult>;
  stats(): RunnerStats;
  /** Seconds a caller refused with QueueFullError should wait. */
  retryAfterSec(): number;
  /** Stops accepting scans, cancels running ones and releases threads. */
  close(): Promise<void>;
}
