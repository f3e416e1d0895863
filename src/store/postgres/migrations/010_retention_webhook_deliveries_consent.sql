-- Issue 18: nothing grows or waits without bound.

-- Anonymous reports expire (retention): the sweep walks them by age.
CREATE INDEX reports_anonymous_time ON reports (created_at) WHERE account_id IS NULL;

-- Webhook deliveries leave the scan slots: a queue of signed events retried with backoff, one row per attempt.
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  alert_id text NOT NULL,
  monitor_id text NOT NULL,
  url text NOT NULL,
  payload text NOT NULL,
  state text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL,
  lease_until bigint,
  created_at bigint NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);

CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id text NOT NULL,
  attempt integer NOT NULL,
  at timestamptz NOT NULL,
  status integer,
  error text,
  duration_ms integer NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);

-- Consent-form tokens are single use: a used one is remembered until it would have expired.
CREATE TABLE oauth_used_nonces (
  nonce_hash text PRIMARY KEY,
  expires_at bigint NOT NULL
);
CREATE INDEX oauth_clients_expiry ON oauth_clients (expires_at);
