/**
 * The one SQLite connection of a process to a data dir's database file.
 *
 * Why one connection, one statement at a time: node-sqlite3 runs the statements of a connection in
 * parallel on its thread pool, so a SELECT stepped but not yet finalized keeps a read snapshot
 * open while a write on the same connection starts. If another connection (keyv's, or a second
 * `openDatabase`) committed since that snapshot, SQLite cannot upgrade it and returns SQLITE_BUSY
 * at once, without consulting busy_timeout: the 500s of issue 8. Here every open of the same file
 * in a process shares one connection, statements run one after another through a FIFO, and
 * multi-statement writes take the write lock up front (BEGIN IMMEDIATE), which does wait on
 * busy_timeout. Other processes (the `keys` CLI while `serve` runs) then only ever meet a busy
 * write lock, which busy_timeout resolves.
 */
import type sqlite3 from 'sqlite3';
import { importOptionalDefault } from '../../optional-package.js';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Row, SqlClient } from '../sql.js';

export interface Db extends SqlClient {
  readonly path: string;
  run(sql: string, params?: unknown[]): Promise<{ changes: number; lastID: number }>;
  exec(sql: string): Promise<void>;
  /** Applies each named migration once (tracked in the `migrations` table), in order. */
  migrate(name: string, statements: string[]): Promise<void>;
  /** Releases this handle; the connection closes when the last handle of the process does. */
  close(): Promise<void>;
}

export const DB_FILE = 'ai-ready.sqlite';
/** How long a write waits for another process's write lock before failing. */
export const BUSY_TIMEOUT_MS = 5000;

export function dataDirFrom(dir?: string): string {
  return resolve(dir ?? process.env.AI_READY_DATA_DIR ?? '.ai-ready-data');
}

interface Shared {
  raw: sqlite3.Database;
  refs: number;
  /** Tail of the FIFO: each operation starts when the previous one settled. */
  tail: Promise<unknown>;
}

const open = new Map<string, Promise<Shared>>();

async function connect(path: string): Promise<Shared> {
  // An optional package (package.json peerDependenciesMeta): `scan` never needs it.
  const { Database } = await importOptionalDefault<typeof sqlite3>('sqlite3');
  return new Promise((res, rej) => {
    const raw = new Database(path, (e) => (e ? rej(e) : res({ raw, refs: 0, tail: Promise.resolve() })));
  });
}

type Raw = Pick<Db, 'run' | 'get' | 'all' | 'exec'>;

function rawOps(raw: sqlite3.Database): Raw {
  return {
    run: (sql, params = []) =>
      new Promise((res, rej) =>
        raw.run(sql, params, function (this: sqlite3.RunResult, e: Error | null) {
          if (e) rej(e);
          else res({ changes: this.changes, lastID: this.lastID });
        }),
      ),
    get: <T>(sql: string, params: unknown[] = []) =>
      new Promise<T | undefined>((res, rej) => raw.get(sql, params, (e, row) => (e ? rej(e) : res(row as T | undefined)))),
    all: <T>(sql: string, params: unknown[] = []) => new Promise<T[]>((res, rej) => raw.all(sql, params, (e, rows) => (e ? rej(e) : res(rows as T[])))),
    exec: (sql) => new Promise((res, rej) => raw.exec(sql, (e) => (e ? rej(e) : res()))),
  };
}

export async function openDatabase(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, DB_FILE);
  let pending = open.get(path);
  if (!pending) {
    pending = connect(path).then(async (shared) => {
      shared.raw.configure('busyTimeout', BUSY_TIMEOUT_MS);
      // WAL: readers never block the writer, so the CLI can write while `serve` runs.
      await rawOps(shared.raw).exec(
        `PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;`,
      );
      return shared;
    });
    open.set(path, pending);
    pending.catch(() => open.delete(path));
  }
  const shared = await pending;
  shared.refs++;
  return handle(path, shared);
}

function handle(path: string, shared: Shared): Db {
  const ops = rawOps(shared.raw);
  /** Queues `fn` behind every earlier operation on this connection. */
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = shared.tail.then(fn);
    shared.tail = result.catch(() => {});
    return result;
  };
  let closed = false;

  /** Inside a transaction: the FIFO is already held, statements go straight to the connection. */
  const inTx = (): SqlClient => {
    const tx: SqlClient = {
      dialect: 'sqlite',
      run: ops.run,
      get: ops.get,
      all: ops.all,
      transaction: (fn) => fn(tx),
    };
    return tx;
  };

  const db: Db = {
    dialect: 'sqlite',
    path,
    run: (sql, params) => exclusive(() => ops.run(sql, params)),
    get: <T = Row>(sql: string, params?: unknown[]) => exclusive(() => ops.get<T>(sql, params)),
    all: <T = Row>(sql: string, params?: unknown[]) => exclusive(() => ops.all<T>(sql, params)),
    exec: (sql) => exclusive(() => ops.exec(sql)),
    transaction: (fn) =>
      exclusive(async () => {
        await ops.exec('BEGIN IMMEDIATE');
        try {
          const out = await fn(inTx());
          await ops.exec('COMMIT');
          return out;
        } catch (e) {
          await ops.exec('ROLLBACK').catch(() => {});
          throw e;
        }
      }),
    async migrate(name, statements) {
      await db.exec('CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
      if (await db.get('SELECT name FROM migrations WHERE name = ?', [name])) return;
      await db.transaction(async (tx) => {
        if (await tx.get('SELECT name FROM migrations WHERE name = ?', [name])) return;
        for (const s of statements) await ops.exec(s);
        await tx.run('INSERT INTO migrations (name, applied_at) VALUES (?, ?)', [name, new Date().toISOString()]);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      if (--shared.refs > 0) return;
      open.delete(path);
      await shared.tail;
      await new Promise<void>((res, rej) => shared.raw.close((e) => (e ? rej(e) : res())));
    },
  };
  return db;
}
