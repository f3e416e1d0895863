/** Case tables of the capability checks (A1-A10): artifacts -> status and outcome code. */
import { createHash } from 'node:crypto';
import { a1ApiCatalog } from '../../../../src/core/checks/capabilities/a1-api-catalog.js';
import { a2OauthDiscovery, type AsCandidate } from '../../../../src/core/checks/capabilities/a2-oauth-discovery.js';
import { a3ProtectedResource } from '../../../../src/core/checks/capabilities/a3-protected-resource.js';
import { a4McpServerCard, MCP_CARD_PATHS } from '../../../../src/core/checks/capabilities/a4-mcp-server-card.js';
import { a5A2aAgentCard } from '../../../../src/core/checks/capabilities/a5-a2a-agent-card.js';
import { a6AgentSkills } from '../../../../src/core/checks/capabilities/a6-agent-skills.js';
import { a7WebMcp, type WebMcpArtifact } from '../../../../src/core/checks/capabilities/a7-webmcp.js';
import { a2aCardFromProbes } from '../../../../src/core/gather/a2a-card.js';
import type { SkillsArtifact } from '../../../../src/core/gather/agent-skills.js';
import { readJsonDocument, type PrmArtifact } from '../../../../src/core/gather/oauth-metadata.js';
import { a8OpenApi } from '../../../../src/core/checks/capabilities/a8-openapi.js';
import { a9AuthMd } from '../../../../src/core/checks/capabilities/a9-auth-md.js';
import { a10AiCatalog } from '../../../../src/core/checks/capabilities/a10-ai-catalog.js';
import { openApiCandidates, openApiFromProbes } from '../../../../src/core/gather/openapi.js';
import type { FetchResult } from '../../../../src/core/net/http.js';
import { table } from '../../../helpers/check-tester.js';
import type { McpProbeResult } from '../../../../src/core/gather/mcp-probe.js';
import { readCatalogDocument } from '../../../../src/core/gather/catalog-reader.js';
import { judgeA2aAnswer } from '../../../../src/core/gather/a2a-probe.js';
import { json, notFound, ORIGIN, response, soft404, text } from '../../../helpers/responses.js';

const P = '/.well-known/api-catalog';
const LINKSET_CT = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const API = {
  linkset: [
    {
      anchor: 'https://api.example.com/v1',
      'service-desc': [{ href: 'https://api.example.com/v1/openapi.json', type: 'application/openapi+json' }],
    },
  ],
};
const catalog = (get: FetchResult, targets: Array<{ url: string; probe: FetchResult }> = []) => ({
  get,
  head: response({ url: P, method: 'HEAD' }),
  pageLink: null,
  targets,
});
const a1 = table(a1ApiCatalog, {
  valid: [{ artifact: catalog(json(P, API, { 'content-type': LINKSET_CT })), code: 'A1/ok', advisories: ['A1/head-without-link', 'A1/page-not-linked'] }],
  invalid: [
    { artifact: catalog(notFound(P)), status: 'fail', code: 'A1/missing' },
    { artifact: catalog(soft404(P)), status: 'fail', code: 'A1/missing' },
    { artifact: catalog(text(P, '{"linkset": [', 'application/linkset+json')), status: 'fail', code: 'A1/not-json' },
    {
      artifact: catalog(json(P, { apis: [] })),
      status: 'partial',
      code: 'A1/no-linkset',
      advisories: ['A1/content-type', 'A1/head-without-link', 'A1/page-not-linked'],
    },
    { artifact: catalog(json(P, { linkset: [] })), status: 'partial', code: 'A1/no-api-entries' },
    {
      artifact: catalog(json(P, API), [{ url: 'https://api.example.com/v1/openapi.json', probe: notFound('/v1/openapi.json') }]),
      status: 'partial',
      code: 'A1/dead-links',
    },
  ],
});

