import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a10AiCatalog, ardEntryProblems } from '../../../src/core/checks/capabilities/a10-ai-catalog.js';
import { agentmapOf, chooseCatalog } from '../../../src/core/gather/ai-catalog.js';
import { parseRobots } from '../../../src/core/gather/robots.js';
import { GatherContext } from '../../../src/core/gather/context.js';
import { BROWSER_ACCEPT, HttpClient } from '../../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { ORIGIN, json, notFound, response, soft404 } from '../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const PATH = '/.well-known/ai-catalog.json';
const CORS = { 'access-control-allow-origin': '*' };
const entry = {
  identifier: 'urn:air:shop.example.com:mcp:orders',
  displayName: 'Orders MCP',
  type: 'application/mcp-server-card+json',
  url: 'https://shop.example.com/mcp',
  representativeQueries: ['where is my order', 'cancel my order'],
};

describe('A10 AI catalog / ARD', () => {
  it('passes the AI Card shape (agents[])', () => {
    const o = a10AiCatalog.evaluate({ probes: [json(PATH, { specVersion: '1.0', host: { name: 'Shop' }, agents: [{ cardUrl: `${ORIGIN}/.well-known/agent-card.json` }] }, CORS)] }, ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('AI Card catalog 1.0');
    expect(o.advisories ?? []).toEqual([]);
  });
  it('passes the ARD shape (entries[]) and validates entries', () => {
    const o = a10AiCatalog.evaluate({ probes: [json(PATH, { specVersion: '0.1', host: { displayName: 'Shop', identifier: 'shop.example.com' }, entries: [entry] }, CORS)] }, ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toMatch(/ARD manifest/);
    const bad = ardEntryProblems([{ ...entry, identifier: 'orders', data: {}, representativeQueries: ['one'] }]);
    expect(bad[0]).toMatch(/not urn:air/);
    expect(bad[0]).toMatch(/exactly one of url and data/);
    expect(bad[0]).toMatch(/2-5 queries/);
  });
  it('is partial when version, host or entries are missing, and lists advisories', () => {
    const o = a10AiCatalog.evaluate({ probes: [json(PATH, { host: { name: 'Shop' }, entries: [] })] }, ctx);
    expect(o.status).toBe('partial');
    expect(o).toMatchObject({ code: 'A10/incomplete', data: { missing: 'specVersion, a non-empty agents[] or entries[]' } });
    expect(o.advisories?.join(' ')).toMatch(/Access-Control-Allow-Origin/);
  });
  it('falls back to ard.json with an advisory', () => {
    const o = a10AiCatalog.evaluate({ probes: [notFound(PATH), json('/.well-known/ard.json', { specVersion: '1.0', host: { displayName: 'S', identifier: 's.example' }, entries: [entry] }, CORS)] }, ctx);
    expect(o.status).toBe('pass');
    expect(o.advisories?.join(' ')).toMatch(/found at \/\.well-known\/ard\.json/);
  });
  it('fails when absent, on soft 404s and on non-JSON', () => {
    expect(a10AiCatalog.evaluate({ probes: [notFound(PATH), notFound('/.well-known/ard.json')] }, ctx).status).toBe('fail');
    expect(a10AiCatalog.evaluate({ probes: [soft404(PATH), soft404('/.well-known/ard.json')] }, ctx).code).toBe('A10/missing');
    const garbage = response({ url: PATH, headers: { 'content-type': 'application/json' }, body: 'specVersion=1' });
    expect(a10AiCatalog.evaluate({ probes: [garbage] }, ctx).status).toBe('fail');
  });
  it('fix guide publishes the file with CORS', () => {
    const steps = a10AiCatalog.fixGuide({ origin: ORIGIN, platform: null, hosting: ['express'] });
    expect(steps.some((s) => s.code?.includes('Access-Control-Allow-Origin') && s.code.includes('app.get'))).toBe(true);
  });
  it('an entry type that is not a media type, or not one ARD knows, is an advisory (Lighthouse warns on it)', () => {
    const [notMedia] = ardEntryProblems([{ ...entry, type: 'mcp' }]);
    expect(notMedia).toMatch(/^entries\[0\]: type "mcp" is not a media type/);
    expect(ardEntryProblems([{ ...entry, type: 'application/x-tool+json' }])[0]).toMatch(/not one of ARD's discovery types/);
    for (const type of ['application/mcp-server-card+json', 'application/a2a-agent-card+json', 'text/markdown; profile="urn:air:agent-skills"']) {
      expect(ardEntryProblems([{ ...entry, type }]), type).toEqual([]);
    }
  });
});

describe('A10 fix guide, applied (the catalog it writes passes A10)', () => {
  const J = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
  /** The catalog and the robots.txt line the guide tells the site to publish. */
  function guide(origin: string, found: { mcpCard?: string | null; agentCard?: string | null }) {
    const steps = a10AiCatalog.fixGuide({ origin, platform: null, hosting: [], found });
    const catalog = JSON.parse(steps.find((s) => s.title.includes(PATH))!.code!) as { entries: Array<Record<string, unknown>>; agents?: unknown };
    const agentmap = steps.find((s) => s.code?.startsWith('Agentmap:'))!.code!.split('\n')[0];
    return { catalog, agentmap };
  }
  let sites: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
  });

  async function scanWithGuide(found: (origin: string) => { mcpCard?: string | null; agentCard?: string | null }) {
    let written: ReturnType<typeof guide> | null = null;
    const site = await startFixture((s) => {
      written = guide(s.origin, found(s.origin));
      return {
        '/': { headers: { 'content-type': 'text/html' }, body: '<html><head><title>Shop</title></head><body></body></html>' },
        '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: `User-agent: *\nAllow: /\n\n${written.agentmap}\n` },
        [PATH]: { headers: J, body: JSON.stringify(written.catalog) },
      };
    });
    sites.push(site);
    const http = new HttpClient({ timeoutMs: 5000 });
    const page = await http.fetch(`${site.origin}/`, { accept: BROWSER_ACCEPT });
    const gctx = new GatherContext(new URL(page.url), site.origin, http, () => {}, page);
    const outcome = a10AiCatalog.evaluate(await a10AiCatalog.gather(gctx), { origin: site.origin, pageUrl: page.url });
    return { outcome, catalog: written!.catalog, origin: site.origin };
  }

  it('both cards found: two entries typed by their media types, and A10 passes without advisories', async () => {
    const { outcome, catalog, origin } = await scanWithGuide((o) => ({ mcpCard: `${o}/mcp/server-card`, agentCard: `${o}/.well-known/agent-card.json` }));
    expect(catalog.entries.map((e) => [e.type, e.url])).toEqual([
      ['application/mcp-server-card+json', `${origin}/mcp/server-card`],
      ['application/a2a-agent-card+json', `${origin}/.well-known/agent-card.json`],
    ]);
    // ARD's manifest schema has no other top-level member: no AI Card agents[] beside entries[].
    expect(catalog.agents).toBeUndefined();
    expect(ardEntryProblems(catalog.entries)).toEqual([]);
    expect(outcome).toMatchObject({ status: 'pass', code: 'A10/ok', details: { via: 'robots-agentmap', entries: 2, agents: 0 } });
    expect(outcome.advisories ?? []).toEqual([]);
  });

  it('neither card found: both entries are shown as what to publish first', () => {
    const { catalog } = guide(ORIGIN, { mcpCard: null, agentCard: null });
    expect(catalog.entries.map((e) => e.type)).toEqual(['application/mcp-server-card+json', 'application/a2a-agent-card+json']);
    expect(a10AiCatalog.fixGuide({ origin: ORIGIN, platform: null, hosting: [], found: { mcpCard: null, agentCard: null } }).some((s) => s.title === 'Publish the cards first')).toBe(true);
  });

  it('only the A2A card found: the catalog lists it alone, and A10 passes', async () => {
    const { outcome, catalog } = await scanWithGuide((o) => ({ mcpCard: null, agentCard: `${o}/.well-known/agent-card.json` }));
    expect(catalog.entries.map((e) => e.type)).toEqual(['application/a2a-agent-card+json']);
    expect(outcome).toMatchObject({ status: 'pass', code: 'A10/ok', details: { entries: 1 } });
    expect(outcome.advisories ?? []).toEqual([]);
  });
});

describe('A10 leniency (issue 23 point 6)', () => {
  it('an ARD manifest whose host lacks displayName/identifier and whose entries lack identifier is partial, not pass', () => {
    const entries = Array.from({ length: 8 }, (_, i) => ({ displayName: `Tool ${i}`, type: 'mcp', url: `https://shop.example.com/t${i}`, representativeQueries: ['a', 'b'] }));
    const o = a10AiCatalog.evaluate({ probes: [json(PATH, { specVersion: '1.0', host: { name: 'Shop' }, entries }, CORS)] }, ctx);
    expect(o).toMatchObject({ status: 'partial', code: 'A10/incomplete' });
    expect(o.data?.missing).toBe('host.displayName, host.identifier, identifier on 8 of 8 entries');
  });
});

describe('A10 discovery in Lighthouse\'s order (issue 20 point 3)', () => {
  let site: FixtureSite;
  let only: FixtureSite;
  const ard = (name: string) => JSON.stringify({ specVersion: '1.0', host: { displayName: name, identifier: 'corpus.dev' }, entries: [entry] });
  const J = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
  beforeAll(async () => {
    // Every signal present, each naming another catalog: the Agentmap one must win.
    site = await startFixture(() => ({
      '/': { headers: { 'content-type': 'text/html', link: '</from-header.json>; rel="ai-catalog"' }, body: '<html><head><link rel="ai-catalog" href="/from-html.json"></head><body></body></html>' },
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n\nAgentmap: /from-robots.json\n' },
      '/from-robots.json': { headers: J, body: ard('robots') },
      '/from-html.json': { headers: J, body: ard('html') },
      '/from-header.json': { headers: J, body: ard('header') },
      [PATH]: { headers: J, body: ard('well-known') },
    }));
    // Only the Link header names it, at a path that is not the well-known one.
    only = await startFixture(() => ({
      '/': { headers: { 'content-type': 'text/html', link: '</catalogs/ai.json>; rel=ai-catalog' }, body: '<html><body></body></html>' },
      '/catalogs/ai.json': { headers: J, body: ard('header') },
    }));
  });
  afterAll(async () => {
    await Promise.all([site.close(), only.close()]);
  });

  async function run(s: FixtureSite) {
    const http = new HttpClient({ timeoutMs: 5000 });
    const page = await http.fetch(`${s.origin}/`, { accept: BROWSER_ACCEPT });
    const gctx = new GatherContext(new URL(page.url), s.origin, http, () => {}, page);
    return a10AiCatalog.evaluate(await a10AiCatalog.gather(gctx), { origin: s.origin, pageUrl: page.url });
  }

  it('robots.txt Agentmap comes first, and the evidence says which signal led to the catalog', async () => {
    const o = await run(site);
    expect(o).toMatchObject({ status: 'pass', details: { via: 'robots-agentmap', host: 'robots' } });
    expect(o.evidence).toContain('(found via robots.txt Agentmap)');
  });

  it('a catalog named only by the Link header is found (no longer A10/missing)', async () => {
    const o = await run(only);
    expect(o).toMatchObject({ status: 'pass', details: { via: 'link-header', url: `${only.origin}/catalogs/ai.json` } });
    expect(only.requests.some((r) => r.path === PATH)).toBe(false);
  });

  it('chooses in Lighthouse\'s order: Agentmap, link element, Link header, well-known', () => {
    const o = 'https://s.example';
    expect(chooseCatalog({ agentmap: null, htmlLink: `${o}/h`, linkHeader: `${o}/l` }, o)).toEqual({ url: `${o}/h`, via: 'html-link' });
    expect(chooseCatalog({ agentmap: null, htmlLink: null, linkHeader: `${o}/l` }, o)).toEqual({ url: `${o}/l`, via: 'link-header' });
    expect(chooseCatalog({ agentmap: null, htmlLink: null, linkHeader: null }, o)).toEqual({ url: `${o}${PATH}`, via: 'well-known' });
    expect(agentmapOf('User-agent: *\nDisallow:\nagentmap:   https://cdn.example/c.json  \n', o)).toBe('https://cdn.example/c.json');
    expect(agentmapOf('Agentmap: javascript:alert(1)\n', o)).toBeNull();
    // D1 counts an Agentmap line as a known robots.txt field, not an invalid line.
    expect(parseRobots(response({ url: '/robots.txt', headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\nAgentmap: /c.json\n' }), o).invalidLines).toBe(0);
  });
});
