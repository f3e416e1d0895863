/**
 * Every ScanParams key reaches the engine from every face that takes it, and nothing reaches it
 * from a face that does not: each face is driven for real (the CLI's flag parsing and batch, the
 * HTTP server's v1, SSE and compat routes, the MCP tools through the SDK client, `fix`), and the
 * engine's test-only observer (core/engine-observer.ts) reads the options scan() was given.
 *
 * Adding a key to the schema fails to compile here until WANTED gives it a non-default value and
 * each face's TAKES says whether it takes it; the faces themselves fail to compile until they
 * name it (core/scan-params-of.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ScanParams } from '../../src/core/scan-params.js';
import { observeEngine } from '../../src/core/engine-observer.js';
import { runScan } from '../../src/cli/scan-run.js';
import { registerFix } from '../../src/cli/commands/fix.js';
import { startServer, type TestServer } from '../server/helpers/server.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { hasBrowser } from '../helpers/browser.js';
import { renderSiteRoutes } from '../fixtures/render-sites.mjs';

type Key = keyof Required<ScanParams>;

/** A value other than the default for every key: what each face is asked for. */
const WANTED: Required<ScanParams> = { profile: 'app', pages: 2, render: true, only: ['A7', 'A1'], skip: ['A1'] };

/** Which keys a face takes: every key, said for every face (the compiler holds the list complete). */
type Takes = Record<Key, boolean>;
const ALL: Takes = { profile: true, pages: true, render: true, only: true, skip: true };
const REST: Takes = { profile: false, pages: true, render: true, only: false, skip: false };
const MCP_SCAN: Takes = { profile: true, pages: true, render: true, only: false, skip: false };
const MCP_CHECK: Takes = { ...MCP_SCAN, only: true };
const FIX: Takes = { profile: false, pages: true, render: false, only: false, skip: false };

const KEYS = Object.keys(ScanParams.shape) as Key[];

describe.skipIf(!hasBrowser)('ScanParams from every face to the engine', () => {
  let srv: TestServer;
  let site: FixtureSite;
  let dir: string;
  const seen: Array<Readonly<ScanParams>> = [];
  let stop: () => void;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ai-ready-params-'));
    site = await startFixture(renderSiteRoutes());
    srv = await startServer({ workers: 0, rateLimit: 0, render: true, renderConcurrency: 4 });
    stop = observeEngine((o) => seen.push(o));
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
  const cli = async (flags: Record<string, string | boolean>) => {
    const all = { format: 'json', output: join(dir, `report-${seen.length}.json`), workers: '0', config: false, ...flags };
    const code = await runScan(flags.input ? [] : [site.origin], all, (name) => name in all);
    expect(code).toBe(0);
  };
  const asQuery = `pages=${WANTED.pages}&render=1&fresh=1`;

  const FACES: Array<{ face: string; takes: Takes; run: () => Promise<void> }> = [
    {
      face: 'CLI scan',
      takes: ALL,
      run: () => cli({ profile: WANTED.profile, pages: String(WANTED.pages), render: WANTED.render, only: WANTED.only.join(','), skip: WANTED.skip.join(',') }),
    },
    {
      face: 'CLI batch (--input)',
      takes: ALL,
      run: () => {
        const list = join(dir, 'sites.txt');
        writeFileSync(list, `${site.origin}\n`);
        return cli({
          input: list,
          profile: WANTED.profile,
          pages: String(WANTED.pages),
          render: true,
          only: WANTED.only.join(','),
          skip: WANTED.skip.join(','),
        });
      },
    },
    { face: 'v1 GET', takes: REST, run: () => ok(srv.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}&${asQuery}`)) },
    { face: 'v1 POST', takes: REST, run: () => ok(srv.post('/api/public/v1/scan', { url: site.origin, pages: WANTED.pages, render: true, fresh: true })) },
    { face: 'SSE', takes: REST, run: () => ok(srv.post('/api/scan', { url: site.origin, pages: WANTED.pages, render: true, fresh: true })) },
    { face: 'compat GET', takes: REST, run: () => ok(srv.get(`/api/public/scan?url=${encodeURIComponent(site.origin)}&${asQuery}`)) },
    { face: 'compat POST', takes: REST, run: () => ok(srv.post('/api/public/scan', { url: site.origin, pages: WANTED.pages, render: true, fresh: true })) },
    {
      face: 'MCP scan_site',
      takes: MCP_SCAN,
      run: () => mcp('scan_site', { url: site.origin, profile: WANTED.profile, pages: WANTED.pages, render: true, fresh: true }),
    },
    {
      face: 'MCP check_site',
      takes: MCP_CHECK,
      run: () => mcp('check_site', { url: site.origin, checks: WANTED.only, profile: WANTED.profile, pages: WANTED.pages, render: true }),
    },
    {
      face: 'fix',
      takes: FIX,
      run: async () => {
        const project = join(dir, 'project');
        mkdirSync(project, { recursive: true });
        writeFileSync(join(project, 'index.html'), '<!doctype html><title>t</title>');
        const program = new Command().exitOverride();
        registerFix(program);
        const write = process.stdout.write;
        process.stdout.write = (() => true) as typeof process.stdout.write;
        try {
          await program.parseAsync(['fix', site.origin, '--dir', project, '--pages', String(WANTED.pages), '--format', 'json'], { from: 'user' });
        } finally {
          process.stdout.write = write;
        }
        expect(process.exitCode ?? 0).toBe(0);
      },
    },
  ];

  for (const { face, takes, run } of FACES) {
    it(`${face}: each key it takes reaches the engine as given; no other key does`, async () => {
      seen.length = 0;
      await run();
      expect(seen.length, `${face}: scans the engine was given`).toBe(1);
      const given = seen[0];
      for (const key of KEYS) {
        if (takes[key]) expect(given[key], `${face} drops ${key}`).toEqual(WANTED[key]);
        else expect(given[key], `${face} does not take ${key}`).toBeUndefined();
      }
    }, 90_000);
  }
});
