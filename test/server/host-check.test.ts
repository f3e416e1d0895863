/** DNS-rebinding protection: a loopback-bound server answers only to loopback names and its base URL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { startServer, type TestServer } from './helpers/server.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => srv?.destroy());

function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(srv.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Host header check on a loopback-bound server', () => {
  it('answers to loopback names', async () => {
    const { port } = new URL(srv.url);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect([host, (await getWithHost('/healthz', host)).status]).toEqual([host, 200]);
    }
  });
  it('refuses a rebound DNS name with 421, on pages, the API and MCP alike', async () => {
    for (const path of ['/healthz', '/api/public/v1/report/abcd', '/api/mcp', '/']) {
      const r = await getWithHost(path, 'attacker.test:80');
      expect([path, r.status]).toEqual([path, 421]);
    }
  });
});

describe('Origin check on a loopback-bound server', () => {
  const initialize = (origin?: string) =>
    fetch(`${srv.url}/api/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(origin ? { origin } : {}),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });

  it('refuses what a browser sends on behalf of another site, on MCP and the API alike', async () => {
    for (const origin of ['https://attacker.example.net', 'null', 'http://192.168.1.20:3000']) {
      const res = await initialize(origin);
      expect([origin, res.status]).toEqual([origin, 403]);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const scan = await srv.post('/api/public/v1/scan', { url: 'https://example.com/' }, { headers: { origin: 'https://attacker.example.net' } });
    expect(scan.status).toBe(403);
  });

  it('lets through clients without an Origin, the service itself and local browser tools', async () => {
    const { port } = new URL(srv.url);
    for (const origin of [undefined, srv.baseUrl, `http://localhost:6274`, `http://[::1]:${port}`]) {
      expect([origin, (await initialize(origin)).status]).toEqual([origin, 200]);
    }
  });
});

describe('a non-loopback bind that scans private networks', () => {
  // Bound to every interface; the test only ever connects over 127.0.0.1.
  let open: TestServer;
  let guarded: TestServer;
  beforeAll(async () => {
    open = await startServer({ host: '0.0.0.0', allowPrivateNetwork: false });
    guarded = await startServer({ host: '0.0.0.0', allowPrivateNetwork: true });
  });
  afterAll(async () => {
    await open?.destroy();
    await guarded?.destroy();
  });
  const initialize = (base: string, origin: string) =>
    fetch(`${base.replace('0.0.0.0', '127.0.0.1')}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', origin },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });

  it('keeps the Origin check on with --allow-private-network: a foreign page cannot drive /api/mcp', async () => {
    const refused = await initialize(guarded.url, 'https://attacker.example.net');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    // Agents (no Origin) and loopback tools still work.
    expect((await initialize(guarded.url, `http://127.0.0.1:${new URL(guarded.url).port}`)).status).toBe(200);
  });

  it('leaves a public service (private networks refused) open to every origin, as before', async () => {
    const res = await initialize(open.url, 'https://attacker.example.net');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
