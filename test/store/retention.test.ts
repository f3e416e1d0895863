/**
 * What anonymous callers leave behind is bounded, on both engines: anonymous reports expire after
 * the retention period (reports an account owns or keeps stay, and cache pointers to expired
 * ones go with them), and stored bytes are counted per caller per day, refusing the next scan
 * once the cap is reached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireAnonymousReports } from '../../src/store/retention.js';
import { ScanService, RateLimitedError } from '../../src/service/index.js';
import type { Store } from '../../src/store/types.js';
import { ENGINES, result } from './engines.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import * as sites from '../fixtures/sites.mjs';

const DAY = 86_400_000;

for (const engine of ENGINES) {
  describe(`retention and storage caps on ${engine.name}`, () => {
    let store: Store;
    let cleanup: () => void;
    beforeAll(async () => {
      const db = await engine.create();
      cleanup = db.cleanup;
      store = await db.open();
    });
    afterAll(async () => {
      await store.close();
      cleanup();
    });

    it('expires anonymous reports after the retention period, keeping what accounts own or keep', async () => {
      const alice = await store.ensureAccount('alice');
      const anonymous = [];
      for (let i = 0; i < 20; i++) anonymous.push(await store.saveReport({ result: result(`https://s${i}.example.com/`), isPublic: true, accountId: null }));
      const owned = await store.saveReport({ result: result('https://owned.example.com/'), isPublic: true, accountId: alice.id });
      const kept = anonymous[0];
      await store.recordHistory(alice.id, kept.id);
      await store.setCachedScan('https://s1.example.com/', { reportId: anonymous[1].id, isPublic: true, at: Date.now() }, DAY);

      // Within the period nothing goes.
      expect(await expireAnonymousReports(store, 30, Date.now() + 29 * DAY)).toBe(0);
      expect(await store.getReport(anonymous[5].id)).toBeDefined();

      const expired = await expireAnonymousReports(store, 30, Date.now() + 31 * DAY);
      expect(expired).toBe(19);
      for (const r of anonymous.slice(1)) expect(await store.getReport(r.id)).toBeUndefined();
      expect(await store.getReport(kept.id)).toBeDefined();
      expect(await store.getReport(owned.id)).toBeDefined();
      expect(await store.getCachedScan('https://s1.example.com/')).toBeUndefined();
      // 0 keeps everything.
      await store.saveReport({ result: result('https://later.example.com/'), isPublic: true, accountId: null });
      expect(await expireAnonymousReports(store, 0, Date.now() + 1000 * DAY)).toBe(0);
    });

    it('counts bytes per caller per day in one atomic counter', async () => {
      const key = `stored-bytes:test-${engine.name}`;
      expect((await store.consumeRate(key, 100_000, DAY, 0)).allowed).toBe(true);
      const counts = await Promise.all(Array.from({ length: 8 }, () => store.consumeRate(key, 100_000, DAY, 20_000)));
      expect(Math.max(...counts.map((c) => c.count))).toBe(160_000);
      expect(counts.filter((c) => c.allowed)).toHaveLength(5);
      const read = await store.consumeRate(key, 100_000, DAY, 0);
      expect(read).toMatchObject({ allowed: false, count: 160_000 });
      expect(read.retryAfterSec).toBeGreaterThan(0);
      expect((await store.consumeRate(`${key}-other`, 100_000, DAY, 0)).allowed).toBe(true);
    });
  });
}

describe('the anonymous storage cap at the scan door', () => {
  let site: FixtureSite;
  let store: Store;
  let cleanup: () => void;
  beforeAll(async () => {
    site = await startFixture(((o: string) => sites.bare(o)) as never);
    const db = await ENGINES[0].create();
    cleanup = db.cleanup;
    store = await db.open();
  });
  afterAll(async () => {
    await site.close();
    await store.close();
    cleanup();
  });

  it('refuses an anonymous caller once its reports of the day reach the cap; others and accounts go on', async () => {
    const service = new ScanService({ store, allowPrivateNetwork: true, cacheTtlMs: 0, rateLimit: 100, storageBytesPerDay: 1024, scanDeadlineMs: 15_000 });
    try {
      const caller = { account: null, client: '192.0.2.1' };
      await service.admit(caller);
      // Distinct URLs defeat the cache; the stored bytes are what counts.
      const first = await service.scan(`${site.origin}/?a=1`, { account: null, client: caller.client, params: { pages: 1 } });
      expect(first.report).toBeDefined();
      const refused = await service.admit(caller).catch((e) => e);
      expect(refused).toBeInstanceOf(RateLimitedError);
      expect(refused.message).toMatch(/store 1 KiB of reports per day/);
      await expect(service.admit({ account: null, client: '192.0.2.2' })).resolves.toBeUndefined();
      const alice = await store.ensureAccount('alice-cap');
      await expect(service.admit({ account: alice, client: caller.client })).resolves.toBeUndefined();
    } finally {
      await service.close();
    }
  });
});
