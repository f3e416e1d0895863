/** Rate limit, keys and accounts, visibility, queue, restart persistence and the private-network guard. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { startServer, type TestServer } from './helpers/server.js';
import { plainSite } from './fixtures.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixture(plainSite());
});
afterAll(async () => {
  await site?.close();
});
const q = (url: string, extra = '') => `/api/public/v1/scan?url=${encodeURIComponent(url)}${extra}`;
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('anonymous storage per day (issue 18: distinct URLs and fresh=1 defeat the cache)', () => {
  let srv: TestServer;
  beforeAll(async () => {
    // 100 requests a minute: only the storage cap can stop this caller.
    srv = await startServer({ rateLimit: 100, storageBytesPerDay: 64 * 1024 });
  });
  afterAll(async () => srv?.destroy());

  it('refuses the caller once its stored reports of the day reach the cap; its reports stay readable', async () => {
    const statuses: number[] = [];
    let stored = 0;
    for (let i = 0; i < 40 && statuses.at(-1) !== 429; i++) {
      const res = await srv.get(q(`${site.origin}/?v=${i}`, '&fresh=1'));
      statuses.push(res.status);
      const body = await res.json();
      if (res.status === 200) {
        stored += JSON.stringify(body).length;
        expect((await srv.get(`/api/public/v1/report/${body.shareId}`)).status).toBe(200);
      } else {
        expect(body.type).toBe(`${srv.baseUrl}/problems/rate-limited`);
        expect(body.detail).toMatch(/may store 64 KiB of reports per day/);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.at(-1)).toBe(429);
    // Refused only once the reports it got back reach the cap (the last one crossed it).
    expect(stored).toBeGreaterThanOrEqual(64 * 1024);
  });
});

describe('anonymous rate limit', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(async () => srv?.destroy());

  it('answers the 6th scan request in a minute with 429 and Retry-After, across scan endpoints; reports stay readable', async () => {
    const statuses: number[] = [];
    let shareId = '';
    // Five URLs the cache has never seen: each needs the engine and counts.
    for (let i = 0; i < 5; i++) {
      const target = encodeURIComponent(`${site.origin}/?v=${i}`);
      const path = i % 2 ? `/api/public/scan?url=${target}` : `/api/public/v1/scan?url=${target}`;
      const res = await srv.get(path);
      statuses.push(res.status);
      shareId = (await res.json()).shareId;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await srv.get(q(`${site.origin}/?v=5`));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await limited.json()).type).toBe(`${srv.baseUrl}/problems/rate-limited`);
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    const compat = await srv.get(`/api/public/scan?url=${encodeURIComponent(`${site.origin}/?v=6`)}`);
    expect(compat.status).toBe(429);
    expect(compat.headers.get('retry-after')).toBeTruthy();
    expect(Object.keys(await compat.json())).toEqual(['error']);
    expect((await srv.post('/api/scan', { url: `${site.origin}/?v=7` })).status).toBe(429);
    // fresh=1 asks for the engine: it counts even for a cached URL.
    expect((await srv.get(q(`${site.origin}/?v=0`, '&fresh=1'))).status).toBe(429);
    // X-Forwarded-For is ignored without --trust-proxy.
    expect((await srv.get(q(`${site.origin}/?v=8`), { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(429);
    // Over the limit, what the cache answers is still served, on every face: it costs nothing.
    const again = await srv.get(q(`${site.origin}/?v=0`));
    expect(again.status).toBe(200);
    expect((await again.json()).cached).toBe(true);
    expect((await srv.get(`/api/public/scan?url=${encodeURIComponent(`${site.origin}/?v=1`)}`)).status).toBe(200);
    const stream = await srv.post('/api/scan', { url: `${site.origin}/?v=2` });
    expect(stream.status).toBe(200);
    expect(await stream.text()).toMatch(/"cached":true/);
    // Report reads and discovery files are not limited.
    expect((await srv.get(`/api/public/v1/report/${shareId}`)).status).toBe(200);
    expect((await srv.get('/robots.txt')).status).toBe(200);
  });

  it('does not spend the allowance on cached answers: a person re-checking a result gets no 429', async () => {
    const other = await startServer({ rateLimit: 2 });
    try {
      const url = `${site.origin}/?recheck=1`;
      expect((await other.get(q(url))).status).toBe(200);
      for (let i = 0; i < 10; i++) {
        const res = await other.get(q(url));
        expect(res.status).toBe(200);
        expect((await res.json()).cached).toBe(true);
      }
      // The allowance is intact: one more fresh scan fits, the one after is refused.
      expect((await other.get(q(url, '&fresh=1'))).status).toBe(200);
      expect((await other.get(q(url, '&fresh=1'))).status).toBe(429);
    } finally {
      await other.destroy();
    }
  });

  it('lets a valid API key through and refuses a wrong one with 401', async () => {
    const { token } = await srv.store.createApiKey('team');
    const res = await srv.get(q(site.origin), bearer(token));
    expect(res.status).toBe(200);
    const wrong = await srv.get(q(site.origin), bearer(token.slice(0, -2) + 'zz'));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).type).toBe(`${srv.baseUrl}/problems/unauthorized`);
    expect((await srv.get(q(site.origin), { headers: { authorization: 'Basic abc' } })).status).toBe(401);
  });
});

describe('--trust-proxy', () => {
  it('counts per X-Forwarded-For client', async () => {
    const srv = await startServer({ trustProxy: true, rateLimit: 1 });
    try {
      // fresh=1: cached answers are free, only engine runs count.
      const as = (ip: string) => srv.get(q(site.origin, '&fresh=1'), { headers: { 'x-forwarded-for': `198.51.100.1, ${ip}` } });
      expect((await as('192.0.2.1')).status).toBe(200);
      expect((await as('192.0.2.1')).status).toBe(429);
      expect((await as('192.0.2.2')).status).toBe(200);
    } finally {
      await srv.destroy();
    }
  });
});

describe('API keys, accounts, visibility and persistence', () => {
  it('records keyed scans in the account history with its default visibility, isPublic overrides, and all survives a restart', async () => {
    let srv = await startServer({ rateLimit: 0 });
    const dataDir = srv.dataDir;
    try {
      const { token } = await srv.store.createApiKey('private-co');
      await srv.store.setDefaultVisibility('private-co', 'private');
      const account = (await srv.store.getAccount('private-co'))!;

      const priv = await (await srv.get(q(site.origin), bearer(token))).json();
      expect(priv.shareId).toBeTruthy();
      // Private: 404 to strangers (API and page), visible with the owner's key.
      expect((await srv.get(`/api/public/v1/report/${priv.shareId}`)).status).toBe(404);
      expect((await srv.get(`/r/${priv.shareId}`)).status).toBe(404);
      const own = await srv.get(`/api/public/v1/report/${priv.shareId}`, bearer(token));
      expect(own.status).toBe(200);
      expect((await own.json()).isPublic).toBe(false);
      const other = (await srv.store.createApiKey('someone-else')).token;
      expect((await srv.get(`/api/public/v1/report/${priv.shareId}`, bearer(other))).status).toBe(404);

      const pub = await (await srv.get(q(site.origin, '&isPublic=true'), bearer(token))).json();
      expect((await srv.get(`/api/public/v1/report/${pub.shareId}`)).status).toBe(200);
      const postPriv = await (await srv.post('/api/public/v1/scan', { url: site.origin, isPublic: false }, bearer(token))).json();
      expect((await srv.get(`/api/public/v1/report/${postPriv.shareId}`)).status).toBe(404);

      // An anonymous caller never receives the private report id from the cache.
      const anon = await (await srv.get(q(site.origin))).json();
      expect([priv.shareId, postPriv.shareId]).not.toContain(anon.shareId);
      expect((await srv.get(`/api/public/v1/report/${anon.shareId}`)).status).toBe(200);

      const history = await srv.store.listAccountReports(account.id);
      expect(history.items.map((r) => r.id).sort()).toEqual([priv.shareId, pub.shareId, postPriv.shareId].sort());
      const domain = new URL(site.origin).host;
      expect((await srv.store.domainHistory(domain)).items.some((r) => r.id === pub.shareId)).toBe(true);
      expect((await srv.store.domainHistory(domain)).items.some((r) => r.id === priv.shareId)).toBe(false);

      await srv.stop();
      srv = await startServer({ rateLimit: 0 }, dataDir);
      expect((await srv.get(`/api/public/v1/report/${pub.shareId}`)).status).toBe(200);
      expect((await srv.get(`/api/public/v1/report/${priv.shareId}`, bearer(token))).status).toBe(200);
      expect((await srv.get(`/r/${anon.shareId}`)).status).toBe(200);
      expect((await srv.store.listAccountReports(account.id)).items).toHaveLength(3);
      // The cache pointer persists too.
      const again = await (await srv.get(q(site.origin))).json();
      expect(again.cached).toBe(true);

      await srv.store.revokeApiKey(token.slice(0, 12));
      expect((await srv.get(q(site.origin), bearer(token))).status).toBe(401);
    } finally {
      await srv.destroy();
    }
  });
});

describe('bounded scan queue', () => {
  it('answers 503 server-busy with Retry-After when the queue is full', async () => {
    const slow = await startFixture(plainSite(), { delayMs: 400 });
    const slow2 = await startFixture(plainSite());
    const srv = await startServer({ rateLimit: 0, maxConcurrentScans: 1, maxScans: 1, maxQueuedScans: 0 });
    try {
      const first = srv.get(q(slow.origin));
      await new Promise((r) => setTimeout(r, 100));
      const busy = await srv.get(q(slow2.origin));
      expect(busy.status).toBe(503);
      expect((await busy.json()).type).toBe(`${srv.baseUrl}/problems/server-busy`);
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await first).status).toBe(200);
    } finally {
      await srv.destroy();
      await slow.close();
      await slow2.close();
    }
  });
});

describe('private-network guard (no --allow-private-network)', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer({ allowPrivateNetwork: false, rateLimit: 0 });
  });
  afterAll(async () => srv?.destroy());

  it('refuses every loopback form as invalid-url without fetching it', async () => {
    const port = site.port;
    const before = site.requests.length;
    const forms = ['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '2130706433', '0x7f000001', '0.0.0.0'];
    for (const host of forms) {
      const res = await srv.get(q(`http://${host}:${port}/`));
      expect(res.status, host).toBe(400);
      expect((await res.json()).type).toBe(`${srv.baseUrl}/problems/invalid-url`);
    }
    const compat = await srv.get(`/api/public/scan?url=${encodeURIComponent(`http://127.0.0.1:${port}/`)}`);
    expect(compat.status).toBe(400);
    expect(site.requests.length).toBe(before);
  });
});
