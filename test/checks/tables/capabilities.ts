/** Case tables of the capability checks (A1-A10): artifacts -> status and outcome code. */
import { createHash } from 'node:crypto';
import { a1ApiCatalog } from '../../../src/core/checks/capabilities/a1-api-catalog.js';
import { a2OauthDiscovery, type AsCandidate } from '../../../src/core/checks/capabilities/a2-oauth-discovery.js';
import { a3ProtectedResource } from '../../../src/core/checks/capabilities/a3-protected-resource.js';
import { a4McpServerCard, MCP_CARD_PATHS } from '../../../src/core/checks/capabilities/a4-mcp-server-card.js';
import { a5A2aAgentCard } from '../../../src/core/checks/capabilities/a5-a2a-agent-card.js';
import { a6AgentSkills } from '../../../src/core/checks/capabilities/a6-agent-skills.js';
import { a7WebMcp, type WebMcpArtifact } from '../../../src/core/checks/capabilities/a7-webmcp.js';
import { a2aCardFromProbes } from '../../../src/core/gather/a2a-card.js';
import type { SkillsArtifact } from '../../../src/core/gather/agent-skills.js';
import { readJsonDocument, type PrmArtifact } from '../../../src/core/gather/oauth-metadata.js';
import { a8OpenApi } from '../../../src/core/checks/capabilities/a8-openapi.js';
import { a9AuthMd } from '../../../src/core/checks/capabilities/a9-auth-md.js';
import { a10AiCatalog } from '../../../src/core/checks/capabilities/a10-ai-catalog.js';
import { openApiCandidates, openApiFromProbes } from '../../../src/core/gather/openapi.js';
import type { FetchResult } from '../../../src/core/net/http.js';
import { table } from '../../helpers/check-tester.js';
import { json, notFound, ORIGIN, response, soft404, text } from '../../helpers/responses.js';

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
  valid: [{ artifact: catalog(json(P, API, { 'content-type': LINKSET_CT })), code: 'A1/ok' }],
  invalid: [
    { artifact: catalog(notFound(P)), status: 'fail', code: 'A1/missing' },
    { artifact: catalog(soft404(P)), status: 'fail', code: 'A1/missing' },
    { artifact: catalog(text(P, '{"linkset": [', 'application/linkset+json')), status: 'fail', code: 'A1/not-json' },
    { artifact: catalog(json(P, { apis: [] })), status: 'partial', code: 'A1/no-linkset' },
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
    return openApiFromProbes(candidates, candidates.map((c) => byPath[new URL(c.url).pathname] ?? notFound(new URL(c.url).pathname)));
  };
}
const a8 = table(a8OpenApi, {
  valid: [{ artifact: openapi({ '/openapi.json': json('/openapi.json', OPENAPI) }), code: 'A8/ok' }],
  invalid: [
    { artifact: openapi({}), status: 'fail', code: 'A8/missing' },
    { name: 'empty paths', artifact: openapi({ '/openapi.json': json('/openapi.json', { openapi: '3.1.0', info: {}, paths: {} }) }), status: 'partial', code: 'A8/invalid' },
    {
      name: 'an advertised document that is not JSON',
      artifact: openapi({ '/spec': response({ url: '/spec', headers: { 'content-type': 'application/json' }, body: '{"openapi": "3.1.0", ' }) }, [`${ORIGIN}/spec`]),
      status: 'partial',
      code: 'A8/unusable',
    },
  ],
});

const a9 = table(a9AuthMd, {
  valid: [{ artifact: text('/auth.md', '# auth.md for Acme\n\nRegister at /oauth/register.\n', 'text/markdown'), code: 'A9/ok' }],
  invalid: [
    { artifact: soft404('/auth.md'), status: 'fail', code: 'A9/soft-404' },
    { artifact: notFound('/auth.md'), status: 'fail', code: 'A9/missing' },
    { artifact: text('/auth.md', '# Authentication\n\nUse OAuth.\n', 'text/markdown'), status: 'partial', code: 'A9/no-heading' },
  ],
});

const AI = '/.well-known/ai-catalog.json';
const a10 = table(a10AiCatalog, {
  valid: [
    {
      artifact: { probes: [json(AI, { specVersion: '1.0', host: { name: 'Shop' }, agents: [{ cardUrl: `${ORIGIN}/.well-known/agent-card.json` }] }, { 'access-control-allow-origin': '*' })] },
      code: 'A10/ok',
    },
  ],
  invalid: [
    { artifact: { probes: [notFound(AI)] }, status: 'fail', code: 'A10/missing' },
    { artifact: { probes: [text(AI, '{ nope', 'application/json')] }, status: 'fail', code: 'A10/not-json' },
    { artifact: { probes: [json(AI, ['a', 'list'])] }, status: 'fail', code: 'A10/not-object' },
    { artifact: { probes: [json(AI, { host: { name: 'Shop' }, entries: [] })] }, status: 'partial', code: 'A10/incomplete' },
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
    { name: 'an issuer that is not the origin', artifact: () => ({ candidates: [asCandidate(json(AS, { ...RFC8414, issuer: 'https://other.example' }))] }), status: 'partial', code: 'A2/invalid' },
  ],
});

const PRM = '/.well-known/oauth-protected-resource';
const prm = (res: FetchResult) => (): PrmArtifact => {
  const wellKnown = readJsonDocument(res);
  return { wellKnown, pageWwwAuthenticate: null, linked: null, chosen: wellKnown };
};
const a3 = table(a3ProtectedResource, {
  valid: [{ artifact: prm(json(PRM, { resource: ORIGIN, authorization_servers: ['https://auth.example.com'], scopes_supported: ['read'] })), code: 'A3/ok' }],
  invalid: [
    { artifact: prm(notFound(PRM)), status: 'fail', code: 'A3/missing' },
    { artifact: prm(json(PRM, { resource: 'https://elsewhere.example', authorization_servers: ['https://a.example'] })), status: 'partial', code: 'A3/bad-resource' },
    { artifact: prm(json(PRM, { resource: ORIGIN })), status: 'partial', code: 'A3/no-authorization-servers' },
  ],
});

