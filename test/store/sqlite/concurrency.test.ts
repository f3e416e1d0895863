/**
 * Issue 8: `SQLITE_BUSY: database is locked` -> 500 under 12 concurrent mixed clients. Cause: the
 * store used several connections to one file (keyv's, the indexed tables', the MCP/monitor one),
 * and node-sqlite3 runs a connection's statements in parallel, so a write could start inside a
 * read snapshot left open by a not-yet-finalized SELECT; once another connection had committed,
 * SQLite refused the upgrade at once (no busy_timeout wait). These tests reproduce the failure on
 * the old store (hundreds of SQLITE_BUSY) and pass on the one-connection, serialized store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openStore, type Store } from '../../../src/store/index.js';
import { openDatabase, type Db } from '../../../src/store/db.js';
import { openMonitorStore } from '../../../src/store/sqlite/store.js';
import { openOAuthStore } from '../../../src/store/sqlite/store.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { plainSite } from '../../server/fixtures.js';
import { startServer, type TestServer } from '../../server/helpers/server.js';
import { result } from '../engines.js';
import { tempDir } from '../../helpers/temp-dir.js';

const BIN = fileURLToPath(new URL('../../../bin/ai-ready.js', import.meta.url));
const run = promisify(execFile);

describe('SQLite under concurrency', () => {
  let dir: string;
  let store: Store;
  let db: Db;
  beforeEach(async () => {
    dir = tempDir('ai-ready-busy-');
    store = await openStore(dir);
    // What the server does: the MCP/monitor side opens the database a second time.
    db = await openDatabase(dir);
  });
  afterEach(async () => {
    await db.close().catch(() => {});
    await store.close().catch(() => {});
  });

  it('12 concurrent clients (half with API keys) and `keys create` processes: no SQLITE_BUSY', async () => {
    const monitors = await openMonitorStore(db);
    const oauth = await openOAuthStore(db);
    const { token } = await store.createApiKey('acme');
    const owner = (await store.verifyApiKey(token))!;
    await monitors.create({ accountId: owner.id, url: 'https://m.dev/', intervalSec: 300 });
    const errors: string[] = [];
    const clients = Array.from({ length: 12 }, (_, c) =>
      (async () => {
        for (let i = 0; i < 40; i++) {
          try {
            const url = `https://site${c}-${i}.dev/`;
            const account = c % 2 ? await store.verifyApiKey(token) : null;
            await store.getCachedScan(url);
            const report = await store.saveReport({ result: result(url), isPublic: true, accountId: account?.id ?? null });
            await store.setCachedScan(url, { reportId: report.id, isPublic: true, at: Date.now() }, 300_000);
            await store.getReport(report.id);
            if (account) await store.listAccountReports(account.id, { limit: 5 });
            if (c === 0) await monitors.claimDue(Date.now(), 5, { leaseMs: 1, jitterRatio: 0, maxJitterMs: 0 });
            if (c === 1) await oauth.purgeExpired(Date.now());
          } catch (e) {
            errors.push(String(e));
          }
        }
      })(),
    );
    // Other processes write to the same file meanwhile (the CLI works while `serve` runs).
    const cli = Array.from({ length: 3 }, (_, n) => run(process.execPath, [BIN, 'keys', 'create', '--account', `cli${n}`, '--data-dir', dir]));
    const [outs] = await Promise.all([Promise.all(cli), Promise.all(clients)]);
    expect(errors).toEqual([]);
    for (const out of outs) expect(out.stdout).toMatch(/^air_/);
    expect((await store.listApiKeys()).map((k) => k.accountName).sort()).toEqual(['acme', 'cli0', 'cli1', 'cli2']);
    expect((await store.listAccountReports(owner.id, { limit: 100 })).items).toHaveLength(100);
  });
});

describe('the HTTP service on SQLite under 12 concurrent mixed clients', () => {
  let sites: FixtureSite[] = [];
  let srv: TestServer;
  beforeEach(async () => {
    sites = await Promise.all(Array.from({ length: 3 }, () => startFixture(plainSite())));
    srv = await startServer({ rateLimit: 0, maxConcurrentScans: 12, maxQueuedScans: 200 });
  });
  afterEach(async () => {
    await srv?.destroy();
    for (const s of sites) await s.close();
  });

  it('answers every scan and report read without a 5xx', async () => {
    const { token } = await srv.store.createApiKey('acme');
    const statuses: number[] = [];
    const clients = Array.from({ length: 12 }, (_, c) =>
      (async () => {
        const headers: Record<string, string> = c % 2 ? { authorization: `Bearer ${token}` } : {};
        for (let i = 0; i < 4; i++) {
          const site = sites[(c + i) % sites.length];
          const res = await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}${i % 2 ? '&fresh=1' : ''}`, { headers });
          statuses.push(res.status);
          const body = (await res.json()) as { shareId?: string };
          if (body.shareId) statuses.push((await srv.get(`/api/public/v1/report/${body.shareId}`, { headers })).status);
        }
      })(),
    );
    await Promise.all(clients);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBe(statuses.length);
    expect(srv.logs.join('\n')).not.toMatch(/SQLITE_BUSY/);
  });
});
