/**
 * Limits and cache over either engine: the scan cache (a pointer from a URL to its latest public
 * report), fixed-window rate counters and in-flight scan claims. Each mutation is one statement
 * (an upsert with RETURNING), so concurrent callers on any number of instances never lose a count
 * or both win a claim. Expired rows are swept at most once a minute by whoever writes next.
 */
import { createHash, randomBytes } from 'node:crypto';
import { bool, num, type SqlClient } from '../sql.js';
import { Lru } from '../lru.js';
import { flag } from './accounts.js';
import type { CachedScan, LimitStore, RateCount, RateDecision } from '../types.js';

export interface LimitStoreOptions {
  /**
   * Keep `hitRate` windows and hot cache pointers in process memory. Only for a single-process
   * store (SQLite); shared stores count and cache in the database.
   */
  inProcess?: boolean;
}

export interface LocalLimitStore extends LimitStore {
  /** Drops in-process cache pointers to a report whose row changed (deleted, made private). */
  forgetReport(reportId: string): void;
}

/** URLs can be long: rows are keyed by their SHA-256. */
const urlKey = (url: string) => createHash('sha256').update(url).digest('hex');

export function createLimitStore(sql: SqlClient, options: LimitStoreOptions = {}): LocalLimitStore {
  const hotScans = options.inProcess ? new Lru<string, { entry: CachedScan; expires: number }>(5000) : null;
  const memoryRates = options.inProcess ? new Map<string, { hits: number[]; until: number }>() : null;
  let nextSweep = 0;

  /** Deletes expired cache pointers, counters and claims; at most once a minute, never failing the caller. */
  function sweep(now: number): void {
    if (now < nextSweep) return;
    nextSweep = now + 60_000;
    if (memoryRates) for (const [bucket, entry] of memoryRates) if (entry.until <= now) memoryRates.delete(bucket);
    void (async () => {
      await sql.run('DELETE FROM scan_cache WHERE expires_at <= ?', [now]);
      await sql.run('DELETE FROM rate_counters WHERE window_start + window_ms <= ?', [now]);
      await sql.run('DELETE FROM scan_claims WHERE expires_at <= ?', [now]);
    })().catch(() => {});
  }

  const store: LocalLimitStore = {
    forgetReport(reportId) {
      hotScans?.deleteWhere((v) => v.entry.reportId === reportId);
    },

    async getCachedScan(url) {
      const key = urlKey(url);
      const now = Date.now();
      const hot = hotScans?.get(key);
      if (hot) return hot.expires > now ? hot.entry : undefined;
      const row = await sql.get<{ report_id: string; is_public: unknown; at: unknown; expires_at: unknown }>(
        'SELECT report_id, is_public, at, expires_at FROM scan_cache WHERE url_key = ? AND expires_at > ?',
        [key, now],
      );
      if (!row) return undefined;
      const entry: CachedScan = { reportId: row.report_id, isPublic: bool(row.is_public), at: num(row.at) };
      hotScans?.set(key, { entry, expires: num(row.expires_at) });
      return entry;
    },

    async setCachedScan(url, entry, ttlMs) {
      const key = urlKey(url);
      const now = Date.now();
      const expires = now + Math.max(1, Math.floor(ttlMs));
      sweep(now);
      await sql.run(
        `INSERT INTO scan_cache (url_key, report_id, is_public, at, expires_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (url_key) DO UPDATE SET report_id = excluded.report_id, is_public = excluded.is_public,
           at = excluded.at, expires_at = excluded.expires_at`,
        [key, entry.reportId, flag(sql, entry.isPublic), Math.floor(entry.at), expires],
      );
      hotScans?.set(key, { entry, expires });
    },

    async hitRate(bucket, limit, windowMs): Promise<RateDecision> {
      if (!memoryRates) {
        const r = await store.consumeRate(`hit:${bucket}`, limit, windowMs);
        return { allowed: r.allowed, retryAfterSec: r.retryAfterSec, remaining: Math.max(0, limit - r.count) };
      }
      const now = Date.now();
      sweep(now);
      const hits = (memoryRates.get(bucket)?.hits ?? []).filter((t) => t > now - windowMs);
      if (hits.length >= limit) {
        const retryAfterSec = Math.max(1, Math.ceil((hits[0] + windowMs - now) / 1000));
        return { allowed: false, retryAfterSec, remaining: 0 };
      }
      hits.push(now);
      memoryRates.set(bucket, { hits, until: now + windowMs });
      return { allowed: true, retryAfterSec: 0, remaining: limit - hits.length };
    },

    async consumeRate(key, limit, windowMs, amount = 1): Promise<RateCount> {
      const add = Math.max(0, Math.floor(amount));
      const window = Math.max(1, Math.floor(windowMs));
      const now = Date.now();
      const windowStart = Math.floor(now / window) * window;
      sweep(now);
      // One statement: a hit in the same window adds one, a hit in a later window starts at one.
      const row = await sql.get<{ count: unknown; window_start: unknown }>(
        `INSERT INTO rate_counters (key, window_start, window_ms, count) VALUES (?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_counters.window_start >= excluded.window_start THEN rate_counters.count + excluded.count ELSE excluded.count END,
           window_start = CASE WHEN rate_counters.window_start >= excluded.window_start THEN rate_counters.window_start ELSE excluded.window_start END,
           window_ms = excluded.window_ms
         RETURNING count, window_start`,
        [key, windowStart, window, add],
      );
      const count = num(row!.count);
      // A read (amount 0) asks whether anything is left; a hit whether it fit.
      const allowed = add === 0 ? count < limit : count <= limit;
      const resetAt = num(row!.window_start) + window;
      return { allowed, count, retryAfterSec: allowed ? 0 : Math.max(1, Math.ceil((resetAt - now) / 1000)) };
    },

    async claimScan(url, ttlMs) {
      const token = randomBytes(12).toString('base64url');
      const now = Date.now();
      sweep(now);
      // Inserted, or taken over from an expired holder; a live claim makes the upsert a no-op.
      const row = await sql.get<{ token: string }>(
        `INSERT INTO scan_claims (url_key, token, expires_at) VALUES (?, ?, ?)
         ON CONFLICT (url_key) DO UPDATE SET token = excluded.token, expires_at = excluded.expires_at
           WHERE scan_claims.expires_at <= ?
         RETURNING token`,
        [urlKey(url), token, now + Math.max(1, Math.floor(ttlMs)), now],
      );
      return row?.token === token ? token : null;
    },

    async releaseScan(url, token) {
      await sql.run('DELETE FROM scan_claims WHERE url_key = ? AND token = ?', [urlKey(url), token]);
    },
  };
  return store;
}
