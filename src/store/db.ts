/**
 * The embedded SQLite database of `ai-ready serve` (one file under --data-dir), opened once and
 * shared by every store module: keyv's documents (cache, rate counters, reports) and the indexed
 * tables (keys, accounts, history, monitors, OAuth). Swapping to Postgres means replacing src/store.
 */
import sqlite3 from 'sqlite3';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type Row = Record<string, unknown>;

export interface Db {
  readonly path: string;
  run(sql: string, params?: unknown[]): Promise<{ changes: number; lastID: number }>;
  get<T = Row>(sql: string, params?: unknown[]): Promise<T | undefined>;
  all<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  /** Applies each named migration once (tracked in the `migrations` table), in order. */
  migrate(name: string, statements: string[]): Promise<void>;
  close(): Promise<void>;
}

export const DB_FILE = 'ai-ready.sqlite';

export function dataDirFrom(dir?: string): string {
  return resolve(dir ?? process.env.AI_READY_DATA_DIR ?? '.ai-ready-data');
}

export async function openDatabase(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, DB_FILE);
  const raw = await new Promise<sqlite3.Database>((res, rej) => {
    const d = new sqlite3.Database(path, (e) => (e ? rej(e) : res(d)));
  });
  raw.configure('busyTimeout', 5000);
  const db: Db = {
    path,
    run: (sql, params = []) =>
      new Promise((res, rej) =>
        raw.run(sql, params, function (this: sqlite3.RunResult, e: Error | null) {
          if (e) rej(e);
          else res({ changes: this.changes, lastID: this.lastID });
        }),
      ),
    get: <T>(sql: string, params: unknown[] = []) =>
      new Promise<T | undefined>((res, rej) => raw.get(sql, params, (e, row) => (e ? rej(e) : res(row as T | undefined)))),
    all: <T>(sql: string, params: unknown[] = []) =>
      new Promise<T[]>((res, rej) => raw.all(sql, params, (e, rows) => (e ? rej(e) : res(rows as T[])))),
    exec: (sql) => new Promise((res, rej) => raw.exec(sql, (e) => (e ? rej(e) : res()))),
    async migrate(name, statements) {
      await db.exec('CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
      if (await db.get('SELECT name FROM migrations WHERE name = ?', [name])) return;
      await db.exec('BEGIN IMMEDIATE');
      try {
        if (!(await db.get('SELECT name FROM migrations WHERE name = ?', [name]))) {
          for (const s of statements) await db.exec(s);
          await db.run('INSERT INTO migrations (name, applied_at) VALUES (?, ?)', [name, new Date().toISOString()]);
        }
        await db.exec('COMMIT');
      } catch (e) {
        await db.exec('ROLLBACK').catch(() => {});
        throw e;
      }
    },
    close: () => new Promise((res, rej) => raw.close((e) => (e ? rej(e) : res()))),
  };
  // WAL lets the CLI's `keys` / `accounts` commands write while the server runs.
  await db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;');
  return db;
}
