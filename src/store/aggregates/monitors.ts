/** Monitor operations over either engine; only the due-claim statement differs between them. */
import { randomBytes } from 'node:crypto';
import { bool, iso, isoOrNull, json, num, numOrNull, type Row, type SqlClient } from '../sql.js';
import { newShareId } from '../secrets.js';
import { flag } from './accounts.js';
import type {
  ClaimedDelivery,
  ClaimedMonitor,
  DeliveryAttempt,
  DeliveryLog,
  DeliveryState,
  Monitor,
  MonitorAlert,
  MonitorRun,
  MonitorStore,
  RunStatus,
  WebhookDelivery,
} from '../types.js';
import type { Grade } from '../../core/schema.js';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

const toMonitor = (r: Row): Monitor => ({
  id: r.id as string,
  accountId: r.account_id as string,
  url: r.url as string,
  intervalSec: num(r.interval_sec),
  minScore: numOrNull(r.min_score),
  minGrade: (r.min_grade ?? null) as Grade | null,
  webhookUrl: (r.webhook_url ?? null) as string | null,
  createdAt: iso(r.created_at),
  nextRunAt: num(r.next_run_at),
  lastRunAt: isoOrNull(r.last_run_at),
  lastStatus: (r.last_status ?? null) as RunStatus | null,
  lastScore: numOrNull(r.last_score),
  lastGrade: (r.last_grade ?? null) as Grade | null,
  lastLevel: numOrNull(r.last_level),
  lastReportId: (r.last_report_id ?? null) as string | null,
  lastError: (r.last_error ?? null) as string | null,
  below: bool(r.below),
});

/**
 * Moves each due, unleased monitor's next_run_at to now + interval + jitter and leases it, in one
 * statement. Postgres skips rows another instance is claiming (FOR UPDATE SKIP LOCKED); SQLite has
 * one writer at a time, so its UPDATE ... WHERE id IN (...) is already exclusive.
 */
function claimStatement(sql: SqlClient): string {
  if (sql.dialect === 'postgres') {
    return `WITH due AS (
              SELECT id FROM monitors
               WHERE next_run_at <= ?3::bigint AND (lease_until IS NULL OR lease_until <= ?3::bigint)
               ORDER BY next_run_at LIMIT ?4::integer FOR UPDATE SKIP LOCKED)
            UPDATE monitors m
               SET next_run_at = ?3::bigint + m.interval_sec * 1000::bigint
                     + floor(random() * (LEAST(floor(m.interval_sec * 1000 * ?1::float8), ?2::float8) + 1))::bigint,
                   lease_until = ?5::bigint
              FROM due WHERE m.id = due.id
            RETURNING m.*`;
  }
  return `UPDATE monitors
             SET next_run_at = ?3 + interval_sec * 1000
                   + (abs(random() % (MIN(CAST(interval_sec * 1000 * ?1 AS INTEGER), ?2) + 1))),
                 lease_until = ?5
           WHERE id IN (SELECT id FROM monitors
                         WHERE next_run_at <= ?3 AND (lease_until IS NULL OR lease_until <= ?3)
                         ORDER BY next_run_at LIMIT ?4)
           RETURNING *`;
}

const toDelivery = (r: Row): WebhookDelivery => ({
  id: r.id as string,
  alertId: r.alert_id as string,
  monitorId: r.monitor_id as string,
  url: r.url as string,
  payload: r.payload as string,
  state: r.state as DeliveryState,
  attempts: num(r.attempts),
  nextAttemptAt: num(r.next_attempt_at),
  createdAt: num(r.created_at),
});

/** Leases due pending deliveries and counts the attempt, in one statement (see claimStatement). */
function claimDeliveriesStatement(sql: SqlClient): string {
  if (sql.dialect === 'postgres') {
    return `WITH due AS (
              SELECT id FROM webhook_deliveries
               WHERE state = 'pending' AND next_attempt_at <= ?1::bigint AND (lease_until IS NULL OR lease_until <= ?1::bigint)
               ORDER BY next_attempt_at LIMIT ?2::integer FOR UPDATE SKIP LOCKED)
            UPDATE webhook_deliveries d SET attempts = d.attempts + 1, lease_until = ?3::bigint
              FROM due WHERE d.id = due.id
            RETURNING d.*`;
  }
  return `UPDATE webhook_deliveries SET attempts = attempts + 1, lease_until = ?3
           WHERE id IN (SELECT id FROM webhook_deliveries
                         WHERE state = 'pending' AND next_attempt_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1)
                         ORDER BY next_attempt_at LIMIT ?2)
           RETURNING *`;
}

const toAttempt = (a: Row): DeliveryAttempt => ({
  deliveryId: a.delivery_id as string,
  attempt: num(a.attempt),
  at: iso(a.at),
  status: numOrNull(a.status),
  error: (a.error ?? null) as string | null,
  durationMs: num(a.duration_ms),
});

