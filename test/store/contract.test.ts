/**
 * The store contract: every engine (embedded SQLite, Postgres) behaves the same through the one
 * `Store` interface, including under concurrency and across several store instances on one database.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import { ENGINES, result } from './engines.js';

describe.each(ENGINES)('store contract: $name', (engine) => {
  let db: Awaited<ReturnType<typeof engine.create>>;
  let store: Store;
  const extra: Store[] = [];
  /** A second store on the same database: another instance (Postgres) or another handle (SQLite). */
  const another = async () => {
    const s = await db.open();
    extra.push(s);
    return s;
  };

  beforeEach(async () => {
    db = await engine.create();
    store = await db.open();
  });
  afterEach(async () => {
    for (const s of extra.splice(0)) await s.close().catch(() => {});
    await store.close().catch(() => {});
    db.cleanup();
  });

  it('says which engine it is', () => {
    expect(store.kind).toBe(engine.name);
  });

  it('keeps reports, keys and history across a reopen', async () => {
    const { token } = await store.createApiKey('acme');
    const account = (await store.verifyApiKey(token))!;
    expect(account.name).toBe('acme');
    const r = result('https://a.dev/');
    const saved = await store.saveReport({ result: r, isPublic: false, accountId: account.id });
    expect(saved.id).toMatch(/^[a-z0-9]{4,24}$/);
    await store.close();
    store = await db.open();
    const back = await store.getReport(saved.id);
    expect(back).toEqual(saved);
    // The result comes back exactly as saved, key order included (Postgres keeps it as json, not jsonb).
    expect(JSON.stringify(back!.result)).toBe(JSON.stringify(r));
    expect((await store.verifyApiKey(token))?.id).toBe(account.id);
    expect((await store.listAccountReports(account.id)).items.map((x) => x.id)).toEqual([saved.id]);
  });

  it('stores only a hash of the key and refuses wrong, malformed and revoked keys', async () => {
    const { token, key } = await store.createApiKey('acme');
    expect(token.startsWith(key.prefix)).toBe(true);
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await store.verifyApiKey(wrong)).toBeNull();
    expect(await store.verifyApiKey('nope')).toBeNull();
    const listed = await store.listApiKeys();
    expect(listed).toEqual([{ ...key, lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(token.slice(key.prefix.length));
    expect(await store.listApiKeys('nobody')).toEqual([]);
    expect(await store.revokeApiKey('air_')).toBe(0);
    expect(await store.revokeApiKey(key.prefix)).toBe(1);
    expect(await store.verifyApiKey(token)).toBeNull();
    expect((await store.listApiKeys())[0].revokedAt).not.toBeNull();
    expect(await store.oauth.isKeyRevoked(key.prefix)).toBe(true);
    expect(await store.oauth.isKeyRevoked('air_nothere')).toBe(true);
  });

  it('creates accounts once, lists them and sets default visibility', async () => {
    const [a, b] = await Promise.all([store.ensureAccount('same'), (await another()).ensureAccount('same')]);
    expect(a.id).toBe(b.id);
    await store.createAccount('priv', 'private');
    await expect(store.createAccount('priv')).rejects.toThrow();
    expect((await store.listAccounts()).map((x) => [x.name, x.defaultVisibility])).toEqual([
      ['priv', 'private'],
      ['same', 'public'],
    ]);
    expect((await store.setDefaultVisibility('same', 'private'))?.defaultVisibility).toBe('private');
    expect((await store.getAccount(a.id))?.defaultVisibility).toBe('private');
    expect(await store.setDefaultVisibility('ghost', 'public')).toBeUndefined();
  });

  it('paginates an account history, filters by domain, and gives a domain history with visibility', async () => {
    const a = await store.ensureAccount('a');
    const b = await store.ensureAccount('b');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await store.saveReport({ result: result(`https://${i % 2 ? 'odd' : 'even'}.dev/`, i * 10), isPublic: i !== 4, accountId: a.id });
      ids.push(r.id);
      // Histories are newest first by creation time (ms): two saves in one millisecond would tie.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await store.saveReport({ result: result('https://even.dev/'), isPublic: false, accountId: b.id });
    const first = await store.listAccountReports(a.id, { limit: 2 });
    const second = await store.listAccountReports(a.id, { limit: 2, cursor: first.nextCursor });
    const third = await store.listAccountReports(a.id, { limit: 2, cursor: second.nextCursor });
    expect([first.items.length, second.items.length, third.items.length]).toEqual([2, 2, 1]);
    expect(third.nextCursor).toBeNull();
    expect([...first.items, ...second.items, ...third.items].map((r) => r.id).sort()).toEqual([...ids].sort());
    const even = await store.listAccountReports(a.id, { domain: 'EVEN.dev' });
    expect(even.items.map((r) => r.domain)).toEqual(['even.dev', 'even.dev', 'even.dev']);
    expect(even.items[0]).toMatchObject({ score: 40, grade: 'D', level: 1, platform: 'unknown', isPublic: false, accountId: a.id });
    expect((await store.domainHistory('even.dev')).items).toHaveLength(2);
    expect((await store.domainHistory('even.dev', { accountId: a.id })).items).toHaveLength(3);
    expect((await store.domainHistory('even.dev', { accountId: b.id })).items).toHaveLength(3);
    expect((await store.listAccountReports(a.id, { cursor: 'not-a-cursor' })).items).toHaveLength(5);
    // A made-up cursor whose date is not ours is ignored, never a database error.
    const madeUp = Buffer.from('1|zzz').toString('base64url');
    expect((await store.domainHistory('even.dev', { cursor: madeUp })).items).toHaveLength(2);
  });

  it('records history idempotently, removes from history, changes visibility and deletes', async () => {
    const a = await store.ensureAccount('a');
    const r = await store.saveReport({ result: result('https://x.dev/'), isPublic: true, accountId: null });
    await store.setCachedScan('https://x.dev/', { reportId: r.id, isPublic: true, at: Date.now() }, 60_000);
    await store.recordHistory(a.id, r.id);
    await store.recordHistory(a.id, r.id);
    await store.recordHistory(a.id, 'missing');
    expect((await store.listAccountReports(a.id)).items.map((x) => x.id)).toEqual([r.id]);
    expect(await store.removeFromHistory(a.id, r.id)).toBe(true);
    expect(await store.removeFromHistory(a.id, r.id)).toBe(false);
    expect(await store.getReport(r.id)).toBeDefined();

    expect(await store.setReportVisibility(r.id, false)).toBe(true);
    expect((await store.getReport(r.id))?.isPublic).toBe(false);
    expect((await store.getCachedScan('https://x.dev/'))?.isPublic).toBe(false);
    expect((await store.domainHistory('x.dev')).items).toHaveLength(0);
    expect(await store.setReportVisibility('missing', true)).toBe(false);

    expect(await store.deleteReport(r.id)).toBe(true);
    expect(await store.getReport(r.id)).toBeUndefined();
    expect(await store.getCachedScan('https://x.dev/')).toBeUndefined();
    expect(await store.deleteReport(r.id)).toBe(false);
  });

  it('withdraws every copy made from a report made private, and the cache pointers to them', async () => {
    const owner = await store.ensureAccount('owner');
    const other = await store.ensureAccount('other');
    const original = await store.saveReport({ result: result('https://w.dev/'), isPublic: true, accountId: owner.id });
    const anonCopy = await store.saveReport({ result: original.result, isPublic: true, accountId: null, copiedFrom: original.id });
    const copyOfCopy = await store.saveReport({ result: original.result, isPublic: true, accountId: other.id, copiedFrom: anonCopy.id });
    const unrelated = await store.saveReport({ result: result('https://w.dev/'), isPublic: true, accountId: null });
    await store.setCachedScan('https://w.dev/', { reportId: anonCopy.id, isPublic: true, at: Date.now() }, 60_000);
    await store.setCachedScan('https://w.dev/ pages=1', { reportId: copyOfCopy.id, isPublic: true, at: Date.now() }, 60_000);
    // Read once, so an in-process cache holds them.
    for (const r of [original, anonCopy, copyOfCopy]) expect((await store.getReport(r.id))?.isPublic).toBe(true);

    expect(await store.setReportVisibility(original.id, false)).toBe(true);
    const second = await another();
    for (const s of [store, second]) {
      for (const r of [original, anonCopy, copyOfCopy]) expect((await s.getReport(r.id))?.isPublic).toBe(false);
      expect((await s.getReport(unrelated.id))?.isPublic).toBe(true);
      expect((await s.getCachedScan('https://w.dev/'))?.isPublic).toBe(false);
      expect((await s.getCachedScan('https://w.dev/ pages=1'))?.isPublic).toBe(false);
      expect((await s.domainHistory('w.dev')).items.map((x) => x.id)).toEqual([unrelated.id]);
    }
    // The copy's holder still has it in its history (private to it now).
    expect((await store.listAccountReports(other.id)).items.map((x) => x.id)).toEqual([copyOfCopy.id]);
  });

  it('expires cache pointers after their ttl; another instance sees the cache', async () => {
    const at = Date.now();
    await store.setCachedScan('https://c.dev/', { reportId: 'abcd', isPublic: true, at }, 60_000);
    expect(await (await another()).getCachedScan('https://c.dev/')).toEqual({ reportId: 'abcd', isPublic: true, at });
    await store.setCachedScan('https://d.dev/', { reportId: 'abcd', isPublic: true, at }, 1);
    await new Promise((r) => setTimeout(r, 10));
    expect(await store.getCachedScan('https://d.dev/')).toBeUndefined();
  });

  it('counts rate hits exactly, across instances and concurrent callers', async () => {
    const other = await another();
    // 8 hits alternating between two instances, limit 5: exactly 5 allowed, 3 denied.
    const decisions = [];
    for (let i = 0; i < 8; i++) decisions.push(await (i % 2 ? other : store).consumeRate('ip:1', 5, 60_000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(decisions.map((d) => d.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(decisions[5].retryAfterSec).toBeGreaterThan(0);
    expect(decisions[5].retryAfterSec).toBeLessThanOrEqual(60);
    expect(decisions[0].retryAfterSec).toBe(0);
    // 40 concurrent hits from both: exactly 10 allowed.
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? other : store).consumeRate('ip:2', 10, 60_000)));
    expect(burst.filter((d) => d.allowed)).toHaveLength(10);
    expect(burst.map((d) => d.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // A new window starts over.
    expect((await store.consumeRate('ip:3', 1, 50)).allowed).toBe(true);
    await new Promise((r) => setTimeout(r, 120));
    expect((await store.consumeRate('ip:3', 1, 50)).count).toBe(1);
  });

  it('keeps the sliding-window hitRate', async () => {
    for (let i = 0; i < 3; i++) expect((await store.hitRate('ip', 3, 60_000)).allowed).toBe(true);
    const denied = await store.hitRate('ip', 3, 60_000);
    expect(denied).toMatchObject({ allowed: false, remaining: 0 });
    expect(denied.retryAfterSec).toBeGreaterThan(0);
    expect((await store.hitRate('other', 3, 60_000)).allowed).toBe(true);
  });

  it('lets exactly one caller claim a scan, until released or expired', async () => {
    const other = await another();
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? other : store).claimScan('https://s.dev/', 60_000)));
    const winners = claims.filter((c): c is string => c !== null);
    expect(winners).toHaveLength(1);
    await store.releaseScan('https://s.dev/', 'not-the-token');
    expect(await store.claimScan('https://s.dev/', 60_000)).toBeNull();
    await other.releaseScan('https://s.dev/', winners[0]);
    const next = await store.claimScan('https://s.dev/', 30);
    expect(next).not.toBeNull();
    await new Promise((r) => setTimeout(r, 60));
    // A crashed holder's claim expires and is taken over.
    expect(await other.claimScan('https://s.dev/', 60_000)).not.toBeNull();
  });

  it('claims each due monitor exactly once across instances and records runs and alerts', async () => {
    const a = await store.ensureAccount('mon');
    const created: Array<{ monitor: { id: string }; webhookSecret: string | null }> = [];
    for (let i = 0; i < 6; i++) {
      created.push(
        await store.monitors.create({
          accountId: a.id,
          url: `https://m${i}.dev/`,
          intervalSec: 3600,
          minScore: 50,
          webhookUrl: i === 0 ? 'https://hook.dev/' : null,
        }),
      );
    }
    expect(created[0].webhookSecret).toMatch(/^whsec_/);
    expect(created[1].webhookSecret).toBeNull();
    const other = await another();
    const opts = { leaseMs: 60_000, jitterRatio: 0.1, maxJitterMs: 1000 };
    const now = Date.now() + 1;
    const batches = await Promise.all([store, other, store, other].map((s) => s.monitors.claimDue(now, 4, opts)));
    const claimed = batches.flat().map((m) => m.id);
    expect(claimed.sort()).toEqual(created.map((c) => c.monitor.id).sort());
    const first = batches.flat().find((m) => m.id === created[0].monitor.id)!;
    expect(first.webhookSecret).toBe(created[0].webhookSecret);
    expect(first.nextRunAt).toBeGreaterThanOrEqual(now + 3600_000);
    expect(first.nextRunAt).toBeLessThanOrEqual(now + 3600_000 + 1000);
    expect(await store.monitors.claimDue(now, 10, opts)).toEqual([]);

    const id = created[0].monitor.id;
    await store.monitors.finishRun(id, { at: new Date().toISOString(), status: 'below', reportId: 'r1', score: 40, grade: 'D', level: 1, error: null }, true);
    await store.monitors.finishRun(
      id,
      { at: new Date().toISOString(), status: 'error', reportId: null, score: null, grade: null, level: null, error: 'boom' },
      true,
    );
    const m = (await other.monitors.get(id))!;
    expect(m).toMatchObject({ lastStatus: 'error', lastScore: 40, lastGrade: 'D', lastReportId: 'r1', lastError: 'boom', below: true, minScore: 50 });
    const runs = await store.monitors.runs(id);
    expect(runs.map((r) => r.status)).toEqual(['error', 'below']);
    expect(runs[1]).toMatchObject({ monitorId: id, score: 40, grade: 'D', level: 1, reportId: 'r1', error: null });
    const alert = await store.monitors.recordAlert({
      monitorId: id,
      at: new Date().toISOString(),
      kinds: ['below-score'],
      message: 'down',
      reportId: 'r1',
      score: 40,
      grade: 'D',
      previousGrade: 'B',
    });
    await store.monitors.setAlertDelivery(alert.id, 204, null);
    expect(await store.monitors.alerts(id)).toEqual([{ ...alert, webhookStatus: 204, webhookError: null }]);
    expect((await store.monitors.list(a.id)).map((x) => x.id).sort()).toEqual(created.map((c) => c.monitor.id).sort());
    expect(await store.monitors.list('nobody')).toEqual([]);
    expect(await store.monitors.remove(id, 'someone-else')).toBe(false);
    expect(await store.monitors.remove(id, a.id)).toBe(true);
    expect(await store.monitors.runs(id)).toEqual([]);
    expect(await store.monitors.get(id)).toBeUndefined();
  });

  it('keeps OAuth records with single-use codes and revocable token families', async () => {
    const now = Date.now();
    const client = {
      clientId: 'c1',
      secretHash: null,
      name: 'App',
      redirectUris: ['http://127.0.0.1/cb'],
      grantTypes: ['authorization_code'],
      authMethod: 'none' as const,
      scope: 'scan',
      clientUri: null,
      createdAt: now,
      expiresAt: now + 1000,
    };
    await store.oauth.createClient(client);
    expect(await store.oauth.getClient('c1', now)).toEqual(client);
    expect(await store.oauth.getClient('c1', now + 2000)).toBeUndefined();
    await store.oauth.extendClient('c1', now + 5000);
    await store.oauth.extendClient('c1', now + 10);
    expect((await store.oauth.getClient('c1', now))?.expiresAt).toBe(now + 5000);

    await store.oauth.createCode({
      codeHash: 'h1',
      clientId: 'c1',
      accountId: 'acc',
      redirectUri: 'http://127.0.0.1/cb',
      codeChallenge: 'x',
      resource: 'r',
      scope: 'scan',
      familyId: 'f1',
      expiresAt: now + 60_000,
      keyPrefix: 'air_abcdefgh',
    });
    const other = await another();
    const redemptions = await Promise.all([store, other, store, other].map((s) => s.oauth.redeemCode('h1', now)));
    expect(redemptions.filter((r) => r.ok)).toHaveLength(1);
    expect(redemptions[0].code).toMatchObject({ familyId: 'f1', keyPrefix: 'air_abcdefgh' });
    expect((await store.oauth.redeemCode('nope', now)).code).toBeUndefined();

    for (const kind of ['access', 'refresh'] as const) {
      await store.oauth.createToken({
        tokenHash: `t-${kind}`,
        kind,
        clientId: 'c1',
        accountId: 'acc',
        resource: 'r',
        scope: 'scan',
        familyId: 'f1',
        createdAt: now,
        expiresAt: now + 60_000,
      });
    }
    expect(await store.oauth.getToken('t-access')).toMatchObject({ kind: 'access', revokedAt: null, keyPrefix: null });
    expect(await store.oauth.revokeToken('t-access', now)).toBe(true);
    expect(await store.oauth.revokeToken('t-access', now)).toBe(false);
    expect(await store.oauth.revokeFamily('f1', now)).toBe(1);
    expect((await store.oauth.getToken('t-refresh'))?.revokedAt).toBe(now);
    await store.oauth.purgeExpired(now + 120_000);
    expect(await store.oauth.getToken('t-refresh')).toBeUndefined();
    expect(await store.oauth.getClient('c1', now)).toBeUndefined();
  });

  it('serves 12 concurrent mixed clients (half with keys) on two instances without an error', async () => {
    const other = await another();
    const { token } = await store.createApiKey('busy');
    const errors: string[] = [];
    const clients = Array.from({ length: 12 }, (_, c) =>
      (async () => {
        const s = c % 3 ? store : other;
        for (let i = 0; i < 25; i++) {
          try {
            const url = `https://busy${c}-${i % 5}.dev/`;
            const account = c % 2 ? await s.verifyApiKey(token) : null;
            await s.consumeRate(`ip:${c}`, 1000, 60_000);
            const hit = await s.getCachedScan(url);
            if (hit) await s.getReport(hit.reportId);
            const claim = await s.claimScan(url, 10_000);
            const saved = await s.saveReport({ result: result(url), isPublic: true, accountId: account?.id ?? null });
            await s.setCachedScan(url, { reportId: saved.id, isPublic: true, at: Date.now() }, 300_000);
            if (claim) await s.releaseScan(url, claim);
            if (account) await s.listAccountReports(account.id, { limit: 5 });
            if (i % 5 === 0) await s.monitors.claimDue(Date.now(), 5, { leaseMs: 1000, jitterRatio: 0, maxJitterMs: 0 });
          } catch (e) {
            errors.push(String(e));
          }
        }
      })(),
    );
    await Promise.all(clients);
    expect(errors).toEqual([]);
    const account = (await store.verifyApiKey(token))!;
    let total = 0;
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page = await store.listAccountReports(account.id, { limit: 100, cursor });
      total += page.items.length;
      cursor = page.nextCursor;
    }
    expect(total).toBe(6 * 25);
  });
});
