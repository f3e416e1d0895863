-- Service-wide secrets (the consent form's HMAC key): drawn once, shared by every instance on the
-- database. Its own table, which no listing, export or purge reads.
CREATE TABLE oauth_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at bigint NOT NULL
);

-- A monitor's recent deliveries (`monitors deliveries`, list_webhook_deliveries), newest first.
CREATE INDEX webhook_deliveries_monitor ON webhook_deliveries (monitor_id, created_at DESC);
