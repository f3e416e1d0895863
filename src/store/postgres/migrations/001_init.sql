-- ai-ready store on Postgres: accounts and keys, reports and history, limits and cache, monitors, OAuth.
-- Times the service compares as numbers (cache and claim expiry, monitor schedule, OAuth expiry) are epoch ms (bigint);
-- times people read are timestamptz. Report results are `json` (not jsonb) so they come back byte for byte.

CREATE TABLE accounts (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  default_public boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);

-- API keys: only the SHA-256 hash of the token; `prefix` (air_ + 8) finds the row.
CREATE TABLE api_keys (
  prefix text PRIMARY KEY,
  hash text NOT NULL,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);

CREATE TABLE reports (
  id text PRIMARY KEY,
  url text NOT NULL,
  domain text NOT NULL,
  account_id text REFERENCES accounts(id) ON DELETE SET NULL,
  is_public boolean NOT NULL,
  score integer NOT NULL,
  grade text NOT NULL,
  level integer NOT NULL,
  platform text,
  created_at timestamptz NOT NULL,
  result json NOT NULL
);
CREATE INDEX reports_domain_time ON reports (domain, created_at DESC, id DESC);

CREATE TABLE history (
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  report_id text NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
  domain text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, report_id)
);
CREATE INDEX history_account_time ON history (account_id, created_at DESC, report_id DESC);
CREATE INDEX history_account_domain_time ON history (account_id, domain, created_at DESC, report_id DESC);
CREATE INDEX history_report ON history (report_id);

-- Limits and cache: short-lived rows, swept by the instances.
CREATE TABLE scan_cache (
  url_key text PRIMARY KEY,
  report_id text NOT NULL,
  is_public boolean NOT NULL,
  at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX scan_cache_report ON scan_cache (report_id);
CREATE INDEX scan_cache_expiry ON scan_cache (expires_at);

CREATE TABLE rate_counters (
  key text PRIMARY KEY,
  window_start bigint NOT NULL,
  window_ms bigint NOT NULL,
  count integer NOT NULL
);

CREATE TABLE scan_claims (
  url_key text PRIMARY KEY,
  token text NOT NULL,
  expires_at bigint NOT NULL
);

CREATE TABLE monitors (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  url text NOT NULL,
  interval_sec integer NOT NULL,
  min_score integer,
  min_grade text,
  webhook_url text,
  webhook_secret text,
  created_at timestamptz NOT NULL,
  next_run_at bigint NOT NULL,
  lease_until bigint,
  last_run_at timestamptz,
  last_status text,
  last_score integer,
  last_grade text,
  last_level integer,
  last_report_id text,
  last_error text,
  below boolean NOT NULL DEFAULT false
);
CREATE INDEX monitors_due ON monitors (next_run_at);
CREATE INDEX monitors_account ON monitors (account_id, created_at);

CREATE TABLE monitor_runs (
  id bigserial PRIMARY KEY,
  monitor_id text NOT NULL,
  at timestamptz NOT NULL,
  status text NOT NULL,
  report_id text,
  score integer,
  grade text,
  level integer,
  error text
);
CREATE INDEX monitor_runs_monitor ON monitor_runs (monitor_id, id DESC);

CREATE TABLE monitor_alerts (
  id text PRIMARY KEY,
  monitor_id text NOT NULL,
  at timestamptz NOT NULL,
  kinds text NOT NULL,
  message text NOT NULL,
  report_id text,
  score integer,
  grade text,
  previous_grade text,
  webhook_status integer,
  webhook_error text
);
CREATE INDEX monitor_alerts_monitor ON monitor_alerts (monitor_id, at DESC);

-- OAuth: secrets as SHA-256 hashes; every row expires (epoch ms).
CREATE TABLE oauth_clients (
  client_id text PRIMARY KEY,
  secret_hash text,
  name text NOT NULL,
  redirect_uris text NOT NULL,
  grant_types text NOT NULL,
  auth_method text NOT NULL,
  scope text NOT NULL,
  client_uri text,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);

CREATE TABLE oauth_codes (
  code_hash text PRIMARY KEY,
  client_id text NOT NULL,
  account_id text NOT NULL,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  resource text NOT NULL,
  scope text NOT NULL,
  family_id text NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint,
  key_prefix text
);

CREATE TABLE oauth_tokens (
  token_hash text PRIMARY KEY,
  kind text NOT NULL,
  client_id text NOT NULL,
  account_id text NOT NULL,
  resource text NOT NULL,
  scope text NOT NULL,
  family_id text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  revoked_at bigint,
  key_prefix text
);
CREATE INDEX oauth_tokens_family ON oauth_tokens (family_id);
CREATE INDEX oauth_tokens_expiry ON oauth_tokens (expires_at);
