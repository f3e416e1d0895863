/**
 * Amplification through live probes: a site's cards may name endpoints on a stranger's host, and
 * every scan of the site would POST to it. Requests to another site's host now come out of a
 * per-host budget, and the evidence names the host that was probed. Loopback only: the site is
 * 127.0.0.1, the "stranger" is localhost (another site by name).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { scan } from '../../../src/core/scan.js';
import type { ScanResult } from '../../../src/core/schema.js';
import { OFF_SITE_PROBES_PER_HOST_PER_MINUTE } from '../../../src/core/gather/live-scope.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import * as sites from '../../fixtures/sites.mjs';

let victim: FixtureSite;
let site: FixtureSite;
let posts = 0;

beforeAll(async () => {
  victim = await startFixture(((fixture: { port: number }) => {
    const routes = sites.liveEndpoints(`http://localhost:${fixture.port}`) as Record<string, unknown>;
    return {
      '*': (req: IncomingMessage, res: ServerResponse, fixture: unknown) => {
        if (req.method === 'POST') posts++;
        const route = routes[(req.url ?? '/').split('?')[0]];
        if (typeof route === 'function') return route(req, res, fixture);
        res.writeHead(404).end();
      },
    };
  }) as never);
  const stranger = `http://localhost:${new URL(victim.origin).port}`;
  // The site's own cards name the stranger's /mcp and /a2a.
  site = await startFixture((() => sites.liveEndpoints(stranger)) as never);
});

afterAll(async () => {
  await site.close();
  await victim.close();
});

describe('live probes of another site', () => {
  it('are sent within a per-host budget, and the evidence names the probed host', async () => {
    const started = Date.now();
    const results: ScanResult[] = [];
    for (let i = 0; i < 6; i++) results.push(await scan(site.origin, { only: ['A4', 'A5'], deadlineMs: 20_000 }));
    const windows = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
    // Without the budget six scans sent ~24 POSTs (a handshake of three or four, plus one A2A probe).
    expect(posts).toBeGreaterThan(0);
    expect(posts).toBeLessThanOrEqual(OFF_SITE_PROBES_PER_HOST_PER_MINUTE * windows);
    const evidence = (r: ScanResult, id: string) => r.checks.find((c) => c.id === id)!.evidence;
    const host = `localhost:${new URL(victim.origin).port}`;
    expect(evidence(results[0], 'A4')).toContain(`[probed host ${host}: another site than the one scanned`);
    expect(evidence(results[0], 'A5')).toContain(`[probed host ${host}: another site than the one scanned`);
    if (windows === 1) {
      const last = results.at(-1)!;
      expect(`${evidence(last, 'A4')} ${evidence(last, 'A5')}`).toContain('live-probe budget');
    }
  });
});
