/**
 * `ai-ready mcp`: the same tools over stdio for local MCP clients (Claude Desktop, Cursor, VS Code),
 * scanning with the local engine. Reports, history and monitors live in a local data dir under a
 * local account; monitors created here run when `ai-ready serve` runs on the same data dir.
 * stdout carries the protocol only: every diagnostic goes to stderr.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { openDatabase, type Db } from '../store/db.js';
import type { Store } from '../store/types.js';
import type { MonitorStore } from '../store/types.js';
import { openMonitorStore } from '../store/sqlite/store.js';
import { createMcpServer } from './server.js';
import { createLocalScanner } from './local-scanner.js';
import { oneLine } from '../format/sanitize.js';

export interface StdioOptions {
  /** Data dir (default: AI_READY_DATA_DIR, else ~/.ai-ready). */
  dataDir?: string;
  /** Local account that owns the reports and monitors (default "local"). */
  account?: string;
  /** Run without a store: scan and rubric tools only. */
  noStore?: boolean;
  /** Per-scan deadline (ms). */
  deadlineMs?: number;
}

export function defaultStdioDataDir(): string {
  return process.env.AI_READY_DATA_DIR ?? join(homedir(), '.ai-ready');
}

const warn = (line: string) => process.stderr.write(`ai-ready mcp: ${oneLine(line, 500)}\n`);

export async function runStdioServer(opts: StdioOptions = {}): Promise<void> {
  let store: Store | null = null;
  let db: Db | null = null;
  let monitors: MonitorStore | null = null;
  if (!opts.noStore) {
    const dataDir = opts.dataDir ?? defaultStdioDataDir();
    try {
      const { openStore } = await import('../store/index.js');
      store = await openStore(dataDir);
      db = await openDatabase(store.dataDir);
      monitors = await openMonitorStore(db);
    } catch (e) {
      warn(`the data dir ${dataDir} could not be opened (${(e as Error).message}); running with the scan and rubric tools only`);
      await store?.close().catch(() => {});
      store = null;
      monitors = null;
    }
  }
  const account = store
    ? await store.ensureAccount(opts.account ?? 'local')
    : { id: 'local', name: opts.account ?? 'local', defaultVisibility: 'private' as const, createdAt: new Date().toISOString() };
  const server = createMcpServer({
    scanner: createLocalScanner({ store, engine: { deadlineMs: opts.deadlineMs } }),
    account,
    store,
    monitors,
    onInternalError: (e, tool) => warn(`${tool}: ${(e as Error)?.message ?? e}`),
  });
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => {});
    await db?.close().catch(() => {});
    await store?.close().catch(() => {});
  };
  transport.onclose = () => void shutdown();
  process.stdin.on('end', () => void shutdown());
  await server.connect(transport);
}
