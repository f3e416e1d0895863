import { defineCheck } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { describeProbe, excerpt } from '../../gather/classify.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { MCP_CARD_OPTIONS, MCP_CARD_PATHS, bestCard, complete, readAll, readPath } from '../../gather/mcp-card.js';
import { liveMcpProbe, type McpProbeResult } from '../../gather/mcp-probe.js';
import { siteOf } from '../../gather/live-scope.js';
import { PLACEHOLDER_DOMAIN, placeholderNote, reverseDomain, siteDomain } from '../../fixes/site.js';
import type { FixStep } from '../../schema.js';

const SPEC = [
  'https://github.com/modelcontextprotocol/modelcontextprotocol/pull/2127',
  'https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1649',
];
export { MCP_CARD_PATHS };
export { readMcpCard, type CardReading } from '../../gather/mcp-card.js';
const SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

export interface McpCardArtifact {
  probes: FetchResult[];
  /** The live probe of the card's first endpoint; absent when no complete card on this site names one. */
  live?: McpProbeResult | null;
}

/** One line of evidence for the live probe, naming the probed host when it is another site. */
export function describeLive(live: McpProbeResult): string {
  return describeExchanges(live) + (live.hostNote ?? '');
}

function describeExchanges(live: McpProbeResult): string {
  const steps = live.exchanges.map((x) => `${x.rpc} → ${x.probe.status ?? x.probe.error?.code ?? 'no answer'}`).join(', ');
  if (live.outcome === 'ok') {
    const tools = live.toolCount === null ? '' : `, ${live.toolCount} tool(s)${live.toolNames.length ? ` (${live.toolNames.map((n) => excerpt(n, 40)).join(', ')})` : ''}`;
    return `live: ${excerpt(live.endpoint, 80)} answered MCP [${steps}]: server "${excerpt(live.serverName ?? '?', 60)}" ${excerpt(live.serverVersion ?? '?', 20)}, protocol ${live.protocolVersion ?? '?'}${tools}`;
  }
  if (live.outcome === 'auth-required') {
    return `live: ${excerpt(live.endpoint, 80)} asks for authorization [${steps}]${live.wwwAuthenticate ? `, WWW-Authenticate: ${excerpt(live.wwwAuthenticate, 120)}` : ', without WWW-Authenticate'}`;
  }
  return `live: ${excerpt(live.endpoint, 80)} did not complete an MCP handshake [${steps || 'no request'}]: ${live.problem ?? 'unknown error'}`;
}

/** What A4 tells tools and the profile: the card read and, when probed, the live handshake. */
export interface McpCardDetails {
  path: string;
  shapes: Array<'SEP-2127' | 'SEP-1649'>;
  endpoints: string[];
  cards: number;
  /** The card declares authentication, or its endpoint answered 401 (the profile reads it). */
  declaresAuth: boolean;
  live?: {
    endpoint: string;
    outcome: McpProbeResult['outcome'];
    server: string | null;
    serverVersion: string | null;
    protocolVersion: string | null;
    tools: number | null;
    toolNames: string[];
  };
}

