/**
 * A history's key is the URL's host (the port joins the host name when it is not the scheme's
 * default). Reports stored under the host name alone, before the change, are re-keyed by the
 * migration of each engine, to what the store now computes for a new report (domainOf), in
 * both the reports and the history tables.
 */
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { openStore, type Store } from '../../src/store/index.js';
import { openDatabase } from '../../src/store/db.js';
import { STORE_MIGRATIONS } from '../../src/store/sqlite/migrations.js';
import { loadMigrations, migrate } from '../../src/store/postgres/migrate.js';
import { domainOf } from '../../src/store/aggregates/reports.js';
import { createTestDatabase } from '../helpers/postgres.js';
import { result } from './engines.js';
import { tempDir } from '../helpers/temp-dir.js';

const NEW_SQLITE_MIGRATION = 'store-4-domain-keeps-port';
const NEW_PG_MIGRATION = 20;
const CREATED = '2026-01-02T03:04:05.000Z';
const ACCOUNT = 'acc_old';

/** URLs as scans stored them (normalised hrefs), with hand-picked cases first. */
const FIXED = [
  'http://127.0.0.1:8123/',
  'http://127.0.0.1:9000/page?q=1',
  'https://example.com/',
  'http://[::1]:8080/',
  'https://www.example.org:8443/a/b',
  'http://shop.example.net:443/',
  'https://shop.example.net:80/',
];
const host = fc.oneof(
  fc.domain(),
  fc.ipV4(),
  fc.ipV6().map((a) => `[${a}]`),
);
const generated = fc
  .sample(
    fc.record({
      scheme: fc.constantFrom('http', 'https'),
      host,
      port: fc.option(fc.oneof(fc.constantFrom(80, 443), fc.integer({ min: 1, max: 65535 }))),
      path: fc.webPath(),
    }),
    { numRuns: 60, seed: 20261125 },
  )
  .map(({ scheme, host: h, port, path }) => new URL(`${scheme}://${h}${port === null ? '' : `:${port}`}${path.startsWith('/') ? path : `/${path}`}`).href);
const URLS = [...new Set([...FIXED, ...generated])];
/** The key before the change: the host name alone. */
const oldKey = (url: string) => new URL(url).hostname.toLowerCase();

const rows = URLS.map((url, i) => ({ id: `old${String(i).padStart(5, '0')}`, url, old: oldKey(url) }));

async function expectRekeyed(store: Store): Promise<void> {
  expect(domainOf('http://127.0.0.1:8123/')).toBe('127.0.0.1:8123');
  expect(domainOf('https://example.com/')).toBe('example.com');
  for (const r of rows) {
    const key = domainOf(r.url);
    const history = (await store.domainHistory(key, { limit: 100 })).items;
    expect(
      history.map((x) => x.id),
      `${r.url} under ${key}`,
    ).toContain(r.id);
    expect(history.find((x) => x.id === r.id)!.domain).toBe(key);
    if (key !== r.old)
      expect(
        (await store.domainHistory(r.old, { limit: 100 })).items.map((x) => x.id),
        `${r.url} left under ${r.old}`,
      ).not.toContain(r.id);
    const own = (await store.listAccountReports(ACCOUNT, { domain: key, limit: 100 })).items;
    expect(
      own.map((x) => x.id),
      `account history of ${r.url}`,
    ).toContain(r.id);
  }
  // The hand-picked cases, spelled out.
  expect((await store.domainHistory('127.0.0.1:8123')).items.map((x) => x.id)).toEqual(['old00000']);
  expect((await store.domainHistory('[::1]:8080')).items.map((x) => x.id)).toEqual(['old00003']);
  expect((await store.domainHistory('example.com')).items.map((x) => x.id)).toContain('old00002');
}

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
});

describe('re-keying stored reports by host and port', () => {
  it('SQLite: the store-4 migration', async () => {
    const dir = tempDir('ai-ready-domain-key-');
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const old = await openDatabase(dir);
    for (const [name, statements] of STORE_MIGRATIONS.filter(([n]) => n !== NEW_SQLITE_MIGRATION)) await old.migrate(name, statements);
    await old.run('INSERT INTO accounts (id, name, default_public, created_at) VALUES (?, ?, 1, ?)', [ACCOUNT, 'old-co', CREATED]);
    for (const r of rows) {
      await old.run(
        `INSERT INTO reports (id, url, domain, account_id, is_public, score, grade, level, platform, created_at, result) VALUES (?, ?, ?, ?, 1, 42, 'D', 1, 'unknown', ?, ?)`,
        [r.id, r.url, r.old, ACCOUNT, CREATED, JSON.stringify(result(r.url, 42))],
      );
      await old.run('INSERT INTO history (account_id, report_id, domain, created_at) VALUES (?, ?, ?, ?)', [ACCOUNT, r.id, r.old, CREATED]);
    }
    await old.close();
    const store = await openStore(dir);
    try {
      await expectRekeyed(store);
    } finally {
      await store.close();
    }
  });

  it('Postgres: migration 020', async () => {
    const dir = tempDir('ai-ready-domain-key-');
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const db = await createTestDatabase('domain_key');
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      const all = loadMigrations();
      expect(all.some((m) => m.version === NEW_PG_MIGRATION)).toBe(true);
      await migrate(
        pool,
        all.filter((m) => m.version < NEW_PG_MIGRATION),
      );
      await pool.query('INSERT INTO accounts (id, name, default_public, created_at) VALUES ($1, $2, true, $3)', [ACCOUNT, 'old-co', CREATED]);
      for (const r of rows) {
        await pool.query(
          `INSERT INTO reports (id, url, domain, account_id, is_public, score, grade, level, platform, created_at, result) VALUES ($1, $2, $3, $4, true, 42, 'D', 1, 'unknown', $5, $6)`,
          [r.id, r.url, r.old, ACCOUNT, CREATED, JSON.stringify(result(r.url, 42))],
        );
        await pool.query('INSERT INTO history (account_id, report_id, domain, created_at) VALUES ($1, $2, $3, $4)', [ACCOUNT, r.id, r.old, CREATED]);
      }
    } finally {
      await pool.end();
    }
    const store = await openStore({ databaseUrl: db.url, dataDir: dir });
    try {
      await expectRekeyed(store);
    } finally {
      await store.close();
    }
  });
});
