/**
 * A `pg` pool behind the SqlClient surface: `?` placeholders become `$n` (`?n` keeps its number),
 * int8 columns come back as numbers (epoch-ms values fit in 2^53), and a transaction runs on one
 * pooled connection.
 */
import type pg from 'pg';
import { requireOptional } from '../../optional-package.js';
import type { Row, SqlClient } from '../sql.js';

/** Numbers `?` placeholders for Postgres; our statements never hold `?` inside string literals. */
export function toPgPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?(\d+)?/g, (_, num: string | undefined) => `$${num ?? ++n}`);
}

const INT8 = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? (v: string) => Number(v) : requireOptional<typeof pg>('pg').types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

function clientOver(q: Queryable, transaction: SqlClient['transaction']): SqlClient {
  const query = (sql: string, params: unknown[] = []) => q.query(toPgPlaceholders(sql), params as unknown[]);
  return {
    dialect: 'postgres',
    run: async (sql, params) => ({ changes: (await query(sql, params)).rowCount ?? 0 }),
    get: async <T = Row>(sql: string, params?: unknown[]) => (await query(sql, params)).rows[0] as T | undefined,
    all: async <T = Row>(sql: string, params?: unknown[]) => (await query(sql, params)).rows as T[],
    transaction,
  };
}

export interface PgClient extends SqlClient {
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

export function createPgClient(databaseUrl: string, max = 10): PgClient {
  // An optional package (package.json peerDependenciesMeta): only a Postgres store loads it.
  const pool = new (requireOptional<typeof pg>('pg').Pool)({ connectionString: databaseUrl, max, types, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const transaction: SqlClient['transaction'] = async (fn) => {
    const conn = await pool.connect();
    try {
      await conn.query('BEGIN');
      const tx = clientOver(conn, (inner) => inner(tx));
      const out = await fn(tx);
      await conn.query('COMMIT');
      return out;
    } catch (e) {
      await conn.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      conn.release();
    }
  };
  return Object.assign(clientOver(pool, transaction), { pool, close: () => pool.end() });
}
