/**
 * The composition root of `ai-ready serve`: opens the store (SQLite under the data dir, or
 * Postgres with a database URL; monitors and OAuth records are aggregates of it), builds the one ScanService every face scans
 * through, the OAuth server, the MCP endpoints, the monitor scheduler and the HTTP app. Nothing
 * else wires modules together; `createServer` (./index.ts) only listens and shuts down.
 */
import { mkdirSync } from 'node:fs';
import { isLoopbackUrl } from '../core/net/address-guard.js';
import { openStore, dataDirFrom, databaseUrlFrom, type Store } from '../store/index.js';
import { expireAnonymousReports } from '../store/retention.js';
import type { MonitorStore } from '../store/types.js';
import { openResultCache, type ResultCache } from '../store/result-cache.js';
import { ScanService } from '../service/index.js';
import { InProcessRunner, type ScanRunner } from '../runner/index.js';
import { MeteredRunner, createMetrics, type ServiceMetrics } from './metrics.js';
import { metricsRoutes } from './routes/operations.js';
import { createOAuthServer, type OAuthServer } from '../oauth/server.js';
import { consentSecret } from '../oauth/consent-token.js';
import { createMonitorScheduler, type MonitorScheduler } from '../monitor/scheduler.js';
import { DEFAULT_MIN_INTERVAL_SEC } from '../monitor/interval.js';
import { loadBotKey, WBA_DIRECTORY_PATH } from '../monitor/bot-key.js';
import { createMcpHttp } from '../mcp/http.js';
import { createServiceScanner } from '../mcp/service-scanner.js';
import { createApp, type App } from './app.js';
import { DEFAULTS, type ServerConfig } from './config.js';
import { botKeyRoutes } from './routes/bot-key.js';
import { mcpRoutes } from './routes/mcp.js';
import { oauthRoutes } from './routes/oauth.js';

export interface ComposeOptions {
  /** The scan executor, or its factory (called once the store is open); default: in-process, bounded by the config's concurrency and queue. */
  runner?: ScanRunner | (() => Promise<ScanRunner>);
  /** Base URL without a trailing slash (the listen address is known after binding). */
  baseUrl: () => string;
  log: ((line: string) => void) | false;
}

export interface ComposedService {
  store: Store;
  service: ScanService;
  app: App;
  oauth: OAuthServer;
  monitors: MonitorStore;
  scheduler: MonitorScheduler;
  /** Starts the monitor scheduler and the hourly OAuth clean-up (once listening). */
  start(): void;
  /** Stops the scheduler, cancels scans and closes the store (after the listener drained). */
  close(): Promise<void>;
}

/** Names a loopback-bound server answers to; anything else is a rebound DNS name. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

/**
 * Host names the Host/Origin guard accepts, or undefined for no guard. A loopback bind is always
 * guarded. Any other bind is guarded too when --allow-private-network is on: such a server
 * reaches private networks, so no web page a visitor opens may drive it through its
 * `Access-Control-Allow-Origin: *` endpoints (DNS rebinding, cross-site requests). It then answers
 * to its base URL's host, the bind address and loopback names.
 */
function guardedHostNames(host: string, allowPrivateNetwork: boolean): string[] | undefined {
  if (isLoopbackUrl(`http://${hostForUrl(host)}`)) return LOOPBACK_NAMES;
  return allowPrivateNetwork ? [...LOOPBACK_NAMES, host.toLowerCase().replace(/^\[|\]$/g, '')] : undefined;
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host.replace(/^\[|\]$/g, '')}]` : host;
}

export async function composeService(config: ServerConfig, opts: ComposeOptions): Promise<ComposedService> {
  const databaseUrl = databaseUrlFrom(config.databaseUrl);
  const store = await openStore({ databaseUrl, dataDir: dataDirFrom(config.dataDir) });
  let cache: ResultCache | undefined;
  try {
    cache = await openResultCache({ url: config.cacheUrl ?? (process.env.AI_READY_CACHE_URL || undefined), dataDir: store.dataDir, databaseUrl });
    return await compose(config, opts, store, cache);
  } catch (e) {
    await cache?.close().catch(() => {});
    await store.close().catch(() => {});
    throw e;
  }
}

async function compose(config: ServerConfig, opts: ComposeOptions, store: Store, cache: ResultCache): Promise<ComposedService> {
  const { baseUrl } = opts;
  const diagnostics = config.log === false ? () => {} : (line: string) => process.stderr.write(`${line}\n`);
  const logError = (e: unknown, where: string) => diagnostics(`ai-ready serve: internal error in ${where}: ${(e as Error)?.stack ?? String(e)}`);

  const host = config.host ?? DEFAULTS.host;
  if (config.metrics && !config.metricsToken && !isLoopbackUrl(`http://${hostForUrl(host)}`))
    throw new Error('--metrics on an address other than loopback needs --metrics-token (or AI_READY_METRICS_TOKEN): the figures describe every caller');
  // serve --render: each rendering scan launches a browser of its own (DevTools over a pipe, no
  // port); one launch now proves the browser starts here (as an unprivileged user when root).
  if (config.render) await (await import('../core/render/browser.js')).launchBrowser().then((b) => b.close());
  let runner: ScanRunner | undefined;
  try {
    const made = typeof opts.runner === 'function' ? await opts.runner() : opts.runner;
    runner = made ?? new InProcessRunner(config.maxConcurrentScans ?? DEFAULTS.maxConcurrentScans, config.maxQueuedScans ?? DEFAULTS.maxQueuedScans);
    const render = config.render ? { maxConcurrent: config.renderConcurrency ?? 2 } : undefined;
    const metrics = config.metrics ? createMetrics() : undefined;
    const service = makeService(config, store, metrics ? new MeteredRunner(runner, metrics) : runner, baseUrl, cache, render);
    metrics?.bind(service);
    // One consent-form key for every instance on this database (AI_READY_CONSENT_SECRET overrides it).
    const consent = await consentSecret(store.oauth, process.env.AI_READY_CONSENT_SECRET || undefined);
    return wire(config, opts, store, service, diagnostics, logError, metrics, cache, consent);
  } catch (e) {
    await runner?.close().catch(() => {});
    throw e;
  }
}

