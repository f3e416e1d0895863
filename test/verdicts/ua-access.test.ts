/**
 * A server that answers 403 to the GPTBot and ClaudeBot user agents while its robots.txt allows
 * every crawler: B1 is partial (B1/ua-refused) naming both, on every face (engine, CLI --json,
 * v1 API, MCP). The honest scanner got the page, so this is no bot wall.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { scan } from '../../src/core/scan.js';
import { AI_USER_AGENTS } from '../../src/core/gather/ai-user-agents.js';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { runCli } from '../cli/run-cli.js';
import * as sites from '../fixtures/sites.mjs';
import { tempDir } from '../helpers/temp-dir.js';

interface B1View {
  id: string;
  status: string;
  code?: string;
  evidence?: string;
  advisories?: string[];
}

function expectUaRefused(b1: B1View | undefined): void {
  expect(b1).toMatchObject({ status: 'partial', code: 'B1/ua-refused' });
  expect(b1!.advisories?.join(' ')).toContain('refused to GPTBot (HTTP 403), ClaudeBot (HTTP 403)');
  expect(b1!.evidence).toContain('robots.txt allows GPTBot, ClaudeBot, but the server refuses');
}

let site: FixtureSite;
let open: FixtureSite;
beforeAll(async () => {
  site = await startFixture((s) => sites.uaBlocking(s.origin));
  open = await startFixture((s) => sites.agentReady(s.origin));
});
afterAll(async () => {
  await Promise.all([site?.close(), open?.close()]);
});

describe('a user-agent block behind a permissive robots.txt', () => {
  it('the engine marks B1 partial, with no bot-wall warning, and counts the extra requests', async () => {
    const before = site.requests.length;
    const result = await scan(site.origin);
    expectUaRefused(result.checks.find((c) => c.id === 'B1'));
    expect(result.checks.find((c) => c.id === 'B4')?.code).toBe('B4/open');
    expect(result.warnings ?? []).toEqual([]);
    expect(result.requestCount).toBe(site.requests.length - before);
  });

  it('an open site passes B1 with the same requests', async () => {
    const result = await scan(open.origin);
    const b1 = result.checks.find((c) => c.id === 'B1')!;
    expect(b1.code).not.toBe('B1/ua-refused');
    expect(b1.advisories?.join(' ')).toMatch(/as AI user agents: served to GPTBot, OAI-SearchBot, .*; refused to none;/);
  });

  it('B1 asks for the page once per AI user agent, and not at all when B1 does not run', async () => {
    const home = async (only: string[]) => {
      const before = site.requests.length;
      await scan(site.origin, { only });
      return site.requests.slice(before).filter((r) => r.path === '/').length;
    };
    expect(await home(['B1'])).toBe(1 + AI_USER_AGENTS.length);
    expect(await home(['D1'])).toBe(1);
  });

  it('the CLI --json says the same', async () => {
    const run = await runCli(['scan', site.origin, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { checks: B1View[] };
    expectUaRefused(result.checks.find((c) => c.id === 'B1'));
  });
});

describe('through the service', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir('ai-ready-ua-');
    server = await createServer({ port: 0, host: '127.0.0.1', dataDir: dir, log: false, allowPrivateNetwork: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the v1 API reports B1/ua-refused', async () => {
    const res = await fetch(`${server.url}/api/public/v1/scan?url=${encodeURIComponent(site.origin)}&fresh=1`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { checks: B1View[] };
    expectUaRefused(doc.checks.find((c) => c.id === 'B1'));
  });

  it('the MCP scan_site tool reports it too', async () => {
    const client = new Client({ name: 'ua-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`)));
    try {
      const res = await client.callTool({ name: 'scan_site', arguments: { url: site.origin } });
      expect(res.isError).toBeFalsy();
      const data = res.structuredContent as { checks?: B1View[] };
      const text = JSON.stringify(res.content);
      if (data?.checks) expectUaRefused(data.checks.find((c) => c.id === 'B1'));
      else expect(text).toContain('B1/ua-refused');
    } finally {
      await client.close();
    }
  });
});
