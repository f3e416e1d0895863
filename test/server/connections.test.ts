/**
 * Every connection is bounded (src/server/connection-limits.ts): clients that send nothing, send
 * headers a byte at a time, or never read a large response are disconnected, on raw sockets.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { startServer, type TestServer } from './helpers/server.js';
import { plainSite } from './fixtures.js';

const BOUND_MS = 1_000;
let srv: TestServer;
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixture(plainSite());
  srv = await startServer({ rateLimit: 0, connections: { headersMs: BOUND_MS, idleMs: BOUND_MS, keepAliveMs: BOUND_MS, requestMs: BOUND_MS * 2 } });
});
afterAll(async () => {
  await srv?.destroy();
  await site?.close();
});

function open(): Promise<Socket> {
  const { port } = srv;
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port }, () => resolve(s));
    s.on('error', reject);
  });
}

/** Resolves when the socket closes; rejects after `ms`. */
function closedWithin(s: Socket, ms: number): Promise<void> {
  if (s.destroyed) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    s.once('close', () => {
      clearTimeout(t);
      resolve();
    });
  });
}

describe('connection bounds', () => {
  it('closes 300 connections that never send a request', async () => {
    const sockets = await Promise.all(Array.from({ length: 300 }, open));
    for (const s of sockets) s.on('error', () => {});
    const t0 = Date.now();
    await Promise.all(sockets.map((s) => closedWithin(s, BOUND_MS * 5)));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(BOUND_MS * 0.5);
    // The server still answers.
    expect((await srv.get('/healthz')).status).toBe(200);
  });

  it('closes connections that trickle their headers a byte at a time', async () => {
    const sockets = await Promise.all(Array.from({ length: 50 }, open));
    const head = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(200);
    const timers = sockets.map((s) => {
      s.on('error', () => {});
      let i = 0;
      // A byte every 100 ms keeps the socket busy, far below any idle bound.
      return setInterval(() => {
        if (!s.destroyed && i < head.length) s.write(head[i++]);
      }, 100);
    });
    try {
      await Promise.all(sockets.map((s) => closedWithin(s, BOUND_MS * 5)));
    } finally {
      timers.forEach(clearInterval);
    }
  });

  it('closes connections that trickle a request body, or stop sending it', async () => {
    const sockets = await Promise.all(Array.from({ length: 40 }, open));
    const head = `POST /api/scan HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"url":"`;
    const timers = sockets.map((s, i) => {
      s.on('error', () => {});
      s.write(head);
      // Half trickle a byte every 100 ms (never idle), half stop after the headers.
      return i % 2 ? setInterval(() => !s.destroyed && s.write('a'), 100) : undefined;
    });
    try {
      await Promise.all(sockets.map((s) => closedWithin(s, BOUND_MS * 6)));
    } finally {
      timers.forEach((t) => t && clearInterval(t));
    }
  });

  it('closes connections whose client never reads a large response, and the server carries on', async () => {
    // A report of ~16 MB (random text: no compression could shrink it under the socket buffers).
    const scan = await (await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}`)).json();
    const base = (await srv.store.getReport(scan.shareId))!;
    const padding = randomBytes(12 * 1024 * 1024).toString('base64');
    const big = await srv.store.saveReport({
      result: { ...base.result, checks: base.result.checks.map((c, i) => (i === 0 ? { ...c, evidence: padding } : c)) },
      isPublic: true,
      accountId: null,
    });
    const full = Buffer.byteLength(JSON.stringify({ padding }));

    // How long the server takes to produce this response (read from the store, serialized): each
    // stalled response must have started before the readers give up waiting.
    const t0 = Date.now();
    expect((await (await srv.get(`/api/public/v1/report/${big.id}`)).text()).length).toBeGreaterThan(full);
    const produce = Date.now() - t0;
    const readers = await Promise.all(Array.from({ length: 4 }, open));
    for (const s of readers) {
      s.on('error', () => {});
      s.write(`GET /api/public/v1/report/${big.id} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      s.pause(); // never reads
    }
    await new Promise((r) => setTimeout(r, readers.length * produce + BOUND_MS * 4));
    // Reading now gets what was already in flight and then the end: the rest was dropped.
    const received = await Promise.all(
      readers.map(
        (s) =>
          new Promise<number>((resolve, reject) => {
            let n = 0;
            const t = setTimeout(() => reject(new Error('the stalled connection was not closed')), 10_000);
            s.on('data', (d: Buffer) => (n += d.length));
            s.once('close', () => {
              clearTimeout(t);
              resolve(n);
            });
            s.resume();
          }),
      ),
    );
    for (const n of received) expect(n).toBeLessThan(full);
    expect((await srv.get('/healthz')).status).toBe(200);
  }, 60_000);

  it('keeps a request the server is still working on open past the idle bound', async () => {
    // Every answer of this site takes 2.5 bounds: the scan request is silent for longer than the bound.
    const slow = await startFixture(plainSite(), { delayMs: BOUND_MS * 2.5 });
    try {
      const t0 = Date.now();
      const res = await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(slow.origin)}`);
      expect(Date.now() - t0).toBeGreaterThan(BOUND_MS * 2);
      expect(res.status).toBe(200);
      expect((await res.json()).overallScore).toBeTypeOf('number');
    } finally {
      await slow.close();
    }
  }, 30_000);
});
