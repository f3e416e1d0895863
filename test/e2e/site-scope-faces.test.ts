/**
 * Site scope through every face, on the issue-11 docs site (a marketing "/" whose /docs pages
 * negotiate Markdown): the CLI (--pages default 5 -> C1 partial; --pages 1 -> fail as before),
 * the v1 API (GET params and POST body `pages` / `scope`, cached per page count), SSE, and the
 * MCP scan tools through the SDK's own client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ScanResponse } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { docsOnlyNegotiation } from '../fixtures/sites.mjs';
import { runCli } from '../cli/run-cli.js';
import { startServer, type TestServer } from '../server/helpers/server.js';
import { connectInMemory, tempStore, type TempStore } from '../mcp/helpers.js';

let site: FixtureSite;
let srv: TestServer;
beforeAll(async () => {
  site = await startFixture((s) => docsOnlyNegotiation(s.origin));
  srv = await startServer({ rateLimit: 0 });
});
afterAll(async () => {
  await srv?.destroy();
  await site?.close();
});

const c1 = (r: ScanResponse) => r.checks.find((c) => c.id === 'C1')!;

describe('CLI', () => {
  it('--pages 5 is the default: C1 partial with the passing pages named; --pages 1 fails C1 as before', async () => {
    const multi = await runCli(['scan', site.origin, '--json']);
    expect(multi.code, multi.stderr).toBe(0);
    const r = ScanResponse.parse(JSON.parse(multi.stdout));
    expect(r.scope).toBe('site');
    expect(r.pages).toHaveLength(5);
    expect(c1(r)).toMatchObject({ status: 'partial', code: 'C1/some-pages' });
    expect(c1(r).evidence).toContain('pass: /docs/getting-started, /docs/api');

    const one = await runCli(['scan', site.origin, '--json', '--pages', '1']);
    const p = ScanResponse.parse(JSON.parse(one.stdout));
    expect(p.scope).toBe('page');
    expect(p.pages).toBeUndefined();
    expect(c1(p).status).toBe('fail');
    expect(p.overallScore).toBeLessThan(r.overallScore);
  });

  it('refuses a page count out of range', async () => {
    const bad = await runCli(['scan', site.origin, '--pages', '21']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--pages must be an integer from 1 to 20');
  });
});

describe('v1 API and SSE', () => {
  const q = (extra: string) => `/api/public/v1/scan?url=${encodeURIComponent(site.origin)}${extra}`;

  it('takes pages and scope in the POST body and caches each page count apart', async () => {
    const five = ScanResponse.parse(await (await srv.post('/api/public/v1/scan', { url: site.origin, pages: 5 })).json());
    expect(five.scope).toBe('site');
    expect(c1(five).status).toBe('partial');
    const page = ScanResponse.parse(await (await srv.post('/api/public/v1/scan', { url: site.origin, scope: 'page' })).json());
    expect(page.cached).toBe(false);
    expect(page.scope).toBe('page');
    expect(c1(page).status).toBe('fail');
    // The default is 5 pages: the same cache entry as pages 5.
    const dflt = ScanResponse.parse(await (await srv.post('/api/public/v1/scan', { url: site.origin })).json());
    expect(dflt.cached).toBe(true);
    expect(dflt.shareId).toBe(five.shareId);
    const pageAgain = ScanResponse.parse(await (await srv.get(q('&pages=1'))).json());
    expect(pageAgain.cached).toBe(true);
    expect(pageAgain.shareId).toBe(page.shareId);
  });

  it('GET takes scope and pages as query parameters', async () => {
    const three = ScanResponse.parse(await (await srv.get(q('&scope=site&pages=3'))).json());
    expect(three.pages).toHaveLength(3);
  });

  it('refuses bad scope and pages with invalid-parameter problems', async () => {
    for (const body of [{ pages: 11 }, { pages: 0 }, { pages: '3' }, { scope: 'all' }, { scope: 'page', pages: 3 }]) {
      const res = await srv.post('/api/public/v1/scan', { url: site.origin, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).type).toBe(`${srv.baseUrl}/problems/invalid-parameter`);
    }
    expect((await srv.get(q('&pages=abc'))).status).toBe(400);
  });

  it('SSE takes pages: the result carries pages[] and the aggregated C1', async () => {
    const res = await srv.post('/api/scan', { url: site.origin, pages: 4, fresh: true });
    expect(res.status).toBe(200);
    const blocks = (await res.text()).split('\n\n').filter((b) => b.includes('data:'));
    const last = blocks.at(-1)!;
    expect(/^event: (.+)$/m.exec(last)?.[1]).toBe('result');
    const r = ScanResponse.parse(JSON.parse(/^data: (.+)$/m.exec(last)![1]));
    expect(r.pages).toHaveLength(4);
    expect(c1(r).status).toBe('partial');
  });
});

describe('MCP scan tools (SDK client)', () => {
  let t: TempStore;
  let client: Client;
  beforeAll(async () => {
    t = await tempStore();
    client = await connectInMemory(t, {}, { deadlineMs: 20_000 });
  });
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

  it('scan_site samples pages by default and takes scope "page"', async () => {
    const site5 = await call('scan_site', { url: site.origin });
    expect(site5.isError).toBeFalsy();
    const r = site5.structuredContent as ScanResponse;
    expect(r.pages).toHaveLength(5);
    expect(c1(r).status).toBe('partial');
    const page = (await call('scan_site', { url: site.origin, scope: 'page' })).structuredContent as ScanResponse;
    expect(page.scope).toBe('page');
    expect(c1(page).status).toBe('fail');
    const bad = await call('scan_site', { url: site.origin, scope: 'page', pages: 3 });
    expect(bad.isError).toBe(true);
  });

  it('check_site takes pages too', async () => {
    const r = (await call('check_site', { url: site.origin, checks: ['C1'], pages: 2 })).structuredContent as ScanResponse;
    expect(r.pages).toHaveLength(2);
    expect(r.checks.map((c) => c.id)).toEqual(['C1']);
  });
});