export const a4McpServerCard = defineCheck<McpCardArtifact>()({
  meta: {
    id: 'A4',
    name: 'MCP server card',
    dimension: 'capabilities',
    tier: 'recommended',
    weight: 6,
    level: { rung: 4, arm: 'integrations' },
    anchorKey: 'mcpServerCard',
    specUrls: SPEC,
    standards: ['mcpServerCard', 'rfc9728'],
    summary: `An MCP server card (name, version, remote endpoint, capabilities) at ${MCP_CARD_PATHS.join(', ')}; SEP-2127 and the older serverInfo shape are both accepted.`,
    why: 'A server card lets an agent find and connect to your MCP server from the domain alone, without a registry or manual setup.',
    remediation: 'Publish an MCP server card at /.well-known/mcp/server-card (and server-card.json) with name, version, remotes[].url and capabilities.',
    offers: { resource: 'mcpCard' },
    profile: {
      appEvidence: 'MCP server card found',
      // A card declaring no authentication, and no other app evidence: OAuth and OpenAPI do not
      // apply, and this check keeps its tier so publishing a card never lowers the score.
      publicMcp: {
        isPublic: (details: McpCardDetails | undefined) => details?.declaresAuth === false,
        reason: 'public MCP server card found (it declares no authentication: OAuth and OpenAPI checks do not apply)',
      },
      keepsTierOnPublicMcp: true,
    },
    codes: {
      'A4/missing': 'no MCP server card',
      'A4/incomplete': 'partial: the card lacks required members (server identity or transport endpoint)',
      'A4/cross-site-redirect': 'partial: the card is only reachable through a redirect to another site',
      'A4/endpoint-not-mcp': 'partial: the advertised endpoint did not complete initialize + tools/list (404, HTML, timeout, bad JSON-RPC, or a 401 without WWW-Authenticate)',
      'A4/ok-auth-required': 'a complete card whose endpoint answers 401 with WWW-Authenticate (a protected server; A3 follows it)',
      'A4/ok': 'a complete MCP server card whose endpoint answers initialize and tools/list',
    },
    messages: {
      'A4/missing': 'No MCP server card: {seenAll}.',
      'A4/incomplete': '{facts}; missing {missing}.',
      'A4/cross-site-redirect': '{facts}; the card is only reachable through a cross-site redirect to {url}, which agents may refuse.',
      'A4/endpoint-not-mcp': '{facts}{liveText}.',
      'A4/ok-auth-required': '{facts}{liveText}.',
      'A4/ok': '{facts}{liveText}.',
    },
    contentProfile: 'bonus',
  },
  async gather(ctx) {
    // All four at once: absence is the common case, and it needs every path anyway.
    const probes = await Promise.all(MCP_CARD_PATHS.map((p) => ctx.fetch(p, MCP_CARD_OPTIONS)));
    return { probes, live: await liveMcpProbe(ctx) };
  },
  evaluate({ probes, live }, ctx) {
    const results = readAll(probes);
    const seenAll = results.map((r) => describeProbe(r.probe, ctx.origin) + (r.problem ? ` (${r.problem})` : '')).join('; ');
    const withCards = results.filter((r) => r.cards.length);
    const found = bestCard(results);
    if (!found) return { status: 'fail', code: 'A4/missing', data: { seenAll }, probes };
    const { best, card } = found;
    const res = best.probe;
    const advisories: string[] = [];
    if (res.headers['access-control-allow-origin'] !== '*') {
      advisories.push(`No Access-Control-Allow-Origin: * on ${best.path}; SEP-2127 asks for CORS (Allow-Origin *, Allow-Methods GET, Allow-Headers Content-Type) so browser-based clients can read it.`);
    }
    if (res.contentType !== 'application/json') advisories.push(`Served as ${res.contentType ?? 'no content type'} instead of application/json.`);
    if (card.endpoints.some((e) => new URL(e, res.url).protocol !== 'https:')) advisories.push('An endpoint is not an https URL.');
    if (!card.hasCapabilities) advisories.push('No "capabilities" object (required by SEP-2127, expected by isitagentready).');
    if (card.shapes.includes('SEP-2127') && !card.hasSchema) advisories.push(`No "$schema" (${SCHEMA_URL}).`);
    if (!card.shapes.includes('SEP-2127') && card.shapes.length) advisories.push('serverInfo shape only: add top-level name/version and remotes[] (SEP-2127) for current readers.');
    if (best.path !== '/.well-known/mcp/server-card' && !results.some((r) => r.path === '/.well-known/mcp/server-card' && r.cards.length)) {
      advisories.push('Not at /.well-known/mcp/server-card, the path of the current draft (SEP-2127); publish it there too.');
    }
    if (complete(card) && card.endpoints.every((e) => card.legacySse.includes(e))) {
      advisories.push('Only a legacy HTTP+SSE endpoint (type "sse", deprecated since MCP 2025-03-26): not probed live; add a Streamable HTTP remote.');
    }
    const others = withCards.filter((r) => r !== best).map((r) => r.path);
    const shapeText = card.shapes.length ? card.shapes.map((s) => (s === 'SEP-2127' ? 'SEP-2127 (top-level name/version)' : 'SEP-1649 (serverInfo)')).join(' + ') : 'no recognised identity';
    const facts = `${describeProbe(res, ctx.origin)}: ${best.cards.length > 1 ? `array of ${best.cards.length} cards, ` : ''}${shapeText}${card.name ? ` "${excerpt(card.name, 60)}"` : ''}, ${card.endpoints.length} endpoint(s)${card.endpoints.length ? ` (${card.endpoints.slice(0, 2).map((e) => excerpt(e, 80)).join(', ')})` : ''}${others.length ? `; also at ${others.join(', ')}` : ''}`;
    const matched = card.shapes.length ? `MCP server card ${card.shapes.join(' + ')} at ${best.path}` : undefined;
    const liveDetails = live
      ? { live: { endpoint: live.endpoint, outcome: live.outcome, server: live.serverName, serverVersion: live.serverVersion, protocolVersion: live.protocolVersion, tools: live.toolCount, toolNames: live.toolNames } }
      : {};
    // A 401 from the endpoint is the server saying it is protected, whatever the card declares.
    const protectedLive = live?.outcome === 'auth-required';
    const details: McpCardDetails = { path: best.path, shapes: card.shapes, endpoints: card.endpoints, cards: best.cards.length, declaresAuth: card.declaresAuth || protectedLive, ...liveDetails };
    if (!complete(card)) {
      const badUrls = card.invalidEndpoints.length ? `, "${excerpt(card.invalidEndpoints[0], 60)}" is not an http(s) URL` : '';
      const missing = [...(card.shapes.length ? [] : ['identity (name + version, or serverInfo)']), ...(card.endpoints.length ? [] : [`a connection endpoint (remotes[].url as an https URL${badUrls})`])];
      return {
        status: 'partial',
        code: 'A4/incomplete',
        data: { facts, missing: missing.join(' and ') },
        remediation: `Complete the server card: add ${missing.join(' and ')}.`,
        ...(matched ? { matched } : {}),
        advisories,
        probes: [res],
        details,
      };
    }
    if (res.redirects.length && siteOf(res.url) !== siteOf(res.requestedUrl)) {
      return {
        status: 'partial',
        code: 'A4/cross-site-redirect',
        data: { facts, url: res.url },
        remediation: 'Serve the server card on your own domain instead of redirecting to another site.',
        ...(matched ? { matched } : {}),
        advisories,
        probes: [res],
        details,
      };
    }
    const liveProbes = live ? live.exchanges.map((x) => x.probe) : [];
    const liveText = live ? `; ${describeLive(live)}` : '';
    const authAnswer = live?.outcome === 'auth-required' && !!live.wwwAuthenticate;
    if (live && live.outcome !== 'ok' && !authAnswer) {
      return {
        status: 'partial',
        code: 'A4/endpoint-not-mcp',
        data: { facts, liveText },
        remediation: `Make ${live.endpoint} answer MCP over Streamable HTTP (POST initialize, then tools/list), or answer 401 with WWW-Authenticate when it needs a token; fix the card if the endpoint moved.`,
        ...(matched ? { matched } : {}),
        advisories,
        probes: [res, ...liveProbes],
        details,
      };
    }
    if (authAnswer) {
      return { status: 'pass', code: 'A4/ok-auth-required', data: { facts, liveText }, ...(matched ? { matched } : {}), advisories, probes: [res, ...liveProbes], details };
    }
    return { status: 'pass', code: 'A4/ok', data: { facts, liveText }, ...(matched ? { matched } : {}), advisories, probes: [res, ...liveProbes], details };
  },
  fixGuide(fx) {
    // A card the scan found keeps its own name and endpoint; otherwise the name is the site's
    // domain in reverse-DNS form, which an IP or localhost origin does not have.
    const seen = fx.outcome?.probes?.flatMap((p) => readPath(p, new URL(p.url).pathname).cards)[0];
    const domain = siteDomain(fx.origin);
    const name = seen?.name ?? `${reverseDomain(domain ?? PLACEHOLDER_DOMAIN)}/mcp`;
    const content = JSON.stringify(
      {
        $schema: SCHEMA_URL,
        name,
        version: '1.0.0',
        description: 'What your MCP server lets agents do',
        serverInfo: { name, version: '1.0.0' },
        remotes: [{ type: 'streamable-http', url: seen?.endpoints[0] ? new URL(seen.endpoints[0], fx.origin).href : `${fx.origin}/mcp`, authentication: { required: false, schemes: [] } }],
        capabilities: { tools: { listChanged: false } },
      },
      null,
      2,
    );
    const nameNote: FixStep[] =
      !seen?.name && !domain
        ? [{ title: 'Name the server after your domain', body: `${placeholderNote(fx.origin, 'the server name')} The name is your domain in reverse-DNS form plus a slash and a short id (example.com -> com.example/mcp); MCP registries verify it against the domain.` }]
        : [];
    const headers = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET', 'Access-Control-Allow-Headers': 'Content-Type', 'Cache-Control': 'public, max-age=3600' };
    return [
      ...serveFileSteps(fx, { path: '/.well-known/mcp/server-card', contentType: 'application/json', content, lang: 'json', headers }),
      {
        title: 'Serve the same card at /.well-known/mcp/server-card.json',
        body: 'Readers still use the .json path (and some /.well-known/mcp.json); the card above carries both the SEP-2127 fields and serverInfo so every reader understands it.',
      },
      ...nameNote,
      verifyStep(`curl -si ${fx.origin}/.well-known/mcp/server-card`, 'Expect 200, application/json, Access-Control-Allow-Origin: *, and name, version, remotes[].url and capabilities.'),
      specStep(SPEC),
    ];
  },
});
