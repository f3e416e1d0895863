/**
 * The agent-discovery corpus rows (issues 20 and 23: the MCP catalog, A2A schemas per version, AI
 * catalog discovery, live probes that could not be made) judged through every face: the CLI
 * (--json), the v1 API of a real server and its MCP scan tool (the real SDK client). Each face must
 * give the row's status and code, as the engine does in test/corpus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createServer, type RunningServer } from '../../src/server/index.js';
import type { CheckResult } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { runCli } from '../cli/run-cli.js';
import { agentDiscovery } from '../corpus/sites/agent-discovery.js';
import { mismatches } from '../corpus/mismatches.js';
import type { Origins, Variant } from '../corpus/types.js';

const sites = new Map<string, FixtureSite>();
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  for (const v of agentDiscovery) {
    const origins: Origins = { origin: '', other: '' };
    sites.set(v.name, await startFixture((s) => {
      origins.origin = s.origin;
      return v.site(origins);
    }));
  }
  dir = mkdtempSync(join(tmpdir(), 'ai-ready-discovery-faces-'));
  server = await createServer({ port: 0, host: '127.0.0.1', dataDir: dir, log: false, allowPrivateNetwork: true, rateLimit: 0, maxScansPerClient: 8 });
});

afterAll(async () => {
  await Promise.all([...[...sites.values()].map((s) => s.close()), server?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const only = (v: Variant) => Object.keys(v.expect).join(',');

async function viaCli(url: string, v: Variant): Promise<CheckResult[]> {
  const run = await runCli(['scan', url, '--format', 'json', '--only', only(v)]);
  expect([0, 1], run.stderr).toContain(run.code);
  return JSON.parse(run.stdout).checks;
}

async function viaApi(url: string): Promise<CheckResult[]> {
  const res = await fetch(`${server.url}/api/public/v1/scan?url=${encodeURIComponent(url)}&fresh=1`);
  expect(res.status).toBe(200);
  return (await res.json()).checks;
}

async function viaMcp(url: string): Promise<CheckResult[]> {
  const client = new Client({ name: 'discovery-faces', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`)));
  try {
    const res = await client.callTool({ name: 'scan_site', arguments: { url, fresh: true } });
    expect(res.isError, JSON.stringify(res.content).slice(0, 300)).toBeFalsy();
    return (res.structuredContent as { checks: CheckResult[] }).checks;
  } finally {
    await client.close();
  }
}

const FACES: Record<string, (url: string, v: Variant) => Promise<CheckResult[]>> = { cli: viaCli, api: viaApi, mcp: viaMcp };

describe.each(Object.keys(FACES))('agent-discovery rows through the %s', (face) => {
  it('every row gets its status and code', { timeout: 180_000 }, async () => {
    const wrong: string[] = [];
    const rows = [...agentDiscovery];
    // A few at a time: the machine is shared.
    const worker = async () => {
      for (let v = rows.shift(); v; v = rows.shift()) {
        const checks = await FACES[face](sites.get(v.name)!.origin + '/', v);
        wrong.push(...mismatches(v, checks).map((m) => `${v.name}: ${m}`));
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(wrong).toEqual([]);
  });
});
