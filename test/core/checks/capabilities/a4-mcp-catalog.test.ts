/**
 * A4 follows the newest server-card draft (modelcontextprotocol/experimental-ext-server-card
 * docs/discovery.md at 8924e08, 2026-07-24): server-card entries of the site's catalogs (ARD's
 * ard.json, the AI Catalog's ai-catalog.json, the removed /.well-known/mcp/catalog.json), by `url`
 * or inline `data`; cards fetched with their media type (capped); entry members as findings; card
 * vs live serverInfo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a4McpServerCard, MCP_CARD_PATHS, readMcpCard } from '../../../../src/core/checks/capabilities/a4-mcp-server-card.js';
import { MAX_CATALOG_CARDS, MCP_URN_RE, fetchCatalogCards, type McpCatalogArtifact } from '../../../../src/core/gather/mcp-catalog.js';
import { entriesOf, readCatalogs } from '../../../../src/core/gather/catalog-reader.js';
import { GatherContext } from '../../../../src/core/gather/context.js';
import { BROWSER_ACCEPT, HttpClient, type FetchResult } from '../../../../src/core/net/http.js';
import type { McpProbeResult } from '../../../../src/core/gather/mcp-probe.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { mcpRoute } from '../../../fixtures/sites.mjs';
import { ORIGIN, json, notFound, response } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
/** The advisory codes of an outcome, in order. */
const noted = (o: { advisoryFindings?: Array<{ code: string }> }) => (o.advisoryFindings ?? []).map((a) => a.code);
const CARD_TYPE = 'application/mcp-server-card+json';
const AI = '/.well-known/ai-catalog.json';
const ARD = '/.well-known/ard.json';
const REMOVED = '/.well-known/mcp/catalog.json';
const SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
const CATALOG_HEADERS = { 'content-type': 'application/ai-catalog+json', 'access-control-allow-origin': '*' };
const card = {
  $schema: SCHEMA,
  name: 'dev.test-fixture.site/store',
  version: '2.0.0',
  description: 'Orders and products',
  remotes: [{ type: 'streamable-http', url: `${ORIGIN}/mcp` }],
};
const entry = (i: number) => ({ identifier: `urn:air:test-fixture.dev:mcp:s${i}`, type: CARD_TYPE, url: `${ORIGIN}/s${i}/server-card` });
const wellKnown404 = MCP_CARD_PATHS.map((p) => notFound(p));
const live = (name: string, version: string): McpProbeResult => ({
  endpoint: `${ORIGIN}/mcp`,
  outcome: 'ok',
  serverName: name,
  serverVersion: version,
  protocolVersion: '2025-06-18',
  sessionIssued: true,
  toolCount: 1,
  toolNames: ['a'],
  failure: null,
  wwwAuthenticate: null,
  exchanges: [{ rpc: 'initialize', probe: response({ url: '/mcp', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }) }],
});
const NO_SIGNALS = { agentmap: null, htmlLink: null, linkHeader: null };

/** The catalogs a site serves (path -> answer), read as the scan reads them, and the cards they name. */
async function catalogOf(served: Record<string, FetchResult>, cards: Record<string, FetchResult> = {}, signals = NO_SIGNALS): Promise<McpCatalogArtifact> {
  const read = await readCatalogs(signals, ORIGIN, async (c) => served[new URL(c.url).pathname] ?? notFound(new URL(c.url).pathname));
  return fetchCatalogCards(read, async (url) => cards[new URL(url).pathname] ?? notFound(new URL(url).pathname));
}
const cardAt = (path: string, doc: unknown = card) => json(path, doc, { 'content-type': CARD_TYPE, 'access-control-allow-origin': '*' });

