/**
 * Schema of the embedded SQLite store, as named migrations applied once each, in order (tracked in
 * the `migrations` table): the core tables, then the monitor and the OAuth tables (each list
 * keeps its own names, as shipped). Never edit a shipped migration: add one.
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
  [
    // Anonymous reports expire (retention): the sweep walks them by age.
    'store-3-anonymous-report-expiry',
    ['CREATE INDEX reports_anonymous_time ON reports (created_at) WHERE account_id IS NULL'],
  ],
  [
    // A history's key becomes the URL's host: the port joins the host name when it is not the
    // scheme's default, so two servers on one host are two histories (docs/server.md). Rows
    // stored before keep their host name unless their URL names such a port.
    'store-4-domain-keeps-port',
    [
      `UPDATE reports SET domain = k.host FROM (
         SELECT id, scheme, lower(substr(rest, 1, instr(rest || '/', '/') - 1)) AS host FROM (
           SELECT id, lower(substr(url, 1, instr(url, '://') - 1)) AS scheme, substr(url, instr(url, '://') + 3) AS rest
             FROM reports WHERE instr(url, '://') > 0)) AS k
       WHERE reports.id = k.id
         AND substr(k.host, 1, length(reports.domain) + 1) = reports.domain || ':'
         AND substr(k.host, length(reports.domain) + 2) GLOB '[0-9]*'
         AND substr(k.host, length(reports.domain) + 2) NOT GLOB '*[^0-9]*'
         AND NOT (k.scheme = 'http' AND substr(k.host, length(reports.domain) + 2) = '80')
         AND NOT (k.scheme = 'https' AND substr(k.host, length(reports.domain) + 2) = '443')`,
      `UPDATE history SET domain = (SELECT r.domain FROM reports r WHERE r.id = history.report_id)
        WHERE domain <> (SELECT r.domain FROM reports r WHERE r.id = history.report_id)`,
    ],
  ],
  [
    // A report copied from another through the scan cache names its source: made private, the
    // source withdraws its copies (docs/server.md, "Visibility").
    'store-5-report-copied-from',
    ['ALTER TABLE reports ADD COLUMN copied_from TEXT', 'CREATE INDEX reports_copied_from ON reports (copied_from) WHERE copied_from IS NOT NULL'],
  ],
];

/** Statements that copy report results from keyv's documents table (format `{"value": StoredReport}`), when it exists. */
export const BACKFILL_FROM_KEYV = [
  `UPDATE reports SET result = (
     SELECT json_extract(d.value, '$.value.result') FROM documents d WHERE d.key = 'keyv:report:' || reports.id)
   WHERE result IS NULL`,
];

/** Monitors, their runs and alerts. */
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
  [
    // Webhook deliveries leave the scan slots: a queue of signed events retried with backoff,
    // and one row per attempt.
    'monitors-2-webhook-deliveries',
    [
      `CREATE TABLE webhook_deliveries (
         id TEXT PRIMARY KEY, alert_id TEXT NOT NULL, monitor_id TEXT NOT NULL, url TEXT NOT NULL, payload TEXT NOT NULL,
         state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, lease_until INTEGER,
         created_at INTEGER NOT NULL)`,
      'CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at)',
      `CREATE TABLE webhook_attempts (
         id INTEGER PRIMARY KEY AUTOINCREMENT, delivery_id TEXT NOT NULL, attempt INTEGER NOT NULL, at TEXT NOT NULL,
         status INTEGER, error TEXT, duration_ms INTEGER NOT NULL)`,
      'CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id)',
    ],
  ],
  [
    // A monitor's recent deliveries (`monitors deliveries`, list_webhook_deliveries), newest first.
    'monitors-3-deliveries-by-monitor',
    ['CREATE INDEX webhook_deliveries_monitor ON webhook_deliveries (monitor_id, created_at DESC)'],
  ],
];

/** The OAuth authorization server's clients, codes and tokens (secrets stored as SHA-256 hashes). */
export const OAUTH_MIGRATIONS: Array<[string, string[]]> = [
  [
    'oauth-1',
    [
      `CREATE TABLE oauth_clients (
         client_id TEXT PRIMARY KEY, secret_hash TEXT, name TEXT NOT NULL, redirect_uris TEXT NOT NULL,
         grant_types TEXT NOT NULL, auth_method TEXT NOT NULL, scope TEXT NOT NULL, client_uri TEXT,
         created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL)`,
      `CREATE TABLE oauth_codes (
         code_hash TEXT PRIMARY KEY, client_id TEXT NOT NULL, account_id TEXT NOT NULL, redirect_uri TEXT NOT NULL,
         code_challenge TEXT NOT NULL, resource TEXT NOT NULL, scope TEXT NOT NULL, family_id TEXT NOT NULL,
         expires_at INTEGER NOT NULL, used_at INTEGER)`,
      `CREATE TABLE oauth_tokens (
         token_hash TEXT PRIMARY KEY, kind TEXT NOT NULL, client_id TEXT NOT NULL, account_id TEXT NOT NULL,
         resource TEXT NOT NULL, scope TEXT NOT NULL, family_id TEXT NOT NULL,
         created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, revoked_at INTEGER)`,
      'CREATE INDEX oauth_tokens_family ON oauth_tokens (family_id)',
      'CREATE INDEX oauth_tokens_expiry ON oauth_tokens (expires_at)',
    ],
  ],
  [
    // The API key the owner signed in with on the consent page: revoking it ends the grant.
    'oauth-2-key-prefix',
    ['ALTER TABLE oauth_codes ADD COLUMN key_prefix TEXT', 'ALTER TABLE oauth_tokens ADD COLUMN key_prefix TEXT'],
  ],
  [
    // Consent-form tokens are single use: a used one is remembered until it would have expired.
    'oauth-3-used-consent-tokens',
    [
      'CREATE TABLE oauth_used_nonces (nonce_hash TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)',
      'CREATE INDEX oauth_clients_expiry ON oauth_clients (expires_at)',
    ],
  ],
  [
    // Service-wide secrets (the consent form's HMAC key): drawn once, shared by every process on the file.
    'oauth-4-shared-secrets',
    ['CREATE TABLE oauth_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL, created_at INTEGER NOT NULL)'],
  ],
];
