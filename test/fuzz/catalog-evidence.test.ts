/**
 * Issue 28, point 3 (and issue 27): evidence never states what the parsed file contradicts. Over
 * generated MCP server cards, AI catalogs naming them, and ARD manifests, every member A4 and A10
 * say is present or missing, and every count they give, matches what the generated document holds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { a4McpServerCard, type McpCardDetails } from '../../src/core/checks/capabilities/a4-mcp-server-card.js';
import { a10AiCatalog } from '../../src/core/checks/capabilities/a10-ai-catalog.js';
import { MCP_CARD_PATHS } from '../../src/core/gather/mcp-card.js';
import { fetchCatalogCards } from '../../src/core/gather/mcp-catalog.js';
import { readCatalogs } from '../../src/core/gather/catalog-reader.js';
import { ORIGIN, json, notFound } from '../helpers/responses.js';
import { RUNS } from './arbitraries.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const CARD_TYPE = 'application/mcp-server-card+json';
const V1 = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

const remote = fc.record({
  type: fc.constantFrom('streamable-http', 'sse', 'stdio'),
  url: fc.constantFrom('https://example.com/mcp', `${ORIGIN}/mcp`, 'TODO', 'https://{tenant}.example.com/mcp', '/mcp'),
});
const card = fc.record(
  {
    $schema: fc.constantFrom(
      V1,
      'https://static.modelcontextprotocol.io/schemas/2025-11-25/server-card.schema.json',
      'https://static.modelcontextprotocol.io/schemas/v1/server.schema.json',
    ),
    name: fc.constantFrom('com.example/store', 'no-slash', 'a/b/c', 'x'),
    version: fc.constantFrom('1.0.0', '^1.2.3', '2.1.0-alpha'),
    description: fc.constantFrom('Short', 'x'.repeat(120)),
    remotes: fc.array(remote, { maxLength: 4 }),
    serverUrl: fc.constantFrom('https://example.com/mcp', 'https://other.example/mcp'),
    capabilities: fc.constant({ tools: {} }),
    serverInfo: fc.record({ name: fc.constantFrom('store'), version: fc.constantFrom('1.0', '2.0') }),
  },
  { requiredKeys: [] },
);

const KEYS = ['$schema', 'name', 'version', 'description'] as const;

/** A4's claims about one card, checked against the card. */
function checkCardClaims(doc: Record<string, unknown>, o: ReturnType<typeof a4McpServerCard.evaluate>) {
  const evidence = o.evidence ?? '';
  const d = o.details as McpCardDetails | undefined;
  if (!d) return;
  const remotes = Array.isArray(doc.remotes) ? doc.remotes.length : 0;
  expect(d.remotes).toBe(remotes);
  expect(evidence).toContain(`, ${remotes} remote(s), ${d.endpoints.length} endpoint(s)`);
  for (const k of KEYS) {
    const says = d.schemaProblems.some((p) => p.startsWith(`no "${k}"`));
    expect(says, `${k}: ${d.schemaProblems.join('; ')}`).toBe(doc[k] === undefined);
  }
  // Never a date-versioned call-out for a card whose $schema is not dated, and always one when it is.
  expect(d.schemaProblems.some((p) => p.includes('date-versioned'))).toBe(typeof doc.$schema === 'string' && doc.$schema.includes('/2025-11-25/'));
  const remoteUrls = Array.isArray(doc.remotes) ? (doc.remotes as Array<{ url?: unknown }>).map((r) => r.url).filter((u) => typeof u === 'string') : [];
  // The endpoint is said to come from serverUrl only when no remote URL could be read (a {variable} without a default is none).
  if ((o.advisoryFindings ?? []).some((a) => a.code === 'A4/server-url-variant')) expect(remoteUrls).toEqual([]);
  const version = /, version "([^"]*)", \d+ remote/.exec(evidence)?.[1];
  if (version) expect([doc.version, (doc.serverInfo as { version?: string } | undefined)?.version]).toContain(version);
  for (const retired of d.retired) if (retired !== 'remotes[].authentication') expect(doc[retired], retired).not.toBeUndefined();
}

