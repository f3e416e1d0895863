/**
 * Mounts the agent faces on the server's h3 app: /mcp (OAuth), /api/mcp (API key), the OAuth
 * authorization server and its metadata, the MCP server card, and the monitor scheduler that
 * `serve` runs. Its tables live in the same SQLite file as the store (own connection, own
 * migrations).
 */
import type { H3 } from 'h3';
import { openDatabase, type Db } from '../store/db.js';
import type { Store } from '../store/types.js';
import { openMonitorStore, type MonitorStore } from '../store/monitors.js';
import { openOAuthStore } from '../store/oauth.js';
import type { ScanService } from '../server/scan-service.js';
import { clientIp, rateBucket } from '../server/request.js';
import { createOAuthServer, type OAuthServer } from '../oauth/server.js';
import type { OAuthLifetimes } from '../oauth/config.js';
import { CORS } from '../oauth/http.js';
import { createMonitorScheduler, type MonitorScheduler } from '../monitor/scheduler.js';
import { DEFAULT_MIN_INTERVAL_SEC } from '../monitor/interval.js';
import { loadBotKey, WBA_DIRECTORY_PATH, WBA_MEDIA_TYPE } from '../monitor/bot-key.js';
import { createMcpHttp } from './http.js';
import { createServiceScanner } from './service-scanner.js';
import { SERVER_CARD_PATHS, serverCard } from './server-card.js';

export interface AgentFacesOptions {
  store: Store;
  service: ScanService;
  baseUrl: () => string;
  allowPrivateNetwork: boolean;
  trustProxy: boolean;
  /** Anonymous scan requests per minute per IP (shared with the REST API). */
  rateLimit: number;
  rateWindowMs?: number;
  scanDeadlineMs?: number;
  scanTimeoutMs?: number;
  monitorTickMs?: number;
  monitorConcurrency?: number;
  monitorMinIntervalSec?: number;
  oauthLifetimes?: Partial<OAuthLifetimes>;
  log?: (line: string) => void;
}

export interface AgentFaces {
  extend(app: H3): void;
  /** Starts the monitor scheduler and the OAuth clean-up. */
  start(): void;
  close(): Promise<void>;
  oauth: OAuthServer;
  monitors: MonitorStore;
  scheduler: MonitorScheduler;
}

export async function createAgentFaces(opts: AgentFacesOptions): Promise<AgentFaces> {
  const db: Db = await openDatabase(opts.store.dataDir);
  const monitors = await openMonitorStore(db);
  const oauthStore = await openOAuthStore(db);
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const logError = (e: unknown, where: string) => log(`ai-ready serve: internal error in ${where}: ${(e as Error)?.stack ?? String(e)}`);

  // The service's automated traffic (webhooks) is signed with Web Bot Auth; the directory publishes the key.
  const botKey = loadBotKey(opts.store.dataDir);
  const oauth = createOAuthServer({ oauth: oauthStore, store: opts.store, baseUrl: opts.baseUrl, lifetimes: opts.oauthLifetimes });
  const scannerOptions = {
    service: opts.service,
    store: opts.store,
    baseUrl: opts.baseUrl,
    allowPrivateNetwork: opts.allowPrivateNetwork,
    rateLimit: opts.rateLimit,
    rateWindowMs: opts.rateWindowMs ?? 60_000,
    scanDeadlineMs: opts.scanDeadlineMs,
    scanTimeoutMs: opts.scanTimeoutMs,
  };
  const monitorPolicy = {
    minIntervalSec: opts.monitorMinIntervalSec ?? DEFAULT_MIN_INTERVAL_SEC,
    blockPrivateNetwork: !opts.allowPrivateNetwork,
  };
  const http = createMcpHttp({
    store: opts.store,
    monitors,
    oauth,
    baseUrl: opts.baseUrl,
    monitorPolicy,
    scannerFor: (account, ip) => createServiceScanner(scannerOptions, account, ip),
    onInternalError: logError,
  });
  const scheduler = createMonitorScheduler({
    monitors,
    store: opts.store,
    // Monitor runs share the server's scan runner: they never exceed its concurrency.
    scan: (url) =>
      opts.service.runner.run(url, { blockPrivateNetwork: !opts.allowPrivateNetwork, deadlineMs: opts.scanDeadlineMs, timeoutMs: opts.scanTimeoutMs }),
    concurrency: opts.monitorConcurrency,
    tickMs: opts.monitorTickMs,
    webhook: {
      blockPrivateNetwork: !opts.allowPrivateNetwork,
      botSignature: (url) => botKey.signRequest(url, `${opts.baseUrl()}${WBA_DIRECTORY_PATH}`),
    },
    baseUrl: opts.baseUrl,
    log,
  });
  let purgeTimer: NodeJS.Timeout | undefined;

  // Only rate limits use it (MCP scans, OAuth registrations): the bucket, an IPv6 /64 counting as one client.
  const ip = (req: Request) => rateBucket(clientIp(req as Request & { ip?: string }, opts.trustProxy));
  const guarded = async (where: string, run: () => Promise<Response>): Promise<Response> => {
    try {
      return await run();
    } catch (e) {
      logError(e, where);
      return new Response(JSON.stringify({ error: 'server_error', error_description: 'An internal error occurred.' }), {
        status: 500,
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      });
    }
  };

  return {
    oauth,
    monitors,
    scheduler,
    extend(app) {
      app.all('/mcp', (event) => guarded('/mcp', () => http.oauthEndpoint(event.req, ip(event.req))));
      app.all('/api/mcp', (event) => guarded('/api/mcp', () => http.keyEndpoint(event.req, ip(event.req))));
      const oauthPaths = [
        '/.well-known/oauth-authorization-server',
        '/.well-known/oauth-protected-resource',
        '/.well-known/oauth-protected-resource/mcp',
        '/oauth/register',
        '/oauth/authorize',
        '/oauth/token',
        '/oauth/revoke',
      ];
      for (const path of oauthPaths) {
        app.all(path, (event) =>
          guarded(path, async () => (await oauth.handle(event.req, { clientIp: ip(event.req) })) ?? new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD' } })),
        );
      }
      app.all(WBA_DIRECTORY_PATH, (event) => {
        const method = event.req.method;
        if (method !== 'GET' && method !== 'HEAD') return new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD' } });
        return new Response(method === 'HEAD' ? null : JSON.stringify(botKey.jwks), {
          headers: { 'content-type': WBA_MEDIA_TYPE, 'cache-control': 'public, max-age=3600', ...CORS, ...botKey.signDirectory(new URL(event.req.url).host) },
        });
      });
      for (const path of SERVER_CARD_PATHS) {
        app.all(path, (event) => {
          const method = event.req.method;
          if (method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
          if (method !== 'GET' && method !== 'HEAD') return new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' } });
          return new Response(method === 'HEAD' ? null : JSON.stringify(serverCard(opts.baseUrl())), {
            headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600', ...CORS },
          });
        });
      }
    },
    start() {
      scheduler.start();
      void oauth.purge().catch((e) => logError(e, 'oauth purge'));
      purgeTimer = setInterval(() => void oauth.purge().catch((e) => logError(e, 'oauth purge')), 3_600_000);
      purgeTimer.unref();
    },
    async close() {
      if (purgeTimer) clearInterval(purgeTimer);
      await scheduler.stop();
      await db.close();
    },
  };
}
