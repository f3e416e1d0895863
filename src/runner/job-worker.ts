/**
 * The consumer side of the job queue: takes scan jobs from pg-boss and runs them on a local
 * ScanRunner (the worker-thread pool), `concurrency` at a time, relaying progress events on the
 * NOTIFY channel from one connection (so they arrive in order) and storing the outcome as the
 * job's output. The engine's own refusals (unreachable, blocked address, a page that crashed its
 * worker thread) are outcomes, not failures: retrying them would give the same answer. Only a
 * vanished worker (its job expires) or a shutdown that could not finish a job leads to a retry.
 */
import type pg from 'pg';
import { requireOptional } from '../optional-package.js';
import type PgBoss from 'pg-boss';
import { ScanError } from '../core/errors.js';
import { EVENTS_CHANNEL, SCAN_QUEUE, noticePayload, openBoss, type JobNotice, type ScanJobData, type ScanJobOutput } from './job-boss.js';
import type { RunnerStats, ScanRunner } from './types.js';
import { scanTarget } from '../core/target.js';

export interface JobWorkerOptions {
  databaseUrl: string;
  runner: ScanRunner;
  /** Jobs at once (one pg-boss fetch loop each). */
  concurrency: number;
  /** A started pg-boss to share (serve); default: its own. */
  boss?: PgBoss;
  /** How often an idle loop asks for a job, seconds (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** Refuse private, loopback and metadata addresses whatever the queuing instance allowed (`worker` without --allow-private-network). */
  blockPrivateNetwork?: boolean;
  /** How long stop() lets running jobs finish before handing them back to the queue (ms). */
  drainMs?: number;
}

export class JobWorker {
  private boss?: PgBoss;
  private ownsBoss = false;
  private notifier!: pg.Client;
  /** Notices go out one after another on the one client: the order the engine emitted them. */
  private sending: Promise<unknown> = Promise.resolve();
  private readonly active = new Map<string, AbortController>();
  private stopping = false;
  private poller?: NodeJS.Timeout;
  private pumping = false;
  /** Jobs fetched but not yet in `active`. */
  private starting = 0;
  /** Jobs finished here (tests and the worker's log read it). */
  completed = 0;

  constructor(private readonly opts: JobWorkerOptions) {}

  async start(): Promise<void> {
    this.boss = this.opts.boss;
    if (!this.boss) {
      this.boss = await openBoss({ databaseUrl: this.opts.databaseUrl });
      this.ownsBoss = true;
    }
    this.notifier = new (requireOptional<typeof pg>('pg').Client)({ connectionString: this.opts.databaseUrl });
    this.notifier.on('error', () => {});
    this.notifier.on('notification', (msg) => this.onNotice(msg.payload));
    await this.notifier.connect();
    // Cancellations of running jobs arrive on the same channel.
    await this.notifier.query(`LISTEN ${EVENTS_CHANNEL}`);
    // One fetch loop takes as many jobs as there are free slots (a pool runs many scans per
    // thread: one pg-boss loop per slot would poll the database 128 times a second when idle).
    const everyMs = Math.max(500, (this.opts.pollingIntervalSeconds ?? 0.5) * 1000);
    this.poller = setInterval(() => void this.pump(), everyMs);
    this.poller.unref();
    void this.pump();
  }