const SERVER_CARD = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
  name: 'com.example/store',
  version: '1.2.0',
  remotes: [{ type: 'streamable-http', url: 'https://example.com/mcp' }],
  capabilities: { tools: {} },
};
const CORS = { 'access-control-allow-origin': '*' };
const mcpCards = (at: Record<number, FetchResult>) => ({ probes: MCP_CARD_PATHS.map((p, i) => at[i] ?? notFound(p)) });
const a4 = table(a4McpServerCard, {
  valid: [
    { artifact: () => mcpCards({ 1: json(MCP_CARD_PATHS[1], SERVER_CARD, CORS) }), code: 'A4/ok' },
    {
      name: 'SEP-1649 shape: serverInfo + transport.endpoint',
      artifact: () =>
        mcpCards({ 1: json(MCP_CARD_PATHS[1], { serverInfo: { name: 'store', version: '1.0.0' }, transport: { type: 'streamable-http', endpoint: 'https://example.com/mcp' }, capabilities: { tools: {} } }, CORS) }),
      code: 'A4/ok',
    },
  ],
  invalid: [
    { artifact: () => mcpCards({}), status: 'fail', code: 'A4/missing' },
    { name: 'no endpoint', artifact: () => mcpCards({ 1: json(MCP_CARD_PATHS[1], { name: 'x', version: '1', capabilities: {} }) }), status: 'partial', code: 'A4/incomplete' },
    {
      artifact: () =>
        mcpCards({
          1: response({ url: MCP_CARD_PATHS[1], headers: { 'content-type': 'application/json', ...CORS }, body: JSON.stringify(SERVER_CARD), redirects: ['https://cards.other-host.net/card.json'] }),
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
const agentCard = (current: FetchResult, legacy: FetchResult | null = null) => () => a2aCardFromProbes(current, legacy);
const a5 = table(a5A2aAgentCard, {
  valid: [{ artifact: agentCard(json(CARD, { ...AGENT, supportedInterfaces: [{ url: 'https://example.com/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] })), code: 'A5/ok' }],
  invalid: [
    { artifact: agentCard(notFound(CARD), notFound(LEGACY_CARD)), status: 'fail', code: 'A5/missing' },
    { artifact: agentCard(notFound(CARD), json(LEGACY_CARD, { ...AGENT, url: 'https://example.com/a2a' })), status: 'partial', code: 'A5/legacy' },
    { name: 'no endpoint', artifact: agentCard(json(CARD, { ...AGENT, protocolVersion: '1.0' })), status: 'partial', code: 'A5/incomplete' },
  ],
});

const INDEX = '/.well-known/agent-skills/index.json';
const SKILL_MD = '---\nname: order-status\ndescription: Look up an order.\n---\n\n# Order status\n';
const SKILL_URL = `${ORIGIN}/.well-known/agent-skills/order-status/SKILL.md`;
const sha = (s: string) => `sha256:${createHash('sha256').update(s).digest('hex')}`;
const skillEntry = { name: 'order-status', type: 'skill-md', description: 'Look up an order.', url: '/.well-known/agent-skills/order-status/SKILL.md', digest: sha(SKILL_MD) };
const skills = (files: Record<string, FetchResult>) => (): SkillsArtifact => {
  const index = json(INDEX, { $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json', skills: [skillEntry] });
  return { probes: [index], probe: index, path: INDEX, artifacts: files };
};
const a6 = table(a6AgentSkills, {
  valid: [{ artifact: skills({ [SKILL_URL]: text('/.well-known/agent-skills/order-status/SKILL.md', SKILL_MD, 'text/markdown') }), code: 'A6/ok' }],
  invalid: [
    { artifact: (): SkillsArtifact => ({ probes: [notFound(INDEX)], probe: null, path: null, artifacts: {} }), status: 'fail', code: 'A6/missing' },
    { name: 'a digest mismatch', artifact: skills({ [SKILL_URL]: text('/.well-known/agent-skills/order-status/SKILL.md', SKILL_MD + 'changed\n', 'text/markdown') }), status: 'partial', code: 'A6/invalid' },
  ],
});

const webPage = response({ url: '/', headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>x</body></html>' });
const webmcp = (over: Partial<WebMcpArtifact> = {}): WebMcpArtifact => ({ page: webPage, isHtml: true, inline: [], forms: [], scripts: [], skipped: { crossOrigin: 0, overCap: 0 }, ...over });
const a7 = table(a7WebMcp, {
  valid: [
    { artifact: webmcp({ inline: ['navigator.modelContext.registerTool({ name: "add_to_cart", description: "Add", inputSchema: {}, execute() {} });'] }), code: 'A7/ok' },
    { artifact: webmcp({ forms: [{ toolname: 'search', description: null, params: 1 }] }), code: 'A7/ok' },
    { artifact: webmcp({ page: response({ url: '/', headers: { 'content-type': 'application/pdf' }, body: '%PDF' }), isHtml: false }), status: 'info', code: 'A7/not-html' },
  ],
  invalid: [
    { artifact: webmcp({ inline: ['if (navigator.modelContext) console.log("webmcp")'] }), status: 'partial', code: 'A7/feature-detect-only' },
    { artifact: webmcp({ inline: ['console.log(1)'] }), status: 'fail', code: 'A7/missing' },
  ],
});

export const capabilityTables = [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10];
