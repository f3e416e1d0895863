/**
 * Round trip 1: the page goes out with the requests the selected checks declare (meta.requests,
 * through the generated plan). The fixture holds the page's answer until the requests a test
 * expects have arrived, so "received before the page answered" means "sent with the page".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import { AI_USER_AGENTS } from '../../src/core/gather/ai-user-agents.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';

let site: FixtureSite;
/** What the page waits for (at most 2 s): each an arrived request it must see first. */
let awaited: Array<(q: { path: string; ua: string }) => boolean> = [];
let allBeforePageAnswered = false;
beforeAll(async () => {
  site = await startFixture((s) => ({
    '/': async (req, res) => {
      const scanner = !AI_USER_AGENTS.some((a) => a.userAgent === req.headers['user-agent']);
      if (scanner) {
        const until = Date.now() + 2000;
        const arrived = () => awaited.every((want) => s.requests.some(want));
        while (Date.now() < until && !arrived()) await new Promise((r) => setTimeout(r, 10));
        allBeforePageAnswered = arrived();
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body><h1>Hi</h1></body></html>');
    },
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
  }));
});
afterAll(() => site.close());

const path = (p: string) => (q: { path: string }) => q.path === p;
const CARDS = [
  '/.well-known/mcp/server-card.json',
  '/.well-known/mcp/server-card',
  '/.well-known/mcp/server-cards.json',
  '/.well-known/mcp.json',
  '/.well-known/agent-card.json',
  '/.well-known/oauth-protected-resource',
];

describe('the requests checks declare go out with the page', () => {
  it('a full scan sends robots.txt, the skills index, llms.txt, the API catalog and the cards live probes read with the page request, once each', async () => {
    const from = site.requests.length;
    const events: string[] = [];
    awaited = ['/robots.txt', '/.well-known/agent-skills/index.json', '/llms.txt', '/.well-known/api-catalog', ...CARDS].map(path);
    const r = await scan(site.origin, { onEvent: (e) => events.push(e.type) });
    expect(allBeforePageAnswered).toBe(true);
    expect(r.checks.find((c) => c.id === 'D1')?.status).toBe('pass');
    const made = site.requests.slice(from);
    for (const p of ['/robots.txt', '/.well-known/agent-skills/index.json', '/llms.txt', '/.well-known/api-catalog', ...CARDS]) {
      expect([p, made.filter((q) => q.path === p && q.method === 'GET').length]).toEqual([p, 1]);
    }
    // Progress still starts with "started", whatever answered first.
    expect(events[0]).toBe('started');
  });

  it('--only D4 sends what D4 declares (llms.txt) with the page, and nothing other checks declare', async () => {
    const from = site.requests.length;
    awaited = [path('/llms.txt')];
    const r = await scan(site.origin, { only: ['D4'], scope: 'page' });
    expect(allBeforePageAnswered).toBe(true);
    expect(r.checks.map((c) => c.id)).toEqual(['D4']);
    const paths = site.requests.slice(from).map((q) => q.path);
    expect(paths.filter((p) => p === '/llms.txt')).toHaveLength(1);
    for (const p of ['/robots.txt', '/.well-known/api-catalog', ...CARDS]) expect(paths).not.toContain(p);
  });

  it('--skip by dimension names leaves out what only those dimensions declare, and keeps what others declare too', async () => {
    const from = site.requests.length;
    awaited = [path('/robots.txt'), path('/llms.txt')];
    const r = await scan(site.origin, { skip: ['capabilities', 'commerce'], scope: 'page' });
    expect(allBeforePageAnswered).toBe(true);
    expect(r.checks.some((c) => c.dimension === 'capabilities')).toBe(false);
    const paths = site.requests.slice(from).map((q) => q.path);
    // robots.txt is declared by A3, A4 and A10 too, but also by D1: it still goes out, once.
    expect(paths.filter((p) => p === '/robots.txt')).toHaveLength(1);
    for (const p of ['/.well-known/api-catalog', '/.well-known/ucp', ...CARDS]) expect(paths).not.toContain(p);
  });

  it('--only B1 sends robots.txt and the page as each AI user agent with the page (requests of the target URL itself)', async () => {
    const from = site.requests.length;
    awaited = [path('/robots.txt'), ...AI_USER_AGENTS.map((a) => (q: { path: string; ua: string }) => q.path === '/' && q.ua === a.userAgent)];
    const r = await scan(site.origin, { only: ['B1'], scope: 'page' });
    expect(allBeforePageAnswered).toBe(true);
    expect(r.checks.map((c) => c.id)).toEqual(['B1']);
    const made = site.requests.slice(from);
    // The page once as the scanner, once per AI user agent: each answer is the one B1 reads (no second fetch).
    expect(made.filter((q) => q.path === '/')).toHaveLength(1 + AI_USER_AGENTS.length);
    expect(made.map((q) => q.path)).not.toContain('/llms.txt');
  });
});
