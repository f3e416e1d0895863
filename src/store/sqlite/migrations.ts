/**
 * Schema of the embedded SQLite store, as named migrations applied once each, in order (tracked in
 * the `migrations` table). Monitor and OAuth tables are migrated by src/store/monitors.ts and
 * src/store/oauth.ts. Never edit a shipped migration: add one.
 */
export const STORE_MIGRATIONS: Array<[string, string[]]> = [
  [
    'store-1-accounts-keys-reports-history',
    [
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
    ],
  ],
  [
    // Report documents and the scan cache move out of keyv's separate connection into tables of
    // this one; rate counters and scan claims join them. Results of existing reports are copied
    // from keyv's `documents` table (BACKFILL_FROM_KEYV); the table itself is left in place.
    'store-2-results-cache-limits',
    [
      'ALTER TABLE reports ADD COLUMN result TEXT',
      `CREATE TABLE scan_cache (
         url_key TEXT PRIMARY KEY, report_id TEXT NOT NULL, is_public INTEGER NOT NULL, at INTEGER NOT NULL, expires_at INTEGER NOT NULL)`,
      'CREATE INDEX scan_cache_report ON scan_cache (report_id)',
      'CREATE INDEX scan_cache_expiry ON scan_cache (expires_at)',
      `CREATE TABLE rate_counters (
         key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, window_ms INTEGER NOT NULL, count INTEGER NOT NULL)`,
      'CREATE TABLE scan_claims (url_key TEXT PRIMARY KEY, token TEXT NOT NULL, expires_at INTEGER NOT NULL)',
    ],
  ],
];

/** Statements that copy report results from keyv's documents table (format `{"value": StoredReport}`), when it exists. */
export const BACKFILL_FROM_KEYV = [
  `UPDATE reports SET result = (
     SELECT json_extract(d.value, '$.value.result') FROM documents d WHERE d.key = 'keyv:report:' || reports.id)
   WHERE result IS NULL`,
];
