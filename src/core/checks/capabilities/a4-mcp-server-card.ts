import { defineCheck } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { describeProbe, excerpt } from '../../gather/classify.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { MCP_CARD_OPTIONS, MCP_CARD_PATHS, bestCard, complete, readAll, readPath, type CardReading } from '../../gather/mcp-card.js';
import { MAX_CATALOG_CARDS, MCP_CARD_MEDIA_TYPE, MCP_CATALOG_PATH, mcpCatalog, readMcpCatalog, type McpCatalogArtifact } from '../../gather/mcp-catalog.js';
import { liveMcpProbe, type McpProbeResult } from '../../gather/mcp-probe.js';
import { siteOf } from '../../gather/live-scope.js';
import { renderFindings } from '../messages.js';
import { PLACEHOLDER_DOMAIN, placeholderNote, reverseDomain, siteDomain } from '../../fixes/site.js';
import type { FixStep } from '../../schema.js';

const SPEC = [
  'https://github.com/modelcontextprotocol/experimental-ext-server-card/blob/main/docs/discovery.md',
  'https://github.com/modelcontextprotocol/modelcontextprotocol/pull/2127',
  'https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1649',
];

/** The catalog's member problems (sub-findings of A4/catalog-incomplete, advisories otherwise). */
const FINDINGS = {
  'A4/catalog-no-spec-version': 'the catalog has no "specVersion"',
  'A4/catalog-no-entries': 'the catalog has no "entries" array',
  'A4/entry-no-identifier': 'entries[{entry}] has no "identifier" (urn:air:<publisher>:<namespace>:<name>)',
  'A4/entry-bad-urn': 'entries[{entry}] identifier "{identifier}" is not urn:air:<publisher>[:<namespace>]:<name>',
  'A4/entry-no-display-name': 'entries[{entry}] has no "displayName"',
  'A4/entry-no-type': `entries[{entry}] has no "type" (${MCP_CARD_MEDIA_TYPE} for a server card)`,
  'A4/entry-no-url': 'entries[{entry}] has no http(s) "url"',
} as const;

/** Where each reader looks for a card, so an owner can satisfy all of them (docs/checks-bot-access-and-capabilities.md). */
const READERS_NOTE =
  `the server-card extension's discovery (current draft) reads ${MCP_CATALOG_PATH} and then each entry's url (by default <endpoint>/server-card); ` +
  'isitagentready.com reads /.well-known/mcp/server-card.json (then server-cards.json and /.well-known/mcp.json); SEP-2127\'s first text used /.well-known/mcp/server-card';
export { MCP_CARD_PATHS };
export { readMcpCard, type CardReading } from '../../gather/mcp-card.js';
const SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

