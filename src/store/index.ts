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
export { StoreUnavailableError } from './postgres/store.js';

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

export async function openStore(options: OpenStoreOptions | string): Promise<Store> {
  const opts = typeof options === 'string' ? { dataDir: options } : options;
  if (opts.databaseUrl) {
    // Loaded only when asked for: the CLI's SQLite path never loads pg.
    const { openPostgresStore } = await import('./postgres/store.js');
    return openPostgresStore({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  }
  return openSqliteStore(opts.dataDir);
}
