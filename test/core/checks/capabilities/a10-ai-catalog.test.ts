import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { a10AiCatalog, ardEntryProblems } from '../../../../src/core/checks/capabilities/a10-ai-catalog.js';
import { agentmapOf, catalogCandidates, lighthouseShippedUrl } from '../../../../src/core/gather/ai-catalog.js';
import { parseRobots } from '../../../../src/core/gather/robots.js';
import { GatherContext } from '../../../../src/core/gather/context.js';
import { BROWSER_ACCEPT, HttpClient } from '../../../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { ORIGIN, json, notFound, response, soft404 } from '../../../helpers/responses.js';
import { proseInData } from '../../../helpers/data-prose.js';
import type { CheckResult } from '../../../../src/core/schema.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
/** The advisory codes of an outcome, in order. */
const noted = (o: { advisoryFindings?: Array<{ code: string }> }) => (o.advisoryFindings ?? []).map((a) => a.code);
const PATH = '/.well-known/ard.json';
const LEGACY = '/.well-known/ai-catalog.json';
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
    const o = a10AiCatalog.evaluate(
      { probes: [json(PATH, { specVersion: '1.0', host: { displayName: 'Shop' }, agents: [{ cardUrl: `${ORIGIN}/.well-known/agent-card.json` }] }, CORS)] },
      ctx,
    );
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('AI Card catalog 1.0');
    expect(noted(o)).toEqual([]);
  });
  it('passes the ARD shape (entries[]) and validates entries', () => {
    const o = a10AiCatalog.evaluate(
      { probes: [json(PATH, { specVersion: '0.1', host: { displayName: 'Shop', identifier: 'shop.example.com' }, entries: [entry] }, CORS)] },
      ctx,
    );
    expect(o.status).toBe('pass');
    expect(o.matched).toMatch(/ARD manifest/);
    const bad = ardEntryProblems([{ ...entry, identifier: 'orders', data: {}, representativeQueries: ['one'] }]);
    expect(bad).toEqual([{ index: 0, problems: [{ kind: 'identifier-not-urn', value: 'orders' }, { kind: 'url-or-data' }, { kind: 'queries-count' }] }]);
    // As an advisory, in the check's words.
    const withProblems = a10AiCatalog.evaluate(
      { probes: [json(PATH, { specVersion: '1.0', entries: [{ ...entry, identifier: 'orders', data: {}, representativeQueries: ['one'] }, 'x'] }, CORS)] },
      ctx,
    );
    // One advisory per problem, each with its own code and the entry's index as data.
    expect(withProblems.advisoryFindings).toEqual([
      {
        code: 'A10/entry-identifier-not-urn',
        data: { index: 0, value: 'orders' },
        text: 'entries[0]: identifier "orders" is not urn:air:<fqdn>:<namespace>:<name>',
      },
      { code: 'A10/entry-url-or-data', data: { index: 0 }, text: 'entries[0]: needs exactly one of url and data' },
      { code: 'A10/entry-queries-count', data: { index: 0 }, text: 'entries[0]: representativeQueries should list 2-5 queries' },
      { code: 'A10/entry-not-object', data: { index: 1 }, text: 'entries[1] is not an object' },
    ]);
  });
  it('is partial when entries are missing or empty, and lists advisories', () => {
    const o = a10AiCatalog.evaluate({ probes: [json(PATH, { host: { name: 'Shop' }, entries: [] })] }, ctx);
    expect(o.status).toBe('partial');
    expect(o).toMatchObject({ code: 'A10/incomplete', findings: [{ code: 'A10/lacks-entries', text: 'a non-empty entries[] (or agents[])' }] });
    expect(o.evidence).toMatch(/\. Missing: a non-empty entries\[\] \(or agents\[\]\)\.$/);
    expect(noted(o)).toEqual(['A10/no-cors', 'A10/host-no-display-name']);
  });
  it('ARD v0.91 requires entries alone: no specVersion and no host still pass, the disagreement is said (issue 28.5)', () => {
    // spec/ard.md v0.91 §5.1 (04afa6cb0301): "any other top-level members are transport-defined and ignored by ARD".
    const o = a10AiCatalog.evaluate({ probes: [json(PATH, { version: '1.0', entries: [entry] }, CORS)] }, ctx);
    expect(o).toMatchObject({ status: 'pass', code: 'A10/ok', details: { specVersion: null, version: '1.0', host: null, entries: 1 } });
    // Never "specVersion 1.0" for a file that only has "version".
    expect(o.data).toMatchObject({ specVersion: '', version: '1.0', host: '', shape: 'ARD manifest', agents: 0, entries: 1 });
    expect(o.evidence).toContain('specVersion "", version "1.0", host "", ARD manifest: 0 agent(s), 1 entry(ies)');
    expect(o.evidence).not.toMatch(/specVersion "1\.0"/);
    expect(o.advisoryFindings?.[0]).toMatchObject({ code: 'A10/version-not-spec-version', data: { version: '1.0' } });
    // host.identifier is optional (issue 28.5): a host with a displayName alone is complete.
    const complete = a10AiCatalog.evaluate({ probes: [json(PATH, { specVersion: '1.0', host: { displayName: 'Shop' }, entries: [entry] }, CORS)] }, ctx);
    expect(complete.status).toBe('pass');
    expect(noted(complete)).toEqual([]);
  });
  it('a catalog only at the predecessor path passes as A10/legacy-location, saying which readers read which location', () => {
    const o = a10AiCatalog.evaluate(
      { probes: [notFound(PATH), json(LEGACY, { specVersion: '1.0', host: { displayName: 'S', identifier: 's.example' }, entries: [entry] }, CORS)] },
      ctx,
    );
    expect(o).toMatchObject({ status: 'pass', code: 'A10/legacy-location', details: { via: 'well-known', legacy: true } });
    expect(o.data).toMatchObject({ legacy: LEGACY });
    expect(o.evidence).toMatch(/ARD v0\.91 consumers must read \/\.well-known\/ard\.json/);
    expect(o.evidence).toMatch(/only on branches .* reads only robots\.txt Agentmap, rel="ai-catalog" and \/\.well-known\/ai-catalog\.json/);
    expect(noted(o)[0]).toBe('A10/legacy-move');
  });
  it('an incomplete catalog at the predecessor path stays partial, with the move as an advisory', () => {
    const o = a10AiCatalog.evaluate(
      { probes: [notFound(PATH), json(LEGACY, { specVersion: '1.0', entries: [{ ...entry, displayName: undefined }] }, CORS)] },
      ctx,
    );
    expect(o).toMatchObject({ status: 'partial', code: 'A10/incomplete' });
    expect(o.advisoryFindings?.[0]).toMatchObject({ code: 'A10/legacy-incomplete', data: { location: LEGACY } });
    expect(o.remediation).toMatch(/then move it to \/\.well-known\/ard\.json/);
  });
  it('an advertised location that does not answer is an advisory naming who follows it', () => {
    const signals = { agentmap: `${ORIGIN}/gone.json`, htmlLink: `${ORIGIN}/also-gone.json`, linkHeader: null };
    const o = a10AiCatalog.evaluate(
      {
        probes: [
          notFound('/gone.json'),
          notFound('/also-gone.json'),
          json(PATH, { specVersion: '1.0', host: { displayName: 'S', identifier: 's.example' }, entries: [entry] }, CORS),
        ],
        discovery: { signals, candidates: catalogCandidates(signals, ORIGIN), lighthouse: { url: signals.agentmap, found: false } },
      },
      ctx,
    );
    expect(o).toMatchObject({ status: 'pass', code: 'A10/ok' });
    expect(o.advisoryFindings?.slice(0, 3)).toMatchObject([
      {
        code: 'A10/advertised-not-answering-lighthouse',
        data: { location: 'robots.txt Agentmap', url: `${ORIGIN}/gone.json` },
        text: `robots.txt Agentmap names ${ORIGIN}/gone.json, which did not answer with a catalog; readers that follow it (Lighthouse does) find nothing`,
      },
      {
        code: 'A10/advertised-not-answering',
        data: { location: '<link rel="ard">', url: `${ORIGIN}/also-gone.json` },
        text: `<link rel="ard"> names ${ORIGIN}/also-gone.json, which did not answer with a catalog; readers that follow it (ARD consumers must) find nothing`,
      },
      { code: 'A10/lighthouse-misses', data: { url: `${ORIGIN}/gone.json` } },
    ]);
  });
  it('fails when absent, on soft 404s and on non-JSON', () => {
    expect(a10AiCatalog.evaluate({ probes: [notFound(PATH), notFound(LEGACY)] }, ctx).status).toBe('fail');
    expect(a10AiCatalog.evaluate({ probes: [soft404(PATH), soft404(LEGACY)] }, ctx).code).toBe('A10/missing');
    const garbage = response({ url: PATH, headers: { 'content-type': 'application/json' }, body: 'specVersion=1' });
    expect(a10AiCatalog.evaluate({ probes: [garbage] }, ctx).status).toBe('fail');
  });
  it('fix guide publishes the file with CORS', () => {
    const steps = a10AiCatalog.fixGuide({ origin: ORIGIN, platform: null, hosting: ['express'] });
    expect(steps.some((s) => s.code?.includes('Access-Control-Allow-Origin') && s.code.includes('app.get'))).toBe(true);
  });
  it('an entry type that is not a media type, or not one ARD knows, is an advisory (Lighthouse warns on it)', () => {
    expect(ardEntryProblems([{ ...entry, type: 'mcp' }])).toEqual([{ index: 0, problems: [{ kind: 'type-not-media-type', value: 'mcp' }] }]);
    expect(ardEntryProblems([{ ...entry, type: 'application/x-tool+json' }])).toEqual([
      { index: 0, problems: [{ kind: 'type-not-discovery', value: 'application/x-tool+json' }] },
    ]);
    for (const type of ['application/mcp-server-card+json', 'application/a2a-agent-card+json', 'text/markdown; profile="urn:air:agent-skills"']) {
      expect(ardEntryProblems([{ ...entry, type }]), type).toEqual([]);
    }
  });
});

