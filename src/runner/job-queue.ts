/**
 * Scans as durable jobs on Postgres (pg-boss): `run()` enqueues the scan and resolves when some
 * worker (an `ai-ready worker` process, or a `serve` instance with local workers) has finished it.
 *
 * - Progress events cross processes on one LISTEN/NOTIFY channel (payloads name their job); the
 *   result travels as the job's output, read when the job is done (NOTIFY payloads are < 8000 bytes).
 * - In-flight de-duplication across instances: equal requests (same URL and options) made while a
 *   job for them is queued or running join that job instead of adding one (an advisory lock per key
 *   makes the look-up-then-send atomic). A joiner sees the events from the moment it joins.
 * - Fair across instances: each job carries a digest of its caller (`hooks.caller`). Under an
 *   advisory lock per caller, in the transaction that adds the job, the caller's jobs in flight on
 *   every instance are counted: at `hooks.callerLimit` the call is refused (CallerBusyError, 429),
 *   else the count sets the job's pg-boss priority (turnPriority), so consumers, which fetch by
 *   priority, serve callers in turn instead of first come. Joining a job costs nothing, and a
 *   waiting job is lifted to its joiner's turn when that comes sooner.
 * - A worker killed mid-scan stops updating its job; pg-boss expires it after the scan deadline plus
 *   a grace and retries it (once by default) on whichever worker polls next. When that also fails,
 *   or the caller's bounded wait runs out, the caller gets ScanError('scan-failed') (502).
 * - Aborting a call cancels the job when this call created it (joined jobs keep running for others);
 *   closing the runner (shutdown) leaves queued jobs to the workers.
 *
 * With `local`, this instance also consumes jobs with its own pool (`serve --workers n`); without,
 * it is web-only and other processes run its scans.
 */
import type pg from 'pg';
import { requireOptional } from '../optional-package.js';
import type PgBoss from 'pg-boss';
import { ScanError } from '../core/errors.js';
import type { ScanEvent } from '../core/events.js';
import type { ScanResult } from '../core/schema.js';
import {
  DEFAULT_EXPIRY_GRACE_MS,
  DEFAULT_MAINTENANCE_SEC,
  EVENTS_CHANNEL,
  SCAN_QUEUE,
  callerDigest,
  expirySeconds,
  jobKey,
  noticePayload,
  openBoss,
  turnPriority,
  type JobNotice,
  type ScanJobData,
  type ScanJobOutput,
} from './job-boss.js';
import { JobWorker } from './job-worker.js';
import { QueueFullError } from './bounded-queue.js';
import { CallerBusyError } from './caller-busy.js';
import type { PortableScanOptions, RunnerStats, ScanHooks, ScanRunner } from './types.js';
import { inputHref, type ScanInput } from '../core/target.js';

export interface JobQueueOptions {
  databaseUrl: string;
  /** Retries of a job whose worker vanished (default 1). */
  retryLimit?: number;
  /** Time after the scan deadline before a silent worker's job expires (default 10 s). */
  expiryGraceMs?: number;
  /** pg-boss maintenance (expiry) interval, seconds (default 2). */
  maintenanceIntervalSeconds?: number;
  /**
   * A waiting caller reads its job's state when the job's end notice arrives (LISTEN/NOTIFY);
   * this is only the safety net for a lost notice or a job expired under a vanished worker, ms
   * (default 5000).
   */
  pollMs?: number;
  /**
   * Scans that may wait: callers waiting on this instance, and jobs queued across every instance
   * (checked when a new job would be added). Beyond it run() rejects with QueueFullError (503 +
   * Retry-After). Default 256.
   */
  maxQueued?: number;
  /**
   * Run jobs here too: a local runner (the worker pool), how many jobs at once, and this
   * instance's own private-network rule (true: refused whatever the job says).
   */
  local?: { runner: ScanRunner; concurrency: number; blockPrivateNetwork?: boolean };
}

/** Default bound on waiting callers per instance and on queued jobs overall. */
export const DEFAULT_MAX_QUEUED_JOBS = 256;

/** The advisory-lock class of the per-caller locks (the two-key form: never collides with the per-request keys). */
const CALLER_LOCK_CLASS = 0x61697263;

interface Waiter {
  onEvent?: (e: ScanEvent) => void;
  /** Called when the job's end notice arrives. */
  onEnd: () => void;
}

export class JobQueueRunner implements ScanRunner {
  private boss!: PgBoss;
  private pool!: pg.Pool;
  private listener!: pg.Client;
  private worker?: JobWorker;
  private readonly waiters = new Map<string, Set<Waiter>>();
  private readonly closing = new AbortController();
  private waiting = 0;
  private readonly retryLimit: number;
  private readonly graceMs: number;
  private readonly pollMs: number;
  private readonly maxQueued: number;
  /** Jobs queued overall at the last count, and a moving average of job durations: for Retry-After. */
  private lastQueued = 0;
  private avgMs = 5_000;