const OPENAPI = { openapi: '3.1.0', info: { title: 'Shop API', version: '1' }, paths: { '/orders': { get: {}, post: {} } } };
function openapi(byPath: Record<string, FetchResult>, links: string[] = []) {
  return () => {
    const candidates = openApiCandidates(ORIGIN, links, []);
    return openApiFromProbes(
      candidates,
      candidates.map((c) => byPath[new URL(c.url).pathname] ?? notFound(new URL(c.url).pathname)),
    );
  };
}
const a8 = table(a8OpenApi, {
  valid: [
    { artifact: openapi({ '/openapi.json': json('/openapi.json', OPENAPI) }), code: 'A8/ok', advisories: ['A8/not-advertised'] },
    {
      name: 'advertised by a Link header',
      artifact: openapi({ '/openapi.json': json('/openapi.json', OPENAPI) }, [`${ORIGIN}/openapi.json`]),
      code: 'A8/ok',
      advisories: [],
    },
    {
      name: 'Swagger 2.0 under a type no OpenAPI reader names',
      artifact: openapi({ '/swagger.json': text('/swagger.json', JSON.stringify({ swagger: '2.0', info: {}, paths: { '/x': { get: {} } } }), 'text/plain') }),
      code: 'A8/ok',
      advisories: ['A8/content-type', 'A8/not-advertised', 'A8/swagger-legacy'],
    },
  ],
  invalid: [
    { artifact: openapi({}), status: 'fail', code: 'A8/missing' },
    {
      name: 'empty paths',
      artifact: openapi({ '/openapi.json': json('/openapi.json', { openapi: '3.1.0', info: {}, paths: {} }) }),
      status: 'partial',
      code: 'A8/invalid',
      advisories: ['A8/not-advertised'],
    },
    {
      name: 'an advertised document that is not JSON',
      artifact: openapi({ '/spec': response({ url: '/spec', headers: { 'content-type': 'application/json' }, body: '{"openapi": "3.1.0", ' }) }, [
        `${ORIGIN}/spec`,
      ]),
      status: 'partial',
      code: 'A8/unusable',
    },
  ],
});

const a9 = table(a9AuthMd, {
  valid: [
    { artifact: text('/auth.md', '# auth.md for Acme\n\nRegister at /oauth/register.\n', 'text/markdown'), code: 'A9/ok', advisories: [] },
    {
      name: 'plain text that points nowhere',
      artifact: text('/auth.md', '# auth.md\n\nAsk us for a key.\n'),
      code: 'A9/ok',
      advisories: ['A9/content-type', 'A9/no-pointers'],
    },
  ],
  invalid: [
    { artifact: soft404('/auth.md'), status: 'fail', code: 'A9/soft-404' },
    { artifact: notFound('/auth.md'), status: 'fail', code: 'A9/missing' },
    {
      artifact: text('/auth.md', '# Authentication\n\nUse OAuth.\n', 'text/markdown'),
      status: 'partial',
      code: 'A9/not-a-guide',
      advisories: ['A9/no-pointers'],
    },
  ],
});

const AI = '/.well-known/ard.json';
const AI_LEGACY = '/.well-known/ai-catalog.json';
const AI_CARD_CATALOG = { specVersion: '1.0', host: { name: 'Shop' }, agents: [{ cardUrl: `${ORIGIN}/.well-known/agent-card.json` }] };
const a10 = table(a10AiCatalog, {
  valid: [
    { artifact: { probes: [json(AI, AI_CARD_CATALOG, { 'access-control-allow-origin': '*' })] }, code: 'A10/ok', advisories: ['A10/host-no-display-name'] },
    {
      artifact: { probes: [notFound(AI), json(AI_LEGACY, AI_CARD_CATALOG, { 'access-control-allow-origin': '*' })] },
      code: 'A10/legacy-location',
      advisories: ['A10/legacy-move', 'A10/host-no-display-name'],
    },
    {
      name: 'an ARD manifest with a bare version, an agent without a card URL and an entry that is not an object',
      artifact: {
        probes: [
          json(AI, {
            version: '1.0',
            entries: [
              { identifier: 'urn:air:shop.example.com:mcp:orders', displayName: 'Orders', type: 'application/mcp-server-card+json', url: `${ORIGIN}/mcp` },
            ],
            agents: [{ name: 'no card' }],
          }),
        ],
      },
      code: 'A10/ok',
      advisories: ['A10/no-cors', 'A10/version-not-spec-version', 'A10/entry-queries-count', 'A10/agent-no-card-url'],
    },
  ],
  invalid: [
    { artifact: { probes: [notFound(AI)] }, status: 'fail', code: 'A10/missing' },
    { artifact: { probes: [text(AI, '{ nope', 'application/json')] }, status: 'fail', code: 'A10/not-json' },
    { artifact: { probes: [json(AI, ['a', 'list'])] }, status: 'fail', code: 'A10/not-object' },
    {
      artifact: { probes: [json(AI, { host: { name: 'Shop' }, entries: [] })] },
      status: 'partial',
      code: 'A10/incomplete',
      advisories: ['A10/no-cors', 'A10/host-no-display-name'],
    },
    {
      name: 'an incomplete catalog at the predecessor location',
      artifact: { probes: [notFound(AI), json(AI_LEGACY, { host: { name: 'Shop' }, entries: [] })] },
      status: 'partial',
      code: 'A10/incomplete',
      advisories: ['A10/legacy-incomplete', 'A10/no-cors', 'A10/host-no-display-name'],
      remedy: 'A10/complete-and-move',
    },
  ],
});

