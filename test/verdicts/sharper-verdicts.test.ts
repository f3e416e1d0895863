/**
 * Verdicts of issue 11, end to end: real fixture sites on 127.0.0.1 scanned by the real engine.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scan, type ScanOptions } from '../../src/core/scan.js';
import { ScanResponse, type ScanResult, type CheckResult } from '../../src/core/schema.js';
import { llmsCoverage } from '../../src/core/gather/llms-coverage.js';
import { startFixture, type FixtureSite, type Route } from '../helpers/fixture-server.js';
import { mcpRoute } from '../fixtures/sites.mjs';

const H = { 'content-type': 'text/html; charset=utf-8' };
const T = { 'content-type': 'text/plain; charset=utf-8' };
const J = { 'content-type': 'application/json' };
const PROSE = '<p>' + 'Plain words about the product that a reader can follow. '.repeat(30) + '</p>';
const page = (title: string) => ({
  headers: H,
  body: `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${PROSE}</main></body></html>`,
});

const open: FixtureSite[] = [];
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

async function scanRoutes(routes: (origin: string) => Record<string, Route>, opts: ScanOptions = {}): Promise<ScanResult> {
  const site = await startFixture((s) => routes(s.origin));
  open.push(site);
  const result = await scan(site.origin, opts);
  ScanResponse.parse(result);
  return result;
}
const check = (r: ScanResult, id: string): CheckResult => r.checks.find((x) => x.id === id)!;

describe('A4 reads the SEP-1649 card shape', () => {
  it('serverInfo + transport.endpoint is read and probed; not a v1 card, so partial (schema.ts at 8924e08)', async () => {
    const r = await scanRoutes((o) => ({
      '/': page('Tools Co'),
      '/.well-known/mcp.json': {
        headers: { ...J, 'access-control-allow-origin': '*' },
        body: JSON.stringify({
          serverInfo: { name: 'tools', version: '1.0.0' },
          transport: { type: 'streamable-http', endpoint: `${o}/mcp` },
          capabilities: { tools: {} },
        }),
      },
      // The advertised endpoint answers MCP (A4 connects to it live).
      '/mcp': mcpRoute(),
    }));
    const a4 = check(r, 'A4');
    expect(a4.code, a4.evidence).toBe('A4/schema-invalid');
    expect(a4.evidence).toMatch(/answered MCP/);
    expect(a4.evidence).toMatch(/1 endpoint\(s\)/);
    expect(a4.evidence).toContain('/mcp');
  });
});

describe('D5 judges coverage of the pages llms.txt lists', () => {
  const llms = (o: string) =>
    `# Small Co\n\n> A three-page site.\n\n## Docs\n\n- [Getting started](${o}/start.md): first steps\n- [Pricing](${o}/pricing.md)\n- [Contact us](/contact.md)\n`;
  const site = (full: string) => (o: string) => ({
    '/': page('Small Co'),
    '/llms.txt': { headers: T, body: llms(o) },
    '/llms-full.txt': { headers: T, body: full },
    '/start.md': { headers: T, body: '# Getting started\n' },
    '/pricing.md': { headers: T, body: '# Pricing\n' },
    '/contact.md': { headers: T, body: '# Contact us\n' },
  });

  it('a small but complete llms-full.txt passes', async () => {
    const full = '# Small Co\n\n## Getting started\n\nInstall it.\n\n## Pricing\n\nFree.\n\n## Contact\n\nSource: /contact\n\nMail us.\n';
    const d5 = check(await scanRoutes(site(full)), 'D5');
    expect(d5.code, d5.evidence).toBe('D5/ok');
    expect(d5.evidence).toMatch(/holding 3 of the 3 pages \/llms\.txt lists/);
  });

  it('a small llms-full.txt missing listed pages stays partial and names them', async () => {
    const full = '# Small Co\n\n## Getting started\n\nInstall it.\n';
    const d5 = check(await scanRoutes(site(full)), 'D5');
    // Rubric 2026.11.6: judged by coverage of the listed pages (1 of 3 is under 80%), not by size.
    expect(d5.code).toBe('D5/low-coverage');
    expect(d5.evidence).toMatch(/holds 1 of the 3 pages/);
    expect(d5.evidence).toMatch(/"Pricing"/);
  });

  it('coverage: a text holding every title covers every link; an empty text covers none', () => {
    const link = fc.record({ name: fc.stringMatching(/^[A-Za-z0-9][^\n\]]{1,18}[A-Za-z0-9]$/), url: fc.webUrl(), section: fc.constant(null) });
    fc.assert(
      fc.property(fc.array(link, { maxLength: 20 }), (links) => {
        const all = llmsCoverage(links, links.map((l) => `## ${l.name}`).join('\n'), 'https://example.com/');
        expect(all.held).toBe(all.listed);
        const none = llmsCoverage(links, '', 'https://example.com/');
        expect(none.held).toBe(0);
        expect(none.missing.length).toBe(Math.min(5, none.listed));
      }),
      { numRuns: 200 },
    );
  });
});

describe('a public MCP server card never lowers the score', () => {
  const card = (o: string, extra: Record<string, unknown> = {}) => ({
    headers: { ...J, 'access-control-allow-origin': '*' },
    body: JSON.stringify({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'com.example/tools',
      version: '1.0.0',
      description: 'Tools',
      remotes: [{ type: 'streamable-http', url: `${o}/mcp` }],
      ...extra,
    }),
  });
  const base = (o: string) => ({
    '/': page('Tools Co'),
    '/robots.txt': { headers: T, body: `User-agent: *\nAllow: /\n\nSitemap: ${o}/sitemap.xml\n` },
    '/sitemap.xml': { headers: T, body: `${o}/\n` },
    '/mcp': mcpRoute(),
  });

  it('A2, A3 and A8 become na with a reason, A1 stays a bonus, and the score does not drop', async () => {
    const without = await scanRoutes(base);
    const withCard = await scanRoutes((o) => ({ ...base(o), '/.well-known/mcp/server-card': card(o) }));
    expect(check(withCard, 'A4').code).toBe('A4/ok');
    for (const id of ['A2', 'A3', 'A8']) {
      expect(check(withCard, id).status, id).toBe('na');
      expect(check(withCard, id).naReason).toMatch(/public MCP server/);
    }
    expect(check(withCard, 'A1').tier).toBe('bonus');
    expect(withCard.profile?.reasons.join(' ')).toMatch(/public MCP server card/);
    expect(withCard.overallScore).toBeGreaterThanOrEqual(without.overallScore);
  });

  it('a card that declares authentication makes the OAuth checks count', async () => {
    const r = await scanRoutes((o) => ({ ...base(o), '/.well-known/mcp/server-card': card(o, { authentication: { required: true, schemes: ['oauth2'] } }) }));
    expect(check(r, 'A2').status).toBe('fail');
    expect(check(r, 'A3').status).toBe('fail');
  });
});
