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
