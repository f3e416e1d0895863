/**
 * Rendering hostile pages: each costs its own page, never the process or the next page; the
 * browser's every request passes the private-network guard; popups, service workers and dialogs
 * go nowhere. Real loopback servers, the system's Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { hasBrowser } from '../../helpers/browser.js';
import { RenderSession } from '../../../src/core/render/session.js';
import { startGuardProxy, type GuardProxy } from '../../../src/core/render/guard-proxy.js';
import { scan } from '../../../src/core/scan.js';
import { launchBrowser, NO_NETWORK_OUTSIDE_CONTEXTS } from '../../../src/core/render/browser.js';

const page = (script: string, body = '<main><h1>Hostile</h1><p id="out">start</p></main>') => ({
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html lang="en"><head><title>hostile</title></head><body>${body}<script>${script}</script></body></html>`,
});

describe.skipIf(!hasBrowser)('rendering hostile pages', () => {
  let site: FixtureSite;
  let secret: FixtureSite;
  let session: RenderSession;
  beforeAll(async () => {
    secret = await startFixture({ '*': { headers: { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }, body: 'secret' } });
    site = await startFixture({
      '/spin': page('for (;;) {}'),
      '/hog': page('const keep = []; for (;;) keep.push(new Array(1e6).fill(Math.random()));'),
      '/windows': page(
        "setInterval(() => { for (let i = 0; i < 50; i++) window.open('/popup-' + i); }, 5); document.getElementById('out').textContent = 'done';",
      ),
      '/dialogs': page("for (let i = 0; i < 20; i++) alert('hi ' + i); document.getElementById('out').textContent = 'after dialogs';"),
      '/sw': page("navigator.serviceWorker.register('/sw.js').then(() => out.textContent = 'registered', (e) => out.textContent = 'refused ' + e.name);"),
      '/sw.js': { headers: { 'content-type': 'text/javascript' }, body: 'self.addEventListener("fetch", () => {});' },
      '/file': page(
        "setTimeout(() => { location.href = 'file:///etc/passwd'; }, 10);",
        '<main><h1>Files</h1><iframe src="file:///etc/passwd"></iframe><img src="file:///etc/hostname"></main>',
      ),
      '/download': page("location.href = '/payload.bin';"),
      '/payload.bin': {
        headers: { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="payload.bin"' },
        body: 'x'.repeat(10_000),
      },
      '/geo': page(
        "navigator.geolocation.getCurrentPosition(() => out.textContent = 'located', (e) => out.textContent = 'denied ' + e.code); Notification.requestPermission().then((p) => document.title = 'notify ' + p);",
      ),
      '/reload': page('setTimeout(() => location.reload(), 0);'),
      '/ok': page("document.getElementById('out').textContent = 'scripts ran';"),
      // localhost is loopback like the target, but only 127.0.0.1 is allowed: the guard must refuse it.
      '/private-fetch': page(`fetch('http://localhost:${secret.port}/secret').then(() => out.textContent = 'reached', () => out.textContent = 'blocked');`),
    });
    session = await RenderSession.open({ pageTimeoutMs: 4_000 });
  }, 60_000);
  afterAll(async () => {
    await session?.close();
    await site?.close();
    await secret?.close();
  });

  it('a page that spins the CPU costs its own render; the next page still renders', async () => {
    const spun = await session.render(`${site.origin}/spin`);
    expect(spun.error).toBeTruthy();
    const next = await session.render(`${site.origin}/ok`);
    expect(next.error).toBeUndefined();
    expect(next.html).toContain('scripts ran');
  });

  it('a page that allocates without end loses its own renderer, not the process', async () => {
    const before = process.memoryUsage().rss;
    const hog = await session.render(`${site.origin}/hog`);
    expect(hog.error).toBeTruthy();
    // The test process itself did not grow by the page's allocations (they live in the renderer).
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect((await session.render(`${site.origin}/ok`)).html).toContain('scripts ran');
  });

  it('a page that reloads itself forever ends within its budget', async () => {
    const r = await session.render(`${site.origin}/reload`);
    expect(r.durationMs).toBeGreaterThan(0);
    expect(site.requests.filter((q) => q.path === '/reload').length).toBeGreaterThan(0);
    expect((await session.render(`${site.origin}/ok`)).html).toContain('scripts ran');
  });

  it('windows opened in a loop go nowhere', async () => {
    const r = await session.render(`${site.origin}/windows`);
    expect(r.error).toBeUndefined();
    expect(r.html).toContain('done');
    expect(site.requests.filter((q) => q.path.startsWith('/popup-'))).toEqual([]);
  });

  it('dialogs are dismissed and service workers refused', async () => {
    expect((await session.render(`${site.origin}/dialogs`)).html).toContain('after dialogs');
    const sw = await session.render(`${site.origin}/sw`);
    expect(sw.html).toMatch(/refused/);
    expect(site.requests.filter((q) => q.path === '/sw.js')).toEqual([]);
    const geo = await session.render(`${site.origin}/geo`);
    expect(geo.html).toContain('<p id="out">denied 1</p>'); // PERMISSION_DENIED
    expect(geo.html).not.toContain('<title>notify granted</title>');
  });

  it('file: URLs stay out of reach, and a download is refused, not saved', async () => {
    const r = await session.render(`${site.origin}/file`);
    expect(r.html).not.toMatch(/root:x:0:0/);
    expect(r.finalUrl.startsWith('file:')).toBe(false);
    const d = await session.render(`${site.origin}/download`);
    expect(d.html).not.toContain('xxxxxxxxxx');
    expect(existsSync(join(homedir(), 'Downloads', 'payload.bin'))).toBe(false);
    expect((await session.render(`${site.origin}/ok`)).html).toContain('scripts ran');
  });

  it('with the guard on, a rendered page cannot reach another loopback host', async () => {
    const guarded = await RenderSession.open({ blockPrivateNetwork: true, allowedHosts: ['127.0.0.1'], pageTimeoutMs: 4_000 });
    try {
      const r = await guarded.render(`${site.origin}/private-fetch`);
      expect(r.error).toBeUndefined();
      expect(r.html).toContain('blocked');
      expect(secret.requests).toEqual([]);
      expect(guarded.traffic.refused.map((x) => x.reason).join(' ')).toMatch(/loopback address/);
    } finally {
      await guarded.close();
    }
  });

  it("outside the scans' contexts the browser reaches nothing (its default context has a dead proxy)", async () => {
    const launched = await launchBrowser({ extraArgs: NO_NETWORK_OUTSIDE_CONTEXTS });
    try {
      const p = await launched.browser.newPage();
      const before = secret.requests.length;
      await expect(p.goto(`${secret.origin}/outside`)).rejects.toThrow(/ERR_PROXY_CONNECTION_FAILED|ERR_/);
      expect(secret.requests.length).toBe(before);
    } finally {
      await launched.close();
    }
  });

  it('the scan deadline closes a page that never finishes loading', async () => {
    const r = await scan(`${site.origin}/spin`, { render: true, pages: 1, deadlineMs: 5_000, only: ['A11', 'A7'] });
    const a11 = r.checks.find((c) => c.id === 'A11')!;
    expect(a11.status).toBe('info');
    expect(a11.code).toBe('A11/unmeasured');
  });
});

describe('the guard proxy refuses private addresses before connecting', () => {
  let proxy: GuardProxy;
  beforeAll(async () => {
    proxy = await startGuardProxy({ blockPrivateNetwork: true });
  });
  afterAll(() => proxy.close());

  const connect = (target: string) =>
    new Promise<string>((resolve, reject) => {
      const [host, port] = proxy.address.split(':');
      const s = net.connect(Number(port), host, () => s.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`));
      let data = '';
      s.on('data', (d) => (data += d));
      s.on('close', () => resolve(data));
      s.on('error', reject);
    });
  const get = (url: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const [host, port] = proxy.address.split(':');
      http
        .get({ host, port: Number(port), path: url, headers: { host: new URL(url).host } }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });

  it('CONNECT to private, link-local, metadata and loopback literals is 403', async () => {
    for (const [target, cls] of [
      ['10.0.0.1:443', 'private'],
      ['169.254.169.254:443', 'metadata'],
      ['[fd00::1]:443', 'private'],
      ['127.0.0.1:443', 'loopback'],
      ['[::ffff:192.168.1.1]:443', 'private'],
    ]) {
      const answer = await connect(target);
      expect(answer, target).toMatch(/^HTTP\/1\.1 403/);
      expect(answer, target).toContain(`a ${cls} address`);
    }
  });

  it('plain HTTP through the proxy is checked the same way, and other schemes are refused', async () => {
    const r = await get('http://100.64.0.1/latest/meta-data/');
    expect(r.status).toBe(403);
    expect(r.body).toMatch(/cgnat/);
    expect((await get('ftp://example.test/file')).status).toBe(400);
    expect(proxy.stats.refused.length).toBeGreaterThanOrEqual(6);
  });
});

describe("the guard proxy caps what one scan's pages may do", () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture({ '/small': { body: 'ok' }, '/big': { body: 'x'.repeat(200_000) } });
  });
  afterAll(() => site.close());

  const through = (proxy: GuardProxy, path: string) =>
    new Promise<{ status: number; bytes: number; complete: boolean }>((resolve) => {
      const [host, port] = proxy.address.split(':');
      const req = http.get({ host, port: Number(port), path: `${site.origin}${path}`, agent: false }, (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => (bytes += d.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, complete: true }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, bytes, complete: false }));
        res.on('aborted', () => resolve({ status: res.statusCode ?? 0, bytes, complete: false }));
      });
      req.on('error', () => resolve({ status: 0, bytes: 0, complete: false }));
    });

  it('refuses requests beyond the cap with 429', async () => {
    const proxy = await startGuardProxy({ maxRequests: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await through(proxy, '/small')).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(site.requests.filter((r) => r.path === '/small')).toHaveLength(3);
    } finally {
      await proxy.close();
    }
  });

  it('cuts the transfer at the byte cap', async () => {
    const proxy = await startGuardProxy({ maxBytes: 50_000 });
    try {
      const r = await through(proxy, '/big');
      expect(r.bytes).toBeLessThan(200_000);
      expect(r.complete).toBe(false);
      expect((await through(proxy, '/small')).status).toBe(429);
    } finally {
      await proxy.close();
    }
  });
});