export interface McpCardArtifact {
  /** The older well-known card paths, in MCP_CARD_PATHS order. */
  probes: FetchResult[];
  /** The MCP catalog and the cards its entries named (absent in tests of the well-known paths alone). */
  catalog?: McpCatalogArtifact | null;
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
  /** The card's URL (fix guides link it). */
  url: string;
  path: string;
  /** How the card was found: an entry of the MCP catalog, or an older well-known path. */
  via: 'catalog' | 'well-known';
  catalog: { url: string; entries: number; cardsFetched: number } | null;
  /** Where the card and the live serverInfo disagree (the draft's consistency with runtime behaviour). */
  disagreements: string[];
  shapes: Array<'SEP-2127' | 'SEP-1649'>;
  endpoints: string[];
  /** Endpoint values that are no http(s) URL (a client cannot connect to them). */
  invalidEndpoints: string[];
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

/** Card and live serverInfo, side by side: what the draft says SHOULD NOT contradict. */
function disagreements(card: CardReading, live: McpProbeResult | null | undefined): string[] {
  if (live?.outcome !== 'ok') return [];
  const out: string[] = [];
  // A SEP-2127 name is reverse-DNS (com.example/mcp) and need not equal serverInfo.name; a card's own serverInfo must.
  if (card.serverInfo && live.serverName && card.serverInfo.name !== live.serverName) {
    out.push(`card serverInfo.name "${excerpt(card.serverInfo.name, 60)}" vs live "${excerpt(live.serverName, 60)}"`);
  }
  if (card.version && live.serverVersion && card.version !== live.serverVersion) {
    out.push(`card version "${excerpt(card.version, 20)}" vs live serverInfo.version "${excerpt(live.serverVersion, 20)}"`);
  }
  return out;
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
    summary: `An MCP server card (name, version, remote endpoint, capabilities), found through the MCP catalog ${MCP_CATALOG_PATH} (each entry's url, fetched as ${MCP_CARD_MEDIA_TYPE}) or at an older well-known path (${MCP_CARD_PATHS.join(', ')}); SEP-2127 and the older serverInfo shape are both accepted, and the endpoint the card names is probed live.`,
    why: 'A server card lets an agent find and connect to your MCP server from the domain alone, without a registry or manual setup.',
    remediation: `Publish ${MCP_CATALOG_PATH} with one entry per MCP server pointing at its server card (by default <endpoint>/server-card) with name, version, remotes[].url and capabilities.`,
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
    mcpProbe: true,
    codes: {
      'A4/missing': 'no MCP server card (no catalog entry naming one, none at the older well-known paths)',
      'A4/catalog-card-missing': 'partial: the MCP catalog names server cards but none of them could be read (and no well-known card)',
      'A4/incomplete': 'partial: the card lacks required members (server identity or transport endpoint)',
      'A4/cross-site-redirect': 'partial: the card is only reachable through a redirect to another site',
      'A4/endpoint-not-mcp': 'partial: the advertised endpoint answered but did not complete initialize + tools/list (404, HTML, timeout, bad JSON-RPC, or a 401 without WWW-Authenticate); a probe that could not be made (DNS failure, connection refused) is unmeasured instead',
      'A4/catalog-incomplete': 'partial: the card and its endpoint are fine, but the MCP catalog lacks required members (specVersion, entries[], or an entry\'s identifier urn:air:…, displayName, type, url)',
      'A4/ok-auth-required': 'a complete card whose endpoint answers 401 with WWW-Authenticate (a protected server; A3 follows it)',
      'A4/ok': 'a complete MCP server card whose endpoint answers initialize and tools/list',
    },
    messages: {
      'A4/missing': 'No MCP server card: {seenAll}.',
      'A4/catalog-card-missing': '{catalogFacts}; none of its server cards could be read: {cardsSeen}.',
      'A4/incomplete': '{facts}; missing {missing}.',
      'A4/cross-site-redirect': '{facts}; the card is only reachable through a cross-site redirect to {url}, which agents may refuse.',
      'A4/endpoint-not-mcp': '{facts}{liveText}.',
      'A4/catalog-incomplete': '{facts}{liveText}; the catalog: {findings}.',
      'A4/ok-auth-required': '{facts}{liveText}.',
      'A4/ok': '{facts}{liveText}.',
    },
    findings: FINDINGS,
    contentProfile: 'bonus',
  },
  async gather(ctx) {
    // The catalog and the four older paths at once: absence is the common case, and it needs every one anyway.
    const [probes, catalog] = await Promise.all([Promise.all(MCP_CARD_PATHS.map((p) => ctx.fetch(p, MCP_CARD_OPTIONS))), mcpCatalog(ctx)]);
    return { probes, catalog, live: await liveMcpProbe(ctx) };
  },
  evaluate({ probes, catalog, live }, ctx) {
    const reading = catalog ? readMcpCatalog(catalog.probe) : null;
    const results = readAll(probes, catalog);
    const catalogSeen = catalog
      ? `${describeProbe(catalog.probe, ctx.origin)}${reading?.problem ? ` (${reading.problem})` : ''}${reading?.found ? ` (catalog: ${reading.entries.length} entr${reading.entries.length === 1 ? 'y' : 'ies'}, ${catalog.cards.length} server card(s) fetched)` : ''}`
      : null;
    const seenAll = [catalogSeen, ...results.map((r) => describeProbe(r.probe, ctx.origin) + (r.problem ? ` (${r.problem})` : ''))].filter(Boolean).join('; ');
    const withCards = results.filter((r) => r.cards.length);
    const found = bestCard(results);
    const catalogProbes = catalog && reading?.found ? [catalog.probe] : [];
    if (!found) {
      if (catalog && catalog.cards.length) {
        const cardsSeen = results.filter((r) => r.via === 'catalog').map((r) => describeProbe(r.probe, ctx.origin) + (r.problem ? ` (${r.problem})` : '')).join('; ');
        return {
          status: 'partial',
          code: 'A4/catalog-card-missing',
          data: { catalogFacts: catalogSeen!, cardsSeen },
          remediation: `Serve each server card at the url its ${MCP_CATALOG_PATH} entry names, as JSON (${MCP_CARD_MEDIA_TYPE}), or fix the entry's url.`,
          probes: [...catalogProbes, ...catalog.cards.map((c) => c.probe)],
        };
      }
      return { status: 'fail', code: 'A4/missing', data: { seenAll }, probes: [...(catalog ? [catalog.probe] : []), ...probes] };
    }
    const { best, card } = found;
    const res = best.probe;
    const advisories: string[] = [];
    const fromCatalog = best.via === 'catalog';
    if (res.headers['access-control-allow-origin'] !== '*') {
      advisories.push(`No Access-Control-Allow-Origin: * on ${best.path}; the server-card draft requires CORS (Allow-Origin *, Allow-Methods GET, Allow-Headers Content-Type) so browser-based clients can read it.`);
    }
    if (fromCatalog) {
      if (res.contentType !== MCP_CARD_MEDIA_TYPE && res.contentType !== 'application/json') advisories.push(`Served as ${res.contentType ?? 'no content type'}; a server card is ${MCP_CARD_MEDIA_TYPE} (or application/json).`);
    } else if (res.contentType !== 'application/json' && res.contentType !== MCP_CARD_MEDIA_TYPE) {
      advisories.push(`Served as ${res.contentType ?? 'no content type'} instead of application/json.`);
    }
    if (card.endpoints.some((e) => new URL(e, res.url).protocol !== 'https:')) advisories.push('An endpoint is not an https URL.');
    if (!card.hasCapabilities) advisories.push('No "capabilities" object (required by SEP-2127, expected by isitagentready).');
    if (card.shapes.includes('SEP-2127') && !card.hasSchema) advisories.push(`No "$schema" (${SCHEMA_URL}).`);
    if (!card.shapes.includes('SEP-2127') && card.shapes.length) advisories.push('serverInfo shape only: add top-level name/version and remotes[] (SEP-2127) for current readers.');
    if (card.variantKeys.includes('serverUrl')) advisories.push('The endpoint is read from "serverUrl", a known variant outside the drafts: name it in remotes[].url (SEP-2127) too.');
    // Which readers find the card where (the drafts moved; an owner can satisfy all of them).
    const wellKnownHit = results.some((r) => r.via === 'well-known' && r.cards.length);
    if (!fromCatalog && !reading?.found) advisories.push(`Found only at an older well-known path; add ${MCP_CATALOG_PATH} listing it (${READERS_NOTE}).`);
    if (fromCatalog && !wellKnownHit) advisories.push(`Found through the catalog only; older readers look at well-known paths (${READERS_NOTE}): serve the same card at /.well-known/mcp/server-card.json too if you want them to find it.`);
    if (catalog && reading?.found) {
      if (catalog.probe.headers['access-control-allow-origin'] !== '*') advisories.push(`No Access-Control-Allow-Origin: * on ${MCP_CATALOG_PATH} (the draft requires CORS on the catalog).`);
      if (!catalog.probe.headers['cache-control']) advisories.push(`No Cache-Control on ${MCP_CATALOG_PATH} (the draft suggests public, max-age=3600).`);
      if (reading.otherTypes.length) advisories.push(`Catalog entries of other types are ignored, as the draft tells clients to: ${reading.otherTypes.slice(0, 3).join(', ')}.`);
      if (catalog.skipped) advisories.push(`${catalog.skipped} more server card(s) in the catalog were not fetched (at most ${MAX_CATALOG_CARDS} per scan).`);
    } else if (reading?.problem) advisories.push(`${MCP_CATALOG_PATH} answered but is ${reading.problem}.`);
    if (complete(card) && card.endpoints.every((e) => card.legacySse.includes(e))) {
      advisories.push('Only a legacy HTTP+SSE endpoint (type "sse", deprecated since MCP 2025-03-26): not probed live; add a Streamable HTTP remote.');
    }
    const differ = disagreements(card, live);
    if (differ.length) advisories.push(`The card and the live server disagree (the draft asks for consistency with runtime behaviour): ${differ.join('; ')}.`);
    const others = withCards.filter((r) => r !== best).map((r) => r.path);
    const shapeText = card.shapes.length ? card.shapes.map((s) => (s === 'SEP-2127' ? 'SEP-2127 (top-level name/version)' : 'SEP-1649 (serverInfo)')).join(' + ') : 'no recognised identity';
    const variant = card.variantKeys.includes('serverUrl') ? ' from "serverUrl" (a known variant)' : '';
    const via = fromCatalog ? ` (named by ${MCP_CATALOG_PATH})` : '';
    const facts = `${describeProbe(res, ctx.origin)}${via}: ${best.cards.length > 1 ? `array of ${best.cards.length} cards, ` : ''}${shapeText}${card.name ? ` "${excerpt(card.name, 60)}"` : ''}, ${card.endpoints.length} endpoint(s)${card.endpoints.length ? ` (${card.endpoints.slice(0, 2).map((e) => excerpt(e, 80)).join(', ')})` : ''}${variant}${others.length ? `; also at ${others.join(', ')}` : ''}`;
    const matched = card.shapes.length ? `MCP server card ${card.shapes.join(' + ')} ${fromCatalog ? 'via the MCP catalog' : `at ${best.path}`}` : undefined;
    const liveDetails = live
      ? { live: { endpoint: live.endpoint, outcome: live.outcome, server: live.serverName, serverVersion: live.serverVersion, protocolVersion: live.protocolVersion, tools: live.toolCount, toolNames: live.toolNames } }
      : {};
    // A 401 from the endpoint is the server saying it is protected, whatever the card declares.
    const protectedLive = live?.outcome === 'auth-required';
    const details: McpCardDetails = {
      url: res.url,
      path: best.path,
      via: fromCatalog ? 'catalog' : 'well-known',
      catalog: catalog && reading?.found ? { url: catalog.probe.url, entries: reading.entries.length, cardsFetched: catalog.cards.length } : null,
      disagreements: differ,
      shapes: card.shapes,
      endpoints: card.endpoints,
      invalidEndpoints: card.invalidEndpoints,
      cards: best.cards.length,
      declaresAuth: card.declaresAuth || protectedLive,
      ...liveDetails,
    };
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
        probes: [res, ...catalogProbes],
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
        probes: [res, ...catalogProbes],
        details,
      };
    }
    const liveProbes = live ? live.exchanges.map((x) => x.probe) : [];
    const liveText = live ? `; ${describeLive(live)}` : '';
    const authAnswer = live?.outcome === 'auth-required' && !!live.wwwAuthenticate;
    const catalogFindings = reading?.found ? reading.findings : [];
    if (live && live.outcome !== 'ok' && !authAnswer) {
      if (catalogFindings.length) advisories.push(`The catalog: ${renderFindings(FINDINGS, catalogFindings).join('; ')}.`);
      return {
        status: 'partial',
        code: 'A4/endpoint-not-mcp',
        data: { facts, liveText },
        remediation: `Make ${live.endpoint} answer MCP over Streamable HTTP (POST initialize, then tools/list), or answer 401 with WWW-Authenticate when it needs a token; fix the card if the endpoint moved.`,
        ...(matched ? { matched } : {}),
        advisories,
        probes: [res, ...liveProbes, ...catalogProbes],
        details,
      };
    }
    if (catalogFindings.length) {
      return {
        status: 'partial',
        code: 'A4/catalog-incomplete',
        data: { facts, liveText },
        findings: catalogFindings,
        remediation: `Complete ${MCP_CATALOG_PATH}: specVersion, and for each entry identifier (urn:air:<publisher>:<namespace>:<name>), displayName, type ${MCP_CARD_MEDIA_TYPE} and url.`,
        ...(matched ? { matched } : {}),
        advisories,
        probes: [res, ...liveProbes, ...catalogProbes],
        details,
      };
    }
    const code = authAnswer ? 'A4/ok-auth-required' : 'A4/ok';
    return { status: 'pass', code, data: { facts, liveText }, ...(matched ? { matched } : {}), advisories, probes: [res, ...liveProbes, ...catalogProbes], details };
  },
  fixGuide(fx) {
    // A card the scan found keeps its own name and endpoint; otherwise the name is the site's
    // domain in reverse-DNS form, which an IP or localhost origin does not have.
    const seen = fx.outcome?.probes?.flatMap((p) => readPath(p, new URL(p.url).pathname).cards).find((c) => c.shapes.length || c.endpoints.length);
    const domain = siteDomain(fx.origin);
    const name = seen?.name ?? `${reverseDomain(domain ?? PLACEHOLDER_DOMAIN)}/mcp`;
    const endpoint = seen?.endpoints[0] ? new URL(seen.endpoints[0], fx.origin).href : `${fx.origin}/mcp`;
    // The draft's default card location: the Streamable HTTP endpoint plus /server-card.
    const cardUrl = `${endpoint.replace(/\/+$/, '')}/server-card`;
    const cardPath = new URL(cardUrl).origin === fx.origin ? new URL(cardUrl).pathname : null;
    const catalog = JSON.stringify(
      {
        specVersion: 'draft',
        entries: [{ identifier: `urn:air:${domain ?? PLACEHOLDER_DOMAIN}:mcp:main`, displayName: `${domain ?? PLACEHOLDER_DOMAIN} MCP server`, type: MCP_CARD_MEDIA_TYPE, url: cardUrl }],
      },
      null,
      2,
    );
    const card = JSON.stringify(
      {
        $schema: SCHEMA_URL,
        name,
        version: '1.0.0',
        description: 'What your MCP server lets agents do',
        remotes: [{ type: 'streamable-http', url: endpoint, authentication: { required: false, schemes: [] } }],
        capabilities: { tools: { listChanged: false } },
      },
      null,
      2,
    );
    const nameNote =
      !seen?.name && !domain
        ? ` ${placeholderNote(fx.origin, 'the server name')} The name is your domain in reverse-DNS form plus a slash and a short id (example.com -> com.example/mcp); MCP registries verify it against the domain.`
        : '';
    const headers = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET', 'Access-Control-Allow-Headers': 'Content-Type', 'Cache-Control': 'public, max-age=3600' };
    const cardSteps: FixStep[] = cardPath
      ? serveFileSteps(fx, { path: cardPath, contentType: MCP_CARD_MEDIA_TYPE, content: card, lang: 'json', headers })
      : [{ title: `Serve the server card at ${cardUrl}`, body: `Answer GET with Content-Type: ${MCP_CARD_MEDIA_TYPE} and CORS (Access-Control-Allow-Origin: *):`, code: card, lang: 'json' }];
    const older: FixStep = {
      title: 'Older readers: the same card at a well-known path (optional)',
      body: `Scanners that predate the catalog read a well-known card (${READERS_NOTE}). The current draft calls a well-known card "not recommended"; if you want those readers too, serve the same card at /.well-known/mcp/server-card.json as well, and keep it identical to the one your catalog names. The card's name and version must match the serverInfo your server returns from initialize.${nameNote}`,
    };
    const verify = verifyStep(
      `curl -si ${fx.origin}${MCP_CATALOG_PATH}\ncurl -si -H 'Accept: ${MCP_CARD_MEDIA_TYPE}' ${cardUrl}`,
      'Expect 200 and Access-Control-Allow-Origin: * on both; the catalog lists the card\'s url, and the card has name, version, remotes[].url and capabilities.',
    );
    const publish = [...serveFileSteps(fx, { path: MCP_CATALOG_PATH, contentType: 'application/json', content: catalog, lang: 'json', headers }), ...cardSteps];
    // At most 6 steps: where a platform takes two steps per file, the older readers' note joins the spec step.
    if (publish.length + 3 <= 6) return [...publish, older, verify, specStep(SPEC)];
    const spec = specStep(SPEC);
    return [...publish, verify, { title: `${spec.title}; older readers`, body: `${older.body}\n\n${spec.body}` }];
  },
});