describe('the catalog reader', () => {
  it('takes urn:air identifiers with any number of namespace parts, and refuses other shapes', () => {
    for (const ok of ['urn:air:example.com:weather', 'urn:air:example.com:tools:weather', 'urn:air:example.com:finance:agent:x', 'urn:air:127.0.0.1:ai-ready'])
      expect(MCP_URN_RE.test(ok), ok).toBe(true);
    for (const bad of ['store', 'urn:air:weather', 'urn:air:example.com:', 'urn:other:example.com:weather']) expect(MCP_URN_RE.test(bad), bad).toBe(false);
  });

  it('types every entry by its media type, resolves relative urls, and keeps inline data', async () => {
    const read = await readCatalogs(NO_SIGNALS, ORIGIN, async (c) =>
      c.url.endsWith(AI)
        ? json(AI, {
            specVersion: '1.0',
            entries: [
              { identifier: 'a', type: CARD_TYPE, url: '/mcp/server-card' },
              { identifier: 'b', type: 'application/a2a-agent-card+json', url: 'https://example.com/x' },
              { identifier: 'c', type: CARD_TYPE, data: card },
              { identifier: 'd', type: 'application/agent-skills+json', url: '/skills.json' },
            ],
          })
        : notFound(new URL(c.url).pathname),
    );
    expect(read.documents.map((d) => d.at.name)).toEqual(['ai-catalog']);
    expect(read.documents[0].entries.map((e) => e.kind)).toEqual(['mcp-server-card', 'a2a-agent-card', 'mcp-server-card', 'agent-skills']);
    expect(read.documents[0].entries[0].url).toBe(`${ORIGIN}/mcp/server-card`);
    expect(entriesOf(read, 'mcp-server-card').map(({ entry: e }) => [e.identifier, !!e.data])).toEqual([
      ['a', false],
      ['c', true],
    ]);
  });

  it(`fetches at most ${MAX_CATALOG_CARDS} cards, each once, with the card media type`, async () => {
    const entries = [...Array.from({ length: 12 }, (_, i) => entry(i)), entry(0)];
    const asked: string[] = [];
    const read = await readCatalogs(NO_SIGNALS, ORIGIN, async (c) => (c.url.endsWith(AI) ? json(AI, { specVersion: '1.0', entries }) : notFound('/x')));
    const got = await fetchCatalogCards(read, async (url) => (asked.push(url), notFound(new URL(url).pathname)));
    expect(asked).toHaveLength(MAX_CATALOG_CARDS);
    expect(new Set(asked).size).toBe(MAX_CATALOG_CARDS);
    expect(got.skipped).toBe(12 - MAX_CATALOG_CARDS);
  });

  it('uses no well-known catalog that redirected to another site', async () => {
    const moved = response({
      url: AI,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ specVersion: '1.0', entries: [entry(1)] }),
      redirects: ['https://elsewhere.example.net/ai.json'],
    });
    const got = await catalogOf({ [AI]: moved });
    expect(got.catalogs.documents[0].offSite).toBe(true);
    expect(got.cards).toEqual([]);
  });
});

