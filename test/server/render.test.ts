/**
 * `render` on the service's faces: v1 (GET and POST), SSE and the MCP scan tools, on a server
 * started with --render (one shared browser; the scan itself runs in a worker thread that
 * connects to it) and refused with a clear problem on a server without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer, type TestServer } from './helpers/server.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { hasBrowser } from '../helpers/browser.js';
import { renderSiteRoutes } from '../fixtures/render-sites.mjs';
import { commandLine, listeningInodes, processTree, processUid, socketInodes } from '../helpers/proc.js';

const a7Of = (body: { checks: Array<{ id: string; code: string; evidence: string }> }) => body.checks.find((c) => c.id === 'A7')!;

async function mcpClient(srv: TestServer): Promise<Client> {
  const client = new Client({ name: 'render-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${srv.baseUrl}/api/mcp`)));
  return client;
}

describe('render on a server without --render', () => {
  let srv: TestServer;
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture(renderSiteRoutes());
    srv = await startServer({ workers: 0, rateLimit: 0 });
  });
  afterAll(async () => {
    await srv?.destroy();
    await site?.close();
  });

  it('v1 and SSE answer 400 invalid-parameter naming --render, before scanning', async () => {
    for (const res of [
      await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}&render=1`),
      await srv.post('/api/scan', { url: site.origin, render: true }),
    ]) {
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.type).toMatch(/\/problems\/invalid-parameter$/);
      expect(body.detail).toMatch(/--render/);
    }
    expect(site.requests).toEqual([]);
    const bad = await srv.post('/api/public/v1/scan', { url: site.origin, render: 'yes' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toBe('render must be a boolean.');
    expect((await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}&render=yes`)).status).toBe(400);
  });

  it('the MCP scan tool says so as a tool error', async () => {
    const client = await mcpClient(srv);
    try {
      const res = await client.callTool({ name: 'scan_site', arguments: { url: site.origin, render: true } });
      expect(res.isError).toBe(true);
      expect(JSON.stringify(res.content)).toMatch(/not started with --render/);
    } finally {
      await client.close();
    }
  });
});

describe.skipIf(!hasBrowser)('render on a server started with --render', () => {
  let srv: TestServer;
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture(renderSiteRoutes());
    srv = await startServer({ workers: 2, rateLimit: 0, render: true, renderConcurrency: 1 });
  }, 60_000);
  afterAll(async () => {
    await srv?.destroy();
    await site?.close();
  });

  it('v1: a rendered scan sees the runtime tool; the same URL without render is another result', async () => {
    const rendered = await (await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}&pages=1&render=1`)).json();
    expect(a7Of(rendered).code).toBe('A7/rendered-ok');
    expect(a7Of(rendered).evidence).toContain('find_flights');
    const plain = await (await srv.post('/api/public/v1/scan', { url: site.origin, pages: 1 })).json();
    // Without the browser the page shows no tool: on this content site WebMCP is not offered.
    expect(a7Of(plain).code).toBe('A7/not-offered');
    expect(plain.cached).toBe(false);
    const again = await (await srv.post('/api/public/v1/scan', { url: site.origin, pages: 1, render: true })).json();
    expect(again.cached).toBe(true);
    expect(a7Of(again).code).toBe('A7/rendered-ok');
  }, 60_000);

  it('compat (GET and POST): render=1 renders, as on v1', async () => {
    const get = await srv.get(`/api/public/scan?url=${encodeURIComponent(`${site.origin}/declarative`)}&pages=1&render=1&fresh=1`);
    expect(get.status).toBe(200);
    expect(a7Of(await get.json()).code).toBe('A7/rendered-schema-issues');
    const post = await srv.post('/api/public/scan', { url: site.origin, pages: 1, render: true, fresh: true });
    expect(post.status).toBe(200);
    expect(a7Of(await post.json()).code).toBe('A7/rendered-ok');
  }, 60_000);

  it('SSE streams the rendered scan and ends with its result', async () => {
    const text = await (await srv.post('/api/scan', { url: `${site.origin}/declarative`, pages: 1, render: true, fresh: true })).text();
    const events = text
      .split('\n\n')
      .filter((b) => b.includes('data:'))
      .map((b) => ({ type: /^event: (.+)$/m.exec(b)?.[1], data: JSON.parse(/^data: (.+)$/m.exec(b)![1]) }));
    expect(events.some((e) => e.type === 'check' && e.data.id === 'A11')).toBe(true);
    const result = events.at(-1)!;
    expect(result.type).toBe('result');
    expect(a7Of(result.data).code).toBe('A7/rendered-schema-issues');
  }, 60_000);

  it('the browser pool is bounded: a rendering scan beyond it is server-busy, a static one still runs', async () => {
    const [a, b, c] = await Promise.all([
      srv.post('/api/public/v1/scan', { url: `${site.origin}/declarative`, pages: 1, render: true, fresh: true }),
      srv.post('/api/public/v1/scan', { url: `${site.origin}/navigator-only`, pages: 1, render: true, fresh: true }),
      srv.post('/api/public/v1/scan', { url: `${site.origin}/navigator-only`, pages: 1, fresh: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 503]);
    const busy = a.status === 503 ? a : b;
    expect(busy.headers.get('retry-after')).toBeTruthy();
    expect((await busy.json()).type).toMatch(/\/problems\/server-busy$/);
    expect(c.status).toBe(200);
  }, 60_000);

  it.runIf(process.platform === 'linux')(
    'while the service renders, its browser has no DevTools port and does not run as root',
    async () => {
      const scanning = srv.post('/api/public/v1/scan', { url: `${site.origin}/declarative`, pages: 1, render: true, fresh: true });
      // The scan's worker thread launches the browser: a child process of this one.
      const browsers = () => processTree(process.pid).filter((pid) => pid !== process.pid && commandLine(pid).some((a) => a === '--type=renderer'));
      await expect.poll(browsers, { timeout: 30_000, interval: 50 }).not.toEqual([]);
      const pids = processTree(process.pid).filter((pid) => pid !== process.pid && commandLine(pid).some((a) => /chrom/i.test(a)));
      const listening = listeningInodes();
      for (const pid of pids) {
        expect(
          commandLine(pid).some((a) => a.startsWith('--remote-debugging-port')),
          `pid ${pid}`,
        ).toBe(false);
        expect(
          socketInodes(pid).filter((i) => listening.has(i)),
          `pid ${pid} listens`,
        ).toEqual([]);
        if (process.getuid?.() === 0) expect(processUid(pid), `pid ${pid}`).not.toBe('0');
      }
      expect(pids.some((pid) => commandLine(pid).includes('--remote-debugging-pipe'))).toBe(true);
      expect((await scanning).status).toBe(200);
    },
    60_000,
  );

  it("MCP scan_site with render: true lists the browser's tools", async () => {
    const client = await mcpClient(srv);
    try {
      const res = await client.callTool({ name: 'scan_site', arguments: { url: site.origin, scope: 'page', render: true, fresh: true } });
      expect(res.isError).toBeFalsy();
      expect(a7Of(res.structuredContent as never).code).toBe('A7/rendered-ok');
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe.skipIf(!hasBrowser)('render slots are shared fairly between callers', () => {
  let srv: TestServer;
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture(renderSiteRoutes());
    srv = await startServer({ workers: 2, rateLimit: 0, render: true, renderConcurrency: 2 });
  }, 60_000);
  afterAll(async () => {
    await srv?.destroy();
    await site?.close();
  });

  it("one anonymous caller holds at most half the browser slots; its next rendering scan is 429, not everyone's 503", async () => {
    const [a, b] = await Promise.all([
      srv.post('/api/public/v1/scan', { url: `${site.origin}/declarative`, pages: 1, render: true, fresh: true }),
      srv.post('/api/public/v1/scan', { url: `${site.origin}/navigator-only`, pages: 1, render: true, fresh: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 429]);
    const refused = a.status === 429 ? a : b;
    expect(refused.headers.get('retry-after')).toBeTruthy();
    const body = await refused.json();
    expect(body.type).toMatch(/\/problems\/rate-limited$/);
    expect(body.detail).toMatch(/1 rendering scans in progress/);
  }, 60_000);
});
