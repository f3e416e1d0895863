/**
 * Every declared scan parameter reaches the engine from every face that spells it, and nothing
 * reaches it from a face that does not: each face is driven for real (the CLI's flag parsing and
 * batch, the HTTP server's v1, SSE and compat routes, the MCP tools through the SDK client, `fix`),
 * and the engine's test-only observer (core/engine-observer.ts) reads the options scan() was given.
 *
 * The requests are built from the registry (core/scan-params/): each parameter's `example`, in each
 * spelling it declares (the query's text, the body's JSON, the MCP input's name, the CLI flag), so a
 * new parameter is tested here without an edit, and a face that drops it fails with "<face> drops <key>".
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SCAN_PARAMS, type DeclaredScanParam } from '../../src/core/scan-params/index.js';
import type { McpScanTool } from '../../src/core/scan-params/define.js';
import { observeEngine } from '../../src/core/engine-observer.js';
import { runScan } from '../../src/cli/scan-run.js';
import { registerFix } from '../../src/cli/commands/fix.js';
import { startServer, type TestServer } from '../server/helpers/server.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { hasBrowser } from '../helpers/browser.js';
import { renderSiteRoutes } from '../fixtures/render-sites.mjs';

const PARAMS: readonly DeclaredScanParam[] = SCAN_PARAMS;

/** A face's spelling of the parameters: which it takes, and each one's example as that face sends it. */
type Spelled = Map<DeclaredScanParam, unknown>;

/** The CLI's typed form: a switch as a boolean, a list comma separated, a number as its text. */
const asText = (value: unknown) => (typeof value === 'boolean' ? value : Array.isArray(value) ? value.join(',') : String(value));

const spelled = {
  cli: (fix: boolean): Spelled => new Map(PARAMS.flatMap((p) => (p.cli && (!fix || p.cli.fix) ? [[p, asText(p.example)] as const] : []))),
  query: (): Spelled => new Map(PARAMS.flatMap((p) => (p.query ? [[p, p.query.example ?? asText(p.example)] as const] : []))),
  body: (): Spelled => new Map(PARAMS.flatMap((p) => (p.body ? [[p, p.body.example ?? p.example] as const] : []))),
  mcp: (tool: McpScanTool): Spelled =>
    new Map(PARAMS.flatMap((p) => (p.mcp && (!p.mcp.tools || p.mcp.tools.includes(tool)) ? [[p, p.mcp.example ?? p.example] as const] : []))),
};
/** The spelled values by the name the face reads them under. */
const byKey = (s: Spelled) => Object.fromEntries([...s].map(([p, v]) => [p.key, v]));
const byMcpName = (s: Spelled) => Object.fromEntries([...s].map(([p, v]) => [p.mcp?.name ?? p.key, v]));
const queryText = (s: Spelled) => [...s].map(([p, v]) => `${p.key}=${encodeURIComponent(String(v))}`).join('&');

