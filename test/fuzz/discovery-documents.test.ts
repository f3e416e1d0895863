/**
 * The discovery documents of issues 20, 23 and 27, fuzzed: the catalogs (catalog-reader.ts), the A2A card schemas per
 * version, and the AI catalog's robots.txt Agentmap line. Readers never throw, stay bounded, and
 * accept only what they say they accept.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CATALOG_CARDS, cardEntries } from '../../src/core/gather/mcp-catalog.js';
import { MAX_CATALOG_ENTRIES, readCatalogDocument, type AgentCatalogArtifact } from '../../src/core/gather/catalog-reader.js';
import { A2A_SCHEMA_PROBLEMS, a2aSchemaProblems } from '../../src/core/gather/a2a-schema.js';
import { agentmapOf } from '../../src/core/gather/ai-catalog.js';
import { response } from '../helpers/responses.js';
import { RUNS } from './arbitraries.js';

const KEYS = [
  'specVersion',
  'entries',
  'identifier',
  'displayName',
  'type',
  'url',
  'name',
  'version',
  'protocolVersion',
  'skills',
  'defaultInputModes',
  'defaultOutputModes',
  'supportedInterfaces',
  'capabilities',
  'description',
  'tags',
  'id',
  'inputModes',
];
const STRINGS = fc.constantFrom(
  'application/mcp-server-card+json',
  'urn:air:example.com:mcp:x',
  'text',
  'text/plain',
  '/rel',
  'https://x.test/c',
  'javascript:alert(1)',
  '',
  'JSONRPC',
  '0.3.0',
);
const docish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    STRINGS,
    fc.jsonValue({ maxDepth: 1 }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 7 }),
  ),
})).value;
const asJson = (v: unknown) => response({ url: '/.well-known/mcp/catalog.json', headers: { 'content-type': 'application/json' }, body: JSON.stringify(v) });

describe('discovery documents, fuzzed', () => {
  const AT = { url: 'https://site.test-fixture.dev/.well-known/ai-catalog.json', via: 'well-known' as const, legacy: true, name: 'ai-catalog' as const };
  const artifact = (v: unknown): AgentCatalogArtifact => {
    const probe = asJson(v);
    return {
      signals: { agentmap: null, htmlLink: null, linkHeader: null },
      candidates: [AT],
      probes: [probe],
      documents: [readCatalogDocument(probe, AT, 'https://site.test-fixture.dev')],
      lighthouse: { url: AT.url, found: true },
    };
  };

  it('the catalog reader never throws; card entries are http(s) or inline objects, capped, and of the card type', () => {
    fc.assert(
      fc.property(docish, (v) => {
        const a = artifact(v);
        const { fetch, inline } = cardEntries(a);
        expect(fetch.length).toBeLessThanOrEqual(MAX_CATALOG_CARDS);
        for (const { entry } of fetch) {
          expect(entry.kind).toBe('mcp-server-card');
          expect(new URL(entry.url!).protocol).toMatch(/^https?:$/);
        }
        for (const c of inline) expect(typeof c.inline).toBe('object');
      }),
      { numRuns: RUNS },
    );
  });

  it('a huge catalog stays bounded', () => {
    const entries = Array.from({ length: 5000 }, (_, i) => ({ type: 'application/mcp-server-card+json', url: `/c${i}` }));
    const a = artifact({ specVersion: '1.0', entries });
    expect(a.documents[0].entries.length).toBeLessThanOrEqual(MAX_CATALOG_ENTRIES);
    expect(a.documents[0].entryCount).toBe(5000);
    expect(cardEntries(a).fetch).toHaveLength(MAX_CATALOG_CARDS);
  });

  it('the A2A schema check never throws on card-like objects, for every version', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...KEYS), docish, { maxKeys: 9 }), fc.constantFrom('0.2', '0.3', '1.0', null), (card, version) => {
        const problems = a2aSchemaProblems(card, version as never);
        for (const p of problems) expect(A2A_SCHEMA_PROBLEMS).toContain(p.problem);
      }),
      { numRuns: RUNS },
    );
  });

  it('a mode that is an object with its own toString key is named, not thrown on', () => {
    const card = JSON.parse('{"defaultInputModes": [{"toString": 1}], "defaultOutputModes": ["text/plain"]}');
    expect(a2aSchemaProblems(card, '0.3').find((p) => p.problem === 'mode-not-media-type')?.data).toEqual({
      field: 'defaultInputModes',
      value: '{"toString":1}',
    });
  });

  it('Agentmap is read only as an http(s) URL', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (line) => {
        const got = agentmapOf(`User-agent: *\nAgentmap: ${line}\n`, 'https://s.example/robots.txt');
        if (got !== null) expect(new URL(got).protocol).toMatch(/^https?:$/);
      }),
      { numRuns: RUNS },
    );
  });
});