  /** Fetches jobs for the free slots; runs on a timer, when a slot frees and when a job is queued (NOTIFY). */
  private async pump(): Promise<void> {
    if (this.pumping || this.stopping || !this.boss) return;
    this.pumping = true;
    try {
      const slots = Math.max(1, this.opts.concurrency);
      while (!this.stopping && this.active.size + this.starting < slots) {
        const jobs = await this.boss.fetch<ScanJobData>(SCAN_QUEUE, { batchSize: slots - this.active.size - this.starting }).catch(() => []);
        if (jobs.length === 0) break;
        for (const job of jobs) void this.handle(job.id, job.data);
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Runs one fetched job: its outcome completes it; a throw fails it (pg-boss retries it elsewhere). */
  private async handle(id: string, data: ScanJobData): Promise<void> {
    this.starting++;
    let started = false;
    try {
      const run = this.runJob(id, data, () => {
        started = true;
        this.starting--;
      });
      await run;
    } catch (e) {
      await this.boss?.fail(SCAN_QUEUE, id, { message: (e as Error)?.message ?? String(e) }).catch(() => {});
    } finally {
      if (!started) this.starting--;
      void this.pump();
    }
  }

  stats(): RunnerStats {
    return { running: this.active.size, queued: 0, capacity: Math.max(1, this.opts.concurrency) };
  }

  /**
   * Stops taking jobs, lets running ones finish for up to drainMs, then aborts the rest: their
   * handlers fail, so pg-boss hands them to another worker (retry) at once instead of after expiry.
   */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.poller) clearInterval(this.poller);
    const until = Date.now() + (this.opts.drainMs ?? 10_000);
    while (this.active.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    for (const ac of this.active.values()) ac.abort();
    while (this.active.size > 0 && Date.now() < until + 5_000) await new Promise((r) => setTimeout(r, 50));
    // A job leaves `active` just before its end notice is queued on the notifier: ending the
    // connection now would drop that notice, and its caller would sleep until its safety poll.
    // Bounded: a database that stopped answering must not hold the shutdown.
    await Promise.race([this.sending, new Promise((r) => setTimeout(r, 5_000).unref())]);
    await this.notifier?.end().catch(() => {});
    if (this.ownsBoss) await this.boss?.stop({ graceful: false, wait: true, timeout: 5_000 }).catch(() => {});
  }

  private async runJob(id: string, data: ScanJobData, onActive: () => void): Promise<ScanJobOutput> {
    const ac = new AbortController();
    this.active.set(id, ac);
    onActive();
    try {
      const options = this.opts.blockPrivateNetwork ? { ...data.options, blockPrivateNetwork: true } : data.options;
      // The queue boundary: a job's url comes from the database, so it is validated here, once.
      // Once aborted (stop), the probes' failures are not the site's news: only the end notice goes out.
      const result = await this.opts.runner.run(scanTarget(data.url), options, {
        onEvent: (e) => (ac.signal.aborted ? undefined : this.notify({ j: id, e })),
        signal: ac.signal,
      });
      this.completed++;
      return await this.complete(id, { ok: true, result });
    } catch (e) {
      if (e instanceof ScanError && !this.stopping) return await this.complete(id, { ok: false, code: e.code, message: e.message });
      // Shutting down (or the runner itself broke): fail the job so another worker retries it.
      // Recorded before the end notice, like an outcome: a caller woken by the notice must read
      // a job that is no longer active, or it sleeps until its safety poll.
      const failure = this.stopping ? new Error('the worker stopped before finishing this scan') : e;
      await this.boss?.fail(SCAN_QUEUE, id, { message: (failure as Error)?.message ?? String(failure) }).catch(() => {});
      throw failure;
    } finally {
      this.active.delete(id);
      await this.notify({ j: id, end: true });
    }
  }

  /**
   * Stores the outcome before the end notice goes out, so a caller woken by the notice reads a
   * finished job (pg-boss's own completion after the handler is then a no-op: it only completes
   * active jobs).
   */
  private async complete(id: string, output: ScanJobOutput): Promise<ScanJobOutput> {
    await this.boss?.complete(SCAN_QUEUE, id, output as object).catch(() => {});
    return output;
  }

  private async notify(notice: JobNotice): Promise<void> {
    const payload = noticePayload(notice);
    if (!payload) return;
    this.sending = this.sending.then(() => this.notifier.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]).catch(() => {}));
    await this.sending;
  }

  private onNotice(payload: string | undefined): void {
    try {
      const notice = JSON.parse(payload ?? '') as JobNotice;
      if ('cancel' in notice) this.active.get(notice.j)?.abort();
      else if ('queued' in notice) void this.pump();
    } catch {
      // Not ours.
    }
  }
}
