/**
 * The small SQL surface every aggregate is written against, so one implementation of each
 * aggregate serves both engines. Statements use `?` placeholders; the Postgres client numbers
 * them. The few statements whose syntax differs between engines branch on `dialect`.
 */
export type Row = Record<string, unknown>;
export type Dialect = 'sqlite' | 'postgres';

export interface SqlClient {
  readonly dialect: Dialect;
  /** A write; `changes` is the number of rows it touched. */
  run(sql: string, params?: unknown[]): Promise<{ changes: number }>;
  get<T = Row>(sql: string, params?: unknown[]): Promise<T | undefined>;
  all<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `fn` in one write transaction (SQLite: BEGIN IMMEDIATE, so it never has to upgrade a
   * read lock; Postgres: BEGIN on one pooled connection). Rolls back when `fn` throws.
   */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
}

/** Row values as both drivers return them: SQLite gives 0/1 and text, Postgres booleans, Dates and json. */
export const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't';
export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
export const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));
export const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
