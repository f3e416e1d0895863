/**
 * A2A cards and Agent Skills indexes at their newest texts (read 2026-11-27), and the shapes of
 * issue 28 points 1-3 and 9: each row is a site of our own reproducing a shape (never a real file's
 * text, never an example's text), citing the text and commit its verdict follows.
 *
 * A2A: a2aproject/A2A specification/a2a.proto at cfc9d34b (2026-07-21, after release v1.0.1) and
 * docs/specification.md at 1eb4aa03 (2026-08-14). Agent Skills: agentskills/agentskills
 * docs/well-known-uri.mdx at 3bd8446 (2026-06-10, head of PR #380, not merged into main 69ef37e)
 * and cloudflare/agent-skills-discovery-rfc README.md and examples/ at 1bd1167 (2026-03-24).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import type { Route } from '../../helpers/fixture-server.js';
import type { Variant } from '../types.js';
import { MD, json, page, text } from './shared.js';
import { a2aJsonRpcRoute } from '../../fixtures/sites.mjs';

const PROTO = 'a2aproject/A2A specification/a2a.proto at cfc9d34b (2026-07-21; v1.0.1 of 2026-05-28 is the newest release)';
const SPEC = 'a2aproject/A2A docs/specification.md at 1eb4aa03 (2026-08-14)';
const SPEC_03 = 'a2aproject/A2A docs/specification.md at v0.3.0 (§3.2.3: REST URL patterns /v1/tasks/{id}, errors in a consistent JSON format)';
const WELL_KNOWN = 'agentskills/agentskills docs/well-known-uri.mdx at 3bd8446 (2026-06-10, PR #380)';
const RFC = 'cloudflare/agent-skills-discovery-rfc README.md at 1bd1167 (2026-03-24, v0.2.0)';
const REFUSING = 'http://127.0.0.1:1';
const TASK = 'ai-ready-probe-no-such-task';

const SKILL = { id: 'advice', name: 'Advice', description: 'Tool advice', tags: ['tools'] };
const BASE = {
  name: 'Corpus agent',
  description: 'Answers questions about tools',
  version: '1.0.0',
  capabilities: { streaming: false },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [SKILL],
};
const card03 = (extra: Record<string, unknown>) => json({ protocolVersion: '0.3.0', ...BASE, ...extra });
const card10 = (interfaces: unknown[], extra: Record<string, unknown> = {}) => json({ ...BASE, supportedInterfaces: interfaces, ...extra });

/** An HTTP+JSON agent's answer to a task it does not hold: 1.0 §11.6 google.rpc.Status with ErrorInfo. */
const taskNotFound = (): Route => (_req, res: ServerResponse) => {
  res.writeHead(404, { 'content-type': 'application/a2a+json' });
  res.end(
    JSON.stringify({
      error: {
        code: 404,
        status: 'NOT_FOUND',
        message: 'task not found',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }],
      },
    }),
  );
};
/** A 0.3 REST agent's error: "a consistent JSON format" (0.3 §3.2.3), here {error: {code, message}}. */
const taskNotFound03 = (): Route => ({
  status: 404,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ error: { code: -32001, message: 'Task not found' } }),
});

