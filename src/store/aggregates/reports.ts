/**
 * Reports and histories over either engine. A report row holds the summary columns the listings
 * need and the full result (JSON). History rows say which account scanned which report; a
 * domain's history is read from the reports themselves.
 */
import { bool, iso, json, num, type SqlClient } from '../sql.js';
import { newShareId } from '../secrets.js';
import { Lru } from '../lru.js';
import { clampLimit, decodeCursor, pageOf } from './paging.js';
import { flag } from './accounts.js';
import type { DomainHistoryOptions, ListOptions, ReportStore, ReportSummary, StoredReport } from '../types.js';
import { gradeFor, type ScanResult } from '../../core/schema.js';

interface ReportRow {
  id: string;
  url: string;
  domain: string;
  account_id: string | null;
  is_public: unknown;
  score: unknown;
  grade: string;
  level: unknown;
  platform: string | null;
  created_at: unknown;
  result?: unknown;
}

const SUMMARY_COLUMNS = 'r.id, r.url, r.domain, r.account_id, r.is_public, r.score, r.grade, r.level, r.platform';

const toSummary = (r: ReportRow): ReportSummary => ({
  id: r.id,
  url: r.url,
  domain: r.domain,
  score: num(r.score),
  grade: r.grade,
  level: num(r.level),
  platform: r.platform,
  createdAt: iso(r.created_at),
  isPublic: bool(r.is_public),
  accountId: r.account_id,
});

/**
 * The key of a site's history (the `domain` column): the URL's host, that is its host name plus
 * the port when it is not the scheme's default (`example.com`, `127.0.0.1:8123`, `[::1]:8080`).
 * Two servers on one host name are two sites; http and https on their default ports are one.
 */
export const domainOf = (url: string) => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
};

export interface ReportStoreOptions {
  /**
   * Serve repeated reads from an in-process LRU. Only when this process is the only writer
   * (SQLite): with several instances another one may change or delete the report.
   */
  hotCache?: boolean;
  /**
   * Bytes of report results the hot cache may hold (with at most 2,000 reports); a report larger
   * than an eighth of it is never held. Default 32 MiB.
   */
  hotCacheBytes?: number;
  /** Told the ids of reports withdrawn (made private) with a report, so pointers held elsewhere go too. */
  onWithdrawn?: (ids: string[]) => void;
}

export const HOT_REPORTS = { entries: 2000, bytes: 32 * 1024 * 1024 };

/** The ids of every copy made from `id` through the cache, copies of copies included. */
const COPIES_OF = `WITH RECURSIVE copies(id) AS (
    SELECT id FROM reports WHERE copied_from = ?
    UNION SELECT r.id FROM reports r JOIN copies c ON r.copied_from = c.id)
  SELECT id FROM copies`;

/** A report store, plus what its in-process cache holds (tests and metrics read it). */
export type LocalReportStore = ReportStore & Required<Pick<ReportStore, 'hotCacheUsage'>>;

/** The stored JSON length of each report object (the hot cache's weight), known when it was read or written. */
const sizes = new WeakMap<StoredReport, number>();
const reportBytes = (r: StoredReport) => sizes.get(r) ?? JSON.stringify(r.result).length;
/** `next` weighs what `prev` weighed (same result, another flag). */
function sized(next: StoredReport, prev: StoredReport): StoredReport {
  const n = sizes.get(prev);
  if (n !== undefined) sizes.set(next, n);
  return next;
}

