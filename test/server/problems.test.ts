/**
 * Every error under /api/public/v1 is a problem document (403, 405, 413, 415, 421, odd paths), an
 * aborted request body is a 400 (not a 500 with a stack), and a scan the executor gave up on
 * (ScanError 'scan-failed') is the 502 scan-failed problem, an SSE `error` event and an MCP tool
 * error. Real servers on 127.0.0.1, raw sockets where fetch would tidy the request up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ScanError } from '../../src/core/errors.js';
import { createServer, type RunningServer } from '../../src/server/index.js';
import type { ScanRunner } from '../../src/runner/index.js';
import { startServer, type TestServer } from './helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (no URL normalization, any Host) and reads one response. */
function rawRequest(port: number, head: string, body = '', opts: { closeAfterWrite?: boolean } = {}): Promise<RawResponse | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('error', (e) => (opts.closeAfterWrite ? resolve(null) : reject(e)));
    socket.on('close', () => {
      if (!data) return resolve(null);
      const [rawHead, ...rest] = data.split('\r\n\r\n');
      const [statusLine, ...lines] = rawHead.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(head + body);
    if (opts.closeAfterWrite) socket.end();
  });
}

const get = (path: string, headers: Record<string, string> = {}) =>
  `GET ${path} HTTP/1.1\r\n${Object.entries({ host: `127.0.0.1`, connection: 'close', ...headers })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;

function expectProblem(res: RawResponse | null, status: number, type: string): void {
  expect(res).not.toBeNull();
  expect([res!.status, res!.headers['content-type']]).toEqual([status, 'application/problem+json; charset=utf-8']);
  const doc = JSON.parse(res!.body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n$/g, ''));
  expect(doc.type).toMatch(new RegExp(`/problems/${type}$`));
  expect(doc.status).toBe(status);
}

describe('problem documents under /api/public/v1', () => {
  let srv: TestServer;
  let port: number;
  beforeAll(async () => {
    srv = await startServer();
    port = Number(new URL(srv.url).port);
  });
  afterAll(async () => srv?.destroy());

  it('answers a foreign Origin (403) and a rebound Host (421) with problems, other paths with text', async () => {
    const host = `127.0.0.1:${port}`;
    expectProblem(await rawRequest(port, get('/api/public/v1/report/abcd', { host, origin: 'https://attacker.example.net' })), 403, 'forbidden-origin');
    expectProblem(await rawRequest(port, get('/api/public/v1/report/abcd', { host: 'attacker.test' })), 421, 'misdirected-request');
    const page = await rawRequest(port, get('/healthz', { host: 'attacker.test' }));
    expect([page!.status, page!.headers['content-type']]).toEqual([421, 'text/plain; charset=utf-8']);
  });

  it('answers 405, 413 and 415 with problems', async () => {
    const del = await fetch(`${srv.url}/api/public/v1/scan`, { method: 'DELETE' });
    expect([del.status, del.headers.get('content-type'), del.headers.get('allow')]).toEqual([405, 'application/problem+json; charset=utf-8', 'GET, POST']);
    const big = await srv.post('/api/public/v1/scan', JSON.stringify({ url: 'x'.repeat(20_000) }));
    expect([big.status, (await big.json()).type]).toEqual([413, `${srv.baseUrl}/problems/payload-too-large`]);
    const form = await srv.post('/api/public/v1/scan', 'url=x', { headers: { 'content-type': 'text/plain' } });
    expect([form.status, (await form.json()).type]).toEqual([415, `${srv.baseUrl}/problems/unsupported-media-type`]);
  });

  it('answers odd paths with problems, never an HTML page', async () => {
    const odd = [
      '/api/public/v1/../x',
      '/api/public/v1/%2e%2e/x',
      '/api/public/v1/%2E%2E/%2E%2E/etc/passwd',
      '/api/public/v1//scan',
      '//api/public/v1/scan',
      '/api/public/v1/scan%00',
      '/api/public/v1/%00',
      '/api/public/v1/report/%zz',
      '/api/public/v1/report/ab%2Fcd',
      '/api/public/v1/%5c..%5cx',
      '/api/public/v1/nope',
      '/api/public/v2/scan',
    ];
    for (const path of odd) {
      const res = await rawRequest(port, get(path, { host: `127.0.0.1:${port}` }));
      expect([path, res?.status !== undefined && res.status >= 400 && res.status < 500, res?.headers['content-type']]).toEqual([
        path,
        true,
        'application/problem+json; charset=utf-8',
      ]);
    }
  });

  it('logs a POST whose client hangs up mid-body as a 400, with no internal error', async () => {
    const stderr: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      stderr.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stderr.write;
    try {
      const before = srv.logs.length;
      const head = `POST /api/public/v1/scan HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: 400\r\n\r\n`;
      await rawRequest(port, head, '{"url": "https://exa', { closeAfterWrite: true });
      // The server notices the hang-up asynchronously: wait for its log line.
      for (let i = 0; i < 100 && srv.logs.length === before; i++) await new Promise((r) => setTimeout(r, 50));
      expect(srv.logs.slice(before)).toEqual([expect.stringMatching(/ POST \/api\/public\/v1\/scan 400 /)]);
      // The other endpoints that read a body: a client error too (4xx), never a 500.
      for (const path of ['/api/scan', '/api/public/scan', '/api/mcp', '/mcp', '/oauth/register', '/oauth/token', '/oauth/revoke']) {
        const from = srv.logs.length;
        const type = path.startsWith('/oauth/t') || path.startsWith('/oauth/rev') ? 'application/x-www-form-urlencoded' : 'application/json';
        const h = `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: ${type}\r\naccept: application/json, text/event-stream\r\ncontent-length: 400\r\n\r\n`;
        await rawRequest(port, h, '{"jsonrpc": "2.0", "id": 1, "meth', { closeAfterWrite: true });
        for (let i = 0; i < 100 && srv.logs.length === from; i++) await new Promise((r) => setTimeout(r, 50));
        expect([path, srv.logs.slice(from).join('')]).toEqual([path, expect.stringMatching(new RegExp(` POST ${path} 4\\d\\d `))]);
      }
      expect(stderr.join('')).not.toMatch(/internal error/);
      expect((await srv.get('/healthz')).status).toBe(200);
    } finally {
      process.stderr.write = write;
    }
  });
});

describe('a scan the executor gave up on', () => {
  let server: RunningServer;
  let dir: string;
  const dyingRunner: ScanRunner = {
    run: async () => {
      throw new ScanError('scan-failed', 'The scan worker ran out of memory.');
    },
    stats: () => ({ running: 0, queued: 0, capacity: 1 }),
    retryAfterSec: () => 1,
    close: async () => {},
  };
  beforeAll(async () => {
    dir = tempDir('ai-ready-failed-');
    server = await createServer({ port: 0, host: '127.0.0.1', dataDir: dir, log: false, allowPrivateNetwork: true }, { runner: dyingRunner });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is the 502 scan-failed problem on v1 and a 500 {error} on the compatibility endpoint', async () => {
    const res = await fetch(`${server.url}/api/public/v1/scan?url=${encodeURIComponent('http://127.0.0.1:9/')}`);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ type: `${server.baseUrl}/problems/scan-failed`, status: 502, detail: 'The scan worker ran out of memory.' });
    const compat = await fetch(`${server.url}/api/public/scan?url=${encodeURIComponent('http://127.0.0.1:9/')}`);
    expect([compat.status, await compat.json()]).toEqual([500, { error: 'The scan worker ran out of memory.' }]);
  });

  it('is an SSE error event', async () => {
    const res = await fetch(`${server.url}/api/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/' }),
    });
    const text = await res.text();
    const match = /event: error\ndata: (.*)\n/.exec(text);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1])).toMatchObject({ status: 502, type: `${server.baseUrl}/problems/scan-failed` });
  });

  it('is an MCP tool error', async () => {
    const client = new Client({ name: 'failed-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`)));
    try {
      const res = await client.callTool({ name: 'scan_site', arguments: { url: 'http://127.0.0.1:9/' } });
      expect(res.isError).toBe(true);
      expect(JSON.stringify(res.content)).toMatch(/scan-failed: The scan worker ran out of memory/);
    } finally {
      await client.close();
    }
  });
});
