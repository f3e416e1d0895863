/** Corpus variants of the capability checks (A1-A10): each spec shape and version. */
import { createHash } from 'node:crypto';
import type { Variant } from '../types.js';
import { MD, json, page, text } from './shared.js';
import { a2aJsonRpcRoute, mcpRoute } from '../../fixtures/sites.mjs';

const CORS = { 'access-control-allow-origin': '*' };
const MCP_CARD = 'SEP-1649 / modelcontextprotocol.io server.json schema (name, version, remotes[].url; served with CORS)';
const A2A =
  'A2A specification, agent discovery (github.com/a2aproject/A2A docs/topics/agent-discovery.md: /.well-known/agent-card.json) and AgentCard (specification/a2a.proto: supportedInterfaces)';
const SKILL_MD = '---\nname: tool-advice\ndescription: Advice on choosing garden tools.\n---\n\n# Tool advice\n\nAsk about spades and rakes.\n';
const digest = `sha256:${createHash('sha256').update(SKILL_MD).digest('hex')}`;

const asMetadata = (o: string, issuer = o) => ({
  issuer,
  authorization_endpoint: `${o}/oauth/authorize`,
  token_endpoint: `${o}/oauth/token`,
  jwks_uri: `${o}/oauth/jwks.json`,
  response_types_supported: ['code'],
  code_challenge_methods_supported: ['S256'],
});

/** A page script registering one tool the current way (document.modelContext, awaited). */
const REGISTERS_SEARCH_TOOL =
  "<script>(async () => { if (document.modelContext) await document.modelContext.registerTool({ name: 'search', description: 'Search guides', execute: async () => ({}) }); })();</script>";