/** Bounds of `recentDeliveries`: what one listing returns by default and at most. */
export const RECENT_DELIVERIES = { default: 20, max: 100 };

export function createMonitorStore(sql: SqlClient): MonitorStore {
  return {
    async create(input) {
      const id = `mon_${newShareId(12)}`;
      const webhookSecret = input.webhookUrl ? newWebhookSecret() : null;
      const createdAt = new Date().toISOString();
      await sql.run(
        `INSERT INTO monitors (id, account_id, url, interval_sec, min_score, min_grade, webhook_url, webhook_secret, created_at, next_run_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          input.accountId,
          input.url,
          input.intervalSec,
          input.minScore ?? null,
          input.minGrade ?? null,
          input.webhookUrl ?? null,
          webhookSecret,
          createdAt,
          input.firstRunAt ?? Date.now(),
        ],
      );
      const row = await sql.get('SELECT * FROM monitors WHERE id = ?', [id]);
      return { monitor: toMonitor(row!), webhookSecret };
    },

    async get(id) {
      const row = await sql.get('SELECT * FROM monitors WHERE id = ?', [id]);
      return row ? toMonitor(row) : undefined;
    },

    async list(accountId) {
      const rows = accountId
        ? await sql.all('SELECT * FROM monitors WHERE account_id = ? ORDER BY created_at, id', [accountId])
        : await sql.all('SELECT * FROM monitors ORDER BY created_at, id');
      return rows.map(toMonitor);
    },

    async remove(id, accountId) {
      return sql.transaction(async (tx) => {
        const res = accountId
          ? await tx.run('DELETE FROM monitors WHERE id = ? AND account_id = ?', [id, accountId])
          : await tx.run('DELETE FROM monitors WHERE id = ?', [id]);
        if (!res.changes) return false;
        await tx.run('DELETE FROM monitor_runs WHERE monitor_id = ?', [id]);
        await tx.run('DELETE FROM monitor_alerts WHERE monitor_id = ?', [id]);
        await tx.run('DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE monitor_id = ?)', [id]);
        await tx.run('DELETE FROM webhook_deliveries WHERE monitor_id = ?', [id]);
        return true;
      });
    },

    async claimDue(now, limit, { leaseMs, jitterRatio, maxJitterMs }) {
      if (limit <= 0) return [];
      const rows = await sql.all(claimStatement(sql), [
        Math.max(0, jitterRatio),
        Math.max(0, Math.floor(maxJitterMs)),
        Math.floor(now),
        Math.floor(limit),
        Math.floor(now + leaseMs),
      ]);
      return rows.map((r): ClaimedMonitor => ({ ...toMonitor(r), webhookSecret: (r.webhook_secret ?? null) as string | null }));
    },

    async finishRun(monitorId, run, below) {
      await sql.transaction(async (tx) => {
        await tx.run('INSERT INTO monitor_runs (monitor_id, at, status, report_id, score, grade, level, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
          monitorId,
          run.at,
          run.status,
          run.reportId,
          run.score,
          run.grade,
          run.level,
          run.error,
        ]);
        // A failed scan keeps the last good score and grade: the next comparison is against them.
        await tx.run(
          `UPDATE monitors SET lease_until = NULL, last_run_at = ?, last_status = ?, last_error = ?, below = ?,
              last_score = COALESCE(?, last_score), last_grade = COALESCE(?, last_grade),
              last_level = COALESCE(?, last_level), last_report_id = COALESCE(?, last_report_id)
            WHERE id = ?`,
          [run.at, run.status, run.error, flag(sql, below), run.score, run.grade, run.level, run.reportId, monitorId],
        );
      });
    },

    async runs(monitorId, limit = 50) {
      const rows = await sql.all('SELECT * FROM monitor_runs WHERE monitor_id = ? ORDER BY id DESC LIMIT ?', [monitorId, limit]);
      return rows.map(
        (r): MonitorRun => ({
          id: num(r.id),
          monitorId: r.monitor_id as string,
          at: iso(r.at),
          status: r.status as RunStatus,
          reportId: (r.report_id ?? null) as string | null,
          score: numOrNull(r.score),
          grade: (r.grade ?? null) as Grade | null,
          level: numOrNull(r.level),
          error: (r.error ?? null) as string | null,
        }),
      );
    },

    async recordAlert(a) {
      const id = `alr_${newShareId(12)}`;
      await sql.run(
        `INSERT INTO monitor_alerts (id, monitor_id, at, kinds, message, report_id, score, grade, previous_grade)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, a.monitorId, a.at, JSON.stringify(a.kinds), a.message, a.reportId, a.score, a.grade, a.previousGrade],
      );
      return { ...a, id, webhookStatus: null, webhookError: null };
    },

    async setAlertDelivery(alertId, status, error) {
      await sql.run('UPDATE monitor_alerts SET webhook_status = ?, webhook_error = ? WHERE id = ?', [status, error, alertId]);
    },

    async alerts(monitorId, limit = 50) {
      const rows = await sql.all('SELECT * FROM monitor_alerts WHERE monitor_id = ? ORDER BY at DESC, id DESC LIMIT ?', [monitorId, limit]);
      return rows.map(
        (r): MonitorAlert => ({
          id: r.id as string,
          monitorId: r.monitor_id as string,
          at: iso(r.at),
          kinds: json<string[]>(r.kinds),
          message: r.message as string,
          reportId: (r.report_id ?? null) as string | null,
          score: numOrNull(r.score),
          grade: (r.grade ?? null) as string | null,
          previousGrade: (r.previous_grade ?? null) as string | null,
          webhookStatus: numOrNull(r.webhook_status),
          webhookError: (r.webhook_error ?? null) as string | null,
        }),
      );
    },

    async enqueueDelivery(d) {
      await sql.run(
        `INSERT INTO webhook_deliveries (id, alert_id, monitor_id, url, payload, state, attempts, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
        [d.id, d.alertId, d.monitorId, d.url, d.payload, Math.floor(d.at), Math.floor(d.at)],
      );
    },

    async claimDeliveries(now, limit, leaseMs) {
      if (limit <= 0) return [];
      const rows = await sql.all(claimDeliveriesStatement(sql), [Math.floor(now), Math.floor(limit), Math.floor(now + leaseMs)]);
      const claimed: ClaimedDelivery[] = [];
      for (const r of rows) {
        const m = await sql.get<{ webhook_secret: string | null }>('SELECT webhook_secret FROM monitors WHERE id = ?', [r.monitor_id]);
        claimed.push({ ...toDelivery(r), secret: m?.webhook_secret ?? null });
      }
      return claimed;
    },

    async recordAttempt(delivery, a, next) {
      await sql.transaction(async (tx) => {
        await tx.run('INSERT INTO webhook_attempts (delivery_id, attempt, at, status, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)', [
          delivery.id,
          a.attempt,
          a.at,
          a.status,
          a.error,
          Math.round(a.durationMs),
        ]);
        await tx.run('UPDATE webhook_deliveries SET state = ?, next_attempt_at = COALESCE(?, next_attempt_at), lease_until = NULL WHERE id = ?', [
          next.state,
          next.retryAt === null ? null : Math.floor(next.retryAt),
          delivery.id,
        ]);
        await tx.run('UPDATE monitor_alerts SET webhook_status = ?, webhook_error = ? WHERE id = ?', [a.status, a.error, delivery.alertId]);
      });
    },

    async deliveries(alertId) {
      const rows = await sql.all('SELECT * FROM webhook_deliveries WHERE alert_id = ? ORDER BY created_at, id', [alertId]);
      const out: Array<WebhookDelivery & { attemptLog: DeliveryAttempt[] }> = [];
      for (const r of rows) {
        const attempts = await sql.all('SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY id', [r.id]);
        out.push({
          ...toDelivery(r),
          attemptLog: attempts.map(toAttempt),
        });
      }
      return out;
    },

    async recentDeliveries(monitorId, limit = RECENT_DELIVERIES.default) {
      const n = Math.min(RECENT_DELIVERIES.max, Math.max(1, Math.floor(Number.isFinite(limit) ? limit : RECENT_DELIVERIES.default)));
      const rows = await sql.all(
        `SELECT d.*, a.at AS alert_at, a.kinds AS alert_kinds, a.message AS alert_message
           FROM webhook_deliveries d LEFT JOIN monitor_alerts a ON a.id = d.alert_id
          WHERE d.monitor_id = ? ORDER BY d.created_at DESC, d.id DESC LIMIT ?`,
        [monitorId, n],
      );
      if (!rows.length) return [];
      // Every attempt of the listed deliveries in one query (the retry schedule bounds them: 6 each).
      const attempts = await sql.all(
        `SELECT * FROM webhook_attempts WHERE delivery_id IN (${rows.map(() => '?').join(', ')}) ORDER BY id`,
        rows.map((r) => r.id),
      );
      const byDelivery = new Map<string, DeliveryAttempt[]>();
      for (const a of attempts.map(toAttempt)) byDelivery.set(a.deliveryId, [...(byDelivery.get(a.deliveryId) ?? []), a]);
      return rows.map(
        (r): DeliveryLog => ({
          ...toDelivery(r),
          attemptLog: byDelivery.get(r.id as string) ?? [],
          alert:
            r.alert_at === null || r.alert_at === undefined
              ? null
              : { at: iso(r.alert_at), kinds: json<string[]>(r.alert_kinds), message: r.alert_message as string },
        }),
      );
    },
  };
}
