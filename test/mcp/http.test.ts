/**
 * /api/mcp on a real server with the SDK's Streamable HTTP client: an API key gets the 13 tools,
 * anonymous callers only the scan tools under the REST rate limit, a wrong key is 401; reports
 * made through MCP are the service's reports. Also the MCP server card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { ScanResponse } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import * as sites from '../fixtures/sites.mjs';
import { tempDir } from '../helpers/temp-dir.js';
import { TOOLS } from '../../src/mcp/tools/index.js';

let server: RunningServer;
let dir: string;
let site: FixtureSite;
let key: string;
const clients: Client[] = [];

async function connect(token?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`), {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {},
  });
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  dir = tempDir('ai-ready-apimcp-');
  server = await createServer({ port: 0, dataDir: dir, allowPrivateNetwork: true, log: false, rateLimit: 2 });
  key = (await server.store.createApiKey('alice')).token;
  site = await startFixture((s) => sites.agentReady(s.origin));
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await site.close();
  await server.close();
});

describe('/api/mcp', () => {
  it('gives an API key every registered tool; scans land in the account and are readable through the REST API', async () => {
    const client = await connect(key);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    const progress: number[] = [];
    const res = await client.callTool({ name: 'scan_site', arguments: { url: site.origin, isPublic: false } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    const result = ScanResponse.parse(res.structuredContent);
    expect(result.shareUrl).toBe(`${server.baseUrl}/r/${result.shareId}`);
    expect(progress.length).toBeGreaterThan(0);
    const report = await server.store.getReport(result.shareId!);
    expect(report?.isPublic).toBe(false);
    expect(report?.accountId).toBe((await server.store.getAccount('alice'))!.id);
    // Private: the REST report endpoint needs the owner's key.
    expect((await fetch(`${server.baseUrl}/api/public/v1/report/${result.shareId}`)).status).toBe(404);
    const owned = await fetch(`${server.baseUrl}/api/public/v1/report/${result.shareId}`, { headers: { authorization: `Bearer ${key}` } });
    expect(owned.status).toBe(200);
    const history = await client.callTool({ name: 'list_reports', arguments: {} });
    expect((history.structuredContent as { items: Array<{ id: string }> }).items.map((i) => i.id)).toEqual([result.shareId]);
  });

  it('gives anonymous callers only the scan tools, under the REST rate limit', async () => {
    const client = await connect();
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['check_site', 'scan_site']);
    const first = await client.callTool({ name: 'check_site', arguments: { url: site.origin, checks: ['D1'] } });
    expect(first.isError).toBeFalsy();
    const second = await client.callTool({ name: 'scan_site', arguments: { url: site.origin } });
    expect(second.isError).toBeFalsy();
    expect((second.structuredContent as { shareId: string }).shareId).toBeTruthy();
    // A cached answer is free; a fresh scan counts.
    const cached = await client.callTool({ name: 'scan_site', arguments: { url: site.origin } });
    expect(cached.isError).toBeFalsy();
    expect((cached.structuredContent as { cached: boolean }).cached).toBe(true);
    const third = await client.callTool({ name: 'scan_site', arguments: { url: site.origin, fresh: true } });
    expect(third.isError).toBe(true);
    expect((third.content as Array<{ text: string }>)[0].text).toMatch(/^rate-limited: .*retry in \d+ s/);
    // The bucket is the REST API's: the same client is limited there too.
    const rest = await fetch(`${server.baseUrl}/api/public/v1/scan?fresh=1&url=${encodeURIComponent(site.origin)}`);
    expect(rest.status).toBe(429);
  });

  it('refuses a wrong key with 401 instead of treating the caller as anonymous', async () => {
    const res = await fetch(`${server.baseUrl}/api/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer air_wrong', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    const get = await fetch(`${server.baseUrl}/api/mcp`);
    expect(get.status).toBe(405);
  });

  it('publishes the MCP server card at the well-known paths', async () => {
    for (const path of ['/.well-known/mcp/server-card.json', '/.well-known/mcp/server-card', '/.well-known/mcp.json']) {
      const res = await fetch(server.baseUrl + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const card = await res.json();
      expect(card.serverInfo.name).toBe('ai-ready');
      expect(card.remotes.map((r: { url: string }) => r.url)).toEqual([`${server.baseUrl}/mcp`, `${server.baseUrl}/api/mcp`]);
      expect(card.tools).toHaveLength(TOOLS.length);
      expect(card.capabilities.tools).toBeDefined();
    }
  });
});
