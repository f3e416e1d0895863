/**
 * Corpus variants of the discovery drafts of issues 20 and 23 (A4 MCP catalog, A5 schemas per
 * version, A10 discovery order, live probes that could not be made). Each row is our own site
 * reproducing a shape; the real files that showed it are never copied.
 */
import type { Variant } from '../types.js';
import { json, page, text } from './shared.js';
import { a2aJsonRpcRoute, mcpRoute } from '../../fixtures/sites.mjs';

const CORS = { 'access-control-allow-origin': '*' };
const CARD_TYPE = 'application/mcp-server-card+json';
const CATALOG_HEADERS = { ...CORS, 'cache-control': 'public, max-age=3600' };
const DISCOVERY = 'modelcontextprotocol/experimental-ext-server-card docs/discovery.md at 8924e08 (2026-07-24, read 2026-11-27)';
const SEP2127 = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
  name: 'dev.corpus/tools',
  version: '1.0.0',
  description: 'Corpus tools',
  remotes: [{ type: 'streamable-http', url: '' }],
};
const sep2127 = (endpoint: string) => ({ ...SEP2127, remotes: [{ type: 'streamable-http', url: endpoint }] });
/** The AI Catalog at its well-known path, as the newest draft has MCP clients read it. */
const catalog = (url: string, entry: Record<string, unknown> = {}) =>
  json(
    { specVersion: '1.0', entries: [{ identifier: 'urn:air:corpus.dev:mcp:tools', type: CARD_TYPE, url, ...entry }] },
    { ...CATALOG_HEADERS, 'content-type': 'application/ai-catalog+json' },
  );
/** The card at the draft's default location, answered as its media type. */
const cardAt = (endpoint: string) => json(sep2127(endpoint), { ...CORS, 'content-type': CARD_TYPE });
const REFUSING = 'http://127.0.0.1:1';
const A2A_03 = {
  protocolVersion: '0.3.0',
  name: 'Corpus agent',
  description: 'Answers questions about tools',
  version: '1.0.0',
  preferredTransport: 'JSONRPC',
  capabilities: { streaming: false },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'advice', name: 'Advice', description: 'Tool advice', tags: ['tools'] }],
};
const ARD_SPEC = 'ards-project/ard-spec spec/ard.md v0.91 §5.1 (commit 04afa6cb0301, read 2026-11-25)';
const ARD = (origin: string) => ({
  specVersion: '1.0',
  host: { displayName: 'Corpus Co', identifier: 'corpus.dev' },
  entries: [
    {
      identifier: 'urn:air:corpus.dev:agents:advice',
      displayName: 'Corpus agent',
      type: 'a2a',
      url: `${origin}/.well-known/agent-card.json`,
      representativeQueries: ['which spade', 'which rake'],
    },
  ],
});

