/**
 * `createServer(config)`: opens the store, builds the app and serves it with listhen. Tests start
 * it on port 0 with a temp data dir and call `close()`; the CLI wires SIGTERM to `close()`, which
 * stops accepting connections, lets in-flight requests finish (bounded), then closes the store.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, type Listener } from 'listhen';
import { toNodeHandler } from 'h3/node';
import type { Store } from '../store/index.js';
import type { ScanService } from '../service/index.js';
import type { App } from './app.js';
import { DEFAULTS, type ServerConfig } from './config.js';
import { composeService, type ComposedService } from './compose.js';
import { InProcessRunner, WorkerPoolRunner, defaultMaxScans, defaultWorkerCount, type ScanRunner } from '../runner/index.js';
import { databaseUrlFrom } from '../store/index.js';
import { CONNECTION_DEFAULTS, limitConnections } from './connection-limits.js';
import type { Server } from 'node:http';

export type { ServerConfig } from './config.js';
export { createApp, type App, type AppDeps, type AppContext } from './app.js';

export interface RunningServer {
  /** Listen address, e.g. http://127.0.0.1:3000 */
  url: string;
  /** Public base URL used in links (config.baseUrl or url). */
  baseUrl: string;
  port: number;
  store: Store;
  service: ScanService;
  app: App;
  /** The composed service: OAuth server, monitor store and scheduler. */
  agent: Pick<ComposedService, 'oauth' | 'monitors' | 'scheduler'>;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** The scan executor; default: the worker pool of `config.workers` threads (`workers: 0`: in-process). */
  runner?: ScanRunner;
}

/** Batches access-log lines: one write per tick instead of one per request. */
function batchedWriter(write: (chunk: string) => void): (line: string) => void {
  let buf: string[] = [];
  return (line) => {
    if (buf.length === 0) {
      setImmediate(() => {
        const out = buf;
        buf = [];
        write(out.join('\n') + '\n');
      });
    }
    buf.push(line);
  };
}

export async function createServer(config: ServerConfig = {}, options: ServerOptions = {}): Promise<RunningServer> {
  let baseUrl = config.baseUrl?.replace(/\/+$/, '') ?? '';
  const log = config.log === false ? false : (config.log ?? batchedWriter((s) => process.stdout.write(s)));
  // The runner is made once the store is open (a bad database URL is reported by the store, in its words).
  const composed = await composeService(config, { runner: options.runner ?? (() => createRunner(config)), baseUrl: () => baseUrl, log });
  const { store, service, app } = composed;

  const port = config.port ?? DEFAULTS.port;
  let listener: Listener;
  // listhen creates the server inside listen(): the handler reaches the bounds through this slot.
  const handler = keepRequestSocket(toNodeHandler({ fetch: app.fetch } as never) as unknown as NodeHandler);
  let bounded: NodeHandler = handler;
  try {
    listener = await listen(((req: IncomingMessage, res: ServerResponse) => bounded(req, res)) as never, {
      port: { port, random: port === 0, alternativePortRange: [] } as never,
      hostname: config.host ?? DEFAULTS.host,
      showURL: false,
      autoClose: false,
      public: false,
      isProd: true,
      qr: false,
    });
  } catch (e) {
    await composed.close();
    throw e;
  }
  bounded = limitConnections(listener.server as Server, { ...CONNECTION_DEFAULTS, ...config.connections })(handler);
  const address = listener.address;
  const host = address.address.includes(':') ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  if (!baseUrl) baseUrl = url;
  composed.start();

  let closing: Promise<void> | null = null;
  return {
    url,
    baseUrl,
    port: address.port,
    store,
    service,
    app,
    agent: composed,
    close() {
      closing ??= (async () => {
        // listhen's close stops accepting, ends idle keep-alive sockets and waits for active requests.
        const drained = listener.close();
        const grace = new Promise<void>((r) => setTimeout(r, 10_000).unref());
        await Promise.race([drained, grace]);
        service.abortAll();
        await drained.catch(() => {});
        await composed.close();
      })();
      return closing;
    },
  };
}

/**
 * Scans run in a worker-thread pool (isolation: heap cap, hard deadline); `workers: 0` keeps them
 * in-process. On Postgres they go through the shared job queue: this instance consumes it with a
 * local pool of `workers` threads, or (`workers: 0`) is web-only and `ai-ready worker` runs them.
 */
async function createRunner(config: ServerConfig): Promise<ScanRunner> {
  const maxQueued = config.maxQueuedScans ?? DEFAULTS.maxQueuedScans;
  const databaseUrl = databaseUrlFrom(config.databaseUrl);
  const workers = config.workers ?? config.maxConcurrentScans ?? defaultWorkerCount();
  const maxScans = config.maxScans ?? defaultMaxScans();
  const pool = { workers, maxScans, heapMb: config.workerHeapMb, originConcurrency: config.originConcurrency };
  if (databaseUrl) {
    // The local consumer applies this instance's own private-network rule, whatever the job says.
    const local = workers > 0 ? { runner: new WorkerPoolRunner(pool), concurrency: maxScans, blockPrivateNetwork: !config.allowPrivateNetwork } : undefined;
    try {
      const { JobQueueRunner } = await import('../runner/job-queue.js');
      return await JobQueueRunner.open({ databaseUrl, local, maxQueued });
    } catch (e) {
      await local?.runner.close().catch(() => {});
      throw e;
    }
  }
  if (config.workers === 0) return new InProcessRunner(config.maxConcurrentScans ?? DEFAULTS.maxConcurrentScans, maxQueued);
  return new WorkerPoolRunner({ ...pool, maxQueued });
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * listhen's shutdown helper (http-shutdown) sets `req.socket._isIdle` when a response finishes.
 * Node sets `req.socket` to null when a request body stream is cancelled (a body over the limit
 * is cut off that way), and the TypeError in that listener would take the whole process down:
 * one oversized request from anyone. The socket is put back before that listener runs.
 */
function keepRequestSocket(handler: NodeHandler): NodeHandler {
  return (req, res) => {
    const socket = req.socket;
    res.prependListener('finish', () => {
      if (!req.socket) req.socket = socket;
    });
    return handler(req, res);
  };
}
