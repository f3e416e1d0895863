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
