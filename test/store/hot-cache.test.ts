/** The in-process report cache is bounded in bytes as well as entries (issue 30: ~420 MB at 2,000 entries). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { HOT_REPORTS } from '../../src/store/aggregates/reports.js';
import { Lru } from '../../src/store/lru.js';
import { result } from './engines.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('Lru weighed in bytes', () => {
  it('evicts the least recently used until entries and weight both fit, and never keeps a value over an eighth', () => {
    const lru = new Lru<string, string>(10, { maxWeight: 100, weigh: (v) => v.length });
    for (let i = 0; i < 10; i++) lru.set(`k${i}`, 'x'.repeat(12));
    expect(lru.weight).toBeLessThanOrEqual(100);
    expect(lru.size).toBe(8);
    expect(lru.get('k0')).toBeUndefined();
    expect(lru.get('k9')).toBeDefined();
    lru.set('huge', 'x'.repeat(13));
    expect(lru.get('huge')).toBeUndefined();
    lru.set('k9', 'y');
    expect(lru.weight).toBe(7 * 12 + 1);
    lru.deleteWhere((v) => v === 'y');
    expect(lru.weight).toBe(7 * 12);
    lru.clear();
    expect([lru.size, lru.weight]).toEqual([0, 0]);
  });
});

describe("the SQLite store's report cache", () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = tempDir('ai-ready-hot-');
    store = await openStore({ dataDir: dir });
  });
  afterEach(async () => {
    await store.close();
  });

  it('stays under its byte bound when filled with large reports, written or read', async () => {
    // 300 reports of ~1 MiB: 300 MiB if it held them all (its 2,000-entry bound would allow that).
    const pad = 'z'.repeat(1024 * 1024);
    const ids: string[] = [];
    for (let i = 0; i < 300; i++) {
      const r = result(`https://big${i}.dev/`);
      ids.push((await store.saveReport({ result: { ...r, checks: [{ id: 'D1', evidence: pad }] } as typeof r, isPublic: true, accountId: null })).id);
      expect(store.hotCacheUsage!().bytes).toBeLessThanOrEqual(HOT_REPORTS.bytes);
    }
    // Anonymous readers walking every report fill it no further.
    for (const id of ids) expect((await store.getReport(id))?.id).toBe(id);
    const usage = store.hotCacheUsage!();
    expect(usage.bytes).toBeLessThanOrEqual(HOT_REPORTS.bytes);
    expect(usage.bytes).toBeGreaterThan(HOT_REPORTS.bytes / 2);
    expect(usage.entries).toBeLessThan(40);
  });
});
