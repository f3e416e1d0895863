/**
 * The store surface of the service (server, CLI key/account/monitor commands, MCP tools, OAuth),
 * one interface per aggregate, composed into `Store`. Two engines implement it with the same
 * aggregate code (src/store/aggregates): embedded SQLite (the default, one file under --data-dir)
 * and Postgres (`--database-url`, shared by several instances). Keep it stable: every face uses it.
 */
import type { Grade, ScanResult } from '../core/schema.js';

export type Visibility = 'public' | 'private';

export interface Account {
  id: string;
  name: string;
  /** Visibility of the account's scans unless a request's `isPublic` overrides it. */
  defaultVisibility: Visibility;
  createdAt: string;
}

export interface ApiKeyInfo {
  /** The first characters of the key (`air_` + 8), shown by `keys list`, used by `keys revoke`. */
  prefix: string;
  accountId: string;
  accountName: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A stored shared report: the result behind /r/<id> and /api/public/v1/report/<id>. */
export interface StoredReport {
  id: string;
  url: string;
  /** Host of the scanned URL (lower case; the port when not the default, e.g. `127.0.0.1:8123`): the key of a domain's history. */
  domain: string;
  createdAt: string;
  isPublic: boolean;
  /** Owner account, null for anonymous scans. */
  accountId: string | null;
  /** The engine's result as scanned (without cached/shareId/shareUrl, which depend on the request). */
  result: ScanResult;
}

/** One row of a history listing (no full result: fetch it with getReport). */
export interface ReportSummary {
  id: string;
  url: string;
  domain: string;
  score: number;
  grade: string;
  level: number;
  platform: string | null;
  createdAt: string;
  isPublic: boolean;
  accountId: string | null;
}

export interface Page<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface ListOptions {
  /** 1..100, default 20. */
  limit?: number;
  cursor?: string | null;
  /** Only reports of this host (with the port when not the default). */
  domain?: string;
}

export interface DomainHistoryOptions extends ListOptions {
  /** Include private reports (only for the owner): this account's private reports are added. */
  accountId?: string;
}

/** Pointer from a normalized URL to the report holding its latest result (the 5-minute cache). */
export interface CachedScan {
  reportId: string;
  isPublic: boolean;
  /** Epoch ms when the scan finished. */
  at: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until a slot frees (0 when allowed). */
  retryAfterSec: number;
  remaining: number;
}

/** The outcome of one `consumeRate` call. */
export interface RateCount {
  allowed: boolean;
  /** Hits counted in the current window, this one included (denied hits count too). */
  count: number;
  /** Seconds until the window resets (0 when allowed). */
  retryAfterSec: number;
}

/** Accounts and their API keys (stored as SHA-256 hashes; the token is shown once). */
export interface AccountStore {
  createAccount(name: string, defaultVisibility?: Visibility): Promise<Account>;
  /** The account by name, created (public by default) when absent. */
  ensureAccount(name: string): Promise<Account>;
  getAccount(idOrName: string): Promise<Account | undefined>;
  listAccounts(): Promise<Account[]>;
  setDefaultVisibility(idOrName: string, visibility: Visibility): Promise<Account | undefined>;
  /** Creates a key for the account (created when absent); the token is returned once, never stored. */
  createApiKey(accountName: string): Promise<{ token: string; key: ApiKeyInfo }>;
  listApiKeys(accountName?: string): Promise<ApiKeyInfo[]>;
  /** Revokes every active key whose prefix starts with `prefix` (at least 6 characters). Returns how many. */
  revokeApiKey(prefix: string): Promise<number>;
  /** The account of a valid, unrevoked key; null for anything else. Constant-time hash compare. */
  verifyApiKey(token: string): Promise<Account | null>;
}

/** Shared reports and the two histories over them (an account's scans, a domain's scans). */
export interface ReportStore {
  /** Saves a new report (new share id); with an account, it also lands in the account's history. */
  /** What the in-process report cache holds (single-process stores only). */
  hotCacheUsage?(): { entries: number; bytes: number };
  /** `copiedFrom`: the report a cached result was copied from (made private, it withdraws this copy too). */
  saveReport(input: { result: ScanResult; isPublic: boolean; accountId: string | null; copiedFrom?: string }): Promise<StoredReport>;
  getReport(id: string): Promise<StoredReport | undefined>;
  /** Deletes the report, its history rows and any cache pointer to it. */
  deleteReport(id: string): Promise<boolean>;
  /** Made private, every copy made from the report (copiedFrom, transitively) is made private too, with the cache pointers to them. */
  setReportVisibility(id: string, isPublic: boolean): Promise<boolean>;
  /** Adds an existing report (e.g. a cached public one) to an account's history; idempotent. */
  recordHistory(accountId: string, reportId: string): Promise<void>;
  /** Removes a report from one account's history (the report itself stays). */
  removeFromHistory(accountId: string, reportId: string): Promise<boolean>;
  /** An account's scans, newest first, paginated, optionally one domain. */
  listAccountReports(accountId: string, options?: ListOptions): Promise<Page<ReportSummary>>;
  /** A domain's scans over time, newest first: public reports plus the given account's private ones. */
  domainHistory(domain: string, options?: DomainHistoryOptions): Promise<Page<ReportSummary>>;
  /**
   * Retention: deletes anonymous reports (no owner, in no account's history) created before
   * `createdBefore` (ISO time), with their cache pointers, at most `limit` per call. Returns their ids.
   */
  expireAnonymousReports(createdBefore: string, limit?: number): Promise<string[]>;
}

/**
 * Short-lived shared state: the scan cache, rate counters and in-flight scan claims. On Postgres
 * each operation is one atomic statement, so it is exact across instances.
 */
export interface LimitStore {
  /** The cache pointer of a normalized URL, unless expired. */
  getCachedScan(url: string): Promise<CachedScan | undefined>;
  setCachedScan(url: string, entry: CachedScan, ttlMs: number): Promise<void>;
  /**
   * Sliding-window counter: records a hit for `bucket` when allowed. SQLite keeps it in process
   * memory (one process owns the file); Postgres counts with `consumeRate` (fixed window).
   */
  hitRate(bucket: string, limit: number, windowMs: number): Promise<RateDecision>;
  /**
   * Counts one hit (or `amount`, e.g. bytes; 0 reads the count) for `key` in the current fixed
   * window of `windowMs` (aligned to the epoch) and says whether the total is within `limit`. One atomic upsert: exact however many instances share the store.
   */
  consumeRate(key: string, limit: number, windowMs: number, amount?: number): Promise<RateCount>;
  /**
   * Claims the scan of `url` for `ttlMs`: returns a claim token when no live claim exists (the
   * caller scans, then calls `releaseScan`), null when another caller (any instance) holds it
   * (wait for its result in the cache). An expired claim (a crashed holder) can be taken over.
   */
  claimScan(url: string, ttlMs: number): Promise<string | null>;
  /** Releases a claim; only the holder's token releases it. */
  releaseScan(url: string, token: string): Promise<void>;
}

/*
 * Monitors: scheduled re-scans of a URL with a threshold, their runs and their alerts. Runs are
 * claimed atomically, so a restart, a second process or a second instance never runs the same
 * slot twice. The webhook secret is kept in clear: it signs outgoing events.
 */
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
  /** Queues a signed event for delivery outside the scan slots (src/monitor/deliveries.ts). */
  enqueueDelivery(d: { id: string; alertId: string; monitorId: string; url: string; payload: string; at: number }): Promise<void>;
  /**
   * Claims up to `limit` due pending deliveries for `leaseMs` (their attempt count goes up by one),
   * in one statement, so two processes never send the same attempt. Each comes with its monitor's
   * current signing secret (null when the monitor is gone).
   */
  claimDeliveries(now: number, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /** Records one attempt and the delivery's next state; the alert shows the latest outcome. */
  recordAttempt(
    delivery: { id: string; alertId: string },
    attempt: Omit<DeliveryAttempt, 'deliveryId'>,
    next: { state: DeliveryState; retryAt: number | null },
  ): Promise<void>;
  /** The deliveries of an alert with every attempt, oldest first. */
  deliveries(alertId: string): Promise<Array<WebhookDelivery & { attemptLog: DeliveryAttempt[] }>>;
  /**
   * A monitor's most recent deliveries (newest first, at most `limit`, clamped to 1..100, default
   * 20), each with its alert and every attempt (oldest first): the owner's "recent deliveries".
   */
  recentDeliveries(monitorId: string, limit?: number): Promise<DeliveryLog[]>;
}

/** A delivery as its owner reviews it: the alert it carries and every attempt made. */
export interface DeliveryLog extends WebhookDelivery {
  attemptLog: DeliveryAttempt[];
  /** Null when the alert row is gone. */
  alert: { at: string; kinds: string[]; message: string } | null;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

/** One webhook event on its way: the payload is fixed, so every retry sends the same bytes and id. */
export interface WebhookDelivery {
  /** The event id: the receiver's idempotency key (X-AI-Ready-Delivery, webhook-id). */
  id: string;
  alertId: string;
  monitorId: string;
  url: string;
  payload: string;
  state: DeliveryState;
  /** Attempts made so far (a claimed delivery counts the attempt being made). */
  attempts: number;
  /** Epoch ms of the next attempt. */
  nextAttemptAt: number;
  createdAt: number;
}

export interface ClaimedDelivery extends WebhookDelivery {
  secret: string | null;
}

export interface DeliveryAttempt {
  deliveryId: string;
  /** 1 for the first try. */
  attempt: number;
  at: string;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/*
 * The OAuth 2.1 authorization server's records (src/oauth): registered clients, authorization
 * codes and tokens. Every secret (client secret, code, access and refresh token) is stored only
 * as a SHA-256 hash; every row expires. Single-use steps (code redemption, refresh rotation) are
 * one conditional UPDATE, so two concurrent redemptions cannot both win.
 */
export type AuthMethod = 'none' | 'client_secret_post' | 'client_secret_basic';

export interface OAuthClient {
  clientId: string;
  secretHash: string | null;
  name: string;
  redirectUris: string[];
  grantTypes: string[];
  authMethod: AuthMethod;
  scope: string;
  clientUri: string | null;
  createdAt: number;
  expiresAt: number;
}

export interface AuthCode {
  codeHash: string;
  clientId: string;
  accountId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  scope: string;
  familyId: string;
  expiresAt: number;
  usedAt: number | null;
  /** Prefix of the API key that approved the grant (null for grants made before it was recorded). */
  keyPrefix: string | null;
}

export interface OAuthToken {
  tokenHash: string;
  kind: 'access' | 'refresh';
  clientId: string;
  accountId: string;
  resource: string;
  scope: string;
  familyId: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  /** Prefix of the API key that approved the grant (null for grants made before it was recorded). */
  keyPrefix: string | null;
}

export interface OAuthStore {
  createClient(c: OAuthClient): Promise<void>;
  /** The client, unless unknown or expired. */
  getClient(clientId: string, now: number): Promise<OAuthClient | undefined>;
  /** Extends a client's registration (sliding expiry on use). */
  extendClient(clientId: string, expiresAt: number): Promise<void>;
  createCode(c: Omit<AuthCode, 'usedAt' | 'keyPrefix'> & { keyPrefix?: string | null }): Promise<void>;
  /** Marks the code used. `ok` only for the first redemption of an unexpired code; a replay returns the row with ok false. */
  redeemCode(codeHash: string, now: number): Promise<{ ok: boolean; code: AuthCode | undefined }>;
  createToken(t: Omit<OAuthToken, 'revokedAt' | 'keyPrefix'> & { keyPrefix?: string | null }): Promise<void>;
  getToken(tokenHash: string): Promise<OAuthToken | undefined>;
  /** Revokes one token; true when this call revoked it (false when it already was, or does not exist). */
  revokeToken(tokenHash: string, now: number): Promise<boolean>;
  /** Revokes every token of a grant (refresh-token reuse, code replay, revocation). */
  revokeFamily(familyId: string, now: number): Promise<number>;
  /** True when the API key with this prefix was revoked or no longer exists. */
  isKeyRevoked(keyPrefix: string): Promise<boolean>;
  /** Deletes rows expired before `now` (codes, tokens, clients, used consent tokens). */
  purgeExpired(now: number): Promise<void>;
  /** Marks a single-use token as used; true only for the first use (one INSERT, safe across instances). */
  useNonce(nonceHash: string, expiresAt: number): Promise<boolean>;
  /**
   * Live registrations no token was ever granted to: their expiry is still within `pendingMs` of
   * their creation (a grant moves it to the long lifetime).
   */
  countPendingClients(now: number, pendingMs: number): Promise<number>;
  /**
   * The service-wide secret named `name`: stores `candidate` unless a value is already there, then
   * returns the stored one, so every instance on the database agrees (two starting at once too).
   * Kept in its own table, which no listing, export or purge reads.
   */
  sharedSecret(name: string, candidate: string): Promise<string>;
}

export interface Store extends AccountStore, ReportStore, LimitStore {
  /** Which engine holds the data. */
  readonly kind: 'sqlite' | 'postgres';
  /** Per-instance files (the Web Bot Auth key; the SQLite file when no database URL is given). */
  readonly dataDir: string;
  /** Monitors, their runs and alerts. */
  readonly monitors: MonitorStore;
  /** OAuth clients, codes and tokens. */
  readonly oauth: OAuthStore;
  close(): Promise<void>;
}