export const capabilities: Variant[] = [
  {
    name: 'api-catalog-soft-404',
    models: 'a catch-all answers /.well-known/api-catalog with the HTML home page',
    site: () => ({ '*': page() }),
    expect: { A1: 'fail', D1: 'fail', D4: 'fail', A9: 'fail' },
    codes: { A1: 'A1/missing', D1: 'D1/soft-404', D4: 'D4/html-page', A9: 'A9/soft-404' },
    source: 'RFC 9727 §4 (application/linkset+json at /.well-known/api-catalog); catalog §2.3 (soft 404)',
    profile: 'app',
  },
  {
    name: 'api-catalog-plain-json',
    models: 'a valid linkset served as application/json rather than application/linkset+json',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/api-catalog': json({
        linkset: [{ anchor: `${origin}/api`, 'service-desc': [{ href: `${origin}/openapi.json`, type: 'application/openapi+json' }] }],
      }),
      '/openapi.json': json({
        openapi: '3.1.0',
        info: { title: 'Corpus API', version: '1.0.0' },
        paths: { '/api/tools': { get: { responses: { 200: { description: 'ok' } } } } },
      }),
    }),
    expect: { A1: 'pass' },
    codes: { A1: 'A1/ok' },
    source: 'RFC 9727 §4.1 (the catalog SHOULD use application/linkset+json: a SHOULD, so an advisory, not a lower status)',
  },
  {
    name: 'api-catalog-no-linkset',
    models: 'an api-catalog that is JSON without a linkset array',
    site: () => ({ '/': page(), '/.well-known/api-catalog': json({ apis: ['/v1'] }, { 'content-type': 'application/linkset+json' }) }),
    expect: { A1: 'partial' },
    codes: { A1: 'A1/no-linkset' },
    source: 'RFC 9727 §4.1 and RFC 9264 §4.2 (the JSON linkset has a "linkset" member)',
  },
  {
    name: 'oauth-metadata-valid',
    models: 'RFC 8414 authorization-server metadata with matching issuer and PKCE',
    site: ({ origin }) => ({ '/': page(), '/.well-known/oauth-authorization-server': json(asMetadata(origin)) }),
    expect: { A2: 'pass' },
    codes: { A2: 'A2/ok' },
    source: 'RFC 8414 §2-§3 (metadata members; issuer must match)',
  },
  {
    name: 'oauth-metadata-issuer-mismatch',
    models: 'authorization-server metadata whose issuer is another origin',
    site: ({ origin }) => ({ '/': page(), '/.well-known/oauth-authorization-server': json(asMetadata(origin, 'https://login.example.com')) }),
    expect: { A2: 'partial' },
    codes: { A2: 'A2/invalid' },
    source: 'RFC 8414 §3.3 ("the issuer value returned MUST be identical to the authorization server\'s issuer identifier")',
  },
  {
    name: 'openid-configuration-only',
    models: 'only OpenID Connect discovery metadata at /.well-known/openid-configuration',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/openid-configuration': json({
        ...asMetadata(origin),
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    }),
    expect: { A2: 'pass' },
    codes: { A2: 'A2/ok' },
    source: 'OpenID Connect Discovery 1.0 §4 (/.well-known/openid-configuration); RFC 8414 §5 (OIDC metadata is compatible)',
  },
  {
    name: 'protected-resource-valid',
    models: 'RFC 9728 protected-resource metadata naming its authorization server',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/oauth-protected-resource': json({ resource: origin, authorization_servers: [origin], bearer_methods_supported: ['header'] }),
      '/.well-known/oauth-authorization-server': json(asMetadata(origin)),
    }),
    expect: { A3: 'pass', A2: 'pass' },
    codes: { A3: 'A3/ok' },
    source: 'RFC 9728 §2-§3 (resource, authorization_servers at /.well-known/oauth-protected-resource)',
  },
  {
    name: 'protected-resource-no-resource',
    models: 'protected-resource metadata without the required "resource"',
    site: ({ origin }) => ({ '/': page(), '/.well-known/oauth-protected-resource': json({ authorization_servers: [origin] }) }),
    expect: { A3: 'partial' },
    codes: { A3: 'A3/bad-resource' },
    source: 'RFC 9728 §2 ("resource: REQUIRED") and §3.3 (must match the URL it was fetched for)',
  },
  {
    name: 'protected-resource-other-origin',
    models: 'protected-resource metadata whose "resource" is another origin',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/oauth-protected-resource': json({ resource: 'https://api.example.com', authorization_servers: [origin] }),
    }),
    expect: { A3: 'partial' },
    codes: { A3: 'A3/bad-resource' },
    source: 'RFC 9728 §3.3 (the resource value MUST be identical to the resource identifier the metadata URL was built from)',
  },
  {
    name: 'mcp-card-remotes',
    models: 'the current MCP server card at /.well-known/mcp/server-card.json with remotes[].url',
    site: ({ origin }) => ({
      '/': page(),
      '/mcp': mcpRoute(),
      '/.well-known/mcp/server-card.json': json(
        {
          $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
          name: 'dev.corpus/tools',
          version: '1.0.0',
          description: 'Tool advice',
          remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }],
          capabilities: { tools: {} },
        },
        CORS,
      ),
    }),
    expect: { A4: 'pass' },
    codes: { A4: 'A4/ok' },
    source: MCP_CARD,
  },
  {
    name: 'mcp-card-sep1649-transport',
    models: 'the SEP-1649 card shape: serverInfo + transport.endpoint at /.well-known/mcp.json',
    site: ({ origin }) => ({
      '/': page(),
      '/mcp': mcpRoute(),
      '/.well-known/mcp.json': json(
        { serverInfo: { name: 'tools', version: '1.0.0' }, transport: { type: 'streamable-http', endpoint: `${origin}/mcp` }, capabilities: { tools: {} } },
        CORS,
      ),
    }),
    expect: { A4: 'partial' },
    codes: { A4: 'A4/schema-invalid' },
    source:
      'SEP-1649 draft (serverInfo, transport.endpoint); issue 11 (A4 reads transport.endpoint); read and probed, but not a v1 card: modelcontextprotocol/experimental-ext-server-card schema.ts at 8924e08 requires $schema, name, version, description',
  },
  {
    name: 'mcp-card-sep2127-path',
    models: 'the card at /.well-known/mcp/server-card (SEP-2127 path, no .json)',
    site: ({ origin }) => ({
      '/': page(),
      '/mcp': mcpRoute(),
      '/.well-known/mcp/server-card': json(
        {
          $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
          description: 'Tool advice',
          name: 'dev.corpus/tools',
          version: '1.0.0',
          remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }],
          capabilities: { tools: {} },
        },
        CORS,
      ),
    }),
    expect: { A4: 'pass' },
    codes: { A4: 'A4/ok' },
    source: 'SEP-2127 (modelcontextprotocol PR #2127: /.well-known/mcp/server-card)',
  },
  {
    name: 'mcp-endpoint-dead',
    models: 'a complete MCP card whose advertised endpoint answers 404 (no MCP server behind it)',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/mcp/server-card.json': json(
        { name: 'dev.corpus/tools', version: '1.0.0', remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }], capabilities: { tools: {} } },
        CORS,
      ),
    }),
    expect: { A4: 'partial' },
    codes: { A4: 'A4/endpoint-not-mcp' },
    source: 'MCP 2025-06-18 lifecycle (a client starts with initialize; a server that cannot answer it cannot be used); docs/live-probes.md',
  },
  {
    name: 'mcp-endpoint-auth-required',
    models: 'a complete MCP card whose endpoint answers 401 with a WWW-Authenticate challenge',
    site: ({ origin }) => ({
      '/': page(),
      '/mcp': {
        status: 401,
        headers: { 'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource"`, 'content-type': 'application/json' },
        body: '{"error":"unauthorized"}',
      },
      '/.well-known/mcp/server-card.json': json(
        {
          $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
          description: 'Tool advice',
          name: 'dev.corpus/tools',
          version: '1.0.0',
          remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }],
          capabilities: { tools: {} },
        },
        CORS,
      ),
    }),
    expect: { A4: 'pass' },
    codes: { A4: 'A4/ok-auth-required' },
    source: 'MCP 2025-06-18 authorization §2.3.1 (an unauthenticated request gets 401 with WWW-Authenticate; RFC 9728 §5.1 resource_metadata)',
  },
  {
    name: 'mcp-card-no-endpoint',
    models: 'an MCP card with a name but no remotes',
    site: () => ({ '/': page(), '/.well-known/mcp/server-card.json': json({ name: 'dev.corpus/tools', version: '1.0.0', capabilities: { tools: {} } }, CORS) }),
    expect: { A4: 'partial' },
    codes: { A4: 'A4/no-remotes' },
    source: `${MCP_CARD} (a remote needs a URL to connect to); experimental-ext-server-card schema.ts at 8924e08: remotes is optional, so a card without one is valid but names nothing to connect to`,
  },
  {
    name: 'mcp-card-cross-site-redirect',
    models: 'the card path redirects to a card on another site',
    site: ({ other }) => ({ '/': page(), '/.well-known/mcp/server-card.json': { status: 302, headers: { location: `${other}/card.json` } } }),
    otherSite: ({ other }) => ({
      '/card.json': json(
        { name: 'dev.corpus/tools', version: '1.0.0', remotes: [{ type: 'streamable-http', url: `${other}/mcp` }], capabilities: { tools: {} } },
        CORS,
      ),
    }),
    expect: { A4: 'partial' },
    codes: { A4: 'A4/cross-site-redirect' },
    source:
      'RFC 8615 §3 (a well-known URI belongs to its origin); our decision docs/check-codes.md A4/cross-site-redirect (agents may refuse a card served from another site)',
  },
  {
    name: 'a2a-card-current',
    models: 'an A2A v1.0 agent card with supportedInterfaces',
    site: ({ origin }) => ({
      '/': page(),
      '/a2a': a2aJsonRpcRoute(),
      '/.well-known/agent-card.json': json({
        name: 'Corpus agent',
        description: 'Answers questions about tools',
        version: '1.0.0',
        supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        capabilities: { streaming: false },
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [{ id: 'advice', name: 'Advice', description: 'Tool advice', tags: ['tools'] }],
      }),
    }),
    expect: { A5: 'pass' },
    codes: { A5: 'A5/ok' },
    source: A2A,
  },
  {
    name: 'a2a-card-v0-3',
    models: 'an A2A 0.3 card at agent-card.json with a top-level url and preferredTransport',
    site: ({ origin }) => ({
      '/': page(),
      '/a2a': a2aJsonRpcRoute(),
      '/.well-known/agent-card.json': json({
        protocolVersion: '0.3.0',
        name: 'Corpus agent',
        description: 'Answers questions about tools',
        version: '1.0.0',
        url: `${origin}/a2a`,
        preferredTransport: 'JSONRPC',
        capabilities: { streaming: false },
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [{ id: 'advice', name: 'Advice', description: 'Tool advice', tags: ['tools'] }],
      }),
    }),
    expect: { A5: 'pass' },
    codes: { A5: 'A5/ok' },
    source: 'A2A 0.3.0 AgentCard (top-level url, preferredTransport, protocolVersion; at /.well-known/agent-card.json since 0.3)',
  },
  {
    name: 'a2a-endpoint-dead',
    models: 'an A2A 1.0 card whose JSON-RPC interface answers 404',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/agent-card.json': json({
        name: 'Corpus agent',
        description: 'Answers questions about tools',
        version: '1.0.0',
        supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        capabilities: {},
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [{ id: 'advice', name: 'Advice', description: 'Tool advice', tags: ['tools'] }],
      }),
    }),
    expect: { A5: 'partial' },
    codes: { A5: 'A5/endpoint-no-answer' },
    source:
      'A2A specification §3.2 / JSON-RPC 2.0 §5 (the interface answers every request with a JSON-RPC response, an error object for an unknown method); docs/live-probes.md',
  },
  {
    name: 'a2a-card-legacy',
    models: 'only a legacy (A2A <= 0.2) card at /.well-known/agent.json',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/agent.json': json({
        name: 'Legacy agent',
        description: 'Old card',
        url: `${origin}/a2a`,
        version: '0.1.0',
        capabilities: {},
        skills: [{ id: 'x', name: 'X', description: 'x', tags: [] }],
      }),
    }),
    expect: { A5: 'partial' },
    codes: { A5: 'A5/legacy' },
    source: 'A2A ≤0.2 spec copies (/.well-known/agent.json); current A2A agent discovery (/.well-known/agent-card.json)',
  },
  {
    name: 'a2a-v1-card-at-legacy-path',
    models: 'a v1.0-shaped card served only at the legacy /.well-known/agent.json',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/agent.json': json({
        name: 'Corpus agent',
        description: 'Answers questions about tools',
        version: '1.0.0',
        supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        capabilities: {},
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [{ id: 'advice', name: 'Advice', description: 'Tool advice', tags: ['tools'] }],
      }),
    }),
    expect: { A5: 'partial' },
    codes: { A5: 'A5/legacy' },
    source: `${A2A}: current clients fetch /.well-known/agent-card.json only`,
  },
  {
    name: 'agent-skills-index',
    models: 'an Agent Skills v0.2 discovery index with a digest-checked SKILL.md',
    site: () => ({
      '/': page(),
      '/.well-known/agent-skills/index.json': json({
        $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
        skills: [
          {
            name: 'tool-advice',
            type: 'skill-md',
            description: 'Advice on choosing garden tools.',
            url: '/.well-known/agent-skills/tool-advice/SKILL.md',
            digest,
          },
        ],
      }),
      '/.well-known/agent-skills/tool-advice/SKILL.md': text(SKILL_MD, MD),
    }),
    expect: { A6: 'pass' },
    codes: { A6: 'A6/ok' },
    source:
      'Agent Skills discovery RFC v0.2 (github.com/cloudflare/agent-skills-discovery-rfc: /.well-known/agent-skills/index.json with name, type, description, url, digest); agentskills.io/specification (SKILL.md front matter)',
  },
  {
    name: 'agent-skills-bad-digest',
    models: 'an Agent Skills index whose digest does not match the SKILL.md',
    site: () => ({
      '/': page(),
      '/.well-known/agent-skills/index.json': json({
        $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
        skills: [
          {
            name: 'tool-advice',
            type: 'skill-md',
            description: 'Advice on choosing garden tools.',
            url: '/.well-known/agent-skills/tool-advice/SKILL.md',
            digest: `sha256:${'0'.repeat(64)}`,
          },
        ],
      }),
      '/.well-known/agent-skills/tool-advice/SKILL.md': text(SKILL_MD, MD),
    }),
    expect: { A6: 'partial' },
    codes: { A6: 'A6/invalid' },
    source: 'Agent Skills discovery RFC v0.2 (digest = sha256 of the artifact; clients must verify it)',
  },
  {
    name: 'agent-skills-unknown-schema',
    models:
      "an Agent Skills index under a $schema URL that is not the RFC's, whose entries declare url, type and a bare sha256 hex (skill files outside the guessed /{name}/SKILL.md paths)",
    site: () => ({
      '/': page(),
      '/.well-known/agent-skills/index.json': json({
        $schema: 'https://skills-registry.example/schema/v0.2.0/index.json',
        skills: [
          { name: 'tool-advice', type: 'skill-md', description: 'Advice on choosing garden tools.', url: '/skills/tool-advice.md', sha256: digest.slice(7) },
        ],
      }),
      '/skills/tool-advice.md': text(SKILL_MD, MD),
    }),
    expect: { A6: 'partial' },
    codes: { A6: 'A6/invalid' },
    source:
      'Shape seen in a real skills index in shared/realworld (issue 23 point 3: unknown $schema URL, `sha256` member); Agent Skills discovery v0.2.0 (cloudflare/agent-skills-discovery-rfc README updated 2026-03-12; agentskills/agentskills docs/well-known-uri.mdx, read 2026-11-25): clients warn and do not process an index under an unrecognised $schema; our decision: still read what the index declares, never guessed paths',
  },
  {
    name: 'agent-skills-downloads-fail',
    models: 'a v0.2.0 index whose declared skill files all answer 404',
    site: () => ({
      '/': page(),
      '/.well-known/agent-skills/index.json': json({
        $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
        skills: [
          {
            name: 'tool-advice',
            type: 'skill-md',
            description: 'Advice on choosing garden tools.',
            url: '/.well-known/agent-skills/tool-advice/SKILL.md',
            digest,
          },
        ],
      }),
    }),
    expect: { A6: 'partial' },
    codes: { A6: 'A6/invalid' },
    source:
      'Shape seen in two real skills indexes in shared/realworld (issue 23 point 3: "N artifact(s) downloaded" when every download failed); Agent Skills discovery RFC v0.2',
  },
  {
    name: 'webmcp-register-tool',
    models: 'the page registers a tool with await document.modelContext.registerTool (the current draft)',
    site: () => ({
      '/': page(
        'Corpus Co',
        "<script>(async () => { if (document.modelContext) { await document.modelContext.registerTool({ name: 'search', description: 'Search guides', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, execute: async () => ({}) }, { signal: new AbortController().signal }); } })();</script>",
      ),
    }),
    expect: { A7: 'pass' },
    codes: { A7: 'A7/ok' },
    source:
      'WebMCP draft (webmachinelearning/webmcp index.bs, read 2026-11-25: document.modelContext.registerTool returns a promise; options signal, exposedTo)',
  },
  {
    name: 'webmcp-navigator-only',
    models:
      "the page registers its tool on navigator.modelContext only, the earlier draft's spelling (seen in polyfill READMEs and WebMCP demo sites written before Chrome 150)",
    site: () => ({
      '/': page(
        'Corpus Co',
        "<script>if (navigator.modelContext) { navigator.modelContext.registerTool({ name: 'search', description: 'Search guides', inputSchema: { type: 'object' }, execute: async () => ({}) }); }</script>",
      ),
    }),
    expect: { A7: 'partial' },
    codes: { A7: 'A7/navigator-deprecated' },
    source:
      'WebMCP index.bs (API on document.modelContext); Chrome deprecated navigator.modelContext in 150 and removed it in 152 (issue 20); our decision: partial with a deprecation finding',
  },
  {
    name: 'webmcp-form-missing-descriptions',
    models: "a declarative form tool without tooldescription and a field without a label, as Chromium's FormModelContext checks flag them",
    site: () => ({
      '/': page('Corpus Co', '<form action="/search" toolname="search_guides"><input name="q"><button>Go</button></form>'),
    }),
    expect: { A7: 'partial' },
    codes: { A7: 'A7/tool-no-description' },
    source:
      'WebMCP declarative-api-explainer (toolname, tooldescription, toolparamdescription); Chromium FormModelContext* issues (Lighthouse webmcp-schema-validity)',
  },
  {
    name: 'webmcp-feature-detect-only',
    models: 'the page only feature-detects document.modelContext',
    site: () => ({ '/': page('Corpus Co', '<script>window.hasMcp = !!document.modelContext;</script>') }),
    expect: { A7: 'partial' },
    codes: { A7: 'A7/feature-detect-only' },
    source: 'W3C WebML CG WebMCP draft; our decision docs/check-codes.md A7/feature-detect-only',
  },
  {
    name: 'openapi-no-paths',
    models: '/openapi.json is an OpenAPI 3.1 document with an empty paths object',
    site: () => ({ '/': page(), '/openapi.json': json({ openapi: '3.1.0', info: { title: 'Corpus API', version: '1.0.0' }, paths: {} }) }),
    expect: { A8: 'partial' },
    profile: 'app',
    source: 'OpenAPI 3.1 §4.8.1 (openapi, info required) and §4.8.8 (paths: the operations agents can call); our decision docs/check-codes.md A8',
  },
  {
    name: 'openapi-3-2-query-only',
    models: 'an OpenAPI 3.2 document whose only operation is a QUERY (the 3.2 Path Item field), plus a custom method in additionalOperations',
    site: () => ({
      '/': page(),
      '/openapi.json': json({
        openapi: '3.2.0',
        info: { title: 'Corpus API', version: '1.0.0' },
        paths: {
          '/search': {
            query: { operationId: 'searchGuides', responses: { 200: { description: 'ok' } } },
            additionalOperations: { LINK: { responses: { 204: { description: 'linked' } } } },
          },
        },
      }),
    }),
    expect: { A8: 'pass' },
    codes: { A8: 'A8/ok' },
    profile: 'app',
    source:
      'OpenAPI 3.2 (OAI/OpenAPI-Specification versions/3.2.1.md at 0dabe3fd, read 2026-11-25): Path Item `query` and `additionalOperations` are operations',
  },
  {
    name: 'openapi-catch-all-json',
    models: 'a catch-all JSON API answers /openapi.json with JSON that is not OpenAPI',
    site: () => ({ '/': page(), '/openapi.json': json({ hello: 'world' }) }),
    expect: { A8: 'fail' },
    codes: { A8: 'A8/missing' },
    profile: 'app',
    source: 'OpenAPI 3.1 §4.8.1 (a description has an openapi field); catalog §2.3 (catch-all routes at conventional paths are not documents)',
  },
  {
    name: 'auth-md',
    models: 'an auth.md document naming itself in its H1',
    site: () => ({ '/': page(), '/auth.md': text('# auth.md for Corpus Co\n\nAgents register at /oauth/register.\n', MD) }),
    expect: { A9: 'pass' },
    codes: { A9: 'A9/ok' },
    source: 'WorkOS auth.md protocol (https://workos.com/auth-md/docs/auth-md: a Markdown file served at /auth.md)',
  },
  {
    name: 'auth-md-no-heading',
    models: 'an /auth.md whose H1 does not name auth.md and which is no registration guide',
    site: () => ({ '/': page(), '/auth.md': text('# Sign in\n\nUse the form.\n', MD) }),
    expect: { A9: 'partial' },
    codes: { A9: 'A9/not-a-guide' },
    source: 'WorkOS auth.md protocol (https://workos.com/auth-md/docs/auth-md); our decision docs/check-codes.md A9/not-a-guide',
  },
  {
    name: 'auth-md-template-other-title',
    models: 'the workos/auth.md template (AUTH.md: Discover with the protected-resource metadata and agent_auth, then Register) under another H1',
    site: () => ({
      '/': page(),
      '/auth.md': text(
        '# Agent access to Corpus Co\n\nYou are an agent. This service supports agentic registration: discover, register, claim, call the API, handle revocation.\n\n## Step 1 — Discover\n\nFetch /.well-known/oauth-protected-resource, then the authorization server metadata and its agent_auth block.\n\n## Step 2 — Register\n\nPOST to the identity_endpoint.\n',
        MD,
      ),
    }),
    expect: { A9: 'pass' },
    codes: { A9: 'A9/ok' },
    source:
      'Shape of workos/auth.md AUTH.md at 0910d093 (2026-05-28: "Step 1 — Discover" via the PRM and agent_auth, "Step 2 — Register"), retitled; README.md at 0910d093 calls it a template and requires no heading; our decision: a full guide passes whatever its H1',
  },
  {
    name: 'ai-catalog',
    models: 'an AI catalog (ARD) at /.well-known/ai-catalog.json listing an A2A agent',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ai-catalog.json': json(
        {
          specVersion: '1.0',
          host: { name: 'Corpus Co', displayName: 'Corpus Co', identifier: '127.0.0.1' },
          entries: [
            {
              identifier: 'urn:air:corpus.dev:agents:advice',
              displayName: 'Corpus agent',
              type: 'a2a',
              url: `${origin}/.well-known/agent-card.json`,
              representativeQueries: ['which spade'],
            },
          ],
        },
        CORS,
      ),
    }),
    expect: { A10: 'pass' },
    codes: { A10: 'A10/legacy-location' },
    source:
      'AI Card / AI Catalog (github.com/Agent-Card/ai-card) and Agentic Resource Discovery (agenticresourcediscovery.org: specVersion, host, entries); ARD v0.91 §5.1 (read 2026-11-25): ai-catalog.json is the predecessor path, optional for consumers',
  },
  {
    name: 'webmcp-permissions-policy-off',
    models: 'the page registers a tool with document.modelContext.registerTool but sends Permissions-Policy: tools=() (WebMCP switched off)',
    site: () => ({
      '/': page('Corpus Co', REGISTERS_SEARCH_TOOL, { 'permissions-policy': 'camera=(), tools=()' }),
    }),
    expect: { A7: 'partial' },
    codes: { A7: 'A7/policy-disabled' },
    source:
      'WebMCP index.bs at 0b676d2 (2026-06-24, webmachinelearning/webmcp, read 2026-11-27), "Permissions policy integration" (policy-controlled feature "tools", default allowlist \'self\') and registerTool() step "not allowed to use the tools feature → NotAllowedError"; Chromium 156 rejects it (checked 2026-11-27); our decision: partial, the registration the page makes is refused by the browser',
  },
  {
    name: 'webmcp-permissions-policy-self',
    models: 'the page registers a tool and allows the tools feature explicitly: Permissions-Policy: tools=(self)',
    site: () => ({
      '/': page('Corpus Co', REGISTERS_SEARCH_TOOL, { 'permissions-policy': 'tools=(self)' }),
    }),
    expect: { A7: 'pass' },
    codes: { A7: 'A7/ok' },
    source:
      'WebMCP index.bs at 0b676d2 (2026-06-24, webmachinelearning/webmcp, read 2026-11-27), "Permissions policy integration" (an allowlist holding self admits the page); the A7 fix guide writes this header',
  },
  {
    name: 'webmcp-origin-agent-cluster-off',
    models: 'the page registers a tool but sends Origin-Agent-Cluster: ?0 (document.domain enabled)',
    site: () => ({
      '/': page('Corpus Co', REGISTERS_SEARCH_TOOL, { 'origin-agent-cluster': '?0' }),
    }),
    expect: { A7: 'partial' },
    codes: { A7: 'A7/origin-agent-cluster-off' },
    source:
      'WebMCP index.bs at 0b676d2 (2026-06-24, webmachinelearning/webmcp, read 2026-11-27), registerTool() step "agent cluster not origin-keyed → SecurityError" (commit 4733c27, 2026-06-05); Chromium 156 rejects it (checked 2026-11-27)',
  },
  {
    name: 'webmcp-provide-context-only',
    models: 'the page gives its tools through document.modelContext.provideContext({tools}) only, the API of the early-2026 draft',
    site: () => ({
      '/': page(
        'Corpus Co',
        "<script>if (document.modelContext) document.modelContext.provideContext({ tools: [{ name: 'search', description: 'Search guides', execute: async () => ({}) }] });</script>",
      ),
    }),
    expect: { A7: 'partial' },
    codes: { A7: 'A7/provide-context-removed' },
    source:
      'webmachinelearning/webmcp index.bs: provideContext() and clearContext() removed in fe84c67 (2026-03-05), absent at 0b676d2 and in Chromium 156; our decision: partial (it passed before 2026.11.6)',
  },
  {
    name: 'api-catalog-website-only',
    models: 'an api-catalog whose one entry is the site home page with a service-doc to the site blog and an alternate feed (a personal site, no API)',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/api-catalog': json(
        {
          linkset: [
            {
              anchor: `${origin}/`,
              'service-doc': [{ href: `${origin}/blog/`, title: 'Blog' }],
              alternate: [{ href: `${origin}/feed.xml`, type: 'application/rss+xml' }],
            },
          ],
        },
        { 'content-type': 'application/linkset+json' },
      ),
    }),
    expect: { A1: 'partial' },
    codes: { A1: 'A1/no-api-entries' },
    source:
      'Shape seen in a personal site\'s api-catalog in shared/realworld2 (issue 28.8); RFC 9727 §4.1 ("MUST include hyperlinks to API endpoints"; draft -08 at ietf-wg-httpapi/api-catalog 5601ec5); our decision: a host home page documented only by its own pages is a website, not an API',
  },
  {
    name: 'api-catalog-template-anchors',
    models: 'an api-catalog whose only entry is anchored at a URI template (/tax/{state}) with a service-desc',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/api-catalog': json(
        { linkset: [{ anchor: `${origin}/tax/{state}`, 'service-desc': [{ href: `${origin}/openapi/tax.json`, type: 'application/openapi+json' }] }] },
        { 'content-type': 'application/linkset+json' },
      ),
    }),
    expect: { A1: 'partial' },
    codes: { A1: 'A1/no-api-entries' },
    source:
      "Shape seen in a calculator site's api-catalog in shared/realworld2 (issue 28.8); RFC 9264 §4.2.2 (anchor is a URI), RFC 3986 §3 (no braces in a URI), RFC 6570 (templates); our decision: not an API entry, partial when nothing else is",
  },
  {
    name: 'protected-resource-empty-arrays',
    models: 'protected-resource metadata for a public API: resource plus empty authorization_servers, scopes_supported and bearer_methods_supported arrays',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/oauth-protected-resource': json({
        resource: origin,
        authorization_servers: [],
        scopes_supported: [],
        bearer_methods_supported: [],
        resource_documentation: `${origin}/developers/`,
      }),
    }),
    expect: { A3: 'partial' },
    codes: { A3: 'A3/no-authorization-servers' },
    source:
      'Shape seen in shared/realworld2 (issue 28.9); RFC 9728 §3.2 ("Parameters with zero values MUST be omitted") and §2 (bearer_methods_supported: [] means no Bearer method), oauth-wg/draft-ietf-oauth-resource-metadata at 57f292a; verdict unchanged, the empty arrays are an advisory',
  },
];