describe('A4 evidence matches the parse', () => {
  it('for generated cards at a well-known path', () => {
    fc.assert(
      fc.property(card, (doc) => {
        const o = a4McpServerCard.evaluate(
          { probes: MCP_CARD_PATHS.map((p, i) => (i === 0 ? json(p, doc, { 'access-control-allow-origin': '*' }) : notFound(p))) },
          ctx,
        );
        checkCardClaims(doc, o);
      }),
      { numRuns: RUNS },
    );
  });

  it('for generated AI catalogs: entry counts, server-card entries and cards read', async () => {
    const entryArb = fc.record(
      {
        identifier: fc.constantFrom('urn:air:example.com:mcp:a', 'store'),
        type: fc.constantFrom(CARD_TYPE, 'application/a2a-agent-card+json', 'application/x'),
        displayName: fc.constant('Name'),
        target: fc.constantFrom('ok', 'missing', 'inline', 'none'),
      },
      { requiredKeys: ['type', 'target'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { maxLength: 6 }), card, async (specs, inlineCard) => {
        const entries = specs.map(({ target, ...e }, i) =>
          target === 'inline' ? { ...e, data: inlineCard } : target === 'none' ? e : { ...e, url: `${ORIGIN}/${target}/${i}/server-card` },
        );
        const AI = '/.well-known/ai-catalog.json';
        const read = await readCatalogs({ agentmap: null, htmlLink: null, linkHeader: null }, ORIGIN, async (c) =>
          c.url.endsWith(AI) ? json(AI, { specVersion: '1.0', entries }) : notFound('/x'),
        );
        const catalog = await fetchCatalogCards(read, async (url) =>
          url.includes('/ok/') ? json(new URL(url).pathname, inlineCard, { 'content-type': CARD_TYPE }) : notFound(new URL(url).pathname),
        );
        const o = a4McpServerCard.evaluate({ probes: MCP_CARD_PATHS.map((p) => notFound(p)), catalog }, ctx);
        const cardEntries = specs.filter((s) => s.type === CARD_TYPE);
        const readable = cardEntries.filter((s) => s.target === 'ok' || s.target === 'inline').length;
        const evidence = o.evidence ?? '';
        const plural = (n: number, w: string) => `${n} ${w}y(ies)`;
        if (o.code === 'A4/missing' || o.code === 'A4/catalog-card-missing') {
          expect(evidence).toContain(`(catalog: ${plural(entries.length, 'entr')}, ${plural(cardEntries.length, 'server-card entr')})`);
          expect(readable).toBe(0);
          expect(o.code === 'A4/catalog-card-missing').toBe(cardEntries.length > 0);
        } else {
          expect(readable).toBeGreaterThan(0);
          const d = o.details as McpCardDetails;
          expect(d.catalog).toMatchObject({ entries: entries.length, cardEntries: cardEntries.length, cardsRead: readable });
          expect(evidence).toContain(`${plural(cardEntries.length, 'server-card entr')} in catalogs, ${readable} card(s) read)`);
          checkCardClaims(inlineCard, o);
        }
      }),
      { numRuns: Math.round(RUNS / 2) },
    );
  });
});

describe('A10 evidence matches the parse', () => {
  it('for generated ARD manifests: specVersion, version, host, entry counts and the members entries lack', () => {
    const entry = fc.record(
      {
        identifier: fc.constant('urn:air:example.com:mcp:a'),
        displayName: fc.constant('A'),
        type: fc.constant(CARD_TYPE),
        url: fc.constant('https://example.com/c'),
        data: fc.constant({}),
      },
      { requiredKeys: [] },
    );
    const manifest = fc.record(
      {
        specVersion: maybe(fc.constantFrom('1.0', '0.9')),
        version: maybe(fc.constantFrom('1.0', '2')),
        host: maybe(fc.record({ displayName: maybe(fc.constant('Host')), identifier: maybe(fc.constant('example.com')) })),
        entries: fc.array(entry, { maxLength: 5 }),
      },
      { requiredKeys: ['entries'] },
    );
    fc.assert(
      fc.property(manifest, (raw) => {
        const doc = JSON.parse(JSON.stringify(raw)) as Record<string, unknown> & { entries: Array<Record<string, unknown>> };
        const o = a10AiCatalog.evaluate({ probes: [json('/.well-known/ard.json', doc, { 'access-control-allow-origin': '*' })] }, ctx);
        const evidence = o.evidence ?? '';
        // The manifest's own values, as data and as the evidence shows them.
        expect(o.data).toMatchObject({ specVersion: doc.specVersion ?? '', version: doc.version ?? '' });
        expect(evidence).toContain(`specVersion "${doc.specVersion ?? ''}", version "${doc.version ?? ''}"`);
        const n = doc.entries.length;
        // What the catalog lacks are sub-findings with values (A10/lacks-*), not a sentence in data.
        const lacks = (o.findings ?? []).filter((f) => f.code.startsWith('A10/lacks-'));
        if (n) expect(evidence).toContain(`0 agent(s), ${n} entry(ies)`);
        else {
          expect(o.status).toBe('partial');
          expect(lacks.map((f) => f.code)).toContain('A10/lacks-entries');
        }
        for (const member of ['identifier', 'displayName', 'type'] as const) {
          const lacking = doc.entries.filter((e) => e[member] === undefined).length;
          const said = lacks.find((f) => f.code === 'A10/lacks-member' && f.data?.member === member);
          expect(said ? Number(said.data?.lacking) : 0, member).toBe(lacking);
          if (said) expect(said.data?.total).toBe(n);
        }
        const notOne = doc.entries.filter((e) => (e.url === undefined) === (e.data === undefined)).length;
        const target = lacks.find((f) => f.code === 'A10/lacks-target');
        expect(target ? Number(target.data?.lacking) : 0).toBe(notOne);
        // host.identifier is never required (issue 28.5); a complete entries list passes whatever the host holds.
        if (n && doc.entries.every((e) => e.identifier && e.displayName && e.type && (e.url === undefined) !== (e.data === undefined)))
          expect(o.status).toBe('pass');
      }),
      { numRuns: RUNS },
    );
  });
});
