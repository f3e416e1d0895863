/**
 * Monitors: scheduled re-scans of a URL with a threshold, their runs and their alerts. The types
 * and the SQLite tables live here; the operations (src/store/aggregates/monitors.ts) serve both
 * engines. Runs are claimed atomically, so a restart, a second process or a second instance never
 * runs the same slot twice. The webhook secret is kept in clear: it signs outgoing events.
 */
import type { Db } from './db.js';
import { createMonitorStore, newWebhookSecret } from './aggregates/monitors.js';
import type { Grade } from '../core/schema.js';

export const MONITOR_MIGRATIONS: Array<[string, string[]]> = [
  [
    'monitors-1',
    [
      `CREATE TABLE monitors (
         id TEXT PRIMARY KEY, account_id TEXT NOT NULL, url TEXT NOT NULL, interval_sec INTEGER NOT NULL,
         min_score INTEGER, min_grade TEXT, webhook_url TEXT, webhook_secret TEXT,
         created_at TEXT NOT NULL, next_run_at INTEGER NOT NULL, lease_until INTEGER,
         last_run_at TEXT, last_status TEXT, last_score INTEGER, last_grade TEXT, last_level INTEGER, last_report_id TEXT,
         last_error TEXT, below INTEGER NOT NULL DEFAULT 0)`,
      'CREATE INDEX monitors_due ON monitors (next_run_at)',
      'CREATE INDEX monitors_account ON monitors (account_id, created_at)',
      `CREATE TABLE monitor_runs (
         id INTEGER PRIMARY KEY AUTOINCREMENT, monitor_id TEXT NOT NULL, at TEXT NOT NULL, status TEXT NOT NULL,
         report_id TEXT, score INTEGER, grade TEXT, level INTEGER, error TEXT)`,
      'CREATE INDEX monitor_runs_monitor ON monitor_runs (monitor_id, id DESC)',
      `CREATE TABLE monitor_alerts (
         id TEXT PRIMARY KEY, monitor_id TEXT NOT NULL, at TEXT NOT NULL, kinds TEXT NOT NULL, message TEXT NOT NULL,
         report_id TEXT, score INTEGER, grade TEXT, previous_grade TEXT,
         webhook_status INTEGER, webhook_error TEXT)`,
      'CREATE INDEX monitor_alerts_monitor ON monitor_alerts (monitor_id, at DESC)',
    ],
  ],
];

export type RunStatus = 'ok' | 'below' | 'error';

export interface Monitor {
  id: string;
  accountId: string;
  url: string;
  intervalSec: number;
  minScore: number | null;
  minGrade: Grade | null;
  webhookUrl: string | null;
  createdAt: string;
  /** Epoch ms of the next scheduled run. */
  nextRunAt: number;
  lastRunAt: string | null;
  lastStatus: RunStatus | null;
  lastScore: number | null;
  lastGrade: Grade | null;
  lastLevel: number | null;
  lastReportId: string | null;
  lastError: string | null;
  /** Whether the last run was below the threshold (alerts fire on the way down, not every run). */
  below: boolean;
}

/** A claimed monitor also carries its signing secret, which listings never show. */
export interface ClaimedMonitor extends Monitor {
  webhookSecret: string | null;
}

export interface MonitorRun {
  id: number;
  monitorId: string;
  at: string;
  status: RunStatus;
  reportId: string | null;
  score: number | null;
  grade: Grade | null;
  level: number | null;
  error: string | null;
}

export interface MonitorAlert {
  id: string;
  monitorId: string;
  at: string;
  kinds: string[];
  message: string;
  reportId: string | null;
  score: number | null;
  grade: string | null;
  previousGrade: string | null;
  webhookStatus: number | null;
  webhookError: string | null;
}

export interface NewMonitor {
  accountId: string;
  url: string;
  intervalSec: number;
  minScore?: number | null;
  minGrade?: Grade | null;
  webhookUrl?: string | null;
  /** Epoch ms of the first run (default: now, so the owner gets a baseline at once). */
  firstRunAt?: number;
}

export interface MonitorStore {
  create(input: NewMonitor): Promise<{ monitor: Monitor; webhookSecret: string | null }>;
  get(id: string): Promise<Monitor | undefined>;
  /** Every monitor, or one account's. */
  list(accountId?: string): Promise<Monitor[]>;
  /** Deletes the monitor (only the owner's when accountId is given), its runs and alerts. */
  remove(id: string, accountId?: string): Promise<boolean>;
  /**
   * Claims up to `limit` due monitors: moves each next_run_at to now + interval + a random jitter
   * (0..min(interval x jitterRatio, maxJitterMs)) and leases it for leaseMs, in one statement.
   */
  claimDue(now: number, limit: number, opts: { leaseMs: number; jitterRatio: number; maxJitterMs: number }): Promise<ClaimedMonitor[]>;
  /** Records a finished run and releases the lease. */
  finishRun(monitorId: string, run: Omit<MonitorRun, 'id' | 'monitorId'>, below: boolean): Promise<void>;
  runs(monitorId: string, limit?: number): Promise<MonitorRun[]>;
  recordAlert(alert: Omit<MonitorAlert, 'id' | 'webhookStatus' | 'webhookError'>): Promise<MonitorAlert>;
  setAlertDelivery(alertId: string, status: number | null, error: string | null): Promise<void>;
  alerts(monitorId: string, limit?: number): Promise<MonitorAlert[]>;
}

export { newWebhookSecret };

/** The monitor tables of a SQLite database (migrated on open). `store.monitors` is the same over any engine. */
export async function openMonitorStore(db: Db): Promise<MonitorStore> {
  for (const [name, statements] of MONITOR_MIGRATIONS) await db.migrate(name, statements);
  return createMonitorStore(db);
}
