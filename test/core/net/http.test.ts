import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { HttpClient } from '../../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';

let site: FixtureSite;
beforeAll(async () => {
  const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
  site = await startFixture((s) => ({
    '/ok': { headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'hello' },
    '/gz': (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(gzipSync('compressed hello'));
    },
    '/bomb': (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(bomb);
    },
    '/never': (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const t = setInterval(() => res.write('x'), 20);
      res.on('close', () => clearInterval(t));
    },
    '/loop-a': { status: 302, headers: { location: '/loop-b' } },
    '/loop-b': { status: 302, headers: { location: '/loop-a' } },
    ...Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`/hop${i}`, { status: 301, headers: { location: `/hop${i + 1}` } }])),
    '/to-localhost': { status: 302, headers: { location: `${s.origin.replace('127.0.0.1', 'localhost')}/ok` } },
    '/to-file': { status: 302, headers: { location: 'file:///etc/passwd' } },
  }));
});
afterAll(() => site.close());

describe('HttpClient', () => {
  const client = new HttpClient({ timeoutMs: 1000 });

  it('fetches, decodes and records the media type', async () => {
    const r = await client.fetch(`${site.origin}/ok`);
    expect(r.status).toBe(200);
    expect(r.contentType).toBe('text/plain');
    expect(r.text).toBe('hello');
    const gz = await client.fetch(`${site.origin}/gz`);
    expect(gz.text).toBe('compressed hello');
  });

  it('caps bodies on decompressed bytes (gzip bomb)', async () => {
    const r = await client.fetch(`${site.origin}/bomb`, { maxBytes: 1024 * 1024 });
    expect(r.truncated).toBe(true);
    expect(r.body.length).toBe(1024 * 1024);
  });

  it('times out a response that never ends', async () => {
    const r = await client.fetch(`${site.origin}/never`, { timeoutMs: 300 });
    expect(r.error?.code).toBe('timeout');
  });

  it('stops redirect loops and chains longer than 5', async () => {
    expect((await client.fetch(`${site.origin}/loop-a`)).error?.code).toBe('redirect-loop');
    const long = await client.fetch(`${site.origin}/hop0`);
    expect(long.error?.code).toBe('too-many-redirects');
    expect(long.redirects).toHaveLength(6);
  });

  it('refuses non-http redirect targets', async () => {
    expect((await client.fetch(`${site.origin}/to-file`)).error?.code).toBe('bad-redirect');
  });

  it('with the guard on, re-checks every redirect hop before connecting', async () => {
    const guarded = new HttpClient({ blockPrivateNetwork: true, allowedHosts: ['127.0.0.1'], timeoutMs: 1000 });
    const before = site.requests.length;
    const r = await guarded.fetch(`${site.origin}/to-localhost`);
    expect(r.error?.code).toBe('blocked');
    expect(r.error?.message).toMatch(/loopback/);
    expect(site.requests.length).toBe(before + 1); // only the first hop reached the server
  });

  it('with the guard on, refuses loopback literals in every form without connecting', async () => {
    const guarded = new HttpClient({ blockPrivateNetwork: true, timeoutMs: 1000 });
    const before = site.requests.length;
    for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '2130706433', '0x7f000001', '0.0.0.0', 'localhost']) {
      const r = await guarded.fetch(`http://${host}:${site.port}/ok`);
      expect([host, r.error?.code]).toEqual([host, 'blocked']);
    }
    expect(site.requests.length).toBe(before);
  });
});
