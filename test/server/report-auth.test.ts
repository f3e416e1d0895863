/** The report endpoint treats a wrong key like the scan endpoints do: 401, never anonymous. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { startServer, type TestServer } from './helpers/server.js';
import { plainSite } from './fixtures.js';

let site: FixtureSite;
let srv: TestServer;
beforeAll(async () => {
  site = await startFixture(plainSite());
  srv = await startServer();
});
afterAll(async () => {
  await srv?.destroy();
  await site?.close();
});

describe('GET /api/public/v1/report/{id} and keys', () => {
  it('serves a public report anonymously and with a valid key, and answers 401 to a wrong key', async () => {
    const scan = await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}`);
    const { shareId } = await scan.json();
    const path = `/api/public/v1/report/${shareId}`;
    expect((await srv.get(path)).status).toBe(200);
    const { token } = await srv.store.createApiKey('reader');
    expect((await srv.get(path, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const wrong = await srv.get(path, { headers: { authorization: 'Bearer air_not-a-real-key' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await wrong.json()).type).toBe(`${srv.baseUrl}/problems/unauthorized`);
  });
});