describe('A4 through the catalogs', () => {
  it('passes a card named by /.well-known/ai-catalog.json (url entry), and says where card and live serverInfo disagree', async () => {
    const catalog = await catalogOf(
      { [AI]: json(AI, { specVersion: '1.0', entries: [entry(1)] }, CATALOG_HEADERS) },
      { '/s1/server-card': cardAt('/s1/server-card') },
    );
    const same = a4McpServerCard.evaluate({ probes: wellKnown404, catalog, live: live('store', '2.0.0') }, ctx);
    expect(same).toMatchObject({
      status: 'pass',
      code: 'A4/ok',
      details: {
        via: 'catalog',
        disagreements: [],
        url: `${ORIGIN}/s1/server-card`,
        catalog: { name: 'ai-catalog', entries: 1, cardEntries: 1, cardsRead: 1, inline: false },
        schemaProblems: [],
      },
    });
    expect(same.matched).toBe('MCP server card SEP-2127 via /.well-known/ai-catalog.json');
    expect(same.evidence).toContain('card /s1/server-card via /.well-known/ai-catalog.json (1 server-card entry(ies) in catalogs, 1 card(s) read)');
    expect(same.data).toMatchObject({ cardAt: '/s1/server-card', via: AI, cardEntries: 1, cardsRead: 1, liveOutcome: 'ok', liveRpcs: 'initialize' });
    // displayName: optional in the MCP draft and the AI Catalog, required by ARD: said, not scored.
    expect(same.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'A4/entry-no-display-name', data: { entry: 0 } }));
    const differ = a4McpServerCard.evaluate({ probes: wellKnown404, catalog, live: live('dev.test-fixture.site/store', '2.1.0') }, ctx);
    expect(differ.status).toBe('pass');
    expect((differ.details as { disagreements: string[] }).disagreements).toEqual(['card version "2.0.0" vs live serverInfo.version "2.1.0"']);
  });

  it("passes an inline card (entry data), and the same catalog under ARD's name, naming the readers that look elsewhere", async () => {
    const inline = { identifier: 'urn:air:test-fixture.dev:mcp:inline', displayName: 'Inline', type: CARD_TYPE, data: card };
    const viaAi = a4McpServerCard.evaluate(
      { probes: wellKnown404, catalog: await catalogOf({ [AI]: json(AI, { specVersion: '1.0', entries: [inline] }, CATALOG_HEADERS) }) },
      ctx,
    );
    expect(viaAi).toMatchObject({ status: 'pass', code: 'A4/ok', details: { path: `${AI} entries[0].data`, catalog: { inline: true } } });
    expect(viaAi.evidence).toContain(`GET ${AI} → 200 application/ai-catalog+json`);
    expect(viaAi.evidence).toContain(`card ${AI} entries[0].data via ${AI}`);
    const viaArd = a4McpServerCard.evaluate(
      { probes: wellKnown404, catalog: await catalogOf({ [ARD]: json(ARD, { entries: [inline] }, { 'access-control-allow-origin': '*' }) }) },
      ctx,
    );
    expect(viaArd).toMatchObject({ status: 'pass', code: 'A4/ok', details: { catalog: { name: 'ard' } } });
    expect(viaArd.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'A4/not-in-ai-catalog', data: { catalogs: ARD } }));
    expect(viaArd.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'A4/ard-no-spec-version', data: { catalog: ARD } }));
  });

  it('a card found only through the removed /.well-known/mcp/catalog.json still counts, with a finding naming the replacement', async () => {
    const catalog = await catalogOf(
      { [REMOVED]: json(REMOVED, { specVersion: 'draft', entries: [{ ...entry(1), displayName: 'S1' }] }, { 'access-control-allow-origin': '*' }) },
      { '/s1/server-card': cardAt('/s1/server-card') },
    );
    const o = a4McpServerCard.evaluate({ probes: wellKnown404, catalog }, ctx);
    expect(o).toMatchObject({ status: 'pass', code: 'A4/removed-location' });
    expect(o.evidence).toMatch(
      /found only through \/\.well-known\/mcp\/catalog\.json, which the server-card draft removed on 2026-07-20 \(commit 1491bd2.*read \/\.well-known\/ai-catalog\.json \(served as application\/ai-catalog\+json\) instead/,
    );
    // Beside a current catalog, the removed one is an advisory only.
    const both = await catalogOf(
      { [AI]: json(AI, { specVersion: '1.0', entries: [entry(1)] }, CATALOG_HEADERS), [REMOVED]: json(REMOVED, { specVersion: 'draft', entries: [entry(1)] }) },
      { '/s1/server-card': cardAt('/s1/server-card') },
    );
    const current = a4McpServerCard.evaluate({ probes: wellKnown404, catalog: both }, ctx);
    expect(current).toMatchObject({ status: 'pass', code: 'A4/ok' });
    expect(noted(current)).toContain('A4/removed-catalog-too');
  });

  it("entry members: identifier, type (not the older mediaType), exactly one of url and data, and the AI Catalog's specVersion", async () => {
    const catalog = await catalogOf(
      {
        [AI]: json(
          AI,
          {
            entries: [
              { type: CARD_TYPE, url: `${ORIGIN}/s1/server-card`, data: card },
              { identifier: 'urn:air:t.dev:mcp:x', mediaType: 'application/mcp-server+json', url: `${ORIGIN}/s2/server-card` },
            ],
          },
          CATALOG_HEADERS,
        ),
      },
      { '/s2/server-card': cardAt('/s2/server-card') },
    );
    const o = a4McpServerCard.evaluate({ probes: wellKnown404, catalog }, ctx);
    expect(o).toMatchObject({ status: 'partial', code: 'A4/catalog-incomplete' });
    expect(o.findings!.map((f) => f.code)).toEqual(['A4/catalog-no-spec-version', 'A4/entry-no-identifier', 'A4/entry-url-or-data', 'A4/entry-media-type']);
    expect(o.findings?.[2]).toMatchObject({ code: 'A4/entry-url-or-data', data: { catalog: AI, entry: 0, has: 'both' } });
  });

  it('a catalog whose card entries all fail to read is partial, and each entry is named with what the parse found', async () => {
    const catalog = await catalogOf({
      [AI]: json(AI, { specVersion: '1.0', entries: [entry(1), { identifier: 'urn:air:t.dev:mcp:n', type: CARD_TYPE }] }, CATALOG_HEADERS),
    });
    const o = a4McpServerCard.evaluate({ probes: wellKnown404, catalog }, ctx);
    expect(o).toMatchObject({ status: 'partial', code: 'A4/catalog-card-missing' });
    expect(o.evidence).toContain('(catalog: 2 entry(ies), 2 server-card entry(ies))');
    expect(o.findings?.map((f) => f.code)).toEqual(['A4/seen-catalog', 'A4/seen', 'A4/entry-neither']);
    expect(o.evidence).toContain('GET /s1/server-card → 404');
    expect(o.evidence).toContain('/.well-known/ai-catalog.json entries[1] has neither url nor data');
    // Never "N server card(s) fetched" beside "none could be read".
    expect(o.evidence).not.toMatch(/fetched/);
  });

  it('fails when the catalog lists no server card and no well-known card exists, with the counts the parse gives', async () => {
    const catalog = await catalogOf({ [AI]: json(AI, { specVersion: '1.0', entries: [] }, CATALOG_HEADERS) });
    const o = a4McpServerCard.evaluate({ probes: wellKnown404, catalog }, ctx);
    expect(o).toMatchObject({ status: 'fail', code: 'A4/missing' });
    expect(o.evidence).toContain('(catalog: 0 entry(ies), 0 server-card entry(ies))');
    expect(o.findings?.[0]).toMatchObject({ code: 'A4/seen-catalog', data: { entries: 0, cardEntries: 0 } });
  });
});