describe('A10 fix guide, applied (the catalog it writes passes A10)', () => {
  const J = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
  /** The catalog, the robots.txt line and the link element the guide tells the site to publish. */
  function guide(origin: string, found: { mcpCard?: string | null; agentCard?: string | null }) {
    const steps = a10AiCatalog.fixGuide({ origin, platform: null, hosting: [], found });
    const catalog = JSON.parse(steps.find((s) => s.title.includes(PATH))!.code!) as { entries: Array<Record<string, unknown>>; agents?: unknown };
    const pointers = steps.find((s) => s.title === 'Point readers to it')!;
    const [link, , header] = pointers.code!.split('\n');
    return { catalog, link, header, pointers, steps };
  }
  const sites: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
  });

  async function scanWithGuide(found: (origin: string) => { mcpCard?: string | null; agentCard?: string | null }) {
    let written: ReturnType<typeof guide> | null = null;
    const site = await startFixture((s) => {
      written = guide(s.origin, found(s.origin));
      return {
        '/': { headers: { 'content-type': 'text/html' }, body: `<html><head><title>Shop</title>${written.link}</head><body></body></html>` },
        [PATH]: { headers: J, body: JSON.stringify(written.catalog) },
        // The same file at the AI Catalog's path, as the guide says (MCP clients and Lighthouse's ARD gatherer (branches only) read it).
        [LEGACY]: { headers: { ...J, 'content-type': 'application/ai-catalog+json' }, body: JSON.stringify(written.catalog) },
      };
    });
    sites.push(site);
    const http = new HttpClient({ timeoutMs: 5000 });
    const page = await http.fetch(`${site.origin}/`, { accept: BROWSER_ACCEPT });
    const gctx = new GatherContext(new URL(page.url), site.origin, http, () => {}, page);
    const outcome = a10AiCatalog.evaluate(await a10AiCatalog.gather(gctx), { origin: site.origin, pageUrl: page.url });
    return { outcome, catalog: written!.catalog, written: written!, origin: site.origin, site };
  }

  it('writes the current location: /.well-known/ard.json, named by <link rel="ard"> or a Link header, the same file at ai-catalog.json, and says what an Agentmap line costs', () => {
    const { link, header, pointers, steps } = guide(ORIGIN, {});
    expect(link).toBe('<link rel="ard" href="/.well-known/ard.json">');
    expect(header).toBe('Link: </.well-known/ard.json>; rel="ard"');
    expect(steps.some((s) => s.code?.includes(`curl -si '${ORIGIN}/.well-known/ard.json'`))).toBe(true);
    // Lighthouse's SEO robots-txt audit flags Agentmap (core/audits/seo/robots-txt.js, safelist without agentmap).
    expect(pointers.body).toMatch(/Agentmap.*fails Lighthouse's SEO robots-txt audit \("Unknown directive"/);
    expect(pointers.body).toContain('/.well-known/ai-catalog.json');
    expect(steps.filter((s) => s.code?.startsWith('Agentmap:'))).toEqual([]);
    expect(steps.length).toBeLessThanOrEqual(6);
  });

  it('both cards found: two entries typed by their media types, and A10 passes without advisories', async () => {
    const { outcome, catalog, origin, site } = await scanWithGuide((o) => ({ mcpCard: `${o}/mcp/server-card`, agentCard: `${o}/.well-known/agent-card.json` }));
    expect(catalog.entries.map((e) => [e.type, e.url])).toEqual([
      ['application/mcp-server-card+json', `${origin}/mcp/server-card`],
      ['application/a2a-agent-card+json', `${origin}/.well-known/agent-card.json`],
    ]);
    // ARD's manifest schema has no other top-level member: no AI Card agents[] beside entries[].
    expect(catalog.agents).toBeUndefined();
    expect(ardEntryProblems(catalog.entries)).toEqual([]);
    expect(outcome).toMatchObject({
      status: 'pass',
      code: 'A10/ok',
      details: { via: 'html-link', legacy: false, url: `${origin}/.well-known/ard.json`, entries: 2, agents: 0 },
    });
    expect(noted(outcome)).toEqual([]);
    // Each location asked once.
    expect(site.requests.filter((r) => r.path === LEGACY)).toHaveLength(1);
    expect(site.requests.filter((r) => r.path === PATH)).toHaveLength(1);
  });

  it('neither card found: both entries are shown as what to publish first', () => {
    const { catalog } = guide(ORIGIN, { mcpCard: null, agentCard: null });
    expect(catalog.entries.map((e) => e.type)).toEqual(['application/mcp-server-card+json', 'application/a2a-agent-card+json']);
    expect(
      a10AiCatalog
        .fixGuide({ origin: ORIGIN, platform: null, hosting: [], found: { mcpCard: null, agentCard: null } })
        .some((s) => s.title === 'Publish the cards first'),
    ).toBe(true);
  });

  it('only the A2A card found: the catalog lists it alone, and A10 passes', async () => {
    const { outcome, catalog } = await scanWithGuide((o) => ({ mcpCard: null, agentCard: `${o}/.well-known/agent-card.json` }));
    expect(catalog.entries.map((e) => e.type)).toEqual(['application/a2a-agent-card+json']);
    expect(outcome).toMatchObject({ status: 'pass', code: 'A10/ok', details: { entries: 1 } });
    expect(noted(outcome)).toEqual([]);
  });
});

