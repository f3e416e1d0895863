/** JSON documents a site serves about itself: MCP server card, A2A agent card, API catalog, UCP profile, skills index, OAuth metadata. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMcpCard } from '../../src/core/checks/capabilities/a4-mcp-server-card.js';
import { readA2aCard } from '../../src/core/gather/a2a-card.js';
import { indexDocument, readSkillsIndex } from '../../src/core/gather/agent-skills.js';
import { isObject } from '../../src/core/gather/classify.js';
import { readJsonDocument } from '../../src/core/gather/oauth-metadata.js';
import { catalogServiceDescs } from '../../src/core/gather/openapi.js';
import { readUcpProfile, ucpFromProbe } from '../../src/core/gather/ucp.js';
import { response } from '../helpers/responses.js';
import { RUNS, isAbsoluteHttp, textFrom } from './arbitraries.js';

const URLISH = fc.constantFrom('https://x.test/mcp', '/relative', 'javascript:alert(1)', 'http://[', '', 'TODO', 'https://x.test/\u202e', 'ftp://x/');
const KEYS = [
  'name',
  'version',
  'description',
  'url',
  'endpoint',
  'remotes',
  'transports',
  'serverInfo',
  'capabilities',
  'skills',
  'protocolVersion',
  'supportedInterfaces',
  'linkset',
  'service-desc',
  'href',
  'ucp',
  'services',
  'rest',
  'mcp',
  'a2a',
  'endpoints',
  'payment_handlers',
  'signing_keys',
  '$schema',
  'path',
  'files',
  'digest',
  'type',
  'issuer',
  'authorization_servers',
  '@context',
];
/** JSON values shaped like cards: known keys, URL-ish strings, nesting, wrong types. */
const cardish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    URLISH,
    fc.jsonValue({ maxDepth: 1 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 6 }),
  ),
})).value;

const asJson = (v: unknown) => response({ url: '/.well-known/x.json', headers: { 'content-type': 'application/json' }, body: JSON.stringify(v) });

describe('JSON cards, fuzzed', () => {
  it('structured card-like values: readers never throw; endpoints they accept are http(s), absolute or on the card origin', () => {
    fc.assert(
      fc.property(cardish, (v) => {
        const probe = asJson(v);
        readA2aCard(probe);
        readJsonDocument(probe);
        indexDocument(probe);
        ucpFromProbe(probe);
        for (const u of catalogServiceDescs(probe)) expect(isAbsoluteHttp(u)).toBe(true);
        if (isObject(v)) {
          const card = readMcpCard(v);
          // A root-relative path is an endpoint on the card's own origin (resolved against the card's URL).
          for (const e of card.endpoints) expect(new URL(e, 'https://card.test/').protocol).toMatch(/^https?:$/);
          const ucp = readUcpProfile(v);
          for (const s of ucp?.services ?? []) for (const e of s.endpoints) expect(isAbsoluteHttp(e)).toBe(true);
          readSkillsIndex(v, 'https://x.test/.well-known/agent-skills/index.json', '/.well-known/agent-skills/index.json');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('hostile JSON text (broken, huge numbers, controls) never throws', () => {
    const tokens = [
      '{',
      '}',
      '[',
      ']',
      '"name":',
      '"url":"https://x.test"',
      ',',
      '1e999',
      '-0',
      'null',
      'true',
      '"\\u0000"',
      '"\\ud800"',
      '\ufeff',
      '"linkset":[',
      '"service-desc":[{"href":"/o.json"}]',
    ];
    fc.assert(
      fc.property(textFrom(tokens, 80), (text) => {
        const probe = response({ url: '/.well-known/x.json', headers: { 'content-type': 'application/json' }, body: text });
        readA2aCard(probe);
        readJsonDocument(probe);
        indexDocument(probe);
        ucpFromProbe(probe);
        for (const u of catalogServiceDescs(probe)) expect(isAbsoluteHttp(u)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('100,000-deep cards are refused as too deep, with a clean problem', () => {
    const deep = '{"name":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const probe = response({ url: '/.well-known/agent-card.json', headers: { 'content-type': 'application/json' }, body: deep });
    expect(readA2aCard(probe).card).toBeNull();
    expect(JSON.stringify(readJsonDocument(probe))).toMatch(/nested more than 128 levels/);
    expect(ucpFromProbe(probe).profile).toBeNull();
    expect(catalogServiceDescs(probe)).toEqual([]);
  });
});
