import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a4McpServerCard, MCP_CARD_PATHS, readMcpCard } from '../../../../src/core/checks/capabilities/a4-mcp-server-card.js';
import { GatherContext } from '../../../../src/core/gather/context.js';
import { BROWSER_ACCEPT, HttpClient } from '../../../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { mcpRoute } from '../../../fixtures/sites.mjs';
import { ORIGIN, json, notFound, response, soft404 } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
/** The advisory codes of an outcome, in order. */
const noted = (o: { advisoryFindings?: Array<{ code: string }> }) => (o.advisoryFindings ?? []).map((a) => a.code);
const CORS = { 'access-control-allow-origin': '*' };
const sep2127 = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
  name: 'com.example/store',
  version: '1.2.0',
  description: 'Orders and products',
  remotes: [{ type: 'streamable-http', url: 'https://example.com/mcp' }],
};
const sep1649 = { serverInfo: { name: 'store', version: '1.0' }, endpoint: 'https://example.com/mcp', capabilities: {} };
/** Probes for the four paths; `at` maps a path index to a response. */
const probes = (at: Record<number, ReturnType<typeof json>>) => MCP_CARD_PATHS.map((p, i) => at[i] ?? notFound(p));

describe('A4 MCP server card', () => {
  it('passes the SEP-2127 shape at /.well-known/mcp/server-card and says which matched', () => {
    const o = a4McpServerCard.evaluate({ probes: probes({ 1: json(MCP_CARD_PATHS[1], sep2127, CORS) }) }, ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('MCP server card SEP-2127 at /.well-known/mcp/server-card');
    // Only the note that the current draft discovers cards through the AI Catalog.
    expect(noted(o)).toEqual(['A4/well-known-only']);
  });

  it('the serverInfo shape at the anchor path is read, but does not match the v1 schema: partial, naming each member', () => {
    const o = a4McpServerCard.evaluate({ probes: probes({ 0: json(MCP_CARD_PATHS[0], sep1649) }) }, ctx);
    expect(o).toMatchObject({ status: 'partial', code: 'A4/schema-invalid' });
    expect(o.matched).toContain('SEP-1649');
    expect(o.findings?.map((f) => f.code)).toEqual(['A4/card-no-schema', 'A4/card-no-name', 'A4/card-no-version', 'A4/card-no-description']);
    // The same words as when the gather wrote them: now the check's templates.
    expect(o.evidence).toContain(
      'the card does not match the v1 schema: no "$schema" (required: https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json); no "name" (reverse-DNS with one "/", e.g. com.example/weather); no "version"; no "description".',
    );
    expect(o.advisoryFindings).toMatchObject([
      { code: 'A4/no-cors', data: { path: MCP_CARD_PATHS[0] } },
      { code: 'A4/retired-members', data: { members: '"capabilities", "serverInfo"' } },
      { code: 'A4/server-info-only' },
      { code: 'A4/well-known-only' },
    ]);
  });

  it('the gather reads schema problems as data; the check words them, braces of the schema included', () => {
    const doc = {
      ...sep2127,
      version: '^1.0',
      description: 'x'.repeat(101),
      icons: [{ href: '/i.png' }],
      remotes: [{ type: 'ws', url: 'ftp://example.com/mcp', headers: [{ value: 'x' }] }, { url: 'https://example.com/mcp' }],
    };
    expect(readMcpCard(doc).schemaProblems).toEqual([
      { kind: 'version-range', value: '"^1.0"' },
      { kind: 'description-too-long', length: 101 },
      { kind: 'icons-invalid' },
      { kind: 'remote-type', index: 0, value: '"ws"' },
      { kind: 'remote-url-invalid', index: 0, value: '"ftp://example.com/mcp"' },
      { kind: 'remote-headers-invalid', index: 0 },
      { kind: 'remote-no-type', index: 1 },
    ]);
    const o = a4McpServerCard.evaluate({ probes: probes({ 1: json(MCP_CARD_PATHS[1], doc, CORS) }) }, ctx);
    expect(o).toMatchObject({ status: 'partial', code: 'A4/schema-invalid' });
    expect(o.findings?.map((f) => [f.code, f.data])).toEqual([
      ['A4/card-version-range', { value: '"^1.0"' }],
      ['A4/card-description-too-long', { length: 101 }],
      ['A4/card-icons-invalid', { expected: '{src}' }],
      ['A4/card-remote-type', { index: 0, value: '"ws"' }],
      ['A4/card-remote-url-invalid', { index: 0, value: '"ftp://example.com/mcp"', template: '{variable}' }],
      ['A4/card-remote-headers-invalid', { index: 0, expected: '{name}' }],
      ['A4/card-remote-no-type', { index: 1 }],
    ]);
    // The texts the gather used to write, word for word.
    expect(o.details).toMatchObject({
      schemaProblems: [
        '"version" "^1.0" is a range; a card names one version',
        '"description" has 101 characters (at most 100)',
        '"icons" is not a list of {src}',
        'remotes[0].type "ws" not "streamable-http" or "sse"',
        'remotes[0].url "ftp://example.com/mcp" is not an http(s) URL or a {variable} template',
        'remotes[0].headers is not a list of {name}',
        'remotes[1].type is absent,  not "streamable-http" or "sse"',
      ],
    });
  });

  it('reports both shapes when a card carries both', () => {
    expect(readMcpCard({ ...sep2127, serverInfo: { name: 'x', version: '1' } }).shapes).toEqual(['SEP-2127', 'SEP-1649']);
  });

  it('accepts an array of cards at server-cards.json and the legacy /.well-known/mcp.json', () => {
    const arr = a4McpServerCard.evaluate({ probes: probes({ 2: json(MCP_CARD_PATHS[2], [{ name: 'a' }, sep2127]) }) }, ctx);
    expect(arr.status).toBe('pass');
    expect(arr.details).toMatchObject({ cards: 2 });
    const legacy = a4McpServerCard.evaluate(
      { probes: probes({ 3: json(MCP_CARD_PATHS[3], { serverInfo: { name: 'x', version: '1' }, transport: { url: 'https://e.example/mcp' } }) }) },
      ctx,
    );
    expect(legacy).toMatchObject({ status: 'partial', code: 'A4/schema-invalid' });
    expect(legacy.matched).toContain('/.well-known/mcp.json');
  });

  it('prefers the first valid path and lists the others', () => {
    const o = a4McpServerCard.evaluate({ probes: probes({ 0: json(MCP_CARD_PATHS[0], { name: 'x' }), 1: json(MCP_CARD_PATHS[1], sep2127, CORS) }) }, ctx);
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'A4/also-at', data: { paths: '/.well-known/mcp/server-card.json' } }));
  });

  it('is partial without identity or without an endpoint', () => {
    const noEndpoint = a4McpServerCard.evaluate({ probes: probes({ 1: json(MCP_CARD_PATHS[1], { name: 'x', version: '1', capabilities: {} }) }) }, ctx);
    expect(noEndpoint).toMatchObject({ status: 'partial', code: 'A4/no-remotes', details: { remotes: 0 } });
    expect(noEndpoint.evidence).toContain('0 remote(s), 0 endpoint(s) (none); the card names no remote: agents have nothing to connect to');
    // A card that declares itself documentation-only is a card without remotes, not a broken server (issue 28.9).
    const docOnly = a4McpServerCard.evaluate(
      { probes: probes({ 1: json(MCP_CARD_PATHS[1], { name: 'com.example/docs', version: '1', transport: 'documentation-only' }) }) },
      ctx,
    );
    expect(docOnly).toMatchObject({ status: 'partial', code: 'A4/no-remotes' });
    expect(docOnly.evidence).toContain('the card names no remote (it declares itself documentation-only)');
    const noId = a4McpServerCard.evaluate({ probes: probes({ 1: json(MCP_CARD_PATHS[1], { remotes: [{ url: 'https://e.example/mcp' }] }) }) }, ctx);
    expect(noId.status).toBe('partial');
    expect(noId.findings?.map((f) => f.code)).toEqual(['A4/no-identity']);
    expect(noId.evidence).toContain('; missing identity (name + version, or serverInfo).');
  });

  it('is partial when only reachable through a cross-site redirect', () => {
    const moved = response({
      url: MCP_CARD_PATHS[1],
      headers: { 'content-type': 'application/json', ...CORS },
      body: JSON.stringify(sep2127),
      redirects: ['https://cards.other-host.net/card.json'],
    });
    const o = a4McpServerCard.evaluate({ probes: probes({ 1: moved }) }, ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('A4/cross-site-redirect');
  });

  it('fails when no path has a card (404s, soft 404s)', () => {
    const o = a4McpServerCard.evaluate({ probes: probes({ 0: soft404(MCP_CARD_PATHS[0]) }) }, ctx);
    expect(o.status).toBe('fail');
    expect(o.probes).toHaveLength(4);
    expect(a4McpServerCard.meta.contentProfile).toBe('offered');
  });

  it("fix guide teaches the AI Catalog and a v1 card at <endpoint>/server-card first, a well-known card only as an older reader's option", () => {
    const steps = a4McpServerCard.fixGuide({ origin: ORIGIN, platform: null, hosting: ['nginx'] });
    const code = steps.map((s) => s.code ?? '').join('\n');
    const text = steps.map((s) => `${s.title} ${s.body} ${s.code ?? ''}`).join('\n');
    expect(steps[0].title).toContain('/.well-known/ai-catalog.json');
    expect(code).toContain('application/ai-catalog+json');
    // The removed location is never taught; the card has the newest shape.
    expect(text).not.toContain('/.well-known/mcp/catalog.json');
    expect(code).not.toContain('"capabilities"');
    expect(code).not.toContain('"authentication"');
    expect(code).toContain('"$schema": "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json"');
    expect(code).toContain('"description"');
    expect(code).toContain('"type": "application/mcp-server-card+json"');
    expect(code).toContain(`"url": "${ORIGIN}/mcp/server-card"`);
    expect(code).toMatch(/"identifier": "urn:air:[^"]+:mcp:main"/);
    expect(code).toContain('"remotes"');
    expect(code).toContain('Access-Control-Allow-Origin');
    expect(code).toContain('Accept: application/mcp-server-card+json');
    const cardStep = steps.findIndex((s) => s.title.includes('/mcp/server-card'));
    const older = steps.findIndex((s) => /older readers/i.test(s.title));
    expect(steps[older].body).toContain('/.well-known/mcp/server-card.json');
    expect(cardStep).toBeGreaterThan(0);
    expect(older).toBeGreaterThan(cardStep);
    // The .well-known card is never the primary step.
    expect(steps.slice(0, older).some((s) => s.title.includes('server-card.json'))).toBe(false);
    for (const [platform, hosting] of [
      [null, []],
      ['wordpress', []],
      ['nextjs', ['vercel']],
      [null, ['cloudflare']],
    ] as const) {
      const guide = a4McpServerCard.fixGuide({ origin: ORIGIN, platform, hosting: [...hosting] });
      expect(guide.length, `${platform} ${hosting}`).toBeLessThanOrEqual(6);
      expect(guide.some((s) => /older readers/i.test(s.title))).toBe(true);
    }
  });
});

