import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { HttpClient } from '../../../src/core/net/http.js';

// Connection reuse: a scan sends ~35 requests to one origin; each new TCP connection is a round
// trip more. The server counts connections so the test sees reuse without timing anything.
let server: Server;
let origin = '';
let connections = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/gz') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      return res.end(gzipSync('zipped'));
    }
    if (req.url === '/moved') {
      res.writeHead(301, { location: '/ok' });
      return res.end('moved');
    }
    // An explicit length: Node's client does not reuse a socket after a HEAD answer without one.
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2', link: '</a>; rel="x"' });
    res.end(req.method === 'HEAD' ? undefined : 'ok');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('HttpClient connection reuse', () => {
  it('sends sequential requests to one origin over one kept-alive connection', async () => {
    const client = new HttpClient({ timeoutMs: 2000 });
    const before = connections;
    const results = [];
    for (const [path, method] of [
      ['/ok', 'GET'],
      ['/ok', 'HEAD'],
      ['/gz', 'GET'],
      ['/moved', 'GET'],
      ['/ok', 'GET'],
    ] as const) {
      results.push(await client.fetch(origin + path, { method }));
    }
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results[0].text).toBe('ok');
    expect(results[0].headers.link).toBe('</a>; rel="x"');
    expect(results[1].body.length).toBe(0);
    expect(results[2].text).toBe('zipped');
    expect(results[3].redirects).toEqual([`${origin}/ok`]);
    // Small redirect and HEAD bodies are drained, so every hop reuses the one socket.
    expect(connections - before).toBe(1);
    expect(client.requestCount).toBe(6);
  });

  it('keeps a burst of parallel requests within the per-origin connection cap', async () => {
    const client = new HttpClient({ timeoutMs: 2000 });
    const before = connections;
    const all = await Promise.all(Array.from({ length: 40 }, () => client.fetch(`${origin}/ok`)));
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(connections - before).toBeLessThanOrEqual(32);
  });
});

describe('HttpClient.close', () => {
  it('drops its pooled connections: the next request opens a new one', async () => {
    const client = new HttpClient({ timeoutMs: 2000 });
    const before = connections;
    expect((await client.fetch(`${origin}/ok`)).status).toBe(200);
    expect((await client.fetch(`${origin}/ok`)).status).toBe(200);
    expect(connections - before).toBe(1);
    client.close();
    expect((await client.fetch(`${origin}/ok`)).status).toBe(200);
    expect(connections - before).toBe(2);
  });

  it("keeps each client's pool its own: a closed client does not touch another's connections", async () => {
    const a = new HttpClient({ timeoutMs: 2000 });
    const b = new HttpClient({ timeoutMs: 2000 });
    const before = connections;
    await a.fetch(`${origin}/ok`);
    await b.fetch(`${origin}/ok`);
    expect(connections - before).toBe(2);
    a.close();
    expect((await b.fetch(`${origin}/ok`)).status).toBe(200);
    expect(connections - before).toBe(2);
  });
});
