/**
 * What the job queue's two sides (JobQueueRunner: enqueue and wait; JobWorker: take and run)
 * share: the pg-boss queue, the NOTIFY channel that carries progress events across processes, the
 * job's data and output shapes, and the expiry that decides when a silent worker is presumed dead.
 */
import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { requireOptional } from '../optional-package.js';
import type { ScanErrorCode } from '../core/errors.js';
import type { ScanEvent } from '../core/events.js';
import type { ScanResult } from '../core/schema.js';
import type { PortableScanOptions } from './types.js';

/** The pg-boss queue every instance and worker shares. */
export const SCAN_QUEUE = 'ai-ready-scan';
/** One LISTEN/NOTIFY channel for every job's events; payloads name their job. */
export const EVENTS_CHANNEL = 'ai_ready_scan_events';
/** Postgres refuses NOTIFY payloads of 8000 bytes or more; larger events are not relayed. */
export const MAX_NOTIFY_BYTES = 7_900;
/** The engine's default whole-scan deadline (core/scan.ts DEFAULT_DEADLINE_MS). */
export const ENGINE_DEFAULT_DEADLINE_MS = 45_000;
/**
 * Time after the scan deadline before a silent (killed) worker's job is expired and retried: longer
 * than the pool's own hard stop (deadline + 5 s), so a live worker always reports first.
 */
export const DEFAULT_EXPIRY_GRACE_MS = 10_000;
/** How often one process (whichever wins pg-boss's maintenance lock) expires stale jobs. */
export const DEFAULT_MAINTENANCE_SEC = 2;

export interface ScanJobData {
  url: string;
  options: PortableScanOptions;
  /** url + options digest: equal requests share one job (in-flight de-duplication across instances). */
  key: string;
  /** Digest of who asked (callerDigest): the caller's jobs are counted for its cap and its turn. */
  caller?: string;
}

/** What a finished job stores as its output: the result, or the engine's own refusal. */
export type ScanJobOutput = { ok: true; result: ScanResult } | { ok: false; code: ScanErrorCode; message: string };

/** A NOTIFY payload: an event of job j, or its end marker (no more events follow). */
export type JobNotice = { j: string; e: ScanEvent } | { j: string; end: true } | { j: string; cancel: true } | { j: string; queued: true };

export function jobKey(url: string, options: PortableScanOptions): string {
  return createHash('sha256')
    .update(JSON.stringify([url, options]))
    .digest('hex')
    .slice(0, 40);
}

/**
 * What a job row says of its caller (`client:<address bucket>` or `account:<id>`): a digest, so
 * the queue's rows (kept an hour, then archived) do not carry client addresses. It only has to
 * tell callers apart and be the same on every instance; it is not a secret (an IPv4 bucket's
 * digest can be found by trying them all), and the rate-limit counters hold the bucket anyway.
 * Scans that name no caller (library use) share one turn, as in the in-process queue.
 */
export function callerDigest(caller: string | undefined): string {
  return createHash('sha256')
    .update(`ai-ready-caller:${caller ?? ''}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * The pg-boss priority of a caller's new job, so that the shared queue (fetched by priority
 * desc, then created_on) serves callers in turn: a caller's n-th job in flight waits behind
 * every caller's (n-1)-th, i.e. the queue interleaves A0, B0, A1, B1, ... A job never goes ahead
 * of its own caller's older queued jobs (`lowestQueued`, their lowest priority), so a caller's
 * scans keep their order and none of them can be overtaken for ever by the same caller's later
 * ones. Priorities stay within [-(the most jobs the caller has had in flight at once), 0]: with
 * a cap, [-(cap - 1), 0].
 *
 * @param live the caller's jobs created, waiting for a retry or running, now
 * @param lowestQueued the lowest priority among the caller's jobs not started yet (null: none)
 */
export function turnPriority(live: number, lowestQueued: number | null): number {
  const turn = 0 - Math.max(0, Math.floor(live));
  return lowestQueued === null ? turn : Math.min(turn, lowestQueued);
}

/** Seconds a job may stay active: the scan's own deadline plus a grace (pg-boss wants whole seconds, at least 1). */
export function expirySeconds(options: PortableScanOptions, graceMs = DEFAULT_EXPIRY_GRACE_MS): number {
  return Math.max(1, Math.ceil(((options.deadlineMs ?? ENGINE_DEFAULT_DEADLINE_MS) + graceMs) / 1000));
}

export interface BossOptions {
  databaseUrl: string;
  maintenanceIntervalSeconds?: number;
}

/** Starts pg-boss (its schema is created or migrated under its own advisory lock) and makes sure the queue exists. */
export async function openBoss(opts: BossOptions): Promise<PgBoss> {
  // An optional package (package.json peerDependenciesMeta): only a Postgres job queue loads it.
  const Boss = requireOptional<typeof PgBoss>('pg-boss');
  const boss = new Boss({
    connectionString: opts.databaseUrl,
    max: 4,
    schedule: false,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? DEFAULT_MAINTENANCE_SEC,
    // Finished jobs only serve callers still waiting; an hour is plenty.
    archiveCompletedAfterSeconds: 3_600,
  });
  // pg-boss reports background failures (a lost connection) as 'error'; unheard, they would crash the process.
  boss.on('error', () => {});
  await boss.start();
  try {
    if (!(await boss.getQueue(SCAN_QUEUE))) await boss.createQueue(SCAN_QUEUE, { name: SCAN_QUEUE, policy: 'standard' });
  } catch (e) {
    // Two processes creating the queue at once: one wins, the other finds it.
    if (!(await boss.getQueue(SCAN_QUEUE))) throw e;
  }
  return boss;
}

/** The NOTIFY text for a notice, or null when Postgres would refuse it for its size. */
export function noticePayload(notice: JobNotice): string | null {
  const text = JSON.stringify(notice);
  return Buffer.byteLength(text) < MAX_NOTIFY_BYTES ? text : null;
}