const AS = '/.well-known/oauth-authorization-server';
const RFC8414 = {
  issuer: ORIGIN,
  authorization_endpoint: `${ORIGIN}/authorize`,
  token_endpoint: `${ORIGIN}/token`,
  response_types_supported: ['code'],
  grant_types_supported: ['authorization_code'],
  code_challenge_methods_supported: ['S256'],
  registration_endpoint: `${ORIGIN}/register`,
};
const asCandidate = (res: FetchResult): AsCandidate => ({ kind: 'rfc8414', expectedIssuer: ORIGIN, source: 'origin', ...readJsonDocument(res) });
const a2 = table(a2OauthDiscovery, {
  valid: [{ artifact: () => ({ candidates: [asCandidate(json(AS, RFC8414))] }), code: 'A2/ok' }],
  invalid: [
    { artifact: () => ({ candidates: [asCandidate(notFound(AS))] }), status: 'fail', code: 'A2/missing' },
    {
      name: 'an issuer that is not the origin',
      artifact: () => ({ candidates: [asCandidate(json(AS, { ...RFC8414, issuer: 'https://other.example' }))] }),
      status: 'partial',
      code: 'A2/invalid',
    },
  ],
});

const PRM = '/.well-known/oauth-protected-resource';
const prm = (res: FetchResult) => (): PrmArtifact => {
  const wellKnown = readJsonDocument(res);
  return { wellKnown, pageWwwAuthenticate: null, linked: null, chosen: wellKnown };
};
const VALID_PRM = { resource: `${ORIGIN}/mcp`, authorization_servers: ['https://auth.example.com'], scopes_supported: ['read'] };
/** PRM plus the live unauthenticated request to the resource. */
const prmChallenged = (status: number, www?: string) => () => ({
  ...prm(json(PRM, VALID_PRM))(),
  challenge: {
    url: `${ORIGIN}/mcp`,
    source: 'mcp' as const,
    probe: response({
      url: '/mcp',
      method: 'POST',
      status,
      headers: { 'content-type': 'application/json', ...(www ? { 'www-authenticate': www } : {}) },
      body: '{}',
    }),
  },
  followed: null,
});
const a3 = table(a3ProtectedResource, {
  valid: [
    { artifact: prm(json(PRM, { resource: ORIGIN, authorization_servers: ['https://auth.example.com'], scopes_supported: ['read'] })), code: 'A3/ok' },
    { name: '401 with resource_metadata', artifact: prmChallenged(401, `Bearer resource_metadata="${ORIGIN}${PRM}"`), code: 'A3/ok' },
    {
      name: 'the resource answers 200 without a token (a note, not a defect)',
      artifact: prmChallenged(200),
      code: 'A3/ok',
      advisories: ['A3/resource-has-path', 'A3/unprotected'],
    },
  ],
  invalid: [
    { name: '401 without resource_metadata', artifact: prmChallenged(401, 'Bearer realm="api"'), status: 'partial', code: 'A3/no-resource-metadata-challenge' },
    { name: '401 without WWW-Authenticate', artifact: prmChallenged(401), status: 'partial', code: 'A3/no-resource-metadata-challenge' },
    { artifact: prm(notFound(PRM)), status: 'fail', code: 'A3/missing' },
    {
      artifact: prm(json(PRM, { resource: 'https://elsewhere.example', authorization_servers: ['https://a.example'] })),
      status: 'partial',
      code: 'A3/bad-resource',
    },
    { artifact: prm(json(PRM, { resource: ORIGIN })), status: 'partial', code: 'A3/no-authorization-servers', advisories: ['A3/no-scopes'] },
  ],
});

