/**
 * The monitor scheduler of `ai-ready serve`: every tick it claims the due monitors (atomically, in
 * the store, so restarts and a second process never double-run a slot), runs at most
 * `concurrency` scans at once, saves each result as a report (the account's history and the
 * domain's history), and records alerts, queueing them for the monitor's signed webhook: the
 * delivery loop (./deliveries.ts) sends them outside the scan slots, with retries.
 */
import { gradeFor } from '../core/schema.js';
import type { Store, StoredReport } from '../store/types.js';
import { shareUrlOf, type ScanService } from '../service/index.js';
import type { ClaimedMonitor, MonitorStore } from '../store/types.js';
import { decideAlert } from './alerts.js';
import type { WebhookOptions } from './webhook.js';
import { createDeliveryLoop, type DeliveryLoopOptions } from './deliveries.js';
import { newShareId } from '../store/secrets.js';

export interface SchedulerOptions {
  monitors: MonitorStore;
  store: Store;
  /**
   * The scan door: each run is a fresh scan of the monitor's URL for its owner's account, saved
   * as a report in the account's history under the service's one visibility rule.
   */
  service: Pick<ScanService, 'scan'>;
  /** Scans running at once. Default 2. */
  concurrency?: number;
  /** How often due monitors are looked for. Default 15 s. */
  tickMs?: number;
  /** How long a claimed run may take before another process may claim it again. Default 10 min. */
  leaseMs?: number;
  /** Random delay added to each next run, as a share of the interval (default 0.1), capped at maxJitterMs (default 5 min). */
  jitterRatio?: number;
  maxJitterMs?: number;
  webhook?: WebhookOptions;
  /** The webhook delivery loop's settings (concurrency, retry delays). */
  deliveries?: Pick<DeliveryLoopOptions, 'concurrency' | 'tickMs' | 'retryDelaysMs'>;
  /** Base address of the service, for report links in webhook events. */
  baseUrl?: string | (() => string);
  log?: (line: string) => void;
}

export interface MonitorScheduler {
  start(): void;
  /** Claims and starts due runs now; resolves once they are started (not finished). */
  tick(): Promise<void>;
  /** Resolves when no run is in flight. */
  idle(): Promise<void>;
  /** Stops ticking and waits for in-flight runs. */
  stop(): Promise<void>;
}

export function createMonitorScheduler(opts: SchedulerOptions): MonitorScheduler {
  const concurrency = Math.max(1, opts.concurrency ?? 2);
  const tickMs = opts.tickMs ?? 15_000;
  const log = opts.log ?? (() => {});
  const baseUrl = () => (typeof opts.baseUrl === 'function' ? opts.baseUrl() : (opts.baseUrl ?? ''));
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let ticking: Promise<void> | null = null;
  const deliveries = createDeliveryLoop({ monitors: opts.monitors, webhook: opts.webhook, log, ...opts.deliveries });

  async function runOne(m: ClaimedMonitor): Promise<void> {
    const at = new Date().toISOString();
    const account = await opts.store.getAccount(m.accountId);
    if (!account) {
      // Never publish an orphan's results anonymously: record the failure instead.
      await opts.monitors.finishRun(
        m.id,
        { at, status: 'error', reportId: null, score: null, grade: null, level: null, error: 'the owning account no longer exists' },
        m.below,
      );
      return;
    }
    let report: StoredReport;
    try {
      // A monitor scans with the defaults: its record holds the URL only (no parameter to hand on).
      const outcome = await opts.service.scan(m.url, { account, fresh: true, params: {} });
      if (!outcome.report) throw new Error('the scan service keeps no reports');
      report = outcome.report;
    } catch (e) {
      const error = (e as Error)?.message ?? 'scan failed';
      await opts.monitors.finishRun(m.id, { at, status: 'error', reportId: null, score: null, grade: null, level: null, error }, m.below);
      log(`monitor ${m.id}: ${m.url} could not be scanned: ${error}`);
      return;
    }
    const result = report.result;
    const grade = result.grade ?? gradeFor(result.overallScore);
    const decision = decideAlert({ minScore: m.minScore, minGrade: m.minGrade }, { score: result.overallScore, grade }, { grade: m.lastGrade, below: m.below });
    await opts.monitors.finishRun(
      m.id,
      { at, status: decision.below ? 'below' : 'ok', reportId: report.id, score: result.overallScore, grade, level: result.level, error: null },
      decision.below,
    );
    if (!decision.kinds.length) return;
    const message = `${m.url}: ${decision.reasons.join('; ')}`;
    const alert = await opts.monitors.recordAlert({
      monitorId: m.id,
      at,
      kinds: decision.kinds,
      message,
      reportId: report.id,
      score: result.overallScore,
      grade,
      previousGrade: m.lastGrade,
    });
    log(`monitor ${m.id} alert: ${message}`);
    if (!m.webhookUrl || !m.webhookSecret) return;
    const event = {
      type: 'monitor.alert',
      id: `evt_${newShareId(16)}`,
      createdAt: new Date().toISOString(),
      alert: { id: alert.id, kinds: decision.kinds, reasons: decision.reasons, message },
      monitor: { id: m.id, url: m.url, minScore: m.minScore, minGrade: m.minGrade, intervalSec: m.intervalSec },
      report: {
        id: report.id,
        url: result.url,
        score: result.overallScore,
        grade,
        level: result.level,
        levelName: result.levelName,
        ...(baseUrl() ? { shareUrl: shareUrlOf(baseUrl(), report.id) } : {}),
      },
      previous: m.lastGrade ? { score: m.lastScore, grade: m.lastGrade, level: m.lastLevel, reportId: m.lastReportId } : null,
    };
    // Queued, not sent here: a slow receiver must never hold a scan slot.
    await opts.monitors.enqueueDelivery({
      id: event.id,
      alertId: alert.id,
      monitorId: m.id,
      url: m.webhookUrl,
      payload: JSON.stringify(event),
      at: Date.now(),
    });
    void deliveries.tick();
  }

  function launch(m: ClaimedMonitor): void {
    const p = runOne(m)
      .catch((e) => log(`monitor ${m.id}: run failed: ${(e as Error)?.message ?? e}`))
      .finally(() => running.delete(p));
    running.add(p);
  }

  async function claimAndLaunch(): Promise<void> {
    const free = concurrency - running.size;
    if (stopped || free <= 0) return;
    const claimed = await opts.monitors.claimDue(Date.now(), free, {
      leaseMs: opts.leaseMs ?? 10 * 60_000,
      jitterRatio: opts.jitterRatio ?? 0.1,
      maxJitterMs: opts.maxJitterMs ?? 5 * 60_000,
    });
    for (const m of claimed) launch(m);
  }

  const scheduler: MonitorScheduler = {
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void scheduler.tick(), tickMs);
      timer.unref();
      deliveries.start();
      void scheduler.tick();
    },
    tick() {
      // One claim at a time per process: overlapping ticks would over-claim past the concurrency.
      ticking ??= claimAndLaunch()
        .catch((e) => log(`monitor scheduler: ${(e as Error)?.message ?? e}`))
        .finally(() => (ticking = null));
      return ticking;
    },
    async idle() {
      while (running.size || ticking) await Promise.allSettled([...running, ticking]);
      await deliveries.idle();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await scheduler.idle();
      await deliveries.stop();
    },
  };
  return scheduler;
}