const skillMd = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\nSteps for agents.\n`;
const sha = (b: string | Buffer) => `sha256:${createHash('sha256').update(b).digest('hex')}`;
const SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

export const a2aSkillsNewest: Variant[] = [
  {
    name: 'a2a-v0-3-http-json-answers',
    models: 'an A2A 0.3 card whose preferredTransport is HTTP+JSON, and whose REST endpoint answers a JSON error for a task it does not hold',
    site: ({ origin }) => ({
      '/': page(),
      [`/a2a/rest/v1/tasks/${TASK}`]: taskNotFound03(),
      '/.well-known/agent-card.json': card03({ url: `${origin}/a2a/rest`, preferredTransport: 'HTTP+JSON' }),
    }),
    expect: { A5: 'pass' },
    codes: { A5: 'A5/ok' },
    source: `${SPEC_03}; issue 28 point 1 (judged by the endpoint in its own binding)`,
  },
  {
    name: 'a2a-v0-3-http-json-404',
    models: 'an A2A 0.3 card whose preferredTransport is HTTP+JSON, and whose endpoint answers a bare 404',
    site: ({ origin }) => ({ '/': page(), '/.well-known/agent-card.json': card03({ url: `${origin}/a2a/rest`, preferredTransport: 'HTTP+JSON' }) }),
    expect: { A5: 'partial' },
    codes: { A5: 'A5/endpoint-no-answer' },
    source: `${SPEC_03}; issue 28 point 1 (it passed with "endpoint not probed", also when its endpoint answered 404)`,
  },
  {
    name: 'a2a-v1-http-json-answers',
    models: 'an A2A 1.0 card with one HTTP+JSON interface answering TASK_NOT_FOUND as google.rpc.Status',
    site: ({ origin }) => ({
      '/': page(),
      [`/a2a/json/tasks/${TASK}`]: taskNotFound(),
      '/.well-known/agent-card.json': card10([{ url: `${origin}/a2a/json`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' }]),
    }),
    expect: { A5: 'pass' },
    codes: { A5: 'A5/ok' },
    source: `${SPEC} §11.3.2 (GET /tasks/{id}) and §11.6 (errors as google.rpc.Status with ErrorInfo reason TASK_NOT_FOUND, domain a2a-protocol.org)`,
  },
  {
    name: 'a2a-v1-mcp-protocol-version',
    models: 'a 1.0-shaped card wrapping an MCP server: one HTTP+JSON interface with protocolVersion "2024-11-05", and a leftover top-level url',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/agent-card.json': card10([{ url: `${origin}/mcp`, protocolBinding: 'HTTP+JSON', protocolVersion: '2024-11-05' }], { url: origin }),
    }),
    expect: { A5: 'partial' },
    codes: { A5: 'A5/incomplete' },
    source: `${PROTO} (AgentCard has no url; AgentInterface.protocol_version "0.3", "1.0") and ${SPEC} §3.6 (Major.Minor); shape of a real card (issue 28 point 1)`,
  },
  {
    name: 'a2a-v0-3-mcp-protocol-version',
    models: 'a 0.3-shaped card whose protocolVersion is an MCP revision date ("2024-11-05")',
    site: ({ origin }) => ({
      '/': page(),
      '/a2a': a2aJsonRpcRoute(),
      '/.well-known/agent-card.json': card03({ protocolVersion: '2024-11-05', url: `${origin}/a2a` }),
    }),
    expect: { A5: 'partial' },
    codes: { A5: 'A5/incomplete' },
    source: `${SPEC_03} (protocolVersion: the A2A version, default "0.3.0"); issue 28 point 1`,
  },
  {
    name: 'a2a-provider-without-organization',
    models: 'a complete A2A 1.0 card whose provider has name and url but no organization',
    site: ({ origin }) => ({
      '/': page(),
      '/a2a': a2aJsonRpcRoute(),
      '/.well-known/agent-card.json': card10([{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }], {
        provider: { name: 'Corpus Co', url: origin },
      }),
    }),
    expect: { A5: 'partial' },
    codes: { A5: 'A5/incomplete' },
    source: `${PROTO} (AgentProvider: url and organization REQUIRED; the 0.3.0 JSON schema requires both too); issue 28 point 9`,
  },
  {
    name: 'a2a-v1-grpc-only',
    models: 'a complete A2A 1.0 card whose only interface is gRPC at a host:port address',
    site: () => ({ '/': page(), '/.well-known/agent-card.json': card10([{ url: '127.0.0.1:1', protocolBinding: 'GRPC', protocolVersion: '1.0' }]) }),
    expect: { A5: 'info' },
    codes: { A5: 'A5/endpoint-unmeasured' },
    source: `${PROTO} (AgentInterface.url: "For gRPC, the address should be in the format hostname:port"); our decision: ai-ready does not speak gRPC, so the endpoint is unmeasured, never passed unprobed`,
  },
  {
    name: 'a2a-spec-sample-card',
    models:
      "the shape of the specification's sample card: JSONRPC, GRPC and HTTP+JSON interfaces (JSONRPC first), provider, securitySchemes, signatures, extendedAgentCard",
    site: ({ origin }) => ({
      '/': page(),
      '/a2a/v1': a2aJsonRpcRoute(),
      '/.well-known/agent-card.json': card10(
        [
          { url: `${origin}/a2a/v1`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          { url: `${origin}/a2a/grpc`, protocolBinding: 'GRPC', protocolVersion: '1.0' },
          { url: `${origin}/a2a/json`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
        ],
        {
          provider: { organization: 'Corpus Co', url: origin },
          iconUrl: `${origin}/icon.png`,
          documentationUrl: `${origin}/docs`,
          capabilities: { streaming: true, pushNotifications: true, extendedAgentCard: true },
          securitySchemes: { corpus: { openIdConnectSecurityScheme: { openIdConnectUrl: `${origin}/.well-known/openid-configuration` } } },
          securityRequirements: [{ schemes: { corpus: { list: ['openid'] } } }],
          defaultInputModes: ['application/json', 'text/plain'],
          defaultOutputModes: ['application/json', 'image/png'],
          skills: [{ ...SKILL, examples: ['Which spade?'], inputModes: ['text/plain'], outputModes: ['application/json'] }],
          signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'c2lnbmF0dXJl' }],
        },
      ),
    }),
    expect: { A5: 'pass' },
    codes: { A5: 'A5/ok' },
    source: `${SPEC} §8.5 "Sample Agent Card" (shape) and §8.3.2 (clients select the first supported interface)`,
  },
  {
    name: 'a2a-spec-extension-example-rest-0-3',
    models: "the shape of the specification's extension example: a 1.0 card whose one interface is HTTP+JSON at protocolVersion 0.3, declaring extensions",
    site: ({ origin }) => ({
      '/': page(),
      [`/a2a/v1/v1/tasks/${TASK}`]: taskNotFound03(),
      '/.well-known/agent-card.json': card10([{ url: `${origin}/a2a/v1`, protocolBinding: 'HTTP+JSON', protocolVersion: '0.3' }], {
        capabilities: {
          streaming: false,
          pushNotifications: false,
          extensions: [{ uri: `${origin}/extensions/citations/v1`, description: 'Citations', required: false }],
        },
      }),
    }),
    expect: { A5: 'pass' },
    codes: { A5: 'A5/ok' },
    source: `${SPEC} §4.6.1 (example card; a 0.3 interface is asked without A2A-Version, §3.6.2 "Agents MUST interpret empty value as 0.3", at the 0.3 REST path /v1/tasks/{id})`,
  },
  {
    name: 'a2a-spec-custom-binding-only',
    models: "the shape of the specification's custom-binding example: one wss:// interface named by a binding URI",
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/agent-card.json': card10([
        { url: `${origin.replace(/^http/, 'ws')}/a2a/websocket`, protocolBinding: 'https://example.com/bindings/websocket/v1', protocolVersion: '1.0' },
      ]),
    }),
    expect: { A5: 'info' },
    codes: { A5: 'A5/endpoint-unmeasured' },
    source: `${SPEC} §5.8 (custom binding identified by a URI); our decision: a binding ai-ready does not speak is unmeasured`,
  },
  {
    name: 'a2a-card-cross-site-redirect',
    models: 'the agent-card path redirects to a complete card on another site, whose endpoint answers JSON-RPC',
    site: ({ other }) => ({ '/': page(), '/.well-known/agent-card.json': { status: 302, headers: { location: `${other}/card.json` } } }),
    otherSite: () => ({
      '/a2a': a2aJsonRpcRoute(),
      // The other site's card names its own endpoint (its origin is known only once it listens).
      '/card.json': (req, res: ServerResponse) => {
        const { headers, body } = card10([{ url: `http://${req.headers.host}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }]) as {
          headers: Record<string, string>;
          body: string;
        };
        res.writeHead(200, headers);
        res.end(body);
      },
    }),
    expect: { A5: 'info' },
    codes: { A5: 'A5/endpoint-unmeasured' },
    source:
      "RFC 8615 §3 (a well-known URI belongs to its origin); our decision docs/live-probes.md (a card reached only through a redirect to another site names nothing on this site's behalf, so its endpoints are not probed): unmeasured, never passed unprobed",
  },
  {
    name: 'skills-artifact-unreachable',
    models: 'a valid v0.2.0 skills index whose only artifact is on a host that refuses the connection',
    site: () => {
      const md = skillMd('order-status', 'Look up an order.');
      return {
        '/': page(),
        '/.well-known/agent-skills/index.json': json({
          $schema: SCHEMA,
          skills: [{ name: 'order-status', type: 'skill-md', description: 'Look up an order.', url: `${REFUSING}/order-status/SKILL.md`, digest: sha(md) }],
        }),
      };
    },
    expect: { A6: 'info' },
    codes: { A6: 'A6/artifact-unmeasured' },
    source:
      'issue 28 point 2 (a DNS failure was called "artifact not served"); our decision, as A4 and A5 (docs/live-probes.md): a fetch that could not be made is unmeasured',
  },
  {
    name: 'skills-unknown-schema-empty',
    models: 'a skills index with a made-up $schema URL and an empty skills array',
    site: () => ({ '/': page(), '/.well-known/agent-skills/index.json': json({ $schema: 'https://skills.example/index.schema.json', skills: [] }) }),
    expect: { A6: 'partial' },
    codes: { A6: 'A6/invalid' },
    source: `${WELL_KNOWN} ("Clients encountering an unrecognized or absent $schema should warn the user and should not process the index"); shape of a real index (issue 28 point 3: its evidence said "no $schema")`,
  },
  {
    name: 'skills-well-known-example',
    models: 'the shape of the agentskills.io index example: a skill-md entry and an archive entry, both digest-verified',
    site: () => {
      const md = skillMd('code-review', 'Review code for bugs.');
      const archive = gzipSync(Buffer.from(skillMd('wrangler', 'Deploy workers.')));
      return {
        '/': page(),
        '/.well-known/agent-skills/index.json': json({
          $schema: SCHEMA,
          skills: [
            {
              name: 'code-review',
              type: 'skill-md',
              description: 'Review code for bugs.',
              url: '/.well-known/agent-skills/code-review/SKILL.md',
              digest: sha(md),
            },
            { name: 'wrangler', type: 'archive', description: 'Deploy workers.', url: '/.well-known/agent-skills/wrangler.tar.gz', digest: sha(archive) },
          ],
        }),
        '/.well-known/agent-skills/code-review/SKILL.md': text(md, MD),
        '/.well-known/agent-skills/wrangler.tar.gz': { headers: { 'content-type': 'application/gzip' }, body: archive },
      };
    },
    expect: { A6: 'pass' },
    codes: { A6: 'A6/ok' },
    source: `${WELL_KNOWN} "Index format" (shape); ${RFC} "Index Format"`,
  },
  {
    name: 'skills-versioned-entry',
    models: 'the shape of the agentskills.io versioned-index example: an entry with a semantic `version` and a relative url',
    site: () => {
      const md = skillMd('supabase', 'Use for database tasks.');
      return {
        '/': page(),
        '/.well-known/agent-skills/index.json': json({
          $schema: SCHEMA,
          skills: [{ name: 'supabase', version: '0.1.1', type: 'skill-md', description: 'Use for database tasks.', url: 'supabase/SKILL.md', digest: sha(md) }],
        }),
        '/.well-known/agent-skills/supabase/SKILL.md': text(md, MD),
      };
    },
    expect: { A6: 'pass' },
    codes: { A6: 'A6/ok' },
    source: `${WELL_KNOWN} "Skill versioning" (optional per-entry version) and "URL resolution" (relative to the index URL)`,
  },
  {
    name: 'skills-generator-empty',
    models: "the index the RFC's Next.js example generates when there is no skills folder: $schema and an empty skills array",
    site: () => ({ '/': page(), '/.well-known/agent-skills/index.json': json({ $schema: SCHEMA, skills: [] }) }),
    expect: { A6: 'partial' },
    codes: { A6: 'A6/invalid' },
    source: `cloudflare/agent-skills-discovery-rfc examples/skills-index.nextjs.ts at 366ad37 (returns {$schema, skills: []} on ENOENT); our decision: an index listing no skill gives agents nothing (A6/empty)`,
  },
];