const SERVER_CARD = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
  name: 'com.example/store',
  version: '1.2.0',
  description: 'Orders and products',
  remotes: [{ type: 'streamable-http', url: 'https://example.com/mcp' }],
};
const CORS = { 'access-control-allow-origin': '*' };
const mcpCards = (at: Record<number, FetchResult>, live: McpProbeResult | null = null) => ({
  probes: MCP_CARD_PATHS.map((p, i) => at[i] ?? notFound(p)),
  live,
});
const mcpLive = (outcome: McpProbeResult['outcome'], status: number, headers: Record<string, string> = {}): McpProbeResult => ({
  endpoint: 'https://example.com/mcp',
  outcome,
  serverName: outcome === 'ok' ? 'com.example/store' : null,
  serverVersion: outcome === 'ok' ? '1.2.0' : null,
  protocolVersion: outcome === 'ok' ? '2025-06-18' : null,
  sessionIssued: outcome === 'ok',
  toolCount: outcome === 'ok' ? 2 : null,
  toolNames: outcome === 'ok' ? ['search', 'order'] : [],
  failure: outcome === 'ok' ? null : { kind: 'http-status', status, contentType: 'text/html' },
  wwwAuthenticate: headers['www-authenticate'] ?? null,
  exchanges: [
    { rpc: 'initialize', probe: response({ url: 'https://example.com/mcp', method: 'POST', status, headers: { 'content-type': 'text/html', ...headers } }) },
  ],
});
const liveCard = (live: McpProbeResult) => () => mcpCards({ 1: json(MCP_CARD_PATHS[1], SERVER_CARD, CORS) }, live);
const CARD_TYPE = 'application/mcp-server-card+json';
const catalogEntry = {
  identifier: 'urn:air:example.com:mcp:store',
  displayName: 'Store',
  type: CARD_TYPE,
  url: 'https://site.test-fixture.dev/mcp/server-card',
};
const CATALOG_PATHS = { 'ai-catalog': '/.well-known/ai-catalog.json', ard: '/.well-known/ard.json', 'mcp-catalog': '/.well-known/mcp/catalog.json' } as const;
/** One catalog (by default the AI Catalog, the draft's discovery) with the card its entries name, the well-known paths all 404. */
const viaCatalog =
  (doc: unknown, cardAnswer: FetchResult, live: McpProbeResult | null = null, name: keyof typeof CATALOG_PATHS = 'ai-catalog') =>
  () => {
    const at = { url: `${ORIGIN}${CATALOG_PATHS[name]}`, via: 'well-known' as const, legacy: name !== 'ard', name };
    const probe = json(CATALOG_PATHS[name], doc, { ...CORS, 'content-type': 'application/ai-catalog+json', 'cache-control': 'public, max-age=3600' });
    const document = readCatalogDocument(probe, at, ORIGIN);
    const catalogs = {
      signals: { agentmap: null, htmlLink: null, linkHeader: null },
      candidates: [at],
      probes: [probe],
      documents: [document],
      lighthouse: { url: at.url, found: true },
    };
    const cards = document.entries.filter((e) => e.kind === 'mcp-server-card').map((entry) => ({ entry, document, probe: cardAnswer }));
    return { ...mcpCards({}, live), catalog: { catalogs, cards, skipped: 0 } };
  };