describe('a catalog entry naming a card on another host, beside a well-known card (issue 37)', () => {
  const OTHER = 'https://mcp.elsewhere.example';
  const elsewhere = { identifier: 'urn:air:test-fixture.dev:mcp:remote', type: CARD_TYPE, url: `${OTHER}/server-card.json` };
  const wellKnownCard = MCP_CARD_PATHS.map((p, i) => (i === 0 ? cardAt(p) : notFound(p)));
  const blocked: FetchResult = {
    ...notFound('/server-card.json'),
    requestedUrl: `${OTHER}/server-card.json`,
    url: `${OTHER}/server-card.json`,
    status: null,
    error: { code: 'blocked', message: 'not sent: mcp.elsewhere.example is another site than the one scanned, and its live-probe budget is spent' },
  };

  it('names the entry, its host and what its URL answered; never says the card is not listed', async () => {
    const catalog = await fetchCatalogCards(
      await readCatalogs(NO_SIGNALS, ORIGIN, async (c) =>
        c.url.endsWith(AI) ? json(AI, { specVersion: '1.0', entries: [elsewhere] }, CATALOG_HEADERS) : notFound(new URL(c.url).pathname),
      ),
      async () => blocked,
    );
    const o = a4McpServerCard.evaluate({ probes: wellKnownCard, catalog }, ctx);
    expect(o).toMatchObject({ status: 'pass', code: 'A4/ok', details: { via: 'well-known', path: MCP_CARD_PATHS[0] } });
    expect(noted(o)).not.toContain('A4/well-known-only');
    const note = o.advisoryFindings?.find((a) => a.code === 'A4/catalog-entry-elsewhere');
    expect(note?.data).toEqual({ path: MCP_CARD_PATHS[0] });
    expect(note?.text).toContain('The catalog lists other cards');
    const entry = o.advisoryFindings?.find((a) => a.code === 'A4/elsewhere-not-read');
    expect(entry?.data).toEqual({ catalog: AI, entry: 0, target: `${OTHER}/server-card.json`, error: blocked.error!.message });
    expect(entry?.text).toBe(`${AI} entries[0] names ${OTHER}/server-card.json, not read (${blocked.error!.message}).`);
    expect(JSON.stringify(o)).not.toMatch(/list it in/);
  });

  it('a date-versioned $schema is told the full v1 URL', () => {
    const dated = { ...card, $schema: 'https://static.modelcontextprotocol.io/schemas/2025-11-25/server-card.schema.json' };
    const o = a4McpServerCard.evaluate({ probes: MCP_CARD_PATHS.map((p, i) => (i === 0 ? cardAt(p, dated) : notFound(p))), catalog: null }, ctx);
    expect(o.code).toBe('A4/schema-invalid');
    expect(o.evidence).toContain(`is date-versioned: schema URLs are versioned by vN, not by date; write ${SCHEMA}`);
  });

  it('with no catalog entry at all, the well-known card still gets the advice to list it', () => {
    const o = a4McpServerCard.evaluate({ probes: wellKnownCard, catalog: null }, ctx);
    expect(noted(o)).toContain('A4/well-known-only');
    expect(noted(o)).not.toContain('A4/catalog-entry-elsewhere');
  });
});

