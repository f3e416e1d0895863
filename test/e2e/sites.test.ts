/**
 * End-to-end: real fixture sites on 127.0.0.1, scanned by the real engine. Each site stands for a
 * kind of website users will point the scanner at.
 */
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import { startFixture } from '../helpers/fixture-server.js';
import { checkOf, useFixtureScans } from '../helpers/scan-sites.js';
import * as sites from '../fixtures/sites.mjs';

const scanSite = useFixtureScans();
const check = checkOf;

describe('end-to-end scans of fixture sites', () => {
  it('the fully agent-ready site scores A and reaches level 5', async () => {
    const { site, result } = await scanSite(sites.agentReady);
    const notPassing = result.checks.filter((c) => c.status !== 'pass' && c.status !== 'na' && c.status !== 'info');
    expect(notPassing.map((c) => `${c.id} ${c.status}: ${c.evidence}`)).toEqual([]);
    expect(result.grade).toBe('A');
    expect(result.level).toBe(5);
    expect(result.levelName).toBe('Agent-Native');
    expect(result.nextLevel).toBeNull();
    expect(result.dimensions?.commerce?.applicable).toBe(false);
    // Each resource is fetched at most once per scan and user agent (B1 asks for the page as AI
    // user agents too; the live MCP handshake POSTs three messages to one URL).
    const counts = new Map<string, number>();
    for (const r of site.requests.filter((x) => x.method === 'GET' || x.method === 'HEAD')) {
      const key = `${r.method} ${r.path} ${r.accept} ${r.ua}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    expect(result.requestCount).toBe(site.requests.length);
  });

  it('a bare site gets F, level 0, and fixes for what is missing', async () => {
    const { result } = await scanSite(sites.bare);
    expect(result.grade).toBe('F');
    expect(result.level).toBe(0);
    expect(check(result, 'D1').status).toBe('fail');
    expect(check(result, 'D1').fixGuide?.length).toBeGreaterThan(1);
    expect(result.profile?.applied).toEqual(['content']);
    expect(result.nextLevel?.target).toBe(1);
    expect(result.nextLevel?.requirements.map((r) => r.checkId)).toContain('D1');
  });

  it('a site blocking every AI answer engine is marked down on B1 and stays below level 2', async () => {
    const { result } = await scanSite(sites.aiBlocking);
    expect(check(result, 'D1').status).toBe('pass');
    expect(check(result, 'B1').status).toBe('partial');
    expect(result.level).toBeLessThan(2);
  });

  it('detects WordPress with Yoast and adapts the fixes', async () => {
    const { result } = await scanSite(sites.wordpressYoast);
    expect(result.platform?.platform).toBe('wordpress');
    expect(result.platform?.seoPlugin).toBe('yoast');
    expect(result.platform?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(check(result, 'D2').status).toBe('pass');
    const llms = check(result, 'D4');
    expect(llms.status).toBe('fail');
    expect(JSON.stringify(llms.fixGuide)).toMatch(/Yoast/);
  });

  it('a Shopify-like store gets the commerce dimension scored', async () => {
    const { result } = await scanSite(sites.shopifyStore);
    expect(result.platform?.platform).toBe('shopify');
    expect(result.platform?.isEcommerce).toBe(true);
    expect(result.dimensions?.commerce?.applicable).toBe(true);
    expect(result.profile?.applied).toContain('commerce');
    expect(check(result, 'M1').status).toBe('pass');
    expect(check(result, 'M6').status).toBe('pass');
    expect(check(result, 'M2').status).toBe('fail');
  });

  it('a JavaScript-only shell fails the no-JS readability check', async () => {
    const { result } = await scanSite(sites.jsShell);
    expect(check(result, 'C3').status).toBe('fail');
  });

  it('a soft-404 catch-all passes nothing that is a file', async () => {
    const { result } = await scanSite(sites.softCatchAll);
    for (const id of ['D1', 'D2', 'D4', 'D5', 'B3', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A8', 'A9', 'A10', 'M1', 'M2']) {
      expect([id, check(result, id).status]).not.toEqual([id, 'pass']);
    }
    expect(check(result, 'D1').code).toBe('D1/soft-404');
  });

  it('a site whose every answer is a bot challenge cannot be scanned (no score, never a false fail)', async () => {
    const site = await startFixture((s) => sites.botChallenge(s.origin));
    try {
      await expect(scan(site.origin)).rejects.toMatchObject({ code: 'blocked-by-challenge' });
    } finally {
      await site.close();
    }
  });

  it('accepts the older variants of each standard and says which one matched', async () => {
    const { result } = await scanSite(sites.olderVariants);
    expect(check(result, 'D2').status).toBe('pass'); // plain-text sitemap
    const a2a = check(result, 'A5');
    expect(a2a.status).toBe('partial');
    expect(a2a.matched).toMatch(/0\.2|agent\.json/);
    const skills = check(result, 'A6');
    expect(skills.status).toBe('partial');
    expect(skills.matched).toMatch(/0\.1/);
    const mcp = check(result, 'A4');
    expect(['pass', 'partial']).toContain(mcp.status);
    expect(mcp.matched).toMatch(/1649|mcp\.json|serverInfo/i);
  });

  it('a hostile site still yields a graded result, in bounded time, and nothing hostile passes', async () => {
    // Guard on, with only the target's own name allowed: every derived URL and redirect to another
    // loopback form (localhost, [::ffff:127.0.0.1]) must be refused before connecting.
    const { site, result } = await scanSite(sites.hostile, {
      timeoutMs: 1500,
      deadlineMs: 20_000,
      blockPrivateNetwork: true,
      allowedHosts: ['127.0.0.1'],
    });
    expect(result.grade).toBeDefined();
    for (const id of ['D1', 'D2', 'D4', 'D5', 'A1', 'A3', 'A4', 'A5', 'A6']) {
      expect([id, check(result, id).status]).not.toEqual([id, 'pass']);
    }
    // Body caps hold on decompressed bytes: no probe kept more than the largest cap (a sitemap's
    // 50 MiB protocol limit, read one byte past it to tell "over the limit" from "exactly at it").
    const biggest = Math.max(...result.checks.flatMap((c) => c.probes ?? []).map((p) => p.bytes));
    expect(biggest).toBeLessThanOrEqual(50 * 1024 * 1024 + 1);
    expect(site.requests.filter((r) => r.path.startsWith('/secret/'))).toEqual([]);
  }, 60_000);
});