const catalogCard = () => json('/mcp/server-card', SERVER_CARD, { ...CORS, 'content-type': CARD_TYPE });
const a4 = table(a4McpServerCard, {
  valid: [
    { artifact: () => mcpCards({ 1: json(MCP_CARD_PATHS[1], SERVER_CARD, CORS) }), code: 'A4/ok', advisories: ['A4/well-known-only'] },
    { name: 'live: initialize + tools/list answered', artifact: liveCard(mcpLive('ok', 200)), code: 'A4/ok', advisories: ['A4/well-known-only'] },
    {
      name: 'live: the server reports another version than the card',
      artifact: liveCard({ ...mcpLive('ok', 200), serverVersion: '1.3.0' }),
      code: 'A4/ok',
      advisories: ['A4/well-known-only', 'A4/live-version-differs'],
    },
    {
      name: 'served as text/plain, with an http remote beside one whose {variables} have no default',
      artifact: () =>
        mcpCards({
          1: text(
            MCP_CARD_PATHS[1],
            JSON.stringify({
              ...SERVER_CARD,
              remotes: [
                { type: 'streamable-http', url: 'http://example.com/mcp' },
                { type: 'streamable-http', url: 'https://{tenant}.example.com/mcp' },
              ],
            }),
            'text/plain',
          ),
        }),
      code: 'A4/ok',
      advisories: ['A4/no-cors', 'A4/content-type', 'A4/endpoint-not-https', 'A4/unresolved-templates', 'A4/well-known-only'],
    },
    {
      name: 'live: 401 with WWW-Authenticate',
      artifact: liveCard(
        mcpLive('auth-required', 401, { 'www-authenticate': 'Bearer resource_metadata="https://example.com/.well-known/oauth-protected-resource"' }),
      ),
      code: 'A4/ok-auth-required',
    },
    {
      name: 'the AI Catalog names a v1 card at <endpoint>/server-card',
      artifact: viaCatalog({ specVersion: '1.0', entries: [catalogEntry] }, catalogCard()),
      code: 'A4/ok',
      advisories: ['A4/catalog-only'],
    },
    {
      name: 'the ARD manifest names the card',
      artifact: viaCatalog({ entries: [catalogEntry] }, catalogCard(), null, 'ard'),
      code: 'A4/ok',
      advisories: ['A4/not-in-ai-catalog', 'A4/catalog-only', 'A4/ard-no-spec-version'],
    },
    {
      name: 'the card only through the removed MCP Catalog',
      artifact: viaCatalog({ specVersion: 'draft', entries: [catalogEntry] }, catalogCard(), null, 'mcp-catalog'),
      code: 'A4/removed-location',
      advisories: ['A4/catalog-only'],
    },
  ],
  invalid: [
    { artifact: () => mcpCards({}), status: 'fail', code: 'A4/missing' },
    {
      name: 'the catalog names a card that 404s',
      artifact: viaCatalog({ specVersion: '1.0', entries: [catalogEntry] }, notFound('/mcp/server-card')),
      status: 'partial',
      code: 'A4/catalog-card-missing',
    },
    {
      name: 'catalog entries without identifier',
      artifact: viaCatalog({ specVersion: '1.0', entries: [{ type: CARD_TYPE, url: catalogEntry.url }] }, catalogCard()),
      status: 'partial',
      code: 'A4/catalog-incomplete',
      advisories: ['A4/catalog-only', 'A4/entry-no-display-name'],
    },
    { name: 'live: the endpoint 404s with HTML', artifact: liveCard(mcpLive('not-mcp', 404)), status: 'partial', code: 'A4/endpoint-not-mcp' },
    { name: 'live: 401 without WWW-Authenticate', artifact: liveCard(mcpLive('auth-required', 401)), status: 'partial', code: 'A4/endpoint-not-mcp' },
    {
      name: 'no identity',
      artifact: () => mcpCards({ 1: json(MCP_CARD_PATHS[1], { remotes: [{ type: 'streamable-http', url: 'https://example.com/mcp' }] }) }),
      status: 'partial',
      code: 'A4/incomplete',
      advisories: ['A4/no-cors', 'A4/well-known-only'],
    },
    {
      name: 'no remotes',
      artifact: () => mcpCards({ 1: json(MCP_CARD_PATHS[1], { name: 'x', version: '1', capabilities: {} }) }),
      status: 'partial',
      code: 'A4/no-remotes',
      advisories: ['A4/no-cors', 'A4/retired-members', 'A4/well-known-only'],
    },
    {
      name: 'a date-versioned $schema',
      artifact: () =>
        mcpCards({
          1: json(MCP_CARD_PATHS[1], { ...SERVER_CARD, $schema: 'https://static.modelcontextprotocol.io/schemas/2025-11-25/server-card.schema.json' }, CORS),
        }),
      status: 'partial',
      code: 'A4/schema-invalid',
      findings: ['A4/card-schema-dated'],
      advisories: ['A4/well-known-only'],
    },
    {
      name: 'SEP-1649 shape: serverInfo + transport.endpoint (read, not a v1 card)',
      artifact: () =>
        mcpCards({
          1: json(
            MCP_CARD_PATHS[1],
            {
              serverInfo: { name: 'store', version: '1.0.0' },
              transport: { type: 'streamable-http', endpoint: 'https://example.com/mcp' },
              capabilities: { tools: {} },
            },
            CORS,
          ),
        }),
      status: 'partial',
      code: 'A4/schema-invalid',
      findings: ['A4/card-no-schema', 'A4/card-no-name', 'A4/card-no-version', 'A4/card-no-description'],
      advisories: ['A4/retired-members', 'A4/server-info-only', 'A4/well-known-only'],
    },
    {
      artifact: () =>
        mcpCards({
          1: response({
            url: MCP_CARD_PATHS[1],
            headers: { 'content-type': 'application/json', ...CORS },
            body: JSON.stringify(SERVER_CARD),
            redirects: ['https://cards.other-host.net/card.json'],
          }),
        }),
      status: 'partial',
      code: 'A4/cross-site-redirect',
    },
  ],
});

