/**
 * A real Postgres database for one test file: `await createTestDatabase('contract')` asks the
 * shared cluster of test/helpers/postgres-setup.ts (started on first use) for a fresh database
 * and returns its URL. The cluster stops by itself when the run ends.
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

let admin: Promise<string> | null = null;

/** The cluster's admin URL (starts the cluster on the first call of the run). */
export function postgresAdminUrl(): Promise<string> {
  admin ??= (async () => {
    const coordinator = inject('postgresCoordinator');
    if (!coordinator) throw new Error('no Postgres coordinator: run the tests with vitest (see vitest.config.ts globalSetup)');
    const res = await fetch(`${coordinator}/start`, { signal: AbortSignal.timeout(90_000) });
    const body = (await res.json()) as { url?: string; error?: string };
    if (!body.url) throw new Error(body.error ?? `Postgres coordinator answered ${res.status}`);
    return body.url;
  })();
  return admin;
}

export interface TestDatabase {
  url: string;
  name: string;
}

/** A new, empty database on the shared cluster. */
export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const adminUrl = await postgresAdminUrl();
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}