describe('A4 gather on a loopback site', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    // The card names an endpoint on the fixture itself: A4's gather connects to it live.
    site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<html></html>' },
      '/.well-known/mcp.json': { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...sep1649, endpoint: `${s.origin}/mcp` }) },
      '/mcp': mcpRoute(),
    }));
  });
  afterAll(() => site.close());

  it('probes all four paths once each and finds the legacy card (read, but not v1: partial)', async () => {
    const http = new HttpClient({ timeoutMs: 5000 });
    const page = await http.fetch(`${site.origin}/`, { accept: BROWSER_ACCEPT });
    const gctx = new GatherContext(new URL(page.url), site.origin, http, () => {}, page);
    const art = await a4McpServerCard.gather(gctx);
    expect(
      site.requests
        .filter((r) => r.path.startsWith('/.well-known/mcp'))
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/.well-known/mcp/catalog.json', ...MCP_CARD_PATHS].sort());
    const o = a4McpServerCard.evaluate(art, { origin: site.origin, pageUrl: page.url });
    expect(o).toMatchObject({ status: 'partial', code: 'A4/schema-invalid' });
    expect(o.matched).toBe('MCP server card SEP-1649 at /.well-known/mcp.json');
    expect(o.details).toMatchObject({ live: { outcome: 'ok' } });
  });
});
