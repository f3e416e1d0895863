/** `ai-ready mcp` over stdio, driven by the SDK's own stdio client (spawns the built CLI). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ScanResponse } from '../../src/core/schema.js';
import { DETAILS_LIMITS } from '../../src/core/result-details.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import * as sites from '../fixtures/sites.mjs';
import { tempDir } from '../helpers/temp-dir.js';
import { TOOLS } from '../../src/mcp/tools/index.js';

const BIN = resolve(__dirname, '../../bin/ai-ready.js');
let dir: string;
let site: FixtureSite;
const clients: Client[] = [];

async function stdioClient(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], stderr: 'pipe' });
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  dir = tempDir('ai-ready-stdio-');
  site = await startFixture((s) => sites.agentReady(s.origin));
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await site.close();
});

describe('ai-ready mcp (stdio)', () => {
  it('serves the 13 tools, scans with the local engine and keeps the report in the local history', async () => {
    const client = await stdioClient(['--data-dir', dir, '--account', 'me']);
    expect(client.getServerVersion()?.name).toBe('ai-ready');
    const tools = (await client.listTools()).tools;
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    const scan = await client.callTool({ name: 'scan_site', arguments: { url: site.origin } });
    expect(scan.isError).toBeFalsy();
    const result = ScanResponse.parse(scan.structuredContent);
    expect(result.url).toBe(`${site.origin}/`);
    // Typed details reach scan_site's result, within their bound.
    const withDetails = result.checks.filter((c) => c.details);
    expect(withDetails.length).toBeGreaterThan(0);
    for (const c of withDetails) expect(JSON.stringify(c.details).length, c.id).toBeLessThanOrEqual(DETAILS_LIMITS.maxJsonChars);
    expect(result.shareId).toBeTruthy();
    const listed = await client.callTool({ name: 'list_reports', arguments: {} });
    expect((listed.structuredContent as { items: Array<{ id: string }> }).items.map((i) => i.id)).toEqual([result.shareId]);
    await client.close();

    // A second process on the same data dir and account sees the same history.
    const again = await stdioClient(['--data-dir', dir, '--account', 'me']);
    const history = await again.callTool({ name: 'get_domain_history', arguments: { domain: new URL(site.origin).host } });
    expect((history.structuredContent as { items: Array<{ id: string }> }).items.map((i) => i.id)).toContain(result.shareId);
  });

  it('with --no-store offers only the scan and rubric tools', async () => {
    const client = await stdioClient(['--no-store']);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['check_site', 'get_fix_guide', 'get_rubric', 'scan_site']);
    const rubric = await client.callTool({ name: 'get_rubric', arguments: {} });
    expect((rubric.structuredContent as { checks: unknown[] }).checks.length).toBeGreaterThan(0);
  });
});
