import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../../src/core/scan.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';

let site: FixtureSite;
let robotsBeforePageAnswered = false;
beforeAll(async () => {
  site = await startFixture((s) => ({
    // The page holds its answer until robots.txt has been asked for (at most 2 s).
    '/': async (req, res) => {
      const until = Date.now() + 2000;
      while (Date.now() < until && !s.requests.some((r) => r.path === '/robots.txt')) await new Promise((r) => setTimeout(r, 10));
      robotsBeforePageAnswered = s.requests.some((r) => r.path === '/robots.txt');
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body><h1>Hi</h1></body></html>');
    },
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
  }));
});
afterAll(() => site.close());

describe('prefetch of chain starts', () => {
  it('sends robots.txt, the skills index, llms.txt, the API catalog and the cards live probes read with the page request, once each', async () => {
    const events: string[] = [];
    const r = await scan(site.origin, { onEvent: (e) => events.push(e.type) });
    expect(robotsBeforePageAnswered).toBe(true);
    expect(r.checks.find((c) => c.id === 'D1')?.status).toBe('pass');
    const cards = [
      '/.well-known/mcp/server-card.json',
      '/.well-known/mcp/server-card',
      '/.well-known/mcp/server-cards.json',
      '/.well-known/mcp.json',
      '/.well-known/agent-card.json',
      '/.well-known/oauth-protected-resource',
    ];
    for (const path of ['/robots.txt', '/.well-known/agent-skills/index.json', '/llms.txt', '/.well-known/api-catalog', ...cards]) {
      expect([path, site.requests.filter((q) => q.path === path && q.method === 'GET').length]).toEqual([path, 1]);
    }
    // Progress still starts with "started", whatever answered first.
    expect(events[0]).toBe('started');
  });
});
