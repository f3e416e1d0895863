/**
 * Monitors: scheduled re-scans of a URL with a threshold, their runs and their alerts, in the
 * service's SQLite database. Runs are claimed atomically (one UPDATE ... RETURNING that moves
 * next_run_at forward and takes a lease), so a restart or a second process never runs the same
 * slot twice. The webhook secret is kept in clear: it signs outgoing events, so it must be readable.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './db.js';
import { newShareId } from './secrets.js';
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

interface MonitorRow {
  id: string; account_id: string; url: string; interval_sec: number; min_score: number | null; min_grade: string | null;
  webhook_url: string | null; webhook_secret: string | null; created_at: string; next_run_at: number; lease_until: number | null;
  last_run_at: string | null; last_status: string | null; last_score: number | null; last_grade: string | null;
  last_level: number | null; last_report_id: string | null; last_error: string | null; below: number;
}

const toMonitor = (r: MonitorRow): Monitor => ({
  id: r.id,
  accountId: r.account_id,
  url: r.url,
  intervalSec: r.interval_sec,
  minScore: r.min_score,
  minGrade: r.min_grade as Grade | null,
  webhookUrl: r.webhook_url,
  createdAt: r.created_at,
  nextRunAt: r.next_run_at,
  lastRunAt: r.last_run_at,
  lastStatus: r.last_status as RunStatus | null,
  lastScore: r.last_score,
  lastGrade: r.last_grade as Grade | null,
  lastLevel: r.last_level,
  lastReportId: r.last_report_id,
  lastError: r.last_error,
  below: r.below === 1,
});

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

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export async function openMonitorStore(db: Db): Promise<MonitorStore> {
  for (const [name, statements] of MONITOR_MIGRATIONS) await db.migrate(name, statements);

  return {
    async create(input) {
      const id = `mon_${newShareId(12)}`;
      const webhookSecret = input.webhookUrl ? newWebhookSecret() : null;
      const createdAt = new Date().toISOString();
      await db.run(
        `INSERT INTO monitors (id, account_id, url, interval_sec, min_score, min_grade, webhook_url, webhook_secret, created_at, next_run_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, input.accountId, input.url, input.intervalSec, input.minScore ?? null, input.minGrade ?? null,
          input.webhookUrl ?? null, webhookSecret, createdAt, input.firstRunAt ?? Date.now()],
      );
      const row = await db.get<MonitorRow>('SELECT * FROM monitors WHERE id = ?', [id]);
      return { monitor: toMonitor(row!), webhookSecret };
    },

    async get(id) {
      const row = await db.get<MonitorRow>('SELECT * FROM monitors WHERE id = ?', [id]);
      return row ? toMonitor(row) : undefined;
    },

    async list(accountId) {
      const rows = accountId
        ? await db.all<MonitorRow>('SELECT * FROM monitors WHERE account_id = ? ORDER BY created_at, id', [accountId])
        : await db.all<MonitorRow>('SELECT * FROM monitors ORDER BY created_at, id');
      return rows.map(toMonitor);
    },

    async remove(id, accountId) {
      const res = accountId
        ? await db.run('DELETE FROM monitors WHERE id = ? AND account_id = ?', [id, accountId])
        : await db.run('DELETE FROM monitors WHERE id = ?', [id]);
      if (!res.changes) return false;
      await db.run('DELETE FROM monitor_runs WHERE monitor_id = ?', [id]);
      await db.run('DELETE FROM monitor_alerts WHERE monitor_id = ?', [id]);
      return true;
    },

    async claimDue(now, limit, { leaseMs, jitterRatio, maxJitterMs }) {
      if (limit <= 0) return [];
      const rows = await db.all<MonitorRow>(
        `UPDATE monitors
            SET next_run_at = ? + interval_sec * 1000
                  + (abs(random() % (MIN(CAST(interval_sec * 1000 * ? AS INTEGER), ?) + 1))),
                lease_until = ?
          WHERE id IN (SELECT id FROM monitors
                        WHERE next_run_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
                        ORDER BY next_run_at LIMIT ?)
          RETURNING *`,
        [now, Math.max(0, jitterRatio), Math.max(0, Math.floor(maxJitterMs)), now + leaseMs, now, now, limit],
      );
      return rows.map((r) => ({ ...toMonitor(r), webhookSecret: r.webhook_secret }));
    },

    async finishRun(monitorId, run, below) {
      await db.run(
        'INSERT INTO monitor_runs (monitor_id, at, status, report_id, score, grade, level, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [monitorId, run.at, run.status, run.reportId, run.score, run.grade, run.level, run.error],
      );
      // A failed scan keeps the last good score and grade: the next comparison is against them.
      await db.run(
        `UPDATE monitors SET lease_until = NULL, last_run_at = ?, last_status = ?, last_error = ?, below = ?,
            last_score = COALESCE(?, last_score), last_grade = COALESCE(?, last_grade),
            last_level = COALESCE(?, last_level), last_report_id = COALESCE(?, last_report_id)
          WHERE id = ?`,
        [run.at, run.status, run.error, below ? 1 : 0, run.score, run.grade, run.level, run.reportId, monitorId],
      );
    },

    async runs(monitorId, limit = 50) {
      const rows = await db.all<Record<string, unknown>>(
        'SELECT * FROM monitor_runs WHERE monitor_id = ? ORDER BY id DESC LIMIT ?',
        [monitorId, limit],
      );
      return rows.map((r) => ({
        id: r.id as number,
        monitorId: r.monitor_id as string,
        at: r.at as string,
        status: r.status as RunStatus,
        reportId: (r.report_id as string) ?? null,
        score: (r.score as number) ?? null,
        grade: (r.grade as Grade) ?? null,
        level: (r.level as number) ?? null,
        error: (r.error as string) ?? null,
      }));
    },

    async recordAlert(a) {
      const id = `alr_${newShareId(12)}`;
      await db.run(
        `INSERT INTO monitor_alerts (id, monitor_id, at, kinds, message, report_id, score, grade, previous_grade)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, a.monitorId, a.at, JSON.stringify(a.kinds), a.message, a.reportId, a.score, a.grade, a.previousGrade],
      );
      return { ...a, id, webhookStatus: null, webhookError: null };
    },

    async setAlertDelivery(alertId, status, error) {
      await db.run('UPDATE monitor_alerts SET webhook_status = ?, webhook_error = ? WHERE id = ?', [status, error, alertId]);
    },

    async alerts(monitorId, limit = 50) {
      const rows = await db.all<Record<string, unknown>>(
        'SELECT * FROM monitor_alerts WHERE monitor_id = ? ORDER BY at DESC, id DESC LIMIT ?',
        [monitorId, limit],
      );
      return rows.map((r) => ({
        id: r.id as string,
        monitorId: r.monitor_id as string,
        at: r.at as string,
        kinds: JSON.parse(r.kinds as string) as string[],
        message: r.message as string,
        reportId: (r.report_id as string) ?? null,
        score: (r.score as number) ?? null,
        grade: (r.grade as string) ?? null,
        previousGrade: (r.previous_grade as string) ?? null,
        webhookStatus: (r.webhook_status as number) ?? null,
        webhookError: (r.webhook_error as string) ?? null,
      }));
    },
  };
}
