import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store/index.js';
import type { ScanResult } from '../../../src/core/schema.js';
import { tempDir } from '../../helpers/temp-dir.js';

function result(url: string, score = 50): ScanResult {
  return {
    apiVersion: '1',
    url,
    overallScore: score,
    grade: 'D',
    level: 1,
    checks: [],
    platform: { platform: 'unknown', confidence: 0, evidence: [], isEcommerce: false, isApp: false, seoPlugin: null },
  };
}

describe('store', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = tempDir('ai-ready-store-');
    store = await openStore(dir);
  });
  afterEach(async () => {
    await store.close().catch(() => {});
  });

  it('keeps reports, keys and history across a reopen', async () => {
    const { token } = await store.createApiKey('acme');
    const account = (await store.verifyApiKey(token))!;
    expect(account.name).toBe('acme');
    const saved = await store.saveReport({ result: result('https://a.dev/'), isPublic: false, accountId: account.id });
    expect(saved.id).toMatch(/^[a-z0-9]{4,24}$/);
    await store.close();
    store = await openStore(dir);
    expect((await store.getReport(saved.id))?.result.url).toBe('https://a.dev/');
    expect((await store.verifyApiKey(token))?.id).toBe(account.id);
    const page = await store.listAccountReports(account.id);
    expect(page.items.map((r) => r.id)).toEqual([saved.id]);
  });

  it('stores only a hash of the key and refuses wrong, malformed and revoked keys', async () => {
    const { token, key } = await store.createApiKey('acme');
    expect(token.startsWith(key.prefix)).toBe(true);
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await store.verifyApiKey(wrong)).toBeNull();
    expect(await store.verifyApiKey('nope')).toBeNull();
    const listed = await store.listApiKeys();
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(await store.revokeApiKey(key.prefix)).toBe(1);
    expect(await store.verifyApiKey(token)).toBeNull();
  });

  it('paginates an account history, filters by domain, and gives a domain history with visibility', async () => {
    const a = await store.ensureAccount('a');
    const b = await store.ensureAccount('b');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await store.saveReport({ result: result(`https://${i % 2 ? 'odd' : 'even'}.dev/`, i * 10), isPublic: i !== 4, accountId: a.id });
      ids.push(r.id);
    }
    await store.saveReport({ result: result('https://even.dev/'), isPublic: false, accountId: b.id });
    const first = await store.listAccountReports(a.id, { limit: 2 });
    expect(first.items).toHaveLength(2);
    const second = await store.listAccountReports(a.id, { limit: 2, cursor: first.nextCursor });
    const third = await store.listAccountReports(a.id, { limit: 2, cursor: second.nextCursor });
    expect(third.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items, ...third.items].map((r) => r.id))).toEqual(new Set(ids));
    const even = await store.listAccountReports(a.id, { domain: 'EVEN.dev' });
    expect(even.items.every((r) => r.domain === 'even.dev')).toBe(true);
    expect(even.items).toHaveLength(3);
    // Public even.dev reports: i=0,2 (i=4 private); b's private one only for b.
    expect((await store.domainHistory('even.dev')).items).toHaveLength(2);
    expect((await store.domainHistory('even.dev', { accountId: a.id })).items).toHaveLength(3);
    expect((await store.domainHistory('even.dev', { accountId: b.id })).items).toHaveLength(3);
  });

  it('changes visibility, deletes reports and history rows', async () => {
    const a = await store.ensureAccount('a');
    const r = await store.saveReport({ result: result('https://x.dev/'), isPublic: true, accountId: a.id });
    expect(await store.setReportVisibility(r.id, false)).toBe(true);
    expect((await store.getReport(r.id))?.isPublic).toBe(false);
    expect((await store.domainHistory('x.dev')).items).toHaveLength(0);
    expect(await store.deleteReport(r.id)).toBe(true);
    expect(await store.getReport(r.id)).toBeUndefined();
    expect((await store.listAccountReports(a.id)).items).toHaveLength(0);
    expect(await store.deleteReport(r.id)).toBe(false);
  });

  it('counts rate hits in a sliding window and says when a slot frees', async () => {
    for (let i = 0; i < 3; i++) expect((await store.hitRate('ip', 3, 60_000)).allowed).toBe(true);
    const denied = await store.hitRate('ip', 3, 60_000);
    expect(denied.allowed).toBe(false);
    expect(denied.retryAfterSec).toBeGreaterThan(0);
    expect(denied.retryAfterSec).toBeLessThanOrEqual(60);
    expect((await store.hitRate('other', 3, 60_000)).allowed).toBe(true);
  });

  it('expires cache pointers after their ttl and sets default visibility', async () => {
    await store.setCachedScan('https://c.dev/', { reportId: 'abcd', isPublic: true, at: Date.now() }, 60_000);
    expect((await store.getCachedScan('https://c.dev/'))?.reportId).toBe('abcd');
    await store.setCachedScan('https://d.dev/', { reportId: 'abcd', isPublic: true, at: Date.now() }, 1);
    await new Promise((r) => setTimeout(r, 10));
    expect(await store.getCachedScan('https://d.dev/')).toBeUndefined();
    await store.ensureAccount('v');
    expect((await store.setDefaultVisibility('v', 'private'))?.defaultVisibility).toBe('private');
    expect((await store.getAccount('v'))?.defaultVisibility).toBe('private');
  });
});
