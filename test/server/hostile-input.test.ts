/**
 * Strangers' requests that must neither crash the process nor produce a 500: bodies over the limit
 * sent without a Content-Length by a client that hangs up once answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.js';
import { postEndlessBody } from './helpers/endless-body.js';

let srv: TestServer;

beforeAll(async () => {
  srv = await startServer({ bodyLimitBytes: 16 * 1024 });
});

afterAll(async () => {
  await srv.destroy();
});

describe('oversized chunked bodies', () => {
  it('are cut off with 413 on every scan endpoint, and the server keeps serving', async () => {
    for (const path of ['/api/public/v1/scan', '/api/public/scan', '/api/scan']) {
      const outcome = await postEndlessBody(srv.url, path, 'application/json', 64 * 1024 * 1024);
      expect(outcome.ended, path).toBe(false);
      expect(outcome.status, path).toBe(413);
      const health = await srv.get('/healthz');
      expect(health.status, path).toBe(200);
    }
  });
});

describe('rate-limit buckets', () => {
  it('count an IPv6 /64 as one client and an IPv4-mapped address as its IPv4 address', async () => {
    const { rateBucket } = await import('../../src/server/request.js');
    expect(rateBucket('2001:db8:1:2::1')).toBe(rateBucket('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(rateBucket('[2001:0db8:0001:0002:0:0:0:9]')).toBe('2001:db8:1:2::/64');
    expect(rateBucket('2001:db8:1:3::1')).not.toBe(rateBucket('2001:db8:1:2::1'));
    expect(rateBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(rateBucket('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(rateBucket('::ffff:203.0.113.10')).not.toBe(rateBucket('::ffff:203.0.113.9'));
    expect(rateBucket('198.51.100.7')).toBe('198.51.100.7');
    expect(rateBucket('unknown')).toBe('unknown');
    // A proxy that appends the client's port.
    expect(rateBucket('198.51.100.7:51234')).toBe('198.51.100.7');
    expect(rateBucket('[2001:db8:1:2::1]:443')).toBe('2001:db8:1:2::/64');
  });

  it('stop a client that rotates addresses inside its IPv6 /64', async () => {
    const proxied = await startServer({ trustProxy: true, rateLimit: 2 });
    try {
      const { startFixture } = await import('../helpers/fixture-server.js');
      const { plainSite } = await import('./fixtures.js');
      const site = await startFixture(plainSite());
      try {
        const scanAs = (ip: string) =>
          proxied.get(`/api/public/v1/scan?fresh=1&url=${encodeURIComponent(site.origin)}`, { headers: { 'x-forwarded-for': ip } });
        expect((await scanAs('2001:db8:aa:bb::1')).status).toBe(200);
        expect((await scanAs('2001:db8:aa:bb::2')).status).toBe(200);
        expect((await scanAs('2001:db8:aa:bb:1234::3')).status).toBe(429);
        // Another /64 is another client.
        expect((await scanAs('2001:db8:aa:bc::1')).status).toBe(200);
      } finally {
        await site.close();
      }
    } finally {
      await proxied.destroy();
    }
  });
});