export const agentDiscovery: Variant[] = [
  {
    name: 'mcp-catalog-protected-server',
    models: 'the MCP catalog naming a SEP-2127 card at /mcp/server-card, whose endpoint answers 401 with resource_metadata (issue 20 case 1)',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ai-catalog.json': catalog(`${origin}/mcp/server-card`),
      '/mcp/server-card': cardAt(`${origin}/mcp`),
      '/mcp': {
        status: 401,
        headers: { 'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource"`, 'content-type': 'application/json' },
        body: '{"error":"unauthorized"}',
      },
    }),
    expect: { A4: 'pass' },
    codes: { A4: 'A4/ok-auth-required' },
    source: `${DISCOVERY}: the AI Catalog at /.well-known/ai-catalog.json, card at <streamable-http-url>/server-card; v1 card (schema.ts at 8924e08); MCP authorization (401 + WWW-Authenticate resource_metadata)`,
  },
  {
    name: 'mcp-catalog-live-server',
    models: 'the MCP catalog naming a card at /mcp/server-card whose endpoint answers initialize and tools/list',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ai-catalog.json': catalog('/mcp/server-card'),
      '/mcp/server-card': cardAt(`${origin}/mcp`),
      '/mcp': mcpRoute({ name: 'dev.corpus/tools' }),
    }),
    expect: { A4: 'pass' },
    codes: { A4: 'A4/ok' },
    source: `${DISCOVERY} (an entry's url may be relative to the catalog); MCP 2025-06-18 lifecycle`,
  },
  {
    name: 'mcp-catalog-entry-incomplete',
    models: 'an AI Catalog whose server-card entry lacks identifier (the card and endpoint are fine)',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ai-catalog.json': json({ specVersion: '1.0', entries: [{ type: CARD_TYPE, url: `${origin}/mcp/server-card` }] }, CATALOG_HEADERS),
      '/mcp/server-card': cardAt(`${origin}/mcp`),
      '/mcp': mcpRoute({ name: 'dev.corpus/tools' }),
    }),
    expect: { A4: 'partial' },
    codes: { A4: 'A4/catalog-incomplete' },
    source: `${DISCOVERY}: an entry has identifier, type and exactly one of url or data (displayName is optional there, required by ARD v0.91: an advisory)`,
  },
  {
    name: 'mcp-catalog-card-missing',
    models: 'an MCP catalog whose only entry points at a card that answers 404, and no well-known card',
    site: ({ origin }) => ({ '/': page(), '/.well-known/ai-catalog.json': catalog(`${origin}/mcp/server-card`) }),
    expect: { A4: 'partial' },
    codes: { A4: 'A4/catalog-card-missing' },
    source: `${DISCOVERY}; our decision docs/check-codes.md A4/catalog-card-missing (a catalog that names an unreadable card is a broken promise, not an absence)`,
  },
  {
    name: 'mcp-card-server-url-variant',
    models: 'a card at /.well-known/mcp/server-card.json whose endpoint is in "serverUrl" (a variant outside the drafts)',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/mcp/server-card.json': json(
        { $schema: SEP2127.$schema, name: 'dev.corpus/tools', version: '1.0.0', description: 'Corpus tools', serverUrl: `${origin}/mcp` },
        CORS,
      ),
      '/mcp': mcpRoute({ name: 'dev.corpus/tools' }),
    }),
    expect: { A4: 'pass' },
    codes: { A4: 'A4/ok' },
    source:
      'shape seen in 2 of the 8 real MCP cards of ../shared/realworld (issue 23 point 4); our decision: read and named as a known variant, with an advisory',
  },
  {
    name: 'mcp-endpoint-refused',
    models: 'a complete MCP card whose endpoint refuses the connection (nothing listening)',
    site: () => ({ '/': page(), '/.well-known/mcp/server-card.json': json(sep2127(`${REFUSING}/mcp`), CORS) }),
    expect: { A4: 'info' },
    codes: { A4: 'A4/unmeasured' },
    source: 'issue 23 point 7; our decision docs/live-probes.md (a probe that could not be made is "could not verify", never a verdict about the site)',
  },
  {
    name: 'a2a-endpoint-refused',
    models: 'a complete A2A 1.0 card whose JSON-RPC endpoint refuses the connection',
    site: () => ({
      '/': page(),
      '/.well-known/agent-card.json': json({
        ...A2A_03,
        protocolVersion: undefined,
        preferredTransport: undefined,
        supportedInterfaces: [{ url: `${REFUSING}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      }),
    }),
    expect: { A5: 'info' },
    codes: { A5: 'A5/unmeasured' },
    source: 'issue 23 point 7; our decision docs/live-probes.md',
  },
  {
    name: 'a2a-card-v0-3-no-protocol-version',
    models: 'an A2A 0.3 card (top-level url) without protocolVersion, whose endpoint answers JSON-RPC',
    site: ({ origin }) => {
      const { protocolVersion: _, ...card } = A2A_03;
      return { '/': page(), '/a2a': a2aJsonRpcRoute(), '/.well-known/agent-card.json': json({ ...card, url: `${origin}/a2a` }) };
    },
    expect: { A5: 'partial' },
    codes: { A5: 'A5/incomplete' },
    source: 'A2A 0.3.0 JSON schema (AgentCard "required" lists protocolVersion); shape seen in 2 real cards (issue 23 point 2)',
  },
  {
    name: 'a2a-card-v0-3-bare-modes',
    models: 'an A2A 0.3 card declaring its input/output modes as "text" instead of a media type',
    site: ({ origin }) => ({
      '/': page(),
      '/a2a': a2aJsonRpcRoute(),
      '/.well-known/agent-card.json': json({ ...A2A_03, url: `${origin}/a2a`, defaultInputModes: ['text'], defaultOutputModes: ['text'] }),
    }),
    expect: { A5: 'partial' },
    codes: { A5: 'A5/incomplete' },
    source: 'A2A 0.3.0 specification (defaultInputModes/defaultOutputModes are media types); shape seen in a real card (issue 23 point 2)',
  },
  {
    name: 'a2a-card-v1-custom-binding',
    models: 'an A2A 1.0 card listing a JSONRPC interface and a custom WebSocket binding named by a URI',
    site: ({ origin }) => {
      const { protocolVersion: _v, url: _u, preferredTransport: _t, ...card } = A2A_03 as Record<string, unknown>;
      return {
        '/': page(),
        '/a2a': a2aJsonRpcRoute(),
        '/.well-known/agent-card.json': json({
          ...card,
          supportedInterfaces: [
            { url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
            { url: `${origin.replace(/^http/, 'ws')}/a2a/ws`, protocolBinding: 'https://example.com/bindings/websocket/v1', protocolVersion: '1.0' },
          ],
        }),
      };
    },
    expect: { A5: 'pass' },
    codes: { A5: 'A5/ok' },
    source: 'A2A 1.0.0 specification §5.8 and §12.7 (custom bindings identified by a URI; read 2026-11-25)',
  },
  {
    name: 'a2a-card-v1-empty-skills',
    models: 'an A2A 1.0 card whose required skills list is empty',
    site: ({ origin }) => {
      const { protocolVersion: _v, url: _u, preferredTransport: _t, ...card } = A2A_03 as Record<string, unknown>;
      return {
        '/': page(),
        '/a2a': a2aJsonRpcRoute(),
        '/.well-known/agent-card.json': json({
          ...card,
          skills: [],
          supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        }),
      };
    },
    expect: { A5: 'partial' },
    codes: { A5: 'A5/incomplete' },
    source: 'A2A 1.0.0 specification §5.7 ("Arrays marked as required MUST contain at least one element"; read 2026-11-25)',
  },
  {
    name: 'ai-catalog-robots-agentmap',
    models: 'an AI catalog at a non-well-known path, named by robots.txt Agentmap',
    site: ({ origin }) => ({
      '/': page(),
      '/robots.txt': text(`User-agent: *\nAllow: /\n\nAgentmap: ${origin}/agents/catalog.json\n`),
      '/agents/catalog.json': json(ARD(origin), CORS),
    }),
    expect: { A10: 'pass' },
    codes: { A10: 'A10/ok' },
    source: `${ARD_SPEC}: Agentmap is a discovery mechanism; Lighthouse's docs page and its shipped core/gather/gatherers/agentic/ard.js (read 2026-11-25) both try it first`,
  },
  {
    name: 'ard-well-known',
    models: 'an ARD manifest at /.well-known/ard.json and nowhere else',
    site: ({ origin }) => ({ '/': page(), '/.well-known/ard.json': json(ARD(origin), CORS) }),
    expect: { A10: 'pass' },
    codes: { A10: 'A10/ok' },
    source: `${ARD_SPEC}: consumers MUST fetch /.well-known/ard.json`,
  },
  {
    name: 'ard-html-link',
    models: 'an ARD manifest named by <link rel="ard"> in the page head',
    site: ({ origin }) => ({ '/': page('Corpus Co', '<link rel="ard" href="/catalogs/ard.json">'), '/catalogs/ard.json': json(ARD(origin), CORS) }),
    expect: { A10: 'pass' },
    codes: { A10: 'A10/ok' },
    source: `${ARD_SPEC}: consumers MUST honour a rel="ard" link`,
  },
  {
    name: 'ard-link-header',
    models: 'an ARD manifest named by a Link: <…>; rel="ard" response header',
    site: ({ origin }) => ({ '/': page('Corpus Co', '', { link: '</catalogs/ard.json>; rel="ard"' }), '/catalogs/ard.json': json(ARD(origin), CORS) }),
    expect: { A10: 'pass' },
    codes: { A10: 'A10/ok' },
    source:
      'Lighthouse\'s ARD audit docs (developer.chrome.com/docs/lighthouse/agentic-browsing/ard, read 2026-11-25): the Link rel="ard" header is the third signal',
  },
  {
    name: 'ai-catalog-html-link',
    models: 'an AI catalog named by the predecessor <link rel="ai-catalog"> in the page head',
    site: ({ origin }) => ({ '/': page('Corpus Co', '<link rel="ai-catalog" href="/catalogs/ai.json">'), '/catalogs/ai.json': json(ARD(origin), CORS) }),
    expect: { A10: 'pass' },
    codes: { A10: 'A10/legacy-location' },
    source: `${ARD_SPEC}: rel="ai-catalog" is the predecessor relation, optional for consumers; GoogleChrome/lighthouse core/gather/gatherers/agentic/ard.js (read 2026-11-25) still reads only it`,
  },
  {
    name: 'ai-catalog-link-header',
    models: 'an AI catalog named by the predecessor Link: <…>; rel=ai-catalog response header',
    site: ({ origin }) => ({ '/': page('Corpus Co', '', { link: '</catalogs/ai.json>; rel="ai-catalog"' }), '/catalogs/ai.json': json(ARD(origin), CORS) }),
    expect: { A10: 'pass' },
    codes: { A10: 'A10/legacy-location' },
    source:
      'GoogleChrome/lighthouse core/gather/gatherers/agentic/ard.js (read 2026-11-25): the Link rel=ai-catalog header is the third signal of the gatherer on the Lighthouse ARD branches (not on main f8eac394 nor in v13.4.1); its docs call it a legacy pathway',
  },
  {
    name: 'ai-catalog-ard-no-identifiers',
    models: 'an ARD manifest whose entries lack identifier (its host has neither displayName nor identifier: an advisory, ARD reads no host)',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ai-catalog.json': json(
        {
          specVersion: '1.0',
          host: { name: 'Corpus Co' },
          entries: ['a', 'b', 'c'].map((n) => ({ displayName: `Tool ${n}`, type: 'mcp', url: `${origin}/${n}`, representativeQueries: ['x', 'y'] })),
        },
        CORS,
      ),
    }),
    expect: { A10: 'partial' },
    codes: { A10: 'A10/incomplete' },
    source:
      'ards-project/ard-spec spec/ard.md v0.91 §4.2 (commit 04afa6cb0301: an entry MUST carry identifier, displayName, type, url or data; the manifest needs only entries, §5.1); shape seen in a real catalog (issue 23 point 6)',
  },
];
