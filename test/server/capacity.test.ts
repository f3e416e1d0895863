/**
 * `serve`'s fairness and operations, end to end over HTTP on loopback:
 * - one anonymous client cannot hold more than its share of scans in flight (429 problem with
 *   Retry-After), while another caller (an API key) still gets through, and joining a scan that
 *   is already running costs nothing;
 * - cached scans answer from the keyv result cache in its own SQLite file;
 * - /readyz answers; /metrics is off by default, and behind its bearer token when turned on;
 * - --metrics on a public address without a token is refused at start.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { createServer } from '../../src/server/index.js';

const HTML = { 'content-type': 'text/html' };
const sites: FixtureSite[] = [];
const servers: TestServer[] = [];
const q = (url: string, extra = '') => `/api/public/v1/scan?url=${encodeURIComponent(url)}${extra}`;

afterAll(async () => {
  for (const s of servers) await s.destroy();
  await Promise.all(sites.map((s) => s.close()));
});

/** A site whose pages answer only once `release()` is called. */
async function heldSite(): Promise<{ site: FixtureSite; release: () => void; asked: () => boolean }> {
  let release!: () => void;
  let asked = false;
  const gate = new Promise<void>((r) => (release = r));
  const site = await startFixture({
    '*': async (_req: IncomingMessage, res: ServerResponse) => {
      asked = true;
      await gate;
      res.writeHead(200, HTML);
      res.end('<!doctype html><title>held</title><h1>held</h1>');
    },
  });
  sites.push(site);
  return { site, release, asked: () => asked };
}

async function until(cond: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

describe('per-caller cap', () => {
  it('refuses a second scan from the same anonymous client with 429 + Retry-After; others and joiners get through', async () => {
    const srv = await startServer({ rateLimit: 0, workers: 1, maxScans: 8, maxScansPerClient: 1, maxScansPerAccount: 1 });
    servers.push(srv);
    const held = await heldSite();
    const other = await startFixture({ '*': { headers: HTML, body: '<!doctype html><title>ok</title>' } });
    sites.push(other);
    const first = srv.get(q(held.site.origin));
    await until(held.asked);
    // The same client, another URL: over its cap.
    const refused = await srv.get(q(other.origin));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = (await refused.json()) as { type: string; detail: string };
    expect(body.type).toBe(`${srv.baseUrl}/problems/rate-limited`);
    expect(body.detail).toMatch(/already have 1 scans in progress/);
    // The same URL again joins the running scan: no second scan, no refusal.
    const joiner = srv.get(q(held.site.origin));
    // An API key is another caller with its own share.
    const { token } = await srv.store.createApiKey('capacity-team');
    const keyed = await srv.get(q(other.origin), { headers: { authorization: `Bearer ${token}` } });
    expect(keyed.status).toBe(200);
    held.release();
    expect((await first).status).toBe(200);
    expect((await joiner).status).toBe(200);
    // Once its scan is done, the client has room again.
    expect((await srv.get(q(other.origin, '&fresh=1'))).status).toBe(200);
  }, 90_000);
});

describe('fair queue over HTTP', () => {
  it("serves waiting callers in turn: one caller's three queued scans do not stand in front of another's one", async () => {
    const srv = await startServer({ rateLimit: 0, workers: 1, maxScans: 1, maxScansPerClient: 0, trustProxy: true });
    servers.push(srv);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const site = await startFixture({
      '*': async (req: IncomingMessage, res: ServerResponse) => {
        const path = (req.url ?? '/').split('?')[0];
        const name = path.slice(1);
        if (/^[ab]\d$/.test(name) && !order.includes(name)) order.push(name);
        if (name === 'a0') await gate;
        res.writeHead(path.startsWith('/a') || path.startsWith('/b') ? 200 : 404, HTML);
        res.end('<!doctype html><title>x</title>');
      },
    });
    sites.push(site);
    const as = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const first = srv.get(q(`${site.origin}/a0`), as('10.0.0.1'));
    await until(() => order.includes('a0'));
    // Queued one after another: three requests sent at once may reach the server in any order.
    const queued: Array<ReturnType<typeof srv.get>> = [];
    for (const [i, name] of ['a1', 'a2', 'a3'].entries()) {
      queued.push(srv.get(q(`${site.origin}/${name}`), as('10.0.0.1')));
      await until(() => srv.service.stats().queued === i + 1);
    }
    queued.push(srv.get(q(`${site.origin}/b1`), as('10.0.0.2')));
    await until(() => srv.service.stats().queued === 4);
    release();
    for (const r of await Promise.all([first, ...queued])) expect(r.status).toBe(200);
    expect(order).toEqual(['a0', 'a1', 'b1', 'a2', 'a3']);
  }, 90_000);
});

describe('result cache and operations', () => {
  it('answers repeat scans from the keyv cache in its own file; /readyz; /metrics off by default', async () => {
    const srv = await startServer({ rateLimit: 0, workers: 1 });
    servers.push(srv);
    const site = await startFixture({ '*': { headers: HTML, body: '<!doctype html><title>ok</title>' } });
    sites.push(site);
    const first = await (await srv.get(q(site.origin))).json();
    const again = await (await srv.get(q(site.origin))).json();
    expect(again.cached).toBe(true);
    expect(again.shareId).toBe(first.shareId);
    expect(existsSync(join(srv.dataDir, 'cache.sqlite'))).toBe(true);
    const ready = await srv.get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', store: true, runner: true });
    expect((await srv.get('/metrics')).status).toBe(404);
  }, 60_000);

  it('serves Prometheus metrics behind the bearer token when turned on', async () => {
    const srv = await startServer({ rateLimit: 0, workers: 1, metrics: true, metricsToken: 's3cret-token' });
    servers.push(srv);
    const site = await startFixture({ '*': { headers: HTML, body: '<!doctype html><title>ok</title>' } });
    sites.push(site);
    expect((await srv.get(q(site.origin))).status).toBe(200);
    expect((await srv.get('/metrics')).status).toBe(401);
    expect((await srv.get('/metrics', { headers: { authorization: 'Bearer wrong-token!' } })).status).toBe(401);
    const m = await srv.get('/metrics', { headers: { authorization: 'Bearer s3cret-token' } });
    expect(m.status).toBe(200);
    expect(m.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await m.text();
    expect(text).toMatch(/^ai_ready_scans_total\{outcome="done",reason="ok"\} 1$/m);
    expect(text).toMatch(/^ai_ready_scan_duration_seconds_count\{outcome="done"\} 1$/m);
    expect(text).toMatch(/^ai_ready_scan_capacity \d+$/m);
    expect(text).toMatch(/^ai_ready_nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^ai_ready_caller_rejections\{cap="in-flight"\} 0$/m);
  }, 60_000);

  it('refuses --metrics on a public address without a token', async () => {
    const e = await createServer({ port: 0, host: '0.0.0.0', dataDir: join(servers[0].dataDir, 'public'), metrics: true, log: false }).then(
      async (s) => {
        await s.close();
        return null;
      },
      (err: Error) => err,
    );
    expect(e?.message).toMatch(/--metrics.*needs --metrics-token/);
  });
});
