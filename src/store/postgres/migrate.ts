/**
 * Versioned schema migrations for Postgres: the files `migrations/NNN_name.sql`, applied in order,
 * each once and in its own transaction, recorded in `ai_ready_migrations`. Several instances
 * starting together serialize on a session advisory lock, so exactly one applies each file and
 * the others find it recorded. The build copies the folder next to dist (tsup.config.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/** Any fixed 64-bit number; it names "ai-ready schema migrations" among the database's advisory locks. */
const MIGRATION_LOCK = 7_319_004_211;
const FILE_PATTERN = /^(\d{3})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The migrations folder: next to this module in src/, next to the bundle in dist/. */
export function migrationsDir(): string {
  const here = new URL('./migrations/', import.meta.url);
  const dir = fileURLToPath(here);
  if (!existsSync(dir)) throw new Error(`the Postgres migrations folder is missing (${dir}); rebuild with \`npm run build\``);
  return dir;
}

export function loadMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((f) => FILE_PATTERN.test(f))
    .sort()
    .map((f) => ({ version: Number(FILE_PATTERN.exec(f)![1]), name: f, sql: readFileSync(`${dir}/${f}`, 'utf8') }));
}

/** Applies pending migrations; returns the names applied by this call. */
export async function migrate(pool: pg.Pool, migrations = loadMigrations()): Promise<string[]> {
  const conn = await pool.connect();
  const applied: string[] = [];
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await conn.query(
        'CREATE TABLE IF NOT EXISTS ai_ready_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = new Set((await conn.query<{ version: number }>('SELECT version FROM ai_ready_migrations')).rows.map((r) => r.version));
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        await conn.query('BEGIN');
        try {
          await conn.query(m.sql);
          await conn.query('INSERT INTO ai_ready_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await conn.query('COMMIT');
        } catch (e) {
          await conn.query('ROLLBACK').catch(() => {});
          throw new Error(`migration ${m.name} failed: ${(e as Error).message}`);
        }
        applied.push(m.name);
      }
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    }
  } finally {
    conn.release();
  }
  return applied;
}
