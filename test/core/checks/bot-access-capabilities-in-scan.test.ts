import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../../src/core/scan.js';
import { CHECKS } from '../../../src/core/checks/index.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { mcpRoute } from '../../fixtures/sites.mjs';

/** The B and A1-A5 modules through the real engine against a loopback site: verdicts, not internal errors. */
describe('bot access and A1-A5 in a scan', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>Hello</body></html>' },
      '/robots.txt': {
        headers: { 'content-type': 'text/plain' },
        body: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nContent-Usage: train-ai=n\nAllow: /\n',
      },
      '/.well-known/api-catalog': {
        headers: { 'content-type': 'application/linkset+json' },
        body: JSON.stringify({ linkset: [{ anchor: `${s.origin}/api`, 'service-desc': [{ href: `${s.origin}/openapi.json` }] }] }),
      },
      // A1 checks that the catalog's links lead somewhere: its service-desc target must answer.
      '/openapi.json': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'T', version: '1' },
          paths: { '/api/ping': { get: { responses: { 200: { description: 'ok' } } } } },
        }),
      },
      '/.well-known/mcp/server-card': {
        headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
        body: JSON.stringify({
          $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
          name: 'test/mcp',
          version: '1.0.0',
          description: 'Test server',
          remotes: [{ type: 'streamable-http', url: `${s.origin}/mcp` }],
        }),
      },
      // The card's endpoint answers MCP: A4 connects to it live.
      '/mcp': mcpRoute(),
    }));
  });
  afterAll(() => site.close());

  it('runs every check to a verdict', async () => {
    const capabilities = ['A1', 'A2', 'A3', 'A4', 'A5'];
    const r = await scan(site.origin, { only: ['bot_access', ...capabilities], timeoutMs: 5000, deadlineMs: 20000 });
    const by = Object.fromEntries(r.checks.map((c) => [c.id, c]));
    // Every bot-access check the registry holds (a new one joins without an edit here) and the five named.
    const botAccess = CHECKS.filter((c) => c.meta.dimension === 'bot_access').map((c) => c.meta.id);
    expect(Object.keys(by).sort()).toEqual([...botAccess, ...capabilities].sort());
    for (const c of r.checks) expect(c.code).not.toMatch(/\/internal-error$/);
    expect(by.B1.status).toBe('pass');
    expect(by.B2.status).toBe('pass');
    expect(by.B3.status).toBe('info');
    expect(by.B4.status).toBe('info');
    expect(by.B5.status).toBe('pass');
    expect(by.A1.status).toBe('pass');
    expect(by.A4.status).toBe('pass');
    expect(by.A5.status).toBe('fail');
    // App evidence (API catalog, MCP card) switches on the app profile, so A2/A3 are scored, not na.
    expect(by.A2.status).toBe('fail');
    expect(by.A3.status).toBe('fail');
    expect(by.B1.probes?.[0].url).toBe(`${site.origin}/robots.txt`);
    // robots.txt is fetched once for B1, B2, B4 and B5.
    expect(site.requests.filter((q) => q.path === '/robots.txt')).toHaveLength(1);
  });
});