describe('A10 leniency (issue 23 point 6)', () => {
  it('an ARD manifest whose entries lack identifier is partial, not pass; a host without displayName is an advisory (ARD reads no host)', () => {
    const entries = Array.from({ length: 8 }, (_, i) => ({
      displayName: `Tool ${i}`,
      type: 'mcp',
      url: `https://shop.example.com/t${i}`,
      representativeQueries: ['a', 'b'],
    }));
    const o = a10AiCatalog.evaluate({ probes: [json(PATH, { specVersion: '1.0', host: { name: 'Shop' }, entries }, CORS)] }, ctx);
    expect(o).toMatchObject({ status: 'partial', code: 'A10/incomplete' });
    expect(o.findings).toMatchObject([{ code: 'A10/lacks-member', data: { member: 'identifier', lacking: 8, total: 8 } }]);
    expect(o.evidence).toMatch(/Missing: identifier on 8 of 8 entry\(ies\)\.$/);
    expect(noted(o)).toContain('A10/host-no-display-name');
  });
});

describe("A10 discovery in ARD v0.91's order, then the predecessor names (Lighthouse's documented audit)", () => {
  const sites: Record<string, FixtureSite> = {};
  const ard = (name: string) => JSON.stringify({ specVersion: '1.0', host: { displayName: name, identifier: 'corpus.dev' }, entries: [entry] });
  const J = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
  const html = (head = '') => ({ headers: { 'content-type': 'text/html' }, body: `<html><head>${head}</head><body></body></html>` });
  beforeAll(async () => {
    const fixtures: Record<string, Parameters<typeof startFixture>[0]> = {
      // Every signal present, each naming another catalog: the Agentmap one must win.
      every: () => ({
        '/': {
          headers: { 'content-type': 'text/html', link: '</from-header.json>; rel="ard", </from-legacy-header.json>; rel="ai-catalog"' },
          body: '<html><head><link rel="ai-catalog" href="/from-legacy-html.json"><link rel="ard" href="/from-html.json"></head><body></body></html>',
        },
        '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n\nAgentmap: /from-robots.json\n' },
        '/from-robots.json': { headers: J, body: ard('robots') },
        '/from-html.json': { headers: J, body: ard('html') },
        '/from-header.json': { headers: J, body: ard('header') },
        '/from-legacy-html.json': { headers: J, body: ard('legacy html') },
        '/from-legacy-header.json': { headers: J, body: ard('legacy header') },
        [PATH]: { headers: J, body: ard('ard.json') },
        [LEGACY]: { headers: J, body: ard('ai-catalog.json') },
      }),
      // Only a Link rel="ard" header names it, at a path that is not the well-known one.
      header: () => ({
        '/': { headers: { 'content-type': 'text/html', link: '</catalogs/ai.json>; rel=ard' }, body: '<html><body></body></html>' },
        '/catalogs/ai.json': { headers: J, body: ard('header') },
      }),
      // Only the predecessor's link element names it.
      legacyLink: () => ({ '/': html('<link rel="ai-catalog" href="/catalogs/ai.json">'), '/catalogs/ai.json': { headers: J, body: ard('legacy link') } }),
      // ard.json and a predecessor link naming another catalog: ard.json comes first.
      both: () => ({
        '/': html('<link rel="ai-catalog" href="/old.json">'),
        [PATH]: { headers: J, body: ard('ard.json') },
        '/old.json': { headers: J, body: ard('old') },
      }),
      // Only ard.json: Lighthouse's ARD gatherer (branches only) reads ai-catalog.json and finds nothing.
      ardOnly: () => ({ '/': html(), [PATH]: { headers: J, body: ard('ard.json') } }),
      // Agentmap names a catalog that is not at ard.json.
      agentmapOnly: () => ({
        '/': html(),
        '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\nAgentmap: /agents/catalog.json\n' },
        '/agents/catalog.json': { headers: J, body: ard('agentmap') },
      }),
      // Every signal names a URL that does not answer, and neither well-known path exists.
      broken: () => ({
        '/': {
          headers: { 'content-type': 'text/html', link: '</h1.json>; rel="ard", </h2.json>; rel="ai-catalog", </h3.json>; rel="ard"' },
          body: '<html><head><link rel="ard" href="/e1.json"><link rel="ai-catalog" href="/e2.json"><link rel="ard" href="/e3.json"></head><body></body></html>',
        },
        '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAgentmap: /r1.json\nAgentmap: /r2.json\n' },
      }),
      none: () => ({ '/': html() }),
    };
    for (const [name, f] of Object.entries(fixtures)) sites[name] = await startFixture(f);
  });
  afterAll(async () => {
    await Promise.all(Object.values(sites).map((s) => s.close()));
  });

  async function run(s: FixtureSite) {
    const http = new HttpClient({ timeoutMs: 5000 });
    const page = await http.fetch(`${s.origin}/`, { accept: BROWSER_ACCEPT });
    const gctx = new GatherContext(new URL(page.url), s.origin, http, () => {}, page);
    return a10AiCatalog.evaluate(await a10AiCatalog.gather(gctx), { origin: s.origin, pageUrl: page.url });
  }
  /** The catalog requests a site received (robots.txt and the page are other checks' too). */
  const catalogRequests = (s: FixtureSite) => s.requests.map((r) => r.path).filter((p) => p !== '/' && p !== '/robots.txt');

  it('robots.txt Agentmap comes first, and the evidence says which signal led to the catalog', async () => {
    const o = await run(sites.every);
    expect(o).toMatchObject({ status: 'pass', code: 'A10/ok', details: { via: 'robots-agentmap', legacy: false, host: 'robots' } });
    expect(o.evidence).toContain('(found via robots.txt Agentmap)');
    // Every location is read once (A4, A5 and A6 take their entries from the same reading).
    expect(catalogRequests(sites.every).sort()).toEqual([
      '/.well-known/ai-catalog.json',
      '/.well-known/ard.json',
      '/.well-known/mcp/catalog.json',
      '/from-header.json',
      '/from-html.json',
      '/from-legacy-header.json',
      '/from-legacy-html.json',
      '/from-robots.json',
    ]);
    // The Agentmap line costs Lighthouse's SEO robots-txt audit: said, with the alternatives.
    expect(noted(o)).toEqual(['A10/agentmap-lighthouse']);
  });

  it('a catalog named only by Link rel="ard" is found, and the evidence says Lighthouse\'s ARD gatherer (branches only) does not find it', async () => {
    const o = await run(sites.header);
    expect(o).toMatchObject({ status: 'pass', code: 'A10/ok', details: { via: 'link-header', legacy: false, url: `${sites.header.origin}/catalogs/ai.json` } });
    expect(o.evidence).toContain('(found via Link header rel=ard)');
    expect(o.advisoryFindings).toMatchObject([{ code: 'A10/lighthouse-misses', data: { url: `${sites.header.origin}/.well-known/ai-catalog.json` } }]);
    // The link and the well-known paths, once each.
    expect(catalogRequests(sites.header).sort()).toEqual([
      '/.well-known/ai-catalog.json',
      '/.well-known/ard.json',
      '/.well-known/mcp/catalog.json',
      '/catalogs/ai.json',
    ]);
  });

  it('a catalog named only by <link rel="ai-catalog"> is A10/legacy-location (pass), read after ard.json', async () => {
    const o = await run(sites.legacyLink);
    expect(o).toMatchObject({ status: 'pass', code: 'A10/legacy-location', details: { via: 'html-link', legacy: true } });
    expect(o.data).toMatchObject({ legacy: '<link rel="ai-catalog">', location: '<link rel="ai-catalog">' });
    expect(catalogRequests(sites.legacyLink).sort()).toEqual([
      '/.well-known/ai-catalog.json',
      '/.well-known/ard.json',
      '/.well-known/mcp/catalog.json',
      '/catalogs/ai.json',
    ]);
    // The branch gatherer follows that link: no disagreement to report.
    expect(noted(o)).not.toContain('A10/lighthouse-misses');
  });

  it('ard.json wins over a predecessor link naming another catalog', async () => {
    const o = await run(sites.both);
    expect(o).toMatchObject({ code: 'A10/ok', details: { via: 'well-known', legacy: false, host: 'ard.json' } });
    // The branch gatherer reads /old.json, which answers: asked once, no advisory.
    expect(catalogRequests(sites.both).sort()).toEqual(['/.well-known/ai-catalog.json', '/.well-known/ard.json', '/.well-known/mcp/catalog.json', '/old.json']);
    expect(noted(o)).toEqual([]);
  });

  it('only ard.json: pass, with the Lighthouse-branch disagreement and the ai-catalog.json copy that settles it', async () => {
    const o = await run(sites.ardOnly);
    expect(o).toMatchObject({ status: 'pass', code: 'A10/ok', details: { via: 'well-known', legacy: false } });
    expect(noted(o)).toEqual(['A10/lighthouse-misses']);
  });

  it('Agentmap alone, with no ard.json: pass, with a note that ARD consumers need not follow Agentmap', async () => {
    const o = await run(sites.agentmapOnly);
    expect(o).toMatchObject({ status: 'pass', code: 'A10/ok', details: { via: 'robots-agentmap' } });
    expect(noted(o)).toEqual(['A10/agentmap-only', 'A10/agentmap-lighthouse']);
  });

  it('broken signals: each URL asked once, at most one per signal kind plus the two well-known paths', async () => {
    const o = await run(sites.broken);
    expect(o).toMatchObject({ status: 'fail', code: 'A10/missing' });
    expect(o.evidence).toContain('(named by robots.txt Agentmap)');
    expect(o.evidence).toContain('(named by <link rel="ai-catalog">)');
    expect(o.evidence).toContain('(named by Link header rel=ai-catalog)');
    const asked = catalogRequests(sites.broken);
    expect(asked.sort()).toEqual([
      '/.well-known/ai-catalog.json',
      '/.well-known/ard.json',
      '/.well-known/mcp/catalog.json',
      '/e1.json',
      '/e2.json',
      '/h1.json',
      '/h2.json',
      '/r1.json',
    ]);
  });

  it('nothing anywhere: three requests, ard.json, ai-catalog.json and the removed MCP Catalog', async () => {
    const o = await run(sites.none);
    expect(o).toMatchObject({ status: 'fail', code: 'A10/missing' });
    expect(catalogRequests(sites.none).sort()).toEqual(['/.well-known/ai-catalog.json', '/.well-known/ard.json', '/.well-known/mcp/catalog.json']);
  });

  it("orders candidates as the draft and Lighthouse's docs do, without repeats; Lighthouse's branch gatherer reads one URL", () => {
    const o = 'https://s.example';
    const none = { agentmap: null, htmlLink: null, linkHeader: null };
    expect(catalogCandidates(none, o)).toEqual([
      { url: `${o}${PATH}`, via: 'well-known', legacy: false, name: 'ard' },
      { url: `${o}${LEGACY}`, via: 'well-known', legacy: true, name: 'ai-catalog' },
      { url: `${o}/.well-known/mcp/catalog.json`, via: 'well-known', legacy: true, name: 'mcp-catalog' },
    ]);
    const all = { agentmap: `${o}/a`, htmlLink: `${o}/h`, linkHeader: `${o}/h`, legacyHtmlLink: `${o}/lh`, legacyLinkHeader: `${o}${LEGACY}` };
    expect(catalogCandidates(all, o).map((c) => [c.url.slice(o.length), c.via, c.legacy])).toEqual([
      ['/a', 'robots-agentmap', false],
      ['/h', 'html-link', false],
      [PATH, 'well-known', false],
      [LEGACY, 'well-known', true],
      ['/lh', 'html-link', true],
      ['/.well-known/mcp/catalog.json', 'well-known', true],
    ]);
    expect(lighthouseShippedUrl(none, o)).toBe(`${o}${LEGACY}`);
    expect(lighthouseShippedUrl({ ...none, htmlLink: `${o}/h`, legacyLinkHeader: `${o}/l` }, o)).toBe(`${o}/l`);
    expect(lighthouseShippedUrl(all, o)).toBe(`${o}/a`);
    expect(agentmapOf('User-agent: *\nDisallow:\nagentmap:   https://cdn.example/c.json  \n', o)).toBe('https://cdn.example/c.json');
    expect(agentmapOf('Agentmap: javascript:alert(1)\n', o)).toBeNull();
    // D1 counts an Agentmap line as a known robots.txt field, not an invalid line.
    expect(
      parseRobots(response({ url: '/robots.txt', headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\nAgentmap: /c.json\n' }), o)
        .invalidLines,
    ).toBe(0);
  });
});

describe('A10 candidate order (property)', () => {
  const o = 'https://s.example';
  // Signals drawn from a small pool, so that they often coincide with each other and with the well-known paths.
  const url = fc.option(fc.constantFrom(`${o}/a.json`, `${o}/b.json`, `${o}${PATH}`, `${o}${LEGACY}`, 'https://cdn.example/c.json'), { nil: null });
  const signals = fc.record({ agentmap: url, htmlLink: url, linkHeader: url, legacyHtmlLink: url, legacyLinkHeader: url });
  it("no URL twice, at most eight, the three well-known paths present, current names before predecessor ones, and Lighthouse's branch gatherer's URL among them", () => {
    fc.assert(
      fc.property(signals, (s) => {
        const c = catalogCandidates(s, o);
        const urls = c.map((x) => x.url);
        expect(new Set(urls).size).toBe(urls.length);
        expect(urls.length).toBeLessThanOrEqual(8);
        expect(urls).toContain(`${o}/.well-known/mcp/catalog.json`);
        expect(urls).toContain(`${o}${PATH}`);
        expect(urls).toContain(`${o}${LEGACY}`);
        // ard.json is always read under a current name; ai-catalog.json may be too, when Agentmap or rel="ard" names it.
        expect(c.find((x) => x.url === `${o}${PATH}`)?.legacy).toBe(false);
        const firstLegacy = c.findIndex((x) => x.legacy);
        if (firstLegacy >= 0) expect(c.slice(firstLegacy).every((x) => x.legacy)).toBe(true);
        expect(urls).toContain(lighthouseShippedUrl(s, o));
        if (s.agentmap) expect(c[0]).toMatchObject({ url: s.agentmap, via: 'robots-agentmap' });
      }),
      { numRuns: 300 },
    );
  });
});

describe('A10 data holds values (issue 39)', () => {
  it('named probes, soft 404s, what a catalog lacks and every entry problem carry fields, not sentences', () => {
    const signals = { agentmap: `${ORIGIN}/gone.json`, htmlLink: `${ORIGIN}/soft.json`, linkHeader: null };
    const discovery = { signals, candidates: catalogCandidates(signals, ORIGIN), lighthouse: { url: signals.agentmap, found: false } };
    const bad = { identifier: 'orders', type: 'mcp', url: 'relative', representativeQueries: [] };
    const outcomes = [
      a10AiCatalog.evaluate({ probes: [notFound('/gone.json'), soft404('/soft.json'), soft404(PATH), notFound(LEGACY)], discovery }, ctx),
      a10AiCatalog.evaluate(
        { probes: [notFound('/gone.json'), notFound('/soft.json'), json(PATH, { version: 'v 2 of the file', entries: [bad, {}] })], discovery },
        ctx,
      ),
      a10AiCatalog.evaluate({ probes: [json(LEGACY, { host: { name: 'The Shop of Us' }, agents: [{}] })] }, ctx),
      a10AiCatalog.evaluate({ probes: [response({ url: PATH, body: 'not json at all' })] }, ctx),
    ];
    expect(outcomes.map((o) => o.code)).toEqual(['A10/missing', 'A10/incomplete', 'A10/incomplete', 'A10/not-json']);
    expect(outcomes[0].evidence).toContain('(soft 404) (named by <link rel="ard">)');
    expect(outcomes[2].findings?.map((f) => f.code)).toEqual(['A10/lacks-spec-version']);
    const results = outcomes.map((o) => ({ ...o, id: 'A10' }) as unknown as CheckResult);
    expect(proseInData(results, () => a10AiCatalog.meta.quoted ?? [])).toEqual([]);
  });
});