describe.skipIf(!hasBrowser)('ScanParams from every face to the engine', () => {
  let srv: TestServer;
  let site: FixtureSite;
  let dir: string;
  const seen: Array<Readonly<Record<string, unknown>>> = [];
  let stop: () => void;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ai-ready-params-'));
    site = await startFixture(renderSiteRoutes());
    srv = await startServer({ workers: 0, rateLimit: 0, render: true, renderConcurrency: 4 });
    stop = observeEngine((o) => seen.push(o as Record<string, unknown>));
  }, 60_000);
  afterAll(async () => {
    stop?.();
    await srv?.destroy();
    await site?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const mcp = async (tool: string, args: Record<string, unknown>) => {
    const client = new Client({ name: 'params-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${srv.baseUrl}/api/mcp`)));
    try {
      const res = await client.callTool({ name: tool, arguments: args });
      expect(res.isError, JSON.stringify(res.content).slice(0, 300)).toBeFalsy();
    } finally {
      await client.close();
    }
  };
  const ok = async (res: Promise<Response>) => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text.slice(0, 300)).toBe(200);
    expect(text).not.toMatch(/^event: error$/m);
  };
  const cli = async (flags: Record<string, unknown>) => {
    const all = { format: 'json', output: join(dir, `report-${seen.length}.json`), workers: '0', config: false, ...flags };
    const code = await runScan(flags.input ? [] : [site.origin], all, (name) => name in all);
    expect(code).toBe(0);
  };
  const query = spelled.query();
  const body = spelled.body();
  const httpBody = () => ({ url: site.origin, fresh: true, ...byKey(body) });
  const httpQuery = () => `url=${encodeURIComponent(site.origin)}&fresh=1&${queryText(query)}`;
  const cliFlags = byKey(spelled.cli(false));

  const FACES: Array<{ face: string; takes: Spelled; run: () => Promise<void> }> = [
    { face: 'CLI scan', takes: spelled.cli(false), run: () => cli(cliFlags) },
    {
      face: 'CLI batch (--input)',
      takes: spelled.cli(false),
      run: () => {
        const list = join(dir, 'sites.txt');
        writeFileSync(list, `${site.origin}\n`);
        return cli({ input: list, ...cliFlags });
      },
    },
    { face: 'v1 GET', takes: query, run: () => ok(srv.get(`/api/public/v1/scan?${httpQuery()}`)) },
    { face: 'v1 POST', takes: body, run: () => ok(srv.post('/api/public/v1/scan', httpBody())) },
    { face: 'SSE', takes: body, run: () => ok(srv.post('/api/scan', httpBody())) },
    { face: 'compat GET', takes: query, run: () => ok(srv.get(`/api/public/scan?${httpQuery()}`)) },
    { face: 'compat POST', takes: body, run: () => ok(srv.post('/api/public/scan', httpBody())) },
    {
      face: 'MCP scan_site',
      takes: spelled.mcp('scan_site'),
      run: () => mcp('scan_site', { url: site.origin, fresh: true, ...byMcpName(spelled.mcp('scan_site')) }),
    },
    {
      face: 'MCP check_site',
      takes: spelled.mcp('check_site'),
      run: () => mcp('check_site', { url: site.origin, ...byMcpName(spelled.mcp('check_site')) }),
    },
    {
      face: 'fix',
      takes: spelled.cli(true),
      run: async () => {
        const project = join(dir, 'project');
        mkdirSync(project, { recursive: true });
        writeFileSync(join(project, 'index.html'), '<!doctype html><title>t</title>');
        const program = new Command().exitOverride();
        registerFix(program);
        const flags = [...spelled.cli(true)].flatMap(([p, v]) => (v === true ? [p.cli!.option] : [p.cli!.option.split(' ')[0], String(v)]));
        const write = process.stdout.write;
        process.stdout.write = (() => true) as typeof process.stdout.write;
        try {
          await program.parseAsync(['fix', site.origin, '--dir', project, ...flags, '--format', 'json'], { from: 'user' });
        } finally {
          process.stdout.write = write;
        }
        expect(process.exitCode ?? 0).toBe(0);
      },
    },
  ];

  it('the compat GET route is asked for render=1 (it once admitted it and scanned without)', () => {
    expect(httpQuery()).toMatch(/(^|&)render=1(&|$)/);
  });

  for (const { face, takes, run } of FACES) {
    it(`${face}: each parameter it spells reaches the engine as declared; no other does`, async () => {
      seen.length = 0;
      await run();
      expect(seen.length, `${face}: scans the engine was given`).toBe(1);
      const given = seen[0];
      for (const p of PARAMS) {
        if (takes.has(p)) expect(given[p.key], `${face} drops ${p.key}`).toEqual(p.example);
        else expect(given[p.key], `${face} does not take ${p.key}`).toBeUndefined();
      }
    }, 90_000);
  }
});