describe('A4 follows a catalog entry to another loopback host (issue 37)', () => {
  let site: FixtureSite;
  let other: FixtureSite;
  beforeAll(async () => {
    // The other host serves a card without remotes (incomplete), so the site's well-known card is judged.
    other = await startFixture({
      '/card.json': { headers: { 'content-type': CARD_TYPE }, body: JSON.stringify({ $schema: SCHEMA, name: 'dev.other/tools', version: '1.0.0' }) },
    });
    site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<html></html>' },
      [AI]: {
        headers: CATALOG_HEADERS,
        body: JSON.stringify({
          specVersion: '1.0',
          entries: [{ identifier: 'urn:air:corpus.dev:mcp:other', type: CARD_TYPE, url: `${other.origin}/card.json` }],
        }),
      },
      [MCP_CARD_PATHS[0]]: {
        headers: { 'content-type': CARD_TYPE, 'access-control-allow-origin': '*' },
        body: JSON.stringify({ ...card, remotes: [{ type: 'streamable-http', url: `${s.origin}/mcp` }] }),
      },
      '/mcp': mcpRoute({ name: 'dev.test-fixture.site/store', tools: ['lookup'] }),
    }));
  });
  afterAll(async () => {
    await site.close();
    await other.close();
  });

  it('fetches the entry once and says what it held, naming the other host', async () => {
    const http = new HttpClient({ timeoutMs: 5000 });
    const page = await http.fetch(`${site.origin}/`, { accept: BROWSER_ACCEPT });
    const gctx = new GatherContext(new URL(page.url), site.origin, http, () => {}, page);
    const o = a4McpServerCard.evaluate(await a4McpServerCard.gather(gctx), { origin: site.origin, pageUrl: page.url });
    expect(o).toMatchObject({ status: 'pass', code: 'A4/ok', details: { via: 'well-known' } });
    expect(other.requests.filter((r) => r.path === '/card.json')).toHaveLength(1);
    const note = o.advisoryFindings?.find((a) => a.code === 'A4/elsewhere-incomplete');
    expect(note?.text).toBe(`${AI} entries[0] names ${other.origin}/card.json, read (HTTP 200), but it is not a complete card (name and an endpoint).`);
    expect(noted(o)).not.toContain('A4/well-known-only');
  });
});

describe('the serverUrl variant (issue 23 point 4, issue 28 point 3)', () => {
  const base = { $schema: SCHEMA, name: 'com.example/store', version: '1.0.0', description: 'Store' };
  const evaluate = (doc: unknown) =>
    a4McpServerCard.evaluate({ probes: MCP_CARD_PATHS.map((p, i) => (i === 0 ? json(p, doc, { 'access-control-allow-origin': '*' }) : notFound(p))) }, ctx);
  it('is read as the endpoint and named as a known variant when it is the only one', () => {
    const doc = { ...base, serverUrl: 'https://example.com/mcp' };
    expect(readMcpCard(doc)).toMatchObject({ endpoints: ['https://example.com/mcp'], variantKeys: ['serverUrl'] });
    const o = evaluate(doc);
    expect(o.evidence).toContain('0 remote(s), 1 endpoint(s) (https://example.com/mcp)');
    expect(noted(o)).toContain('A4/server-url-variant');
  });
  it('never asks for remotes[].url on a card that has it', () => {
    const o = evaluate({ ...base, serverUrl: 'https://example.com/mcp', remotes: [{ type: 'streamable-http', url: 'https://example.com/mcp' }] });
    expect(noted(o)).not.toContain('A4/server-url-variant');
    expect(o.evidence).toContain('1 remote(s), 1 endpoint(s) (https://example.com/mcp)');
  });
});

describe('A4 on a loopback site built the way the newest draft says', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<html></html>' },
      [AI]: {
        headers: CATALOG_HEADERS,
        body: JSON.stringify({
          specVersion: '1.0',
          entries: [{ identifier: 'urn:air:corpus.dev:mcp:tools', type: CARD_TYPE, url: `${s.origin}/mcp/server-card` }],
        }),
      },
      '/mcp/server-card': (req, res) => {
        // Answers only a request for the card's media type.
        const ok = String(req.headers.accept ?? '') === CARD_TYPE;
        res.writeHead(ok ? 200 : 406, { 'content-type': ok ? CARD_TYPE : 'text/plain', 'access-control-allow-origin': '*' });
        res.end(
          ok
            ? JSON.stringify({
                $schema: SCHEMA,
                name: 'dev.corpus/tools',
                version: '1.0.0',
                description: 'Corpus tools',
                remotes: [{ type: 'streamable-http', url: `${s.origin}/mcp` }],
              })
            : 'not acceptable',
        );
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
    expect(site.requests.filter((r) => r.path === AI)).toHaveLength(1);
  });
});

