/**
 * A total bot wall (a challenge answered every request) is "could not be scanned", on every face:
 * the engine throws ScanError('blocked-by-challenge'), the CLI exits 3 naming the user agent to
 * allow-list (also from a worker thread), the v1 API answers 422 scan-blocked, SSE an error
 * event, MCP a tool error. A partial wall still yields a scored result with `info` checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { scan } from '../../src/core/scan.js';
import { isScanError } from '../../src/core/errors.js';
import { USER_AGENT } from '../../src/version.js';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { runCli } from '../cli/run-cli.js';
import * as sites from '../fixtures/sites.mjs';
import { tempDir } from '../helpers/temp-dir.js';

let wall: FixtureSite;
let partial: FixtureSite;
beforeAll(async () => {
  wall = await startFixture((s) => sites.botChallenge(s.origin));
  // The page is challenged, but robots.txt and the sitemap come through: a partial wall.
  partial = await startFixture((s) => {
    const challenged = sites.botChallenge(s.origin)['*'];
    return {
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: `User-agent: *\nAllow: /\n\nSitemap: ${s.origin}/sitemap.xml\n` },
      '/sitemap.xml': { headers: { 'content-type': 'text/plain' }, body: `${s.origin}/\n` },
      '*': challenged,
    };
  });
});
afterAll(async () => {
  await Promise.all([wall?.close(), partial?.close()]);
});

describe('a total bot wall', () => {
  it('the engine throws blocked-by-challenge naming the user agent to allow-list', async () => {
    const err = await scan(wall.origin).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isScanError(err, 'blocked-by-challenge')).toBe(true);
    const message = (err as Error).message;
    expect(message).toMatch(/could not be scanned: a bot challenge answered every request/);
    expect(message).toContain(USER_AGENT);
    expect(message).toMatch(/cf-mitigated: challenge/);
  });

  it('a partial wall still scores, with challenged checks as info', async () => {
    const result = await scan(partial.origin);
    expect(result.checks.find((c) => c.id === 'B4')?.status).toBe('info');
    expect(result.checks.find((c) => c.id === 'D1')?.status).not.toBe('info');
    expect(result.warnings?.join(' ')).toMatch(/challenge/i);
    expect(result.checks.filter((c) => c.status === 'fail').map((c) => c.id)).not.toContain('C1');
  });

  it('the CLI exits 3 with the reason on stderr, in process and from a worker thread', async () => {
    for (const extra of [[], ['--workers', '1']]) {
      const run = await runCli(['scan', wall.origin, '--format', 'json', ...extra]);
      expect(run.code, run.stderr).toBe(3);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/could not be scanned: a bot challenge answered every request/);
      expect(run.stderr).toMatch(/allow-list the scanner's user agent "ai-ready\//);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('a total bot wall through the service', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir('ai-ready-wall-');
    server = await createServer({ port: 0, host: '127.0.0.1', dataDir: dir, log: false, allowPrivateNetwork: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is a 422 scan-blocked problem on v1', async () => {
    const res = await fetch(`${server.url}/api/public/v1/scan?url=${encodeURIComponent(wall.origin)}&fresh=1`);
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const doc = await res.json();
    expect(doc).toMatchObject({ type: `${server.baseUrl}/problems/scan-blocked`, status: 422 });
    expect(doc.detail).toMatch(/bot challenge answered every request/);
    const page = await fetch(`${server.url}/problems/scan-blocked`);
    expect(page.status).toBe(200);
  });

  it('is an SSE error event', async () => {
    const res = await fetch(`${server.url}/api/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: wall.origin }),
    });
    const text = await res.text();
    const match = /event: error\ndata: (.*)\n/.exec(text);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1])).toMatchObject({ status: 422, type: `${server.baseUrl}/problems/scan-blocked` });
  });

  it('is an MCP tool error', async () => {
    const client = new Client({ name: 'wall-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`)));
    try {
      const res = await client.callTool({ name: 'scan_site', arguments: { url: wall.origin } });
      expect(res.isError).toBe(true);
      expect(JSON.stringify(res.content)).toMatch(/blocked-by-challenge: .*bot challenge answered every request/);
    } finally {
      await client.close();
    }
  });

  it('the OpenAPI document lists 422 scan-blocked', async () => {
    const doc = await (await fetch(`${server.url}/openapi.json`)).text();
    expect(doc).toMatch(/scan-blocked/);
  });
});