const CARD = '/.well-known/agent-card.json';
const LEGACY_CARD = '/.well-known/agent.json';
const AGENT = {
  name: 'Travel agent',
  description: 'Books trips',
  version: '2.1.0',
  capabilities: { streaming: true },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'book', name: 'Book', description: 'Books a trip', tags: ['travel'] }],
};
const agentCard =
  (current: FetchResult, legacy: FetchResult | null = null) =>
  () =>
    a2aCardFromProbes(current, legacy);
const A2A_V1 = { ...AGENT, supportedInterfaces: [{ url: 'https://example.com/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] };
const a2aLive = (probe: FetchResult) => () => ({
  ...a2aCardFromProbes(json(CARD, A2A_V1), null),
  live: { endpoint: 'https://example.com/a2a/v1', binding: 'JSONRPC', url: 'https://example.com/a2a/v1', probe, ...judgeA2aAnswer(probe) },
});
const a2aPost = (status: number, body: string, contentType = 'application/json') =>
  response({ url: 'https://example.com/a2a/v1', method: 'POST', status, headers: { 'content-type': contentType }, body });
const a5 = table(a5A2aAgentCard, {
  valid: [
    { artifact: agentCard(json(CARD, A2A_V1)), code: 'A5/ok' },
    {
      name: 'live: a JSON-RPC error object',
      artifact: a2aLive(a2aPost(200, '{"jsonrpc":"2.0","id":"ai-ready-probe","error":{"code":-32601,"message":"Method not found"}}')),
      code: 'A5/ok',
    },
    { name: 'live: 401 (the agent asks for credentials)', artifact: a2aLive(a2aPost(401, '')), code: 'A5/ok', advisories: ['A5/endpoint-auth-required'] },
    {
      name: 'a 1.0 card served as text/plain, with a top-level url, an http endpoint and a patch protocolVersion',
      artifact: agentCard(
        text(
          CARD,
          JSON.stringify({
            ...AGENT,
            url: 'https://example.com/a2a',
            supportedInterfaces: [{ url: 'http://example.com/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '1.0.0' }],
          }),
          'text/plain',
        ),
      ),
      code: 'A5/ok',
      advisories: ['A5/content-type', 'A5/endpoint-not-https', 'A5/top-level-url-ignored', 'A5/patch-protocol-version'],
    },
    {
      name: 'a 0.3 card (top-level url)',
      artifact: agentCard(json(CARD, { ...AGENT, url: 'https://example.com/a2a', preferredTransport: 'JSONRPC', protocolVersion: '0.3.0' })),
      code: 'A5/ok',
      advisories: ['A5/add-supported-interfaces'],
    },
    {
      name: 'only a gRPC interface (not probed)',
      artifact: () => ({
        ...a2aCardFromProbes(
          json(CARD, { ...AGENT, supportedInterfaces: [{ url: 'a2a.example.com:443', protocolBinding: 'GRPC', protocolVersion: '1.0' }] }),
          null,
        ),
        live: null,
        unprobedBindings: ['GRPC'],
      }),
      status: 'info',
      code: 'A5/endpoint-unmeasured',
    },
  ],
  invalid: [
    {
      name: 'live: 404',
      artifact: a2aLive(a2aPost(404, 'not found', 'text/plain')),
      status: 'partial',
      code: 'A5/endpoint-no-answer',
      remedy: 'A5/answer-json-rpc',
    },
    { name: 'live: HTML 200', artifact: a2aLive(a2aPost(200, '<html></html>', 'text/html')), status: 'partial', code: 'A5/endpoint-no-answer' },
    { name: 'live: JSON that is not JSON-RPC', artifact: a2aLive(a2aPost(200, '{"ok":true}')), status: 'partial', code: 'A5/endpoint-no-answer' },
    { artifact: agentCard(notFound(CARD), notFound(LEGACY_CARD)), status: 'fail', code: 'A5/missing' },
    { artifact: agentCard(notFound(CARD), json(LEGACY_CARD, { ...AGENT, url: 'https://example.com/a2a' })), status: 'partial', code: 'A5/legacy' },
    {
      name: 'no endpoint',
      artifact: agentCard(json(CARD, { ...AGENT, protocolVersion: '1.0' })),
      status: 'partial',
      code: 'A5/incomplete',
      remedy: 'A5/complete-card',
    },
    { name: 'no version and no interface', artifact: agentCard(json(CARD, AGENT)), status: 'partial', code: 'A5/incomplete', remedy: 'A5/complete-card' },
    {
      name: 'live: an HTTP+JSON interface that answers 404 without an A2A error body',
      artifact: () => ({
        ...a2aLive(a2aPost(404, 'not found', 'text/plain'))(),
        live: { ...a2aLive(a2aPost(404, 'not found', 'text/plain'))().live, binding: 'HTTP+JSON' },
      }),
      status: 'partial',
      code: 'A5/endpoint-no-answer',
      remedy: 'A5/answer-http-json',
    },
  ],
});

const INDEX = '/.well-known/agent-skills/index.json';
const SKILLS_LEGACY = '/.well-known/skills/index.json';
const SKILL_MD = '---\nname: order-status\ndescription: Look up an order.\n---\n\n# Order status\n';
const SKILL_URL = `${ORIGIN}/.well-known/agent-skills/order-status/SKILL.md`;
const sha = (s: string) => `sha256:${createHash('sha256').update(s).digest('hex')}`;
const skillEntry = {
  name: 'order-status',
  type: 'skill-md',
  description: 'Look up an order.',
  url: '/.well-known/agent-skills/order-status/SKILL.md',
  digest: sha(SKILL_MD),
};
const skills = (files: Record<string, FetchResult>) => (): SkillsArtifact => {
  const index = json(INDEX, { $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json', skills: [skillEntry] });
  return { probes: [index], probe: index, path: INDEX, artifacts: files };
};
const a6 = table(a6AgentSkills, {
  valid: [
    { artifact: skills({ [SKILL_URL]: text('/.well-known/agent-skills/order-status/SKILL.md', SKILL_MD, 'text/markdown') }), code: 'A6/ok', advisories: [] },
    {
      name: 'an index and a SKILL.md served under other types, the front matter naming another skill, an entry clients skip',
      artifact: (): SkillsArtifact => {
        const md = SKILL_MD.replace('name: order-status', 'name: order-lookup');
        const index = text(
          INDEX,
          JSON.stringify({
            $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
            skills: [
              { ...skillEntry, digest: sha(md), version: 'v1' },
              { ...skillEntry, name: 'search', type: 'mcp-resource-template' },
            ],
          }),
          'text/plain',
        );
        return {
          probes: [index],
          probe: index,
          path: INDEX,
          artifacts: { [SKILL_URL]: text('/.well-known/agent-skills/order-status/SKILL.md', md, 'text/x-markdown') },
        };
      },
      code: 'A6/ok',
      advisories: ['A6/version-not-semver', 'A6/index-content-type', 'A6/entry-skipped', 'A6/front-matter-name', 'A6/skill-md-content-type'],
    },
    {
      name: 'a download that could not be made (DNS failure)',
      artifact: skills({ [SKILL_URL]: { ...response({ url: SKILL_URL }), status: null, error: { code: 'dns', message: 'DNS lookup failed (ENOTFOUND)' } } }),
      status: 'info',
      code: 'A6/artifact-unmeasured',
    },
  ],
  invalid: [
    { artifact: (): SkillsArtifact => ({ probes: [notFound(INDEX)], probe: null, path: null, artifacts: {} }), status: 'fail', code: 'A6/missing' },
    {
      name: 'a digest mismatch',
      artifact: skills({ [SKILL_URL]: text('/.well-known/agent-skills/order-status/SKILL.md', SKILL_MD + 'changed\n', 'text/markdown') }),
      status: 'partial',
      code: 'A6/invalid',
      remedy: 'A6/fix-index',
    },
    {
      name: 'a v0.1.0 index at the legacy path',
      artifact: (): SkillsArtifact => {
        const legacy = json(SKILLS_LEGACY, { skills: [{ name: 'legacy-skill', description: 'Legacy skill', files: ['SKILL.md'] }] });
        return { probes: [notFound(INDEX), legacy], probe: legacy, path: SKILLS_LEGACY, artifacts: {} };
      },
      status: 'partial',
      code: 'A6/invalid',
      remedy: 'A6/move-index',
    },
  ],
});

const webPage = response({ url: '/', headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>x</body></html>' });
const webmcp = (over: Partial<WebMcpArtifact> = {}): WebMcpArtifact => ({
  page: webPage,
  isHtml: true,
  inline: [],
  forms: [],
  scripts: [],
  skipped: { crossOrigin: 0, overCap: 0 },
  ...over,
});
const field = (name: string | null, title: string | null = 'Label', description: string | null = null) => ({ name, title, description });
const a7 = table(a7WebMcp, {
  valid: [
    {
      artifact: webmcp({ inline: ['document.modelContext.registerTool({ name: "add_to_cart", description: "Add", inputSchema: {}, execute() {} });'] }),
      code: 'A7/ok',
    },
    {
      artifact: webmcp({ forms: [{ toolname: 'search', description: 'Search the catalog', params: 1, fields: [field('q')] }] }),
      code: 'A7/ok',
      advisories: [],
    },
    {
      name: 'tools=(self), both spellings, a removed call, an autosubmitting form, and scripts not read',
      artifact: webmcp({
        page: response({ url: '/', headers: { 'content-type': 'text/html', 'permissions-policy': 'tools=(self)' }, body: '<html></html>' }),
        inline: [
          '(document.modelContext ?? navigator.modelContext).registerTool({ name: "add_to_cart", description: "Add", execute() {} }); document.modelContext.clearContext();',
        ],
        forms: [{ toolname: 'search', description: 'Search', params: 1, fields: [field('q')], autosubmit: true }],
        scripts: [notFound('/assets/gone.js')],
        skipped: { crossOrigin: 2, overCap: 1 },
      }),
      code: 'A7/ok',
      advisories: [
        'A7/policy-allows',
        'A7/removed-calls',
        'A7/navigator-also',
        'A7/autosubmit',
        'A7/cross-origin-scripts',
        'A7/scripts-over-cap',
        'A7/scripts-unfetched',
      ],
    },
    {
      artifact: webmcp({ page: response({ url: '/', headers: { 'content-type': 'application/pdf' }, body: '%PDF' }), isHtml: false }),
      status: 'info',
      code: 'A7/not-html',
    },
  ],
  invalid: [
    {
      name: 'navigator.modelContext only (deprecated in Chrome 150, removed in 152)',
      artifact: webmcp({ inline: ['navigator.modelContext.registerTool({ name: "add_to_cart", description: "Add", inputSchema: {}, execute() {} });'] }),
      status: 'partial',
      code: 'A7/navigator-deprecated',
    },
    { artifact: webmcp({ forms: [{ toolname: '', description: 'Search', params: 1, fields: [field('q')] }] }), status: 'partial', code: 'A7/tool-no-name' },
    {
      artifact: webmcp({ inline: ['document.modelContext.registerTool({ name: "add to cart", description: "Add", execute() {} });'] }),
      status: 'partial',
      code: 'A7/tool-name-invalid',
    },
    {
      artifact: webmcp({ forms: [{ toolname: 'search', description: null, params: 1, fields: [field('q')] }] }),
      status: 'partial',
      code: 'A7/tool-no-description',
    },
    {
      artifact: webmcp({ forms: [{ toolname: 'search', description: 'Search', params: 0, fields: [field(null)] }] }),
      status: 'partial',
      code: 'A7/param-no-name',
    },
    {
      artifact: webmcp({ forms: [{ toolname: 'search', description: 'Search', params: 1, fields: [field('q', null, null)] }] }),
      status: 'partial',
      code: 'A7/param-no-title',
    },
    { artifact: webmcp({ inline: ['document.modelContext.provideContext({ tools: [] });'] }), status: 'partial', code: 'A7/provide-context-removed' },
    {
      artifact: webmcp({
        page: response({ url: '/', headers: { 'content-type': 'text/html', 'permissions-policy': 'tools=()' }, body: '<html></html>' }),
        inline: ['document.modelContext.registerTool({ name: "add_to_cart", description: "Add", execute() {} });'],
      }),
      status: 'partial',
      code: 'A7/policy-disabled',
    },
    {
      artifact: webmcp({
        page: response({ url: '/', headers: { 'content-type': 'text/html', 'origin-agent-cluster': '?0' }, body: '<html></html>' }),
        inline: ['document.modelContext.registerTool({ name: "add_to_cart", description: "Add", execute() {} });'],
      }),
      status: 'partial',
      code: 'A7/origin-agent-cluster-off',
    },
    { artifact: webmcp({ inline: ['if (document.modelContext) console.log("webmcp")'] }), status: 'partial', code: 'A7/feature-detect-only' },
    { artifact: webmcp({ inline: ['console.log(1)'] }), status: 'fail', code: 'A7/missing' },
  ],
});

export const capabilityTables = [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10];