  private constructor(private readonly opts: JobQueueOptions) {
    this.retryLimit = opts.retryLimit ?? 1;
    this.graceMs = opts.expiryGraceMs ?? DEFAULT_EXPIRY_GRACE_MS;
    this.pollMs = opts.pollMs ?? 5_000;
    this.maxQueued = opts.maxQueued ?? DEFAULT_MAX_QUEUED_JOBS;
  }

  /** Connects (queue, event listener and, with `local`, the consumer); fails with a clear error when the database is unreachable. */
  static async open(opts: JobQueueOptions): Promise<JobQueueRunner> {
    const runner = new JobQueueRunner(opts);
    try {
      await runner.connect();
    } catch (e) {
      await runner.close().catch(() => {});
      throw e;
    }
    return runner;
  }

  private async connect(): Promise<void> {
    const { databaseUrl } = this.opts;
    this.boss = await openBoss({ databaseUrl, maintenanceIntervalSeconds: this.opts.maintenanceIntervalSeconds ?? DEFAULT_MAINTENANCE_SEC });
    this.pool = new (requireOptional<typeof pg>('pg').Pool)({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: 10_000 });
    this.pool.on('error', () => {});
    // Only speed is at stake: a database that refuses the indexes still queues correctly.
    await this.ensureIndexes().catch(() => {});
    this.listener = new (requireOptional<typeof pg>('pg').Client)({ connectionString: databaseUrl });
    // A lost listener only costs progress events: results are read from the job itself.
    this.listener.on('error', () => {});
    this.listener.on('notification', (msg) => this.onNotice(msg.payload));
    await this.listener.connect();
    await this.listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    if (this.opts.local) {
      const { runner, concurrency, blockPrivateNetwork } = this.opts.local;
      this.worker = new JobWorker({ boss: this.boss, databaseUrl, runner, concurrency, blockPrivateNetwork });
      await this.worker.start();
    }
  }

  async run(url: ScanInput, options: PortableScanOptions, hooks: ScanHooks = {}): Promise<ScanResult> {
    if (this.closing.signal.aborted) throw shuttingDown();
    if (hooks.signal?.aborted) throw new ScanError('aborted', 'The scan was cancelled.');
    if (this.waiting >= this.maxQueued) throw new QueueFullError(this.retryAfterSec());
    this.waiting++;
    const started = Date.now();
    const signal = hooks.signal ? AbortSignal.any([hooks.signal, this.closing.signal]) : this.closing.signal;
    let ended = false;
    /** End notices seen: one arriving while the job's state is being read must not be slept through. */
    let ends = 0;
    let wake: () => void = () => {};
    const waiter: Waiter = {
      onEvent: hooks.onEvent,
      onEnd: () => {
        ended = true;
        ends++;
        wake();
      },
    };
    let jobId: string | undefined;
    let created = false;
    try {
      const expireIn = expirySeconds(options, this.graceMs);
      // Every attempt may use its whole expiry; expiry is noticed within a maintenance interval; a retry waits for a poll.
      const limitMs = (this.retryLimit + 1) * (expireIn + (this.opts.maintenanceIntervalSeconds ?? DEFAULT_MAINTENANCE_SEC) + 2) * 1000 + 5_000;
      const until = Date.now() + limitMs;
      ({ id: jobId, created } = await this.enqueue(inputHref(url), options, expireIn, hooks));
      if (!created) hooks.onJoined?.();
      this.watch(jobId, waiter);
      for (;;) {
        const seen = ends;
        const job = await this.boss.getJobById<ScanJobData>(SCAN_QUEUE, jobId);
        if (!job) throw new ScanError('scan-failed', 'the scan job disappeared from the queue');
        if (job.state === 'completed') {
          // The result is stored before the end notice may arrive: give the last events a moment.
          if (!ended && hooks.onEvent) await sleep(300, signal, (w) => (wake = w));
          this.avgMs = this.avgMs * 0.8 + (Date.now() - started) * 0.2;
          return outcomeOf(job.output as ScanJobOutput | null);
        }
        if (job.state === 'failed')
          throw new ScanError('scan-failed', `the scan's worker stopped before finishing (tried ${job.retryCount + 1} time${job.retryCount ? 's' : ''})`);
        if (job.state === 'cancelled') throw new ScanError('aborted', 'The scan was cancelled.');
        if (signal.aborted)
          throw signal === this.closing.signal || this.closing.signal.aborted ? shuttingDown() : new ScanError('aborted', 'The scan was cancelled.');
        if (Date.now() > until) throw new ScanError('scan-failed', `no worker finished the scan within ${Math.round(limitMs / 1000)} s`);
        // Woken by the job's end notice (the worker stores the outcome before sending it), or the safety poll.
        if (ends === seen) await sleep(this.pollMs, signal, (w) => (wake = w));
      }
    } catch (e) {
      // The caller gave up, or the wait ran out: stop a job only this call asked for. A shutting-down
      // instance leaves its jobs alone (another instance may have joined them).
      const gaveUp = !!hooks.signal?.aborted || (e instanceof ScanError && e.code === 'scan-failed');
      if (jobId && created && gaveUp && !this.closing.signal.aborted) void this.cancel(jobId);
      throw e;
    } finally {
      this.waiting--;
      if (jobId) this.unwatch(jobId, waiter);
    }
  }

