/**
 * The embedded store: one SQLite file under the data dir. keyv (@keyv/sqlite) holds documents
 * (report documents, the scan cache); indexed tables (accounts, api_keys, reports, history) go
 * through src/store/db.ts on the same file. Rate counters live in an in-process map swept every
 * minute: they only matter for a minute and a restart resetting them is harmless. Hot reads are served from LRUs
 * in front of keyv; every mutation goes through this module, which keeps them coherent.
 */
import { createHash } from 'node:crypto';
import Keyv from 'keyv';
import KeyvSqlite from '@keyv/sqlite';
import { openDatabase, type Db } from './db.js';
import { Lru } from './lru.js';
import { hashKey, KEY_LOOKUP_LENGTH, looksLikeApiKey, newAccountId, newApiKey, newShareId, sameHash } from './secrets.js';
import type {
  Account, ApiKeyInfo, CachedScan, DomainHistoryOptions, ListOptions, Page, RateDecision, ReportSummary, Store,
  StoredReport, Visibility,
} from './types.js';
import { gradeFor, type ScanResult } from '../core/schema.js';

const MIGRATION = [
  `CREATE TABLE accounts (
     id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, default_public INTEGER NOT NULL DEFAULT 1, created_at TEXT NOT NULL)`,
  `CREATE TABLE api_keys (
     prefix TEXT PRIMARY KEY, hash TEXT NOT NULL, account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     created_at TEXT NOT NULL, last_used_at TEXT, revoked_at TEXT)`,
  `CREATE TABLE reports (
     id TEXT PRIMARY KEY, url TEXT NOT NULL, domain TEXT NOT NULL, account_id TEXT REFERENCES accounts(id) ON DELETE SET NULL,
     is_public INTEGER NOT NULL, score INTEGER NOT NULL, grade TEXT NOT NULL, level INTEGER NOT NULL, platform TEXT,
     created_at TEXT NOT NULL)`,
  'CREATE INDEX reports_domain_time ON reports (domain, created_at DESC, id DESC)',
  `CREATE TABLE history (
     account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     report_id TEXT NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
     domain TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (account_id, report_id))`,
  'CREATE INDEX history_account_time ON history (account_id, created_at DESC, report_id DESC)',
  'CREATE INDEX history_account_domain_time ON history (account_id, domain, created_at DESC, report_id DESC)',
];

interface AccountRow { id: string; name: string; default_public: number; created_at: string }
interface KeyRow { prefix: string; hash: string; account_id: string; created_at: string; last_used_at: string | null; revoked_at: string | null; account_name: string }
interface ReportRow { id: string; url: string; domain: string; account_id: string | null; is_public: number; score: number; grade: string; level: number; platform: string | null; created_at: string }

const toAccount = (r: AccountRow): Account => ({
  id: r.id, name: r.name, defaultVisibility: r.default_public ? 'public' : 'private', createdAt: r.created_at,
});
const toKey = (r: KeyRow): ApiKeyInfo => ({
  prefix: r.prefix, accountId: r.account_id, accountName: r.account_name, createdAt: r.created_at, lastUsedAt: r.last_used_at, revokedAt: r.revoked_at,
});
const toSummary = (r: ReportRow): ReportSummary => ({
  id: r.id, url: r.url, domain: r.domain, score: r.score, grade: r.grade, level: r.level, platform: r.platform,
  createdAt: r.created_at, isPublic: r.is_public === 1, accountId: r.account_id,
});

const encodeCursor = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');
function decodeCursor(cursor: string | null | undefined): [string, string] | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  return at && id ? [at, id] : null;
}
const clampLimit = (n?: number) => Math.min(100, Math.max(1, Math.floor(n ?? 20)));
const cacheKey = (url: string) => `scan:${createHash('sha256').update(url).digest('hex')}`;
const reportKey = (id: string) => `report:${id}`;
export const domainOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
};

/** Page of rows fetched with limit+1 to know whether another page follows. */
function pageOf(rows: ReportRow[], limit: number): Page<ReportSummary> {
  const more = rows.length > limit;
  const items = rows.slice(0, limit).map(toSummary);
  const last = items[items.length - 1];
  return { items, nextCursor: more && last ? encodeCursor(last.createdAt, last.id) : null };
}

