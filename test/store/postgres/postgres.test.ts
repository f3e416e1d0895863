/**
 * Postgres specifics: migrations applied once when several instances start together, the built CLI
 * (dist/, with its migrations folder) on a database URL, clear errors when the database is
 * unreachable, and two `serve` instances sharing one database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openStore, type Store } from '../../../src/store/index.js';
import { loadMigrations } from '../../../src/store/postgres/migrate.js';
import { toPgPlaceholders } from '../../../src/store/postgres/client.js';
import { createTestDatabase } from '../../helpers/postgres.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { plainSite } from '../../server/fixtures.js';
import { startServer } from '../../server/helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

const BIN = fileURLToPath(new URL('../../../bin/ai-ready.js', import.meta.url));

function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, timeout: 30_000 }, (e, stdout, stderr) =>
      resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
beforeAll(() => {
  dir = tempDir('ai-ready-pg-test-');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Postgres migrations', () => {
  it('are numbered SQL files, in order', () => {
    const list = loadMigrations();
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((m) => m.version)).toEqual([...list.map((m) => m.version)].sort((a, b) => a - b));
    expect(list[0].name).toBe('001_init.sql');
  });

  it('run once when several instances open a new database at the same time', async () => {
    const db = await createTestDatabase('race');
    const stores = await Promise.all(Array.from({ length: 4 }, () => openStore({ databaseUrl: db.url, dataDir: dir })));
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const rows = (await client.query('SELECT version, name FROM ai_ready_migrations ORDER BY version')).rows;
      await client.end();
      expect(rows).toEqual(loadMigrations().map((m) => ({ version: m.version, name: m.name })));
      // Every instance works on the migrated schema.
      const accounts = await Promise.all(stores.map((s, i) => s.createAccount(`a${i}`)));
      expect((await stores[0].listAccounts()).map((a) => a.id).sort()).toEqual(accounts.map((a) => a.id).sort());
    } finally {
      for (const s of stores) await s.close();
    }
  });

  it('numbers placeholders, keeping explicit numbers', () => {
    expect(toPgPlaceholders('SELECT ? , ?, ?2::int')).toBe('SELECT $1 , $2, $2::int');
  });
});

describe('the CLI on a database URL', () => {
  it('creates, lists and revokes keys, accounts and monitors in Postgres (flag or environment)', async () => {
    const db = await createTestDatabase('cli');
    const created = await cli(['keys', 'create', '--account', 'acme', '--database-url', db.url]);
    expect(created.stderr).toContain('Created key');
    expect(created.code).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^air_/);
    const listed = await cli(['keys', 'list', '--json'], { AI_READY_DATABASE_URL: db.url });
    expect(JSON.parse(listed.stdout)).toMatchObject([{ accountName: 'acme', revokedAt: null }]);
    expect((await cli(['accounts', 'create', 'team', '--visibility', 'private', '--database-url', db.url])).code).toBe(0);
    expect((await cli(['accounts', 'list', '--database-url', db.url])).stdout).toMatch(/team\s+private/);
    const monitor = await cli(['monitors', 'add', 'https://ai-ready.dev/', '--account', 'acme', '--every', '1h', '--json', '--database-url', db.url]);
    expect({ code: monitor.code, stderr: monitor.stderr }).toEqual({ code: 0, stderr: '' });
    const id = JSON.parse(monitor.stdout).id as string;
    expect((await cli(['monitors', 'list', '--database-url', db.url])).stdout).toContain(id);

    const store = await openStore({ databaseUrl: db.url, dataDir: dir });
    try {
      expect((await store.verifyApiKey(token))?.name).toBe('acme');
      expect((await store.monitors.get(id))?.url).toBe('https://ai-ready.dev/');
    } finally {
      await store.close();
    }
    expect((await cli(['keys', 'revoke', token.slice(0, 12), '--database-url', db.url])).stdout).toContain('Revoked 1 key');
  });

  it('says clearly, without a stack trace or the password, when the database is unreachable', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const url = `postgres://u:hunter2@127.0.0.1:${port}/nothing`;
    for (const args of [
      ['keys', 'list'],
      ['accounts', 'list'],
      ['monitors', 'list'],
      ['serve', '--port', '0'],
    ]) {
      const out = await cli([...args, '--database-url', url]);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain(`cannot open the database at postgres://u@127.0.0.1:${port}/nothing: ECONNREFUSED`);
      expect(out.stderr).not.toContain('hunter2');
      expect(out.stderr).not.toMatch(/\n\s+at /);
    }
    expect((await cli(['keys', 'list', '--database-url', 'mysql://x@127.0.0.1/db'])).stderr).toContain('must start with postgres://');
  });
});

describe('two serve instances on one Postgres', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture(plainSite());
  });
  afterAll(async () => site?.close());

  it('share reports, keys and the scan cache', async () => {
    const db = await createTestDatabase('serve');
    const a = await startServer({ databaseUrl: db.url, rateLimit: 0 });
    const b = await startServer({ databaseUrl: db.url, rateLimit: 0 });
    let other: Store | null = null;
    try {
      other = await openStore({ databaseUrl: db.url, dataDir: dir });
      const { token } = await other.createApiKey('acme');
      const auth = { headers: { authorization: `Bearer ${token}` } };
      const scanned = await a.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}`, auth);
      expect(scanned.status).toBe(200);
      const { shareId } = (await scanned.json()) as { shareId: string };
      const read = await b.get(`/api/public/v1/report/${shareId}`, auth);
      expect(read.status).toBe(200);
      // B answers from the cache A filled, without running the engine.
      const cached = (await (await b.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}`)).json()) as { cached: boolean };
      expect(cached.cached).toBe(true);
      expect(b.service.engineRuns).toBe(0);
    } finally {
      await other?.close();
      await a.destroy();
      await b.destroy();
    }
  });

  it('count the anonymous rate limit exactly: 8 scans alternating between them -> 5 x 200, 3 x 429', async () => {
    const db = await createTestDatabase('rate');
    const a = await startServer({ databaseUrl: db.url, rateLimit: 5 });
    const b = await startServer({ databaseUrl: db.url, rateLimit: 5 });
    try {
      // The window is a fixed minute: start well inside one so the 8 requests share it.
      const toBoundary = 60_000 - (Date.now() % 60_000);
      if (toBoundary < 15_000) await new Promise((r) => setTimeout(r, toBoundary + 100));
      const statuses: number[] = [];
      // fresh=1: a cached answer is free (docs/server.md), so only real scans count toward the limit.
      for (let i = 0; i < 8; i++) {
        const res = await (i % 2 ? b : a).get(`/api/public/v1/scan?fresh=1&url=${encodeURIComponent(site.origin)}`);
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        await res.body?.cancel();
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    } finally {
      await a.destroy();
      await b.destroy();
    }
  });
});
