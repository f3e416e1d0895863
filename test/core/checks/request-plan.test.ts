/**
 * The request plan the engine sends with the page is computed from what the checks declare
 * (meta.requests) and committed as plain data (src/core/checks/request-plan.generated.ts), so the
 * engine reads it before the registry loads. This test fails when the file differs from the
 * registry's declarations; UPDATE_PLAN=1 rewrites it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/core/checks/index.js';
import { requestPlan, requestPlanModule } from '../../../src/core/checks/request-plan.js';
import { REQUEST_PLAN } from '../../../src/core/checks/request-plan.generated.js';
import { GatherContext } from '../../../src/core/gather/context.js';
import { isTargetRequest, planKey, type EarlyRequest } from '../../../src/core/gather/early-request.js';
import { BROWSER_ACCEPT, HttpClient } from '../../../src/core/net/http.js';
import { agentReady } from '../../fixtures/sites.mjs';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';

const FILE = new URL('../../../src/core/checks/request-plan.generated.ts', import.meta.url);

/** The module as Biome formats it (the file is linted with the rest of the tree). */
function formatted(source: string): string {
  const biome = fileURLToPath(new URL('../../../node_modules/.bin/biome', import.meta.url));
  const r = spawnSync(biome, ['format', `--stdin-file-path=${fileURLToPath(FILE)}`], { input: source, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`biome format failed: ${r.stderr}`);
  return r.stdout;
}

describe('the generated request plan', () => {
  it('is the registry’s declarations (UPDATE_PLAN=1 rewrites src/core/checks/request-plan.generated.ts)', () => {
    const want = formatted(requestPlanModule(requestPlan(CHECKS)));
    if (process.env.UPDATE_PLAN) writeFileSync(FILE, want);
    expect(readFileSync(FILE, 'utf8')).toBe(want);
    expect(REQUEST_PLAN).toEqual(requestPlan(CHECKS));
  });

  it('holds each request once, with every check that declares it', () => {
    const keys = REQUEST_PLAN.map(planKey);
    expect(new Set(keys).size).toBe(keys.length);
    const robots = REQUEST_PLAN.find((r) => 'path' in r && r.path === '/robots.txt')!;
    const declaring = CHECKS.filter((c) => c.meta.requests?.some((r) => 'path' in r && r.path === '/robots.txt')).map((c) => c.meta.id);
    expect(robots.declaredBy.map((d) => d.id)).toEqual(declaring);
    expect(declaring.length).toBeGreaterThan(3);
  });
});

/**
 * Each check's gather, run alone on a fresh context (nothing sent early) against the agent-ready
 * fixture, where every well-known file exists: every request it declares is one its gather makes
 * (no declared request is wasted under --only), and every request of the plan it makes is one it
 * declares (none leaves a round trip late under --only), save reads that depend on the page.
 */
describe('each check declares exactly the planned requests its gather makes', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture((s) => agentReady(s.origin));
  });
  afterAll(() => site.close());

  /** Reads that depend on what the page says, not on the URL alone: round trip 2 by nature. */
  const PAGE_DEPENDENT: Record<string, string[]> = {
    // llms.txt when the page links it.
    D3: ['/llms.txt'],
    D6: ['/llms.txt'],
    // The sitemaps (robots.txt first) when the page links no product page.
    M6: ['/robots.txt'],
  };
  /** A request as the fixture saw it, and as a plan entry names it. */
  const seen = (q: { path: string; accept: string; ua: string }) => `${q.path} ${q.accept}${q.ua.startsWith('ai-ready') ? '' : ` ${q.ua}`}`;
  const named = (r: EarlyRequest) => `${isTargetRequest(r) ? '/' : r.path} ${r.options.accept}${r.options.userAgent ? ` ${r.options.userAgent}` : ''}`;
  const planned = new Set(REQUEST_PLAN.map(named));

  it.each(CHECKS.map((c) => c.meta.id))('%s', async (id) => {
    const check = CHECKS.find((c) => c.meta.id === id)!;
    const http = new HttpClient();
    try {
      const page = await http.fetch(`${site.origin}/`, { accept: BROWSER_ACCEPT });
      const before = site.requests.length;
      await check.gather(new GatherContext(new URL(page.url), new URL(page.url).origin, http, () => {}, page));
      const made = new Set(
        site.requests
          .slice(before)
          .filter((q) => q.method === 'GET')
          .map(seen),
      );
      const declared = (check.meta.requests ?? []).map(named);
      expect(declared.filter((r) => !made.has(r))).toEqual([]);
      const allowed = (PAGE_DEPENDENT[id] ?? []).flatMap((p) => REQUEST_PLAN.filter((r) => !isTargetRequest(r) && r.path === p).map(named));
      expect([...made].filter((r) => planned.has(r) && !declared.includes(r) && !allowed.includes(r))).toEqual([]);
    } finally {
      http.close();
    }
  });
});