  stats(): RunnerStats {
    const local = this.worker?.stats();
    return { running: local?.running ?? 0, queued: this.waiting, capacity: local?.capacity ?? 0 };
  }

  /** The jobs ahead, over the scans this instance runs (or a nominal 4), times recent scan durations. */
  retryAfterSec(): number {
    const capacity = Math.max(1, this.worker?.stats().capacity ?? 4);
    const rounds = Math.ceil((Math.max(this.lastQueued, this.waiting) + 1) / capacity);
    return Math.min(120, Math.max(1, Math.ceil((rounds * this.avgMs) / 1000)));
  }

  async close(): Promise<void> {
    if (this.closing.signal.aborted) return;
    this.closing.abort();
    await this.worker?.stop().catch(() => {});
    await this.opts.local?.runner.close().catch(() => {});
    await this.listener?.end().catch(() => {});
    await this.pool?.end().catch(() => {});
    await this.boss?.stop({ graceful: false, wait: true, timeout: 5_000 }).catch(() => {});
  }

  /**
   * Joins the queued or running job for the same request, or sends a new one: atomically per key
   * (one job per request) and per caller (its cap and its turn).
   */
  private async enqueue(url: string, options: PortableScanOptions, expireInSeconds: number, hooks: ScanHooks): Promise<{ id: string; created: boolean }> {
    const key = jobKey(url, options);
    const conn = await this.pool.connect();
    try {
      await conn.query('BEGIN');
      await conn.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ai-ready-scan:${key}`]);
      // pg-boss 10's own table (schema pgboss): a job for this key that is waiting or running
      // (states created, retry, active: the enum orders them before completed).
      const found = await conn.query<{ id: string }>(`SELECT id FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed' LIMIT 1`, [
        SCAN_QUEUE,
        key,
      ]);
      const caller = callerDigest(hooks.caller);
      if (found.rows[0]) {
        // Joining is free, and the joiner keeps its own turn: a job still waiting is lifted to
        // it, so a caller asking for a URL deep in another caller's backlog does not wait for
        // that backlog. (No caller lock: a turn off by one is harmless; a cap is not at stake.)
        const joinedLoad = await this.callerLoad(conn, caller);
        const turn = turnPriority(joinedLoad.live, joinedLoad.lowest);
        await conn.query(`UPDATE pgboss.job SET priority = $3 WHERE name = $1 AND id = $2 AND state < 'active' AND priority < $3`, [
          SCAN_QUEUE,
          found.rows[0].id,
          turn,
        ]);
        await conn.query('COMMIT');
        return { id: found.rows[0].id, created: false };
      }
      // The caller's share, counted across every instance. The lock is always taken after the
      // request's: no two transactions wait on each other in the other order.
      await conn.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [CALLER_LOCK_CLASS, caller]);
      const { live, lowest } = await this.callerLoad(conn, caller);
      const limit = hooks.callerLimit ?? 0;
      if (limit > 0 && live >= limit) {
        await conn.query('ROLLBACK');
        throw new CallerBusyError(limit, Math.max(1, Math.min(60, this.retryAfterSec())));
      }
      // Joining costs nothing; a new job must find room in the shared queue.
      const queued = await conn.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry') LIMIT $2) q`,
        [SCAN_QUEUE, this.maxQueued],
      );
      this.lastQueued = queued.rows[0]?.n ?? 0;
      if (this.lastQueued >= this.maxQueued) {
        await conn.query('ROLLBACK');
        throw new QueueFullError(this.retryAfterSec());
      }
      const data: ScanJobData = { url, options, key, caller };
      const id = await this.boss.send(SCAN_QUEUE, data, {
        singletonKey: key,
        priority: turnPriority(live, lowest),
        expireInSeconds,
        retryLimit: this.retryLimit,
        retryDelay: 0,
        db: { executeSql: (text: string, values: unknown[]) => conn.query(text, values) },
      });
      if (!id) throw new ScanError('scan-failed', 'the job queue refused the scan');
      // Wakes idle consumers at once instead of at their next poll. Sent in the transaction
      // (Postgres delivers it at commit) and on this connection: asking the pool for another one
      // while holding this could wait for ever when every connection does the same.
      const queuedNotice = noticePayload({ j: id, queued: true });
      if (queuedNotice) await conn.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, queuedNotice]);
      await conn.query('COMMIT');
      return { id, created: true };
    } catch (e) {
      await conn.query('ROLLBACK').catch(() => {});
      if (e instanceof ScanError || e instanceof QueueFullError || e instanceof CallerBusyError) throw e;
      throw new ScanError('scan-failed', `could not queue the scan: ${(e as Error).message}`, e);
    } finally {
      conn.release();
    }
  }

  /** The caller's jobs in flight on every instance, and the lowest priority among those not started. */
  private async callerLoad(conn: pg.PoolClient, caller: string): Promise<{ live: number; lowest: number | null }> {
    const load = await conn.query<{ live: number; lowest: number | null }>(
      `SELECT count(*)::int AS live, min(priority) FILTER (WHERE state < 'active') AS lowest
         FROM pgboss.job WHERE name = $1 AND data->>'caller' = $2 AND state < 'completed'`,
      [SCAN_QUEUE, caller],
    );
    return { live: load.rows[0]?.live ?? 0, lowest: load.rows[0]?.lowest ?? null };
  }

  /**
   * Indexes for the two look-ups of every enqueue (the request's job in flight, the caller's jobs
   * in flight) on this queue's pg-boss partition, so that their cost follows the jobs in flight,
   * not the hour of finished jobs pg-boss keeps. Created once, under a lock (instances start
   * together); pg-boss ignores indexes it did not make.
   */
  private async ensureIndexes(): Promise<void> {
    const conn = await this.pool.connect();
    try {
      await conn.query('BEGIN');
      await conn.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['ai-ready-scan:indexes']);
      const found = await conn.query<{ partition_name: string }>('SELECT partition_name FROM pgboss.queue WHERE name = $1', [SCAN_QUEUE]);
      const table = found.rows[0]?.partition_name;
      // pg-boss names a partition 'j' + sha224(queue name) in hex; anything else is left alone.
      if (table && /^j[0-9a-f]{56}$/.test(table)) {
        await conn.query(`CREATE INDEX IF NOT EXISTS ${table}_aik ON pgboss.${table} (singleton_key) WHERE state < 'completed'`);
        await conn.query(`CREATE INDEX IF NOT EXISTS ${table}_aic ON pgboss.${table} ((data->>'caller')) WHERE state < 'completed'`);
      }
      await conn.query('COMMIT');
    } catch (e) {
      await conn.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      conn.release();
    }
  }

  private async cancel(jobId: string): Promise<void> {
    const payload = noticePayload({ j: jobId, cancel: true });
    await this.boss.cancel(SCAN_QUEUE, jobId).catch(() => {});
    if (payload) await this.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]).catch(() => {});
  }

  private watch(jobId: string, waiter: Waiter): void {
    let set = this.waiters.get(jobId);
    if (!set) this.waiters.set(jobId, (set = new Set()));
    set.add(waiter);
  }

  private unwatch(jobId: string, waiter: Waiter): void {
    const set = this.waiters.get(jobId);
    set?.delete(waiter);
    if (set?.size === 0) this.waiters.delete(jobId);
  }

  private onNotice(payload: string | undefined): void {
    let notice: JobNotice;
    try {
      notice = JSON.parse(payload ?? '') as JobNotice;
    } catch {
      return;
    }
    const set = this.waiters.get(notice.j);
    if (!set) return;
    for (const w of set) {
      try {
        if ('e' in notice) w.onEvent?.(notice.e);
        else if ('end' in notice) w.onEnd();
      } catch {
        // A listener's failure is the listener's.
      }
    }
  }
}

function outcomeOf(output: ScanJobOutput | null): ScanResult {
  if (output && output.ok === true) return output.result;
  if (output && output.ok === false) throw new ScanError(output.code, output.message);
  throw new ScanError('scan-failed', 'the scan job finished without a result');
}

function shuttingDown(): ScanError {
  return new ScanError('aborted', 'The scan was cancelled: the scanner is shutting down.');
}

/** Waits ms, or less when aborted or woken (an end notice). */
function sleep(ms: number, signal: AbortSignal, setWake: (wake: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      setWake(() => {});
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    setWake(done);
  });
}
