/**
 * The shared store: every aggregate in one Postgres database, so several `serve` instances (and
 * `keys`/`accounts`/`monitors` commands from anywhere) see the same accounts, reports, cache,
 * rate counters, scan claims, monitors and OAuth grants. Nothing is cached in process: another
 * instance may change any row. Migrations run on open, under an advisory lock.
 */
import { createPgClient } from './client.js';
import { migrate } from './migrate.js';
import { createAccountStore } from '../aggregates/accounts.js';
import { createReportStore } from '../aggregates/reports.js';
import { createLimitStore } from '../aggregates/limits.js';
import { createMonitorStore } from '../aggregates/monitors.js';
import { createOAuthStore } from '../aggregates/oauth.js';
import type { Store } from '../types.js';

import { StoreUnavailableError } from './errors.js';

export { StoreUnavailableError };

/** `postgres://user:secret@host:5432/db` -> `postgres://user@host:5432/db`: safe for messages. */
export function redactUrl(databaseUrl: string): string {
  try {
    const u = new URL(databaseUrl);
    u.password = '';
    return u.toString().replace(/:@/, '@');
  } catch {
    return 'the database URL';
  }
}

export async function openPostgresStore(opts: { databaseUrl: string; dataDir: string; poolSize?: number }): Promise<Store> {
  let url: URL;
  try {
    url = new URL(opts.databaseUrl);
  } catch {
    throw new StoreUnavailableError('the database URL is not a URL (expected postgres://user:password@host:5432/database)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new StoreUnavailableError(`the database URL must start with postgres:// (got ${url.protocol}//)`);
  }
  const sql = createPgClient(opts.databaseUrl, opts.poolSize);
  try {
    await migrate(sql.pool);
  } catch (e) {
    await sql.close().catch(() => {});
    const err = e as NodeJS.ErrnoException;
    const reason = err.code && /^E[A-Z]/.test(err.code) ? err.code : err.message;
    throw new StoreUnavailableError(`cannot open the database at ${redactUrl(opts.databaseUrl)}: ${reason}`);
  }
  return {
    kind: 'postgres',
    dataDir: opts.dataDir,
    ...createAccountStore(sql),
    ...createReportStore(sql),
    ...createLimitStore(sql),
    monitors: createMonitorStore(sql),
    oauth: createOAuthStore(sql),
    close: () => sql.close(),
  };
}