describe('A4 fix guide, applied on a loopback site (issue 27.5)', () => {
  let site: FixtureSite;
  let steps: ReturnType<typeof a4McpServerCard.fixGuide> = [];
  beforeAll(async () => {
    site = await startFixture((s) => {
      steps = a4McpServerCard.fixGuide({ origin: s.origin, platform: null, hosting: [] });
      const file = (path: string) => steps.find((x) => x.title === `Publish ${path}`)!.code!;
      const headers = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=3600' };
      return {
        '/': { headers: { 'content-type': 'text/html' }, body: '<html><head><title>Shop</title></head><body></body></html>' },
        // Exactly what the guide writes, with the content types it names.
        [AI]: { headers: { ...headers, 'content-type': 'application/ai-catalog+json' }, body: file(AI) },
        '/mcp/server-card': { headers: { ...headers, 'content-type': CARD_TYPE }, body: file('/mcp/server-card') },
        // The owner's own server, which the guide presumes.
        '/mcp': mcpRoute({ name: 'com.example/mcp' }),
      };
    });
  });
  afterAll(() => site.close());

  it('a site serving exactly what the guide writes passes A4, and A10 reads the same catalog', async () => {
    const http = new HttpClient({ timeoutMs: 5000 });
    const page = await http.fetch(`${site.origin}/`, { accept: BROWSER_ACCEPT });
    const gctx = new GatherContext(new URL(page.url), site.origin, http, () => {}, page);
    const o = a4McpServerCard.evaluate(await a4McpServerCard.gather(gctx), { origin: site.origin, pageUrl: page.url });
    expect(o).toMatchObject({ status: 'pass', code: 'A4/ok', details: { via: 'catalog', schemaProblems: [], retired: [], catalog: { name: 'ai-catalog' } } });
    const { a10AiCatalog } = await import('../../../../src/core/checks/capabilities/a10-ai-catalog.js');
    const a10 = a10AiCatalog.evaluate(await a10AiCatalog.gather(gctx), { origin: site.origin, pageUrl: page.url });
    expect(a10).toMatchObject({ status: 'pass', code: 'A10/legacy-location' });
    // The guide never teaches the removed location.
    expect(steps.map((x) => `${x.title} ${x.body} ${x.code ?? ''}`).join('\n')).not.toContain(REMOVED);
  });
});

describe('the engine starts the handshake from the prefetched catalogs, and the checks reuse it', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<html><head><title>Shop</title></head><body></body></html>' },
      [AI]: {
        headers: CATALOG_HEADERS,
        body: JSON.stringify({
          specVersion: '1.0',
          entries: [{ identifier: 'urn:air:corpus.dev:mcp:tools', type: CARD_TYPE, url: `${s.origin}/mcp/server-card` }],
        }),
      },
      '/mcp/server-card': {
        headers: { 'content-type': CARD_TYPE, 'access-control-allow-origin': '*' },
        body: JSON.stringify({
          $schema: SCHEMA,
          name: 'dev.corpus/tools',
          version: '1.0.0',
          description: 'Corpus tools',
          remotes: [{ type: 'streamable-http', url: `${s.origin}/mcp` }],
        }),
      },
      '/mcp': mcpRoute({ name: 'dev.corpus/tools' }),
    }));
  });
  afterAll(() => site.close());

  it('each catalog, the card and initialize are sent once per scan (A3, A4, A10 all read them)', async () => {
    const { scan } = await import('../../../../src/core/scan.js');
    const r = await scan(site.origin, { only: ['A3', 'A4', 'A10'], timeoutMs: 5000, deadlineMs: 20_000 });
    expect(r.checks.find((c) => c.id === 'A4')).toMatchObject({ status: 'pass', code: 'A4/ok' });
    const count = (path: string, method = 'GET') => site.requests.filter((q) => q.path === path && q.method === method).length;
    expect(count(AI)).toBe(1);
    expect(count(ARD)).toBe(1);
    expect(count(REMOVED)).toBe(1);
    expect(count('/mcp/server-card')).toBe(1);
    // One handshake: initialize, notifications/initialized, tools/list (a second probe would double them).
    expect(count('/mcp', 'POST')).toBe(3);
  });
});
