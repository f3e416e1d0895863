/**
 * The one store entry point. `openStore({ dataDir })` (or `openStore(dataDir)`) opens the embedded
 * SQLite store under the data dir; `openStore({ databaseUrl, dataDir })` opens the shared Postgres
 * store (the data dir then only holds per-instance files).
 */
import { openSqliteStore } from './sqlite/store.js';
import type { Store } from './types.js';

export type * from './types.js';
export { dataDirFrom } from './sqlite/connection.js';
export { SHARE_ID_PATTERN, looksLikeApiKey } from './secrets.js';
import { StoreUnavailableError } from './postgres/errors.js';
export { StoreUnavailableError };

const DEFAULT_POOL_SIZE = 10;

export interface OpenStoreOptions {
  /** postgres://user:password@host:5432/db; empty or absent: SQLite under dataDir. */
  databaseUrl?: string | null;
  dataDir: string;
}

/** The database URL from a flag or $AI_READY_DATABASE_URL (blank means none). */
export function databaseUrlFrom(flag?: string | null): string | undefined {
  const url = (flag ?? process.env.AI_READY_DATABASE_URL ?? '').trim();
  return url || undefined;
}

/** Connections in the Postgres store's pool: $AI_READY_DATABASE_POOL_SIZE, default 10, 1 to 200. */
export function databasePoolSizeFrom(value = process.env.AI_READY_DATABASE_POOL_SIZE): number {
  const text = (value ?? '').trim();
  if (!text) return DEFAULT_POOL_SIZE;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 200) {
    throw new StoreUnavailableError(`AI_READY_DATABASE_POOL_SIZE must be a whole number from 1 to 200 (got "${text.slice(0, 40)}")`);
  }
  return n;
}

export async function openStore(options: OpenStoreOptions | string): Promise<Store> {
  const opts = typeof options === 'string' ? { dataDir: options } : options;
  if (opts.databaseUrl) {
    // Loaded only when asked for: the CLI's SQLite path never loads pg.
    const { openPostgresStore } = await import('./postgres/store.js');
    return openPostgresStore({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir, poolSize: databasePoolSizeFrom() });
  }
  return openSqliteStore(opts.dataDir);
}
