/**
 * A4 follows the MCP catalog of the server-card extension (docs/discovery.md, draft read
 * 2026-11-25): catalog members, entry types and URNs, cards fetched with their media type (capped),
 * the serverUrl variant, and card vs live serverInfo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a4McpServerCard, MCP_CARD_PATHS, readMcpCard } from '../../../src/core/checks/capabilities/a4-mcp-server-card.js';
import { MAX_CATALOG_CARDS, MCP_URN_RE, fetchCatalogCards, readMcpCatalog } from '../../../src/core/gather/mcp-catalog.js';
import { GatherContext } from '../../../src/core/gather/context.js';
import { BROWSER_ACCEPT, HttpClient } from '../../../src/core/net/http.js';
import type { McpProbeResult } from '../../../src/core/gather/mcp-probe.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { mcpRoute } from '../../fixtures/sites.mjs';
import { ORIGIN, json, notFound, response } from '../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const CARD_TYPE = 'application/mcp-server-card+json';
const CATALOG = '/.well-known/mcp/catalog.json';
const card = { name: 'dev.test-fixture.site/store', version: '2.0.0', remotes: [{ type: 'streamable-http', url: `${ORIGIN}/mcp` }], capabilities: { tools: {} } };
const entry = (i: number) => ({ identifier: `urn:air:test-fixture.dev:mcp:s${i}`, displayName: `S${i}`, type: CARD_TYPE, url: `${ORIGIN}/s${i}/server-card` });
const wellKnown404 = MCP_CARD_PATHS.map((p) => notFound(p));
const live = (name: string, version: string): McpProbeResult => ({
  endpoint: `${ORIGIN}/mcp`, outcome: 'ok', serverName: name, serverVersion: version, protocolVersion: '2025-06-18', sessionIssued: true, toolCount: 1, toolNames: ['a'],
  problem: null, wwwAuthenticate: null, exchanges: [{ rpc: 'initialize', probe: response({ url: '/mcp', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }) }],
});

describe('the MCP catalog', () => {
  it('takes identifiers with and without a namespace, as the draft does, and refuses other shapes', () => {
    for (const ok of ['urn:air:example.com:weather', 'urn:air:example.com:tools:weather', 'urn:air:127.0.0.1:ai-ready'])
      expect(MCP_URN_RE.test(ok), ok).toBe(true);
    for (const bad of ['store', 'urn:air:weather', 'urn:air:example.com:', 'urn:other:example.com:weather', 'urn:air:a:b:c:d'])
      expect(MCP_URN_RE.test(bad), bad).toBe(false);
  });

  it('reads members, entry types and URNs, as codes', () => {
    const r = readMcpCatalog(json(CATALOG, { entries: [{ identifier: 'store', type: CARD_TYPE, url: '/mcp/server-card' }, { identifier: 'urn:air:example.com:a2a:x', displayName: 'X', type: 'application/a2a-agent-card+json', url: 'https://example.com/x' }] }));
    expect(r.found).toBe(true);
    expect(r.findings.map((f) => f.code)).toEqual(['A4/catalog-no-spec-version', 'A4/entry-bad-urn', 'A4/entry-no-display-name']);
    expect(r.findings[1].data).toEqual({ entry: 0, identifier: 'store' });
    // A relative url resolves against the catalog; another type is ignored, not an error.
    expect(r.entries[0]).toMatchObject({ url: `${ORIGIN}/mcp/server-card`, isCard: true });
    expect(r.entries[1].isCard).toBe(false);
    expect(r.otherTypes).toEqual(['application/a2a-agent-card+json']);
    expect(readMcpCatalog(json(CATALOG, { specVersion: 'draft' })).findings.map((f) => f.code)).toEqual(['A4/catalog-no-entries']);
    expect(readMcpCatalog(response({ url: CATALOG, headers: { 'content-type': 'application/json' }, body: '{"entries": [' })).problem).toMatch(/not JSON/);
  });

  it(`fetches at most ${MAX_CATALOG_CARDS} cards, each once, with the card media type, only from a catalog the site served`, async () => {
    const entries = [...Array.from({ length: 12 }, (_, i) => entry(i)), entry(0)];
    const asked: string[] = [];
    const got = await fetchCatalogCards(Promise.resolve(json(CATALOG, { specVersion: 'draft', entries })), () => true, async (url) => (asked.push(url), notFound(new URL(url).pathname)));
    expect(asked).toHaveLength(MAX_CATALOG_CARDS);
    expect(new Set(asked).size).toBe(MAX_CATALOG_CARDS);
    expect(got.skipped).toBe(12 - MAX_CATALOG_CARDS);
    const offSite = await fetchCatalogCards(Promise.resolve(json(CATALOG, { specVersion: 'draft', entries })), () => false, async () => {
      throw new Error('must not fetch');
    });
    expect(offSite.cards).toEqual([]);
  });

  it('passes a complete catalog whose card names a live endpoint, and says where card and live serverInfo disagree', () => {
    const catalog = { probe: json(CATALOG, { specVersion: 'draft', entries: [entry(1)] }, { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=3600' }), cards: [{ entry: readMcpCatalog(json(CATALOG, { specVersion: 'draft', entries: [entry(1)] })).entries[0], probe: json('/s1/server-card', { ...card, serverInfo: { name: 'store', version: '2.0.0' } }, { 'content-type': CARD_TYPE, 'access-control-allow-origin': '*' }) }], skipped: 0 };
    const same = a4McpServerCard.evaluate({ probes: wellKnown404, catalog, live: live('store', '2.0.0') }, ctx);
    expect(same).toMatchObject({ status: 'pass', code: 'A4/ok', details: { via: 'catalog', disagreements: [], url: `${ORIGIN}/s1/server-card` } });
    expect(same.matched).toBe('MCP server card SEP-2127 + SEP-1649 via the MCP catalog');
    expect(same.advisories!.join(' ')).toMatch(/through the catalog only; older readers/);
    const differ = a4McpServerCard.evaluate({ probes: wellKnown404, catalog, live: live('shop', '2.1.0') }, ctx);
    expect(differ.status).toBe('pass');
    expect((differ.details as { disagreements: string[] }).disagreements).toEqual(['card serverInfo.name "store" vs live "shop"', 'card version "2.0.0" vs live serverInfo.version "2.1.0"']);
    expect(differ.advisories!.join(' ')).toMatch(/disagree/);
  });

  it('advises CORS and Cache-Control on the catalog, without failing on them', () => {
    const catalog = { probe: json(CATALOG, { specVersion: 'draft', entries: [entry(1)] }), cards: [{ entry: readMcpCatalog(json(CATALOG, { specVersion: 'draft', entries: [entry(1)] })).entries[0], probe: json('/s1/server-card', card, { 'access-control-allow-origin': '*' }) }], skipped: 0 };
    const o = a4McpServerCard.evaluate({ probes: wellKnown404, catalog }, ctx);
    expect(o.status).toBe('pass');
    const adv = o.advisories!.join(' ');
    expect(adv).toMatch(/No Access-Control-Allow-Origin: \* on \/\.well-known\/mcp\/catalog\.json/);
    expect(adv).toMatch(/No Cache-Control on \/\.well-known\/mcp\/catalog\.json/);
  });

  it('fails when the catalog lists no server card and no well-known card exists', () => {
    const catalog = { probe: json(CATALOG, { specVersion: 'draft', entries: [] }), cards: [], skipped: 0 };
    const o = a4McpServerCard.evaluate({ probes: wellKnown404, catalog }, ctx);
    expect(o).toMatchObject({ status: 'fail', code: 'A4/missing' });
    expect(o.data?.seenAll).toMatch(/catalog: 0 entries, 0 server card\(s\) fetched/);
  });
});

describe('the serverUrl variant (issue 23 point 4)', () => {
  it('is read as the endpoint and named as a known variant in the evidence', () => {
    const doc = { name: 'com.example/store', version: '1.0.0', serverUrl: 'https://example.com/mcp', capabilities: {} };
    expect(readMcpCard(doc)).toMatchObject({ endpoints: ['https://example.com/mcp'], variantKeys: ['serverUrl'] });
    const o = a4McpServerCard.evaluate({ probes: MCP_CARD_PATHS.map((p, i) => (i === 0 ? json(p, doc, { 'access-control-allow-origin': '*' }) : notFound(p))) }, ctx);
    expect(o.status).toBe('pass');
    expect(o.evidence).toContain('1 endpoint(s) (https://example.com/mcp) from "serverUrl" (a known variant)');
    expect(o.advisories!.join(' ')).toMatch(/"serverUrl", a known variant/);
    expect(readMcpCard({ name: 'x', version: '1', remotes: [{ url: 'https://e.example/mcp' }] }).variantKeys).toEqual([]);
  });
});

describe('A4 on a loopback site built the way the draft says', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<html></html>' },
      [CATALOG]: { headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=3600' }, body: JSON.stringify({ specVersion: 'draft', entries: [{ identifier: 'urn:air:corpus.dev:mcp:tools', displayName: 'Tools', type: CARD_TYPE, url: `${s.origin}/mcp/server-card` }] }) },
      '/mcp/server-card': (req, res) => {
        // Answers only a request for the card's media type.
        const ok = String(req.headers.accept ?? '') === CARD_TYPE;
        res.writeHead(ok ? 200 : 406, { 'content-type': ok ? CARD_TYPE : 'text/plain', 'access-control-allow-origin': '*' });
        res.end(ok ? JSON.stringify({ name: 'dev.corpus/tools', version: '1.0.0', remotes: [{ type: 'streamable-http', url: `${s.origin}/mcp` }], capabilities: { tools: {} } }) : 'not acceptable');
      },
      '/mcp': mcpRoute({ name: 'dev.corpus/tools', tools: ['lookup'] }),
    }));
  });
  afterAll(() => site.close());

  it('fetches the card the catalog names with Accept: application/mcp-server-card+json and probes its endpoint', async () => {
    const http = new HttpClient({ timeoutMs: 5000 });
    const page = await http.fetch(`${site.origin}/`, { accept: BROWSER_ACCEPT });
    const gctx = new GatherContext(new URL(page.url), site.origin, http, () => {}, page);
    const art = await a4McpServerCard.gather(gctx);
    const o = a4McpServerCard.evaluate(art, { origin: site.origin, pageUrl: page.url });
    expect(o).toMatchObject({ status: 'pass', code: 'A4/ok', details: { via: 'catalog', path: '/mcp/server-card' } });
    expect(o.details).toMatchObject({ live: { outcome: 'ok' } });
    expect(site.requests.filter((r) => r.path === '/mcp/server-card')).toHaveLength(1);
  });
});
