/** Private reports stay private: not served, not copied into other callers' results through the scan cache. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { startServer, type TestServer } from './helpers/server.js';
import { plainSite } from './fixtures.js';

let site: FixtureSite;
let srv: TestServer;
beforeAll(async () => {
  site = await startFixture(plainSite());
  srv = await startServer({ rateLimit: 0 });
});
afterAll(async () => {
  await srv?.destroy();
  await site?.close();
});
const q = (url: string) => `/api/public/v1/scan?url=${encodeURIComponent(url)}`;

describe('a report made private', () => {
  it('is not handed out from the scan cache to anonymous or other keyed callers', async () => {
    const alice = (await srv.store.createApiKey('alice')).token;
    const bob = (await srv.store.createApiKey('bob')).token;
    const own = await (await srv.get(q(site.origin), { headers: { authorization: `Bearer ${alice}` } })).json();
    expect(own.cached).toBe(false);
    // The owner hides it (the MCP set_report_visibility tool does exactly this).
    expect(await srv.store.setReportVisibility(own.shareId, false)).toBe(true);
    expect((await srv.get(`/api/public/v1/report/${own.shareId}`)).status).toBe(404);

    const runs = srv.service.engineRuns;
    const anon = await (await srv.get(q(site.origin))).json();
    expect(anon.cached).toBe(false);
    expect(anon.scannedAt).not.toBe(own.scannedAt);
    const other = await (await srv.get(q(`${site.origin}/`), { headers: { authorization: `Bearer ${bob}` } })).json();
    expect(other.shareId).not.toBe(own.shareId);
    expect(srv.service.engineRuns).toBeGreaterThan(runs);
  });
});

describe('a report made private withdraws the copies the cache made of it', () => {
  it('takes the anonymous copy, copies of copies and their cache pointers out of public view', async () => {
    const fresh = await startFixture(plainSite());
    try {
      const carol = (await srv.store.createApiKey('carol')).token;
      const dave = (await srv.store.createApiKey('dave')).token;
      const own = await (await srv.get(q(fresh.origin), { headers: { authorization: `Bearer ${carol}` } })).json();
      expect(own.cached).toBe(false);
      // An anonymous caller is answered from the cache with a copy of its own, public...
      const anon = await (await srv.get(q(fresh.origin))).json();
      expect(anon.cached).toBe(true);
      expect(anon.shareId).not.toBe(own.shareId);
      // ...and the cache now points at that copy: the next account gets a copy of the copy.
      const copy2 = await (await srv.get(q(fresh.origin), { headers: { authorization: `Bearer ${dave}` } })).json();
      expect(copy2.cached).toBe(true);
      for (const id of [own.shareId, anon.shareId, copy2.shareId]) expect((await srv.get(`/api/public/v1/report/${id}`)).status).toBe(200);

      expect(await srv.store.setReportVisibility(own.shareId, false)).toBe(true);

      for (const id of [own.shareId, anon.shareId, copy2.shareId]) {
        expect((await srv.get(`/api/public/v1/report/${id}`)).status).toBe(404);
        expect((await srv.get(`/r/${id}`)).status).toBe(404);
      }
      // The account that holds a copy still sees it in its own history.
      expect((await srv.get(`/api/public/v1/report/${copy2.shareId}`, { headers: { authorization: `Bearer ${dave}` } })).status).toBe(200);
      // No cache pointer answers with any of them: the next anonymous caller gets a new scan.
      const runs = srv.service.engineRuns;
      const next = await (await srv.get(q(fresh.origin))).json();
      expect(next.cached).toBe(false);
      expect([own.shareId, anon.shareId, copy2.shareId]).not.toContain(next.shareId);
      expect(srv.service.engineRuns).toBe(runs + 1);
    } finally {
      await fresh.close();
    }
  });
});