export function createReportStore(sql: SqlClient, options: ReportStoreOptions = {}): LocalReportStore {
  const maxBytes = options.hotCacheBytes ?? HOT_REPORTS.bytes;
  // Weighed by the stored JSON's length: anonymous readers of large reports cannot grow it past maxBytes.
  const hot = options.hotCache ? new Lru<string, StoredReport>(HOT_REPORTS.entries, { maxWeight: maxBytes, weigh: (r) => reportBytes(r) }) : null;

  async function insertHistory(tx: SqlClient, accountId: string, reportId: string, domain: string): Promise<void> {
    await tx.run('INSERT INTO history (account_id, report_id, domain, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [
      accountId,
      reportId,
      domain,
      new Date().toISOString(),
    ]);
  }

  const store: LocalReportStore = {
    hotCacheUsage() {
      return { entries: hot?.size ?? 0, bytes: hot?.weight ?? 0 };
    },

    async saveReport({ result, isPublic, accountId, copiedFrom }) {
      const report: StoredReport = {
        id: newShareId(),
        url: result.url,
        domain: domainOf(result.url),
        createdAt: new Date().toISOString(),
        isPublic,
        accountId,
        result,
      };
      const text = JSON.stringify(result);
      await sql.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO reports (id, url, domain, account_id, is_public, score, grade, level, platform, created_at, result, copied_from)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            report.id,
            report.url,
            report.domain,
            accountId,
            flag(sql, isPublic),
            result.overallScore,
            result.grade ?? gradeFor(result.overallScore),
            result.level,
            result.platform?.platform ?? null,
            report.createdAt,
            text,
            copiedFrom ?? null,
          ],
        );
        if (accountId) await insertHistory(tx, accountId, report.id, report.domain);
      });
      sizes.set(report, text.length);
      hot?.set(report.id, report);
      return report;
    },

    async getReport(id) {
      const cached = hot?.get(id);
      if (cached) return cached;
      const r = await sql.get<ReportRow>('SELECT * FROM reports WHERE id = ?', [id]);
      if (!r || r.result === null || r.result === undefined) return undefined;
      const report: StoredReport = {
        id: r.id,
        url: r.url,
        domain: r.domain,
        createdAt: iso(r.created_at),
        isPublic: bool(r.is_public),
        accountId: r.account_id,
        result: json<ScanResult>(r.result),
      };
      if (typeof r.result === 'string') sizes.set(report, r.result.length);
      hot?.set(id, report);
      return report;
    },

    async deleteReport(id) {
      hot?.delete(id);
      // History rows go with the report (ON DELETE CASCADE); so does any cache pointer to it.
      return sql.transaction(async (tx) => {
        await tx.run('DELETE FROM scan_cache WHERE report_id = ?', [id]);
        return (await tx.run('DELETE FROM reports WHERE id = ?', [id])).changes > 0;
      });
    },

    async expireAnonymousReports(createdBefore, limit = 500) {
      // Reports an account keeps (its own, or a shared one in its history) are never expired here.
      const rows = await sql.all<{ id: string }>(
        `SELECT r.id FROM reports r
          WHERE r.account_id IS NULL AND r.created_at < ?
            AND NOT EXISTS (SELECT 1 FROM history h WHERE h.report_id = r.id)
          ORDER BY r.created_at LIMIT ?`,
        [createdBefore, Math.max(1, Math.floor(limit))],
      );
      if (!rows.length) return [];
      const ids = rows.map((r) => r.id);
      const marks = ids.map(() => '?').join(', ');
      await sql.transaction(async (tx) => {
        await tx.run(`DELETE FROM scan_cache WHERE report_id IN (${marks})`, ids);
        await tx.run(
          `DELETE FROM reports WHERE id IN (${marks}) AND account_id IS NULL AND NOT EXISTS (SELECT 1 FROM history h WHERE h.report_id = reports.id)`,
          ids,
        );
      });
      for (const id of ids) hot?.delete(id);
      return ids;
    },

    async setReportVisibility(id, isPublic) {
      let withdrawn: string[] = [];
      const changed = await sql.transaction(async (tx) => {
        if (!(await tx.run('UPDATE reports SET is_public = ? WHERE id = ?', [flag(sql, isPublic), id])).changes) return false;
        if (isPublic) return true;
        // A report made private takes every copy the cache made of it (for anonymous callers and
        // other accounts, copies of copies too) out of public view, and no cache pointer to any
        // of them seeds a result again. Copies stay private if the report is made public again.
        const copies = (await tx.all<{ id: string }>(COPIES_OF, [id])).map((r) => r.id);
        withdrawn = [id, ...copies];
        // In chunks: a popular report may have been copied for thousands of callers.
        for (let i = 0; i < withdrawn.length; i += 500) {
          const chunk = withdrawn.slice(i, i + 500);
          const marks = chunk.map(() => '?').join(', ');
          await tx.run(`UPDATE reports SET is_public = ? WHERE id IN (${marks})`, [flag(sql, false), ...chunk]);
          await tx.run(`UPDATE scan_cache SET is_public = ? WHERE report_id IN (${marks})`, [flag(sql, false), ...chunk]);
        }
        return true;
      });
      for (const rid of changed ? (isPublic ? [id] : withdrawn) : []) {
        const cached = hot?.get(rid);
        // A new object, so response caches keyed by the old one are dropped.
        if (cached) hot!.set(rid, sized({ ...cached, isPublic: rid === id ? isPublic : false }, cached));
      }
      if (withdrawn.length) options.onWithdrawn?.(withdrawn);
      return changed;
    },

    async recordHistory(accountId, reportId) {
      await sql.transaction(async (tx) => {
        const row = await tx.get<{ domain: string }>('SELECT domain FROM reports WHERE id = ?', [reportId]);
        if (row) await insertHistory(tx, accountId, reportId, row.domain);
      });
    },

    async removeFromHistory(accountId, reportId) {
      return (await sql.run('DELETE FROM history WHERE account_id = ? AND report_id = ?', [accountId, reportId])).changes > 0;
    },

    async listAccountReports(accountId, options: ListOptions = {}) {
      const limit = clampLimit(options.limit);
      const where = ['h.account_id = ?'];
      const params: unknown[] = [accountId];
      if (options.domain) {
        where.push('h.domain = ?');
        params.push(options.domain.toLowerCase());
      }
      const cur = decodeCursor(options.cursor);
      if (cur) {
        where.push('(h.created_at < ? OR (h.created_at = ? AND h.report_id < ?))');
        params.push(cur[0], cur[0], cur[1]);
      }
      const rows = await sql.all<ReportRow>(
        `SELECT ${SUMMARY_COLUMNS}, h.created_at
           FROM history h JOIN reports r ON r.id = h.report_id
          WHERE ${where.join(' AND ')} ORDER BY h.created_at DESC, h.report_id DESC LIMIT ?`,
        [...params, limit + 1],
      );
      return pageOf(rows.map(toSummary), limit);
    },

    async domainHistory(domain, options: DomainHistoryOptions = {}) {
      const limit = clampLimit(options.limit);
      const where = ['r.domain = ?'];
      const params: unknown[] = [domain.toLowerCase()];
      if (options.accountId) {
        where.push('(r.is_public = ? OR r.account_id = ?)');
        params.push(flag(sql, true), options.accountId);
      } else {
        where.push('r.is_public = ?');
        params.push(flag(sql, true));
      }
      const cur = decodeCursor(options.cursor);
      if (cur) {
        where.push('(r.created_at < ? OR (r.created_at = ? AND r.id < ?))');
        params.push(cur[0], cur[0], cur[1]);
      }
      const rows = await sql.all<ReportRow>(
        `SELECT ${SUMMARY_COLUMNS}, r.created_at FROM reports r
          WHERE ${where.join(' AND ')} ORDER BY r.created_at DESC, r.id DESC LIMIT ?`,
        [...params, limit + 1],
      );
      return pageOf(rows.map(toSummary), limit);
    },
  };
  return store;
}
