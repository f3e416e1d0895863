/**
 * The embedded store: one SQLite file under the data dir, one connection per process
 * (src/store/sqlite/connection.ts), the same aggregate code as Postgres. Being the only process
 * that serves from the file, it keeps three things in memory: LRUs of hot reports and of cache
 * pointers (coherent: every change to them goes through this store) and the `hitRate` windows
 * (they only matter for a minute; a restart resetting them is harmless).
 */
import { openDatabase, type Db } from './connection.js';
import { BACKFILL_FROM_KEYV, MONITOR_MIGRATIONS, OAUTH_MIGRATIONS, STORE_MIGRATIONS } from './migrations.js';
import { createAccountStore } from '../aggregates/accounts.js';
import { createReportStore } from '../aggregates/reports.js';
import { createLimitStore } from '../aggregates/limits.js';
import { createMonitorStore } from '../aggregates/monitors.js';
import { createOAuthStore } from '../aggregates/oauth.js';
import type { MonitorStore, OAuthStore, Store } from '../types.js';

async function migrate(db: Db): Promise<void> {
  for (const [name, statements] of STORE_MIGRATIONS) {
    const fromKeyv = name === 'store-2-results-cache-limits' && (await db.get("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'documents'"));
    await db.migrate(name, fromKeyv ? [...statements, ...BACKFILL_FROM_KEYV] : statements);
  }
}

/** The monitor tables of a SQLite database (migrated on open). `store.monitors` is the same over any engine. */
export async function openMonitorStore(db: Db): Promise<MonitorStore> {
  for (const [name, statements] of MONITOR_MIGRATIONS) await db.migrate(name, statements);
  return createMonitorStore(db);
}

/** The OAuth tables of a SQLite database (migrated on open). `store.oauth` is the same over any engine. */
export async function openOAuthStore(db: Db): Promise<OAuthStore> {
  for (const [name, statements] of OAUTH_MIGRATIONS) await db.migrate(name, statements);
  return createOAuthStore(db);
}

export async function openSqliteStore(dataDir: string): Promise<Store> {
  const db = await openDatabase(dataDir);
  try {
    await migrate(db);
    const monitors = await openMonitorStore(db);
    const oauth = await openOAuthStore(db);
    const { forgetReport, ...limits } = createLimitStore(db, { inProcess: true });
    // The hot cache pointers follow the report rows they point to (copies withdrawn with a report too).
    const reports = createReportStore(db, { hotCache: true, onWithdrawn: (ids) => ids.forEach(forgetReport) });
    return {
      kind: 'sqlite',
      dataDir,
      ...createAccountStore(db),
      ...reports,
      ...limits,
      // The hot cache pointers follow the report rows they point to.
      async deleteReport(id) {
        forgetReport(id);
        return reports.deleteReport(id);
      },
      async expireAnonymousReports(createdBefore, limit) {
        const ids = await reports.expireAnonymousReports(createdBefore, limit);
        for (const id of ids) forgetReport(id);
        return ids;
      },
      monitors,
      oauth,
      close: () => db.close(),
    };
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}
