/**
 * The result cache (URL -> the public report that answers repeat requests) through keyv:
 * - embedded (SQLite store): @keyv/sqlite in a file of its own, `<data dir>/cache.sqlite`, so
 *   cache writes never contend with the store's own connection (the cause of SQLITE_BUSY 500s),
 *   with a small in-process LRU in front (one instance owns that file);
 * - shared (Postgres store): @keyv/postgres, table `ai_ready_result_cache` in the same database;
 * - any keyv adapter by URL (`--cache-url`): sqlite://, postgres://, or redis:// / rediss://
 *   through @keyv/redis, an optional package loaded only when such a URL is given.
 * A cache that fails is a miss, never a failed scan.
 */
import { join } from 'node:path';
import Keyv, { type KeyvStoreAdapter } from 'keyv';
import { importOptional } from '../optional-package.js';
import { Lru } from './lru.js';
import type { CachedScan } from './types.js';

export interface ResultCache {
  /** Which adapter answers (startup line, readiness, docs). */
  readonly kind: 'sqlite' | 'postgres' | 'redis';
  get(key: string): Promise<CachedScan | undefined>;
  set(key: string, entry: CachedScan, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface ResultCacheOptions {
  /** An explicit keyv URL (sqlite://path, postgres://…, redis://…). */
  url?: string;
  /** The store's data dir: the embedded cache file lives there. */
  dataDir: string;
  /** The shared store's database: the default cache of a Postgres store. */
  databaseUrl?: string;
}

const NAMESPACE = 'ai-ready-scan';

export async function openResultCache(opts: ResultCacheOptions): Promise<ResultCache> {
  const url = opts.url ?? (opts.databaseUrl ? opts.databaseUrl : `sqlite://${join(opts.dataDir, 'cache.sqlite')}`);
  const scheme = url.slice(0, url.indexOf(':')).toLowerCase();
  let adapter: KeyvStoreAdapter;
  let kind: ResultCache['kind'];
  if (scheme === 'sqlite') {
    const { KeyvSqlite } = await importOptional<typeof import('@keyv/sqlite')>('@keyv/sqlite');
    adapter = new KeyvSqlite({ uri: url, table: 'result_cache', busyTimeout: 10_000 });
    kind = 'sqlite';
  } else if (scheme === 'postgres' || scheme === 'postgresql') {
    const { KeyvPostgres } = await importOptional<typeof import('@keyv/postgres')>('@keyv/postgres');
    adapter = new KeyvPostgres({ uri: url, table: 'ai_ready_result_cache', max: 4 });
    kind = 'postgres';
  } else if (scheme === 'redis' || scheme === 'rediss') {
    adapter = await redisAdapter(url);
    kind = 'redis';
  } else {
    throw new Error(`unsupported cache URL ${redact(url)}: use sqlite://<file>, postgres://… or redis://…`);
  }
  const keyv = new Keyv<CachedScan>({ store: adapter, namespace: NAMESPACE });
  // A cache outage must not become an uncaught 'error' event.
  keyv.on('error', () => {});
  const hot = kind === 'sqlite' && !opts.url ? new Lru<string, { entry: CachedScan; expires: number }>(5_000) : null;
  return {
    kind,
    async get(key) {
      const now = Date.now();
      const h = hot?.get(key);
      if (h) return h.expires > now ? h.entry : undefined;
      try {
        return (await keyv.get(key)) ?? undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, entry, ttlMs) {
      const ttl = Math.max(1, Math.floor(ttlMs));
      hot?.set(key, { entry, expires: Date.now() + ttl });
      await keyv.set(key, entry, ttl).catch(() => {});
    },
    async close() {
      await keyv.disconnect().catch(() => {});
    },
  };
}

/** @keyv/redis is optional: installed by operators who choose Redis, loaded only for a redis:// URL. */
async function redisAdapter(url: string): Promise<KeyvStoreAdapter> {
  const mod = await importOptional<{ default?: new (uri: string) => KeyvStoreAdapter; KeyvRedis?: new (uri: string) => KeyvStoreAdapter }>('@keyv/redis');
  const Adapter = mod.KeyvRedis ?? mod.default;
  if (!Adapter) throw new Error('@keyv/redis did not load: reinstall it');
  return new Adapter(url);
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//…@').slice(0, 200);
}
