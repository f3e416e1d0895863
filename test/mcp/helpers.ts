/** Shared test setup for the MCP, OAuth and monitor tests: a temp store and a fixture site whose content can be switched. */
import { rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { openStore, type Store } from '../../src/store/index.js';
import { openDatabase, type Db } from '../../src/store/db.js';
import type { MonitorStore } from '../../src/store/types.js';
import { openMonitorStore } from '../../src/store/sqlite/store.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { createLocalScanner } from '../../src/mcp/local-scanner.js';
import type { McpContext } from '../../src/mcp/context.js';
import * as sites from '../fixtures/sites.mjs';
import { tempDir } from '../helpers/temp-dir.js';

export interface TempStore {
  dir: string;
  store: Store;
  db: Db;
  monitors: MonitorStore;
  close(): Promise<void>;
}

export async function tempStore(): Promise<TempStore> {
  const dir = tempDir('ai-ready-mcp-');
  const store = await openStore(dir);
  const db = await openDatabase(dir);
  const monitors = await openMonitorStore(db);
  return {
    dir,
    store,
    db,
    monitors,
    async close() {
      await db.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Route = { status?: number; headers?: Record<string, string>; body?: string | Buffer } | ((req: IncomingMessage, res: ServerResponse) => unknown);

/** A loopback site that serves `agentReady` or `bare` content, switchable between scans. */
export async function switchableSite(): Promise<{ site: FixtureSite; use(kind: 'agentReady' | 'bare'): void }> {
  let kind: 'agentReady' | 'bare' = 'agentReady';
  let origin = '';
  const site = await startFixture((() => ({
    '*': async (req: IncomingMessage, res: ServerResponse) => {
      const table = (kind === 'agentReady' ? sites.agentReady(origin) : sites.bare(origin)) as Record<string, Route>;
      const path = (req.url ?? '/').split('?')[0];
      const route = table[path] ?? table[req.url ?? '/'] ?? table['*'];
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('not found');
      }
      if (typeof route === 'function') return route(req, res);
      res.writeHead(route.status ?? 200, route.headers ?? {});
      res.end(req.method === 'HEAD' ? undefined : (route.body ?? ''));
    },
  })) as never);
  origin = site.origin;
  return { site, use: (k) => (kind = k) };
}

/**
 * The real MCP server over the SDK's in-memory transport, with the real SDK client connected.
 * Defaults: a local scanner on t's store, no account, a 60 s monitor minimum; ctx overrides them.
 * The tools are listed first, which makes the SDK client validate every structuredContent against
 * the tool's output schema.
 */
export async function connectInMemory(t: TempStore, ctx: Partial<McpContext> = {}, engine?: { deadlineMs?: number }): Promise<Client> {
  const baseUrl = 'http://127.0.0.1:9';
  const server = createMcpServer({
    scanner: createLocalScanner({ store: t.store, baseUrl, ...(engine ? { engine } : {}) }),
    account: null,
    store: t.store,
    monitors: t.monitors,
    baseUrl,
    monitorPolicy: { minIntervalSec: 60 },
    ...ctx,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  await client.listTools();
  return client;
}