export async function openSqliteStore(dataDir: string): Promise<Store> {
  const db: Db = await openDatabase(dataDir);
  await db.migrate('store-1-accounts-keys-reports-history', MIGRATION);
  const sqlite = new KeyvSqlite({ uri: `sqlite://${db.path}`, table: 'documents', busyTimeout: 5000 });
  const docs = new Keyv({ store: sqlite });
  // Rate windows per bucket. Swept once a minute: entries were only dropped when their own bucket
  // was read again, so every distinct client address ever seen stayed in memory.
  const rates = new Map<string, { hits: number[]; until: number }>();
  let nextSweep = 0;
  const sweepRates = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + 60_000;
    for (const [bucket, entry] of rates) if (entry.until <= now) rates.delete(bucket);
  };
  const reportCache = new Lru<string, StoredReport>(2000);
  const scanCache = new Lru<string, { entry: CachedScan; expires: number }>(5000);
  const keyUse = new Map<string, number>();

  const accountBy = (idOrName: string) =>
    db.get<AccountRow>('SELECT * FROM accounts WHERE id = ? OR name = ?', [idOrName, idOrName]).then((r) => (r ? toAccount(r) : undefined));

  async function putReportDoc(report: StoredReport): Promise<void> {
    await docs.set(reportKey(report.id), report);
    reportCache.set(report.id, report);
  }

  const store: Store = {
    dataDir,

    async getCachedScan(url) {
      const key = cacheKey(url);
      const hot = scanCache.get(key);
      if (hot) return hot.expires > Date.now() ? hot.entry : undefined;
      const entry = (await docs.get(key)) as CachedScan | undefined;
      return entry ?? undefined;
    },

    async setCachedScan(url, entry, ttlMs) {
      const key = cacheKey(url);
      scanCache.set(key, { entry, expires: Date.now() + ttlMs });
      await docs.set(key, entry, ttlMs);
    },

    async hitRate(bucket, limit, windowMs): Promise<RateDecision> {
      const now = Date.now();
      sweepRates(now);
      const hits = (rates.get(bucket)?.hits ?? []).filter((t) => t > now - windowMs);
      if (hits.length >= limit) {
        const retryAfterSec = Math.max(1, Math.ceil((hits[0] + windowMs - now) / 1000));
        return { allowed: false, retryAfterSec, remaining: 0 };
      }
      hits.push(now);
      rates.set(bucket, { hits, until: now + windowMs });
      return { allowed: true, retryAfterSec: 0, remaining: limit - hits.length };
    },

    async saveReport({ result, isPublic, accountId }) {
      const report: StoredReport = {
        id: newShareId(),
        url: result.url,
        domain: domainOf(result.url),
        createdAt: new Date().toISOString(),
        isPublic,
        accountId,
        result,
      };
      await putReportDoc(report);
      await db.run(
        `INSERT INTO reports (id, url, domain, account_id, is_public, score, grade, level, platform, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [report.id, report.url, report.domain, accountId, isPublic ? 1 : 0, result.overallScore,
          result.grade ?? gradeFor(result.overallScore), result.level, result.platform?.platform ?? null, report.createdAt],
      );
      if (accountId) await store.recordHistory(accountId, report.id);
      return report;
    },

    async getReport(id) {
      const hot = reportCache.get(id);
      if (hot) return hot;
      const doc = (await docs.get(reportKey(id))) as StoredReport | undefined;
      if (doc) reportCache.set(id, doc);
      return doc ?? undefined;
    },

    async deleteReport(id) {
      const existed = (await db.run('DELETE FROM reports WHERE id = ?', [id])).changes > 0;
      const doc = await docs.delete(reportKey(id));
      const report = reportCache.get(id);
      reportCache.delete(id);
      const url = report?.url;
      if (url) {
        const cached = await store.getCachedScan(url);
        if (cached?.reportId === id) {
          scanCache.delete(cacheKey(url));
          await docs.delete(cacheKey(url));
        }
      }
      return existed || doc;
    },

    async setReportVisibility(id, isPublic) {
      const report = await store.getReport(id);
      if (!report) return false;
      // A new object, so response caches keyed by the old one are dropped.
      await putReportDoc({ ...report, isPublic });
      await db.run('UPDATE reports SET is_public = ? WHERE id = ?', [isPublic ? 1 : 0, id]);
      if (!isPublic) {
        const cached = await store.getCachedScan(report.url);
        if (cached?.reportId === id) await store.setCachedScan(report.url, { ...cached, isPublic: false }, Math.max(1, cached.at + 300_000 - Date.now()));
      }
      return true;
    },

    async recordHistory(accountId, reportId) {
      const row = await db.get<{ domain: string }>('SELECT domain FROM reports WHERE id = ?', [reportId]);
      if (!row) return;
      await db.run('INSERT OR IGNORE INTO history (account_id, report_id, domain, created_at) VALUES (?, ?, ?, ?)', [
        accountId, reportId, row.domain, new Date().toISOString(),
      ]);
    },

    async removeFromHistory(accountId, reportId) {
      return (await db.run('DELETE FROM history WHERE account_id = ? AND report_id = ?', [accountId, reportId])).changes > 0;
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
      const rows = await db.all<ReportRow>(
        `SELECT r.id, r.url, r.domain, r.account_id, r.is_public, r.score, r.grade, r.level, r.platform, h.created_at
           FROM history h JOIN reports r ON r.id = h.report_id
          WHERE ${where.join(' AND ')} ORDER BY h.created_at DESC, h.report_id DESC LIMIT ?`,
        [...params, limit + 1],
      );
      return pageOf(rows, limit);
    },

    async domainHistory(domain, options: DomainHistoryOptions = {}) {
      const limit = clampLimit(options.limit);
      const where = ['domain = ?'];
      const params: unknown[] = [domain.toLowerCase()];
      if (options.accountId) {
        where.push('(is_public = 1 OR account_id = ?)');
        params.push(options.accountId);
      } else where.push('is_public = 1');
      const cur = decodeCursor(options.cursor);
      if (cur) {
        where.push('(created_at < ? OR (created_at = ? AND id < ?))');
        params.push(cur[0], cur[0], cur[1]);
      }
      const rows = await db.all<ReportRow>(
        `SELECT * FROM reports WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ?`,
        [...params, limit + 1],
      );
      return pageOf(rows, limit);
    },

    async createAccount(name, defaultVisibility: Visibility = 'public') {
      const account: Account = { id: newAccountId(), name, defaultVisibility, createdAt: new Date().toISOString() };
      await db.run('INSERT INTO accounts (id, name, default_public, created_at) VALUES (?, ?, ?, ?)', [
        account.id, name, defaultVisibility === 'public' ? 1 : 0, account.createdAt,
      ]);
      return account;
    },

    async ensureAccount(name) {
      return (await accountBy(name)) ?? store.createAccount(name).catch(async (e) => (await accountBy(name)) ?? Promise.reject(e));
    },

    getAccount: accountBy,

    async listAccounts() {
      return (await db.all<AccountRow>('SELECT * FROM accounts ORDER BY name')).map(toAccount);
    },

    async setDefaultVisibility(idOrName, visibility) {
      const account = await accountBy(idOrName);
      if (!account) return undefined;
      await db.run('UPDATE accounts SET default_public = ? WHERE id = ?', [visibility === 'public' ? 1 : 0, account.id]);
      return { ...account, defaultVisibility: visibility };
    },

    async createApiKey(accountName) {
      const account = await store.ensureAccount(accountName);
      const { token, prefix, hash } = newApiKey();
      const createdAt = new Date().toISOString();
      await db.run('INSERT INTO api_keys (prefix, hash, account_id, created_at) VALUES (?, ?, ?, ?)', [prefix, hash, account.id, createdAt]);
      return { token, key: { prefix, accountId: account.id, accountName: account.name, createdAt, lastUsedAt: null, revokedAt: null } };
    },

    async listApiKeys(accountName) {
      const rows = await db.all<KeyRow>(
        `SELECT k.*, a.name AS account_name FROM api_keys k JOIN accounts a ON a.id = k.account_id
          ${accountName ? 'WHERE a.name = ?' : ''} ORDER BY k.created_at`,
        accountName ? [accountName] : [],
      );
      return rows.map(toKey);
    },

    async revokeApiKey(prefix) {
      if (prefix.length < 6) return 0;
      const like = prefix.replace(/[%_\\]/g, (c) => `\\${c}`) + '%';
      const res = await db.run(
        "UPDATE api_keys SET revoked_at = ? WHERE prefix LIKE ? ESCAPE '\\' AND revoked_at IS NULL",
        [new Date().toISOString(), like],
      );
      return res.changes;
    },

    async verifyApiKey(token) {
      if (typeof token !== 'string' || !looksLikeApiKey(token)) return null;
      const row = await db.get<KeyRow & AccountRow & { key_created: string }>(
        `SELECT k.hash, k.revoked_at, a.id, a.name, a.default_public, a.created_at
           FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.prefix = ?`,
        [token.slice(0, KEY_LOOKUP_LENGTH)],
      );
      if (!row || row.revoked_at || !sameHash(hashKey(token), row.hash)) return null;
      const prefix = token.slice(0, KEY_LOOKUP_LENGTH);
      // last_used_at is informational: written at most once a minute per key.
      const now = Date.now();
      if ((keyUse.get(prefix) ?? 0) < now - 60_000) {
        keyUse.set(prefix, now);
        db.run('UPDATE api_keys SET last_used_at = ? WHERE prefix = ?', [new Date(now).toISOString(), prefix]).catch(() => {});
      }
      return toAccount(row);
    },

    async close() {
      await docs.disconnect().catch(() => {});
      await db.close();
    },
  };
  return store;
}
