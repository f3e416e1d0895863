/** Per-caller caps for IPv6 count per /64 and per /48 (issue 30: a /48 holder had 65,536 buckets). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { startServer, type TestServer } from './helpers/server.js';
import { rateBucket } from '../../src/server/request.js';
import { NETWORK_SHARE, networkBucket } from '../../src/service/client-buckets.js';

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const sites: FixtureSite[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.destroy();
  await Promise.all(sites.map((s) => s.close()));
});
const q = (url: string) => `/api/public/v1/scan?url=${encodeURIComponent(url)}`;
/** fresh=1: an answer from the cache would be free; these must reach the engine to count. */
const qFresh = (url: string) => `${q(url)}&fresh=1`;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('networkBucket', () => {
  it('puts every /64 of a /48 in one network bucket, and nothing else in any', () => {
    expect(networkBucket(rateBucket('2001:db8:1:2::1'))).toBe('2001:db8:1::/48');
    expect(networkBucket(rateBucket('[2001:0db8:0001:ffff:0:0:0:9]:443'))).toBe('2001:db8:1::/48');
    expect(networkBucket(rateBucket('2001:db8:2::1'))).toBe('2001:db8:2::/48');
    for (const v4 of ['198.51.100.7', '::ffff:203.0.113.9', 'unknown', '']) expect(networkBucket(rateBucket(v4))).toBeUndefined();
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    const addr = fc.tuple(fc.array(group, { minLength: 8, maxLength: 8 })).map(([g]) => g);
    fc.assert(
      fc.property(addr, addr, (a, b) => {
        // Keep the IPv4-mapped range out: it counts as IPv4.
        fc.pre(a[0] !== '0' && b[0] !== '0');
        const same48 = a.slice(0, 3).join(':') === b.slice(0, 3).join(':');
        const na = networkBucket(rateBucket(a.join(':')));
        const nb = networkBucket(rateBucket(b.join(':')));
        expect(na).toBeDefined();
        expect(na === nb).toBe(same48);
        // b moved into a's /48 shares a's network bucket whatever its /64.
        expect(networkBucket(rateBucket([...a.slice(0, 3), ...b.slice(3)].join(':')))).toBe(na);
      }),
    );
  });
});

describe('the rate limit per /48', () => {
  it(`lets a /48 have ${NETWORK_SHARE} clients' worth, however many /64s it uses; another /48 is untouched`, async () => {
    const site = await startFixture({ '*': { headers: HTML, body: '<!doctype html><title>ok</title>' } });
    sites.push(site);
    const srv = await startServer({ trustProxy: true, rateLimit: 1 });
    servers.push(srv);
    const statuses: number[] = [];
    for (let i = 1; i <= NETWORK_SHARE + 2; i++) statuses.push((await srv.get(qFresh(site.origin), from(`2001:db8:7:${i.toString(16)}::1`))).status);
    expect(statuses).toEqual([...Array<number>(NETWORK_SHARE).fill(200), 429, 429]);
    // Each /64 still has its own share of one.
    expect((await srv.get(qFresh(site.origin), from('2001:db8:8:1::1'))).status).toBe(200);
    expect((await srv.get(qFresh(site.origin), from('2001:db8:8:1::2'))).status).toBe(429);
  });
});

describe('scans in flight per /48', () => {
  it(`refuses the ${NETWORK_SHARE + 1}th concurrent scan of one /48 spread over /64s`, async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let asked = 0;
    const held = await startFixture({
      '*': async (_req: IncomingMessage, res: ServerResponse) => {
        asked++;
        await gate;
        res.writeHead(200, HTML);
        res.end('<!doctype html><title>held</title>');
      },
    });
    const quick = await startFixture({ '*': { headers: HTML, body: '<!doctype html><title>ok</title>' } });
    sites.push(held, quick);
    const srv = await startServer({ trustProxy: true, rateLimit: 0, workers: 1, maxScans: 16, maxScansPerClient: 1 });
    servers.push(srv);
    const running = Array.from({ length: NETWORK_SHARE }, (_, i) => srv.get(q(`${held.origin}/?v=${i}`), from(`2001:db8:9:${i + 1}::1`)));
    const end = Date.now() + 30_000;
    while (asked < NETWORK_SHARE && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    const refused = await srv.get(q(quick.origin), from('2001:db8:9:ff::1'));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/in progress/);
    expect((await srv.get(q(quick.origin), from('2001:db8:a:1::1'))).status).toBe(200);
    release();
    for (const r of await Promise.all(running)) expect(r.status).toBe(200);
    expect((await srv.get(q(`${quick.origin}/again`), from('2001:db8:9:ff::1'))).status).toBe(200);
  }, 90_000);
});