function makeService(
  config: ServerConfig,
  store: Store,
  runner: ScanRunner,
  baseUrl: () => string,
  cache: ResultCache,
  render?: { maxConcurrent: number },
): ScanService {
  return new ScanService({
    render,
    store,
    cache,
    runner,
    concurrency: config.maxConcurrentScans ?? DEFAULTS.maxConcurrentScans,
    maxQueued: config.maxQueuedScans ?? DEFAULTS.maxQueuedScans,
    allowPrivateNetwork: !!config.allowPrivateNetwork,
    scanDeadlineMs: config.scanDeadlineMs,
    scanTimeoutMs: config.scanTimeoutMs,
    cacheTtlMs: config.cacheTtlMs ?? DEFAULTS.cacheTtlMs,
    baseUrl,
    rateLimit: config.rateLimit ?? DEFAULTS.rateLimit,
    rateWindowMs: DEFAULTS.rateWindowMs,
    // An embedder that turns the anonymous rate limit off (tests, benches) gets no storage cap either unless it asks.
    storageBytesPerDay: config.storageBytesPerDay ?? (config.rateLimit === 0 ? 0 : DEFAULTS.storageBytesPerDay),
    maxScansPerClient: config.maxScansPerClient ?? DEFAULTS.maxScansPerClient,
    maxScansPerAccount: config.maxScansPerAccount ?? DEFAULTS.maxScansPerAccount,
  });
}

function wire(
  config: ServerConfig,
  opts: ComposeOptions,
  store: Store,
  service: ScanService,
  diagnostics: (line: string) => void,
  logError: (e: unknown, where: string) => void,
  metrics: ServiceMetrics | undefined,
  cache: ResultCache,
  consentKey: string,
): ComposedService {
  const { baseUrl } = opts;

  // Monitor URLs and webhook targets follow the scan policy's private-network rule.
  const blockPrivateNetwork = !!service.policy.blockPrivateNetwork;
  const monitors = store.monitors;
  const oauthStore = store.oauth;
  const oauth = createOAuthServer({
    oauth: oauthStore,
    store,
    baseUrl,
    lifetimes: config.oauthAccessTokenSec ? { accessTokenSec: config.oauthAccessTokenSec } : undefined,
    consentSecret: consentKey,
  });
  // The service's automated traffic (webhooks) is signed with Web Bot Auth; the directory publishes the key.
  // On Postgres nothing else creates the data dir, which still keeps this per-instance key.
  mkdirSync(store.dataDir, { recursive: true });
  const botKey = loadBotKey(store.dataDir);
  const mcp = createMcpHttp({
    store,
    monitors,
    oauth,
    baseUrl,
    monitorPolicy: { minIntervalSec: config.monitorMinIntervalSec ?? DEFAULT_MIN_INTERVAL_SEC, blockPrivateNetwork },
    scannerFor: (account, client) => createServiceScanner(service, account, client),
    onInternalError: logError,
  });
  const scheduler = createMonitorScheduler({
    monitors,
    store,
    // Monitor runs go through the same door: the service's runner bounds them with everything else.
    service,
    tickMs: config.monitorTickMs,
    webhook: {
      blockPrivateNetwork,
      botSignature: (req) => botKey.signRequest(req, `${baseUrl()}${WBA_DIRECTORY_PATH}`),
    },
    baseUrl,
    log: diagnostics,
  });

  const host = config.host ?? DEFAULTS.host;
  const allowedHostNames = guardedHostNames(host, !!config.allowPrivateNetwork);
  const app = createApp({
    store,
    service,
    baseUrl,
    trustProxy: config.trustProxy,
    bodyLimitBytes: config.bodyLimitBytes,
    superseded: config.superseded,
    log: opts.log,
    logError,
    allowedHostNames,
    routes: [
      ...mcpRoutes(mcp),
      ...oauthRoutes(oauth),
      ...botKeyRoutes(botKey, { baseUrl, hostGuarded: allowedHostNames !== undefined }),
      ...metricsRoutes({ metrics, metricsToken: config.metricsToken }),
    ],
  });

  let purgeTimer: NodeJS.Timeout | undefined;
  let housekept: Promise<unknown> = Promise.resolve();
  return {
    store,
    service,
    app,
    oauth,
    monitors,
    scheduler,
    start() {
      scheduler.start();
      // Hourly: expired OAuth rows and unused registrations, and anonymous reports past retention.
      const housekeeping = () => {
        housekept = Promise.all([
          oauth.purge().catch((e) => logError(e, 'oauth purge')),
          expireAnonymousReports(store, config.reportRetentionDays ?? DEFAULTS.reportRetentionDays).catch((e) => logError(e, 'report retention')),
        ]);
      };
      housekeeping();
      purgeTimer = setInterval(housekeeping, 3_600_000);
      purgeTimer.unref();
    },
    async close() {
      if (purgeTimer) clearInterval(purgeTimer);
      service.abortAll();
      // A sweep still running (one starts with the server) finishes before its store closes.
      await housekept;
      await scheduler.stop();
      await service.close();
      await cache.close();
      await store.close();
    },
  };
}
