/**
 * A4 MCP server card. Found the way the newest server-card draft says (experimental-ext-server-card
 * docs/discovery.md at 8924e08, 2026-07-24): an AI Catalog entry of type
 * application/mcp-server-card+json, by `url` or inline `data`, in any catalog catalog-reader.ts reads
 * (ARD's names, /.well-known/ai-catalog.json, the removed /.well-known/mcp/catalog.json); then at the
 * older well-known card paths. The card is checked against the v1 schema (schema.ts at 8924e08) and
 * its endpoint probed live.
 */
import { defineCheck, type SubFinding } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { describeProbe, excerpt } from '../../gather/classify.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { capabilityOrigin } from '../../fixes/capability.js';
import {
  MCP_CARD_OPTIONS,
  MCP_CARD_PATHS,
  SERVER_CARD_SCHEMA_URL,
  SERVER_NAME_RE,
  bestCard,
  complete,
  readAll,
  readPath,
  shownPath,
  type CardReading,
  type CardSchemaProblem,
  type PathResult,
  MCP_CARD_REQUESTS,
} from '../../gather/mcp-card.js';
import { MAX_CATALOG_CARDS, MCP_CARD_MEDIA_TYPE, MCP_CATALOG_PATH, MCP_URN_RE, mcpCatalog, type McpCatalogArtifact } from '../../gather/mcp-catalog.js';
import { entriesOf, type CatalogDocument, type CatalogEntry } from '../../gather/catalog-reader.js';
import { CATALOG_REQUESTS, AI_CATALOG_MEDIA_TYPE, AI_CATALOG_PATH, ARD_PATH, type CatalogCandidate } from '../../gather/ai-catalog.js';
import { liveMcpProbe, type McpProbeResult } from '../../gather/mcp-probe.js';
import { siteOf } from '../../gather/live-scope.js';
import { renderFindings } from '../messages.js';
import { jsonProblemText } from './json-problem.js';
import { PLACEHOLDER_DOMAIN, placeholderNote, reverseDomain, siteDomain } from '../../fixes/site.js';
import type { FixStep } from '../../schema.js';
import type { OwnerValue } from '../../fixes/owner-values.js';
import { givenValue } from '../../fixes/owner-value-parse.js';
import { ROBOTS_REQUEST } from '../../gather/robots.js';

const SPEC = [
  'https://github.com/modelcontextprotocol/experimental-ext-server-card/blob/main/docs/discovery.md',
  'https://github.com/modelcontextprotocol/experimental-ext-server-card/blob/main/schema.ts',
  'https://github.com/modelcontextprotocol/modelcontextprotocol/pull/2127',
  'https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1649',
];

/** Where a card departs from the v1 schema (schema.ts at 8924e08): sub-findings of A4/schema-invalid, one per kind the gather reads. */
const CARD_FINDINGS = {
  'A4/card-no-schema': `no "$schema" (required: ${SERVER_CARD_SCHEMA_URL})`,
  'A4/card-schema-not-string': '"$schema" is not a string',
  'A4/card-schema-dated': `"$schema" {value} is date-versioned: schema URLs are versioned by vN, not by date; write ${SERVER_CARD_SCHEMA_URL}`,
  'A4/card-schema-not-v1': `"$schema" {value} is not the v1 server-card schema URL (${SERVER_CARD_SCHEMA_URL})`,
  'A4/card-no-name': 'no "name" (reverse-DNS with one "/", e.g. com.example/weather)',
  'A4/card-name-not-string': '"name" is not a string',
  'A4/card-name-not-reverse-dns': '"name" {value} is not reverse-DNS with exactly one "/" (namespace/server, e.g. com.example/weather; SEP-2127)',
  'A4/card-no-version': 'no "version"',
  'A4/card-version-empty': '"version" is not a non-empty string',
  'A4/card-version-too-long': '"version" is longer than 255 characters',
  'A4/card-version-range': '"version" {value} is a range; a card names one version',
  'A4/card-no-description': 'no "description"',
  'A4/card-description-empty': '"description" is not a non-empty string',
  'A4/card-description-too-long': '"description" has {length} characters (at most 100)',
  'A4/card-title-invalid': '"title" is not a string of 1-100 characters',
  'A4/card-website-url-invalid': '"websiteUrl" is not an absolute URL',
  'A4/card-repository-invalid': '"repository" lacks a url and source',
  // {expected} and {template} hold the schema's own braces ("{src}", "{variable}"), which a template cannot write.
  'A4/card-icons-invalid': '"icons" is not a list of {expected}',
  'A4/card-meta-not-object': '"_meta" is not an object',
  'A4/card-remotes-not-array': '"remotes" is not an array',
  'A4/card-remote-not-object': 'remotes[{index}] is not an object',
  'A4/card-remote-type': 'remotes[{index}].type {value} not "streamable-http" or "sse"',
  'A4/card-remote-no-type': 'remotes[{index}].type is absent,  not "streamable-http" or "sse"',
  'A4/card-remote-no-url': 'remotes[{index}] has no "url"',
  'A4/card-remote-url-invalid': 'remotes[{index}].url {value} is not an http(s) URL or a {template} template',
  'A4/card-remote-headers-invalid': 'remotes[{index}].headers is not a list of {expected}',
  'A4/card-remote-variables-invalid': 'remotes[{index}].variables is not an object',
  'A4/card-remote-protocol-versions-invalid': 'remotes[{index}].supportedProtocolVersions is not a list of strings',
} as const satisfies Record<`A4/card-${CardSchemaProblem['kind']}`, string>;

/** The braces a schema problem's text names literally (CARD_FINDINGS). */
const LITERAL: Partial<Record<CardSchemaProblem['kind'], Record<string, string>>> = {
  'icons-invalid': { expected: '{src}' },
  'remote-headers-invalid': { expected: '{name}' },
  'remote-url-invalid': { template: '{variable}' },
};

/** A schema problem the gather read, as a sub-finding with its code. */
function cardFinding(p: CardSchemaProblem): SubFinding<keyof typeof CARD_FINDINGS> {
  const { kind, ...data } = p;
  return { code: `A4/card-${kind}`, data: { ...data, ...LITERAL[kind] } };
}

/** Member problems of a catalog's server-card entries (sub-findings of A4/catalog-incomplete). */
const CATALOG_FINDINGS = {
  'A4/catalog-no-spec-version': '{catalog} has no "specVersion" (the AI Catalog requires one; ARD v0.91 does not)',
  'A4/entry-no-identifier': '{catalog} entries[{entry}] has no "identifier"',
  'A4/entry-url-or-data': '{catalog} entries[{entry}] needs exactly one of "url" and "data" (it has {has})',
  'A4/entry-media-type': `{catalog} entries[{entry}] names its type in "mediaType" ({mediaType}), the MCP Catalog's member before the draft renamed it "type" (commit 3b2d974): write "type": "${MCP_CARD_MEDIA_TYPE}"`,
} as const;
const FINDINGS = { ...CATALOG_FINDINGS, ...CARD_FINDINGS };
type FindingCode = keyof typeof CATALOG_FINDINGS;

/** Where each reader looks for a card, so an owner can satisfy all of them (docs/checks-bot-access-and-capabilities.md). */
/** Where fix publishes the card: fixed, whatever endpoint the site names. */
const CARD_FILE_PATH = '/mcp/server-card';
/** A version copied from the site's card: semver-like, at most 32 characters. */
const CARD_VERSION_RE = /^\d{1,6}\.\d{1,6}\.\d{1,6}(?:[-+][0-9A-Za-z.-]{1,12})?$/;

const READERS_NOTE =
  `the server-card draft (commit 8924e08) has MCP clients read ${AI_CATALOG_PATH} and each ${MCP_CARD_MEDIA_TYPE} entry's url or inline data; ARD v0.91 readers read ${ARD_PATH}; ` +
  'isitagentready.com reads /.well-known/mcp/server-card.json (then server-cards.json and /.well-known/mcp.json)';
/** The removed location, named with its replacement. */
const REMOVED_NOTE = `${MCP_CATALOG_PATH}, which the server-card draft removed on 2026-07-20 (commit 1491bd2, "Use AI Catalog for Server Card discovery"): current MCP clients read ${AI_CATALOG_PATH} (served as ${AI_CATALOG_MEDIA_TYPE}) instead`;
export { MCP_CARD_PATHS };

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'A4/no-cors':
    'No Access-Control-Allow-Origin: * on {path}; the server-card draft requires CORS (Allow-Origin *, Allow-Methods GET, Allow-Headers Content-Type) so browser-based clients can read it.',
  'A4/content-type': `Served as {contentType}; a server card is ${MCP_CARD_MEDIA_TYPE} (or application/json).`,
  'A4/endpoint-not-https': 'An endpoint is not an https URL.',
  'A4/retired-members':
    'The card carries {members}, which the v1 card does not have (cards "do not enumerate primitives"; tools are listed at runtime, authentication is declared by the server): leave them out.',
  'A4/server-info-only': 'serverInfo shape only: add top-level name/version and remotes[] (SEP-2127) for current readers.',
  'A4/server-url-variant': 'The endpoint is read from "serverUrl", a known variant outside the drafts: name it in remotes[].url (SEP-2127) too.',
  'A4/unresolved-templates': 'remotes[].url {urls} needs values the user supplies (variables without a default): not probed.',
  'A4/well-known-only': `Found only at an older well-known path; list it in ${AI_CATALOG_PATH} (${READERS_NOTE}).`,
  'A4/not-in-ai-catalog': `Listed at {catalogs} but not at ${AI_CATALOG_PATH}: ${READERS_NOTE}; serve the same catalog at ${AI_CATALOG_PATH} too.`,
  'A4/removed-catalog-too': `${REMOVED_NOTE}; drop it or keep it identical.`,
  'A4/catalog-entry-elsewhere':
    'The catalog lists it: {entries}. The card judged here is the one at {path}; that entry was followed through the same request guard and budget as every other probe.',
  'A4/catalog-only': `Found through a catalog only; scanners that predate it read well-known card paths (${READERS_NOTE}): serve the same card at /.well-known/mcp/server-card.json too if you want them to find it.`,
  'A4/catalog-no-cors': 'No Access-Control-Allow-Origin: * on {catalog} (browser-based clients cannot read it).',
  'A4/catalog-content-type': `{catalog} is served as {contentType}; the draft says the AI Catalog SHOULD use ${AI_CATALOG_MEDIA_TYPE}.`,
  'A4/ard-no-spec-version': `{catalog} has no "specVersion": ARD v0.91 does not require one (§5.1: members beside entries are transport-defined), the AI Catalog does (MCP clients reading ${AI_CATALOG_PATH} may reject it).`,
  'A4/entry-no-display-name':
    'entries[{entry}] has no "displayName": the server-card draft (docs/discovery.md at 8924e08) and the AI Catalog make it optional (an entry need not repeat the card\'s fields), ARD v0.91 §4.2 requires it: ARD readers may reject that entry.',
  'A4/entries-no-display-name':
    '{entries} have no "displayName": the server-card draft (docs/discovery.md at 8924e08) and the AI Catalog make it optional (an entry need not repeat the card\'s fields), ARD v0.91 §4.2 requires it: ARD readers may reject those entries.',
  'A4/identifier-not-urn':
    'identifier {identifiers} is not urn:air:<publisher>:<namespace>:<name>: the draft recommends that form for open systems, ARD v0.91 (Appendix C) requires it.',
  'A4/cards-not-fetched': `{count} more server card(s) in the catalogs were not fetched (at most ${MAX_CATALOG_CARDS} per scan).`,
  'A4/legacy-sse-only': 'Only a legacy HTTP+SSE endpoint (type "sse", deprecated since MCP 2025-03-26): not probed live; add a Streamable HTTP remote.',
  'A4/live-disagrees': 'The card and the live server disagree (the draft asks for consistency with runtime behaviour): {disagreements}.',
  'A4/schema-problems': 'The card does not match the v1 schema: {problems}.',
  'A4/catalog-entry-problems': 'The catalog entry: {findings}.',
} as const;
type A4Advisory = keyof typeof ADVISORIES;
type A4Note = SubFinding<A4Advisory>;
export { readMcpCard, type CardReading } from '../../gather/mcp-card.js';

export interface McpCardArtifact {
  /** The older well-known card paths, in MCP_CARD_PATHS order. */
  probes: FetchResult[];
  /** The site's catalogs and the server cards their entries name (absent in tests of the well-known paths alone). */
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
    const tools =
      live.toolCount === null ? '' : `, ${live.toolCount} tool(s)${live.toolNames.length ? ` (${live.toolNames.map((n) => excerpt(n, 40)).join(', ')})` : ''}`;
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
  /** How the card was found: a catalog entry, or an older well-known path. */
  via: 'catalog' | 'well-known';
  /** The catalog whose entry named the card: its URL, name, entry count, server-card entries, and the cards of those entries that were read. */
  catalog: { url: string; name: CatalogCandidate['name']; entries: number; cardEntries: number; cardsRead: number; inline: boolean } | null;
  /** Where the card departs from the v1 schema (empty: it validates). */
  schemaProblems: string[];
  /** Members of earlier drafts the card still carries. */
  retired: string[];
  /** Objects in the card's remotes[]. */
  remotes: number;
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

/** A catalog's path on the scanned origin (or its URL elsewhere). */
function catalogPath(d: CatalogDocument): string {
  return shownPath(d.probe.requestedUrl, d.probe.url);
}

/** A catalog entry's card URL as the evidence names it: "another host (h) at url", or the path on the site. */
function entryTarget(url: string, origin: string): string {
  const u = new URL(url);
  return u.host === new URL(origin).host ? shownPath(url, origin) : `a card on another host (${u.host}) at ${excerpt(u.href, 120)}`;
}

/** What the entry's URL answered when it was followed. */
function entryOutcome(read: PathResult | undefined): string {
  if (!read) return 'not fetched (at most ' + MAX_CATALOG_CARDS + ' catalog cards per scan)';
  const p = read.probe;
  if (p.error) return `not read (${excerpt(p.error.message, 160)})`;
  if (read.problem) return `answered ${p.status} but holds no card (${jsonProblemText(read.problem)})`;
  if (!read.cards.length) return `answered ${p.status ?? 'nothing'}`;
  return `read (HTTP ${p.status}), but it is not a complete card (name and an endpoint)`;
}

/** One catalog as read: where, how it answered, and its counts from the parse. */
function describeCatalog(d: CatalogDocument, origin: string): string {
  const cards = d.entries.filter((e) => e.kind === 'mcp-server-card').length;
  const body = d.ok
    ? `catalog: ${d.entryCount} entr${d.entryCount === 1 ? 'y' : 'ies'}, ${cards} server-card entr${cards === 1 ? 'y' : 'ies'}`
    : d.problem && jsonProblemText(d.problem);
  return `${describeProbe(d.probe, origin)} (${body})`;
}

/** The card's facts, every member and count from the same reading the verdict uses. */
function cardFacts(best: PathResult, card: CardReading, source: CatalogDocument | null, cardEntries: number, results: PathResult[], origin: string): string {
  const where = best.catalog?.inline ? `${best.path} (inline card)` : describeProbe(best.probe, origin);
  const read = results.filter((r) => r.via === 'catalog' && r.cards.length).length;
  const via = source ? ` (named by ${catalogPath(source)}: ${cardEntries} server-card entr${cardEntries === 1 ? 'y' : 'ies'}, ${read} card(s) read)` : '';
  const shape = card.shapes.length
    ? card.shapes.map((s) => (s === 'SEP-2127' ? 'SEP-2127 (top-level name/version)' : 'SEP-1649 (serverInfo)')).join(' + ')
    : 'no recognised identity';
  const shown = card.endpoints.slice(0, 3).map((e) => excerpt(e, 80));
  const more = card.endpoints.length > shown.length ? `, +${card.endpoints.length - shown.length} more` : '';
  const endpoints = `${card.endpoints.length} endpoint(s)${shown.length ? ` (${shown.join(', ')}${more})` : ''}`;
  const from = card.remoteUrls ? '' : card.variantKeys.includes('serverUrl') && card.endpoints.length ? ' from "serverUrl" (a known variant)' : '';
  return `${where}${via}: ${best.cards.length > 1 ? `array of ${best.cards.length} cards, ` : ''}${shape}${card.name ? ` "${excerpt(card.name, 60)}"` : ''}${card.version ? ` version ${excerpt(card.version, 20)}` : ''}, ${card.remotes} remote(s), ${endpoints}${from}`;
}

/** The required members of the server-card entries of one catalog (docs/discovery.md at 8924e08; the AI Catalog for specVersion). */
function entryFindings(d: CatalogDocument, entries: CatalogEntry[]): Array<{ code: FindingCode; data: Record<string, string | number> }> {
  const at = catalogPath(d);
  const out: Array<{ code: FindingCode; data: Record<string, string | number> }> = [];
  // ARD v0.91 makes every top-level member but entries transport-defined; the AI Catalog (and the MCP Catalog) require specVersion.
  if (d.at.name !== 'ard' && !d.specVersion) out.push({ code: 'A4/catalog-no-spec-version', data: { catalog: at } });
  for (const e of entries) {
    if (!e.identifier) out.push({ code: 'A4/entry-no-identifier', data: { catalog: at, entry: e.index } });
    if (!e.type && e.mediaType) out.push({ code: 'A4/entry-media-type', data: { catalog: at, entry: e.index, mediaType: excerpt(e.mediaType, 60) } });
    if (e.hasUrl === e.hasData) out.push({ code: 'A4/entry-url-or-data', data: { catalog: at, entry: e.index, has: e.hasUrl ? 'both' : 'neither' } });
  }
  return out.slice(0, 12);
}

/** What the readers disagree on, and the catalog's serving: advisories, never the verdict. */
function catalogAdvisories(d: CatalogDocument, entries: CatalogEntry[]): A4Note[] {
  const out: A4Note[] = [];
  const at = catalogPath(d);
  if (d.probe.headers['access-control-allow-origin'] !== '*') out.push({ code: 'A4/catalog-no-cors', data: { catalog: at } });
  if (d.at.name === 'ai-catalog' && d.probe.contentType !== AI_CATALOG_MEDIA_TYPE)
    out.push({ code: 'A4/catalog-content-type', data: { catalog: at, contentType: d.probe.contentType ?? 'no content type' } });
  if (d.at.name === 'ard' && !d.specVersion) out.push({ code: 'A4/ard-no-spec-version', data: { catalog: at } });
  const noName = entries.filter((e) => !e.displayName).map((e) => e.index);
  if (noName.length === 1) out.push({ code: 'A4/entry-no-display-name', data: { entry: noName[0] } });
  if (noName.length > 1)
    out.push({
      code: 'A4/entries-no-display-name',
      data: {
        entries: noName
          .slice(0, 5)
          .map((i) => `entries[${i}]`)
          .join(', '),
      },
    });
  const notUrn = entries.filter((e) => e.identifier && !MCP_URN_RE.test(e.identifier)).map((e) => `"${excerpt(e.identifier!, 50)}"`);
  if (notUrn.length) out.push({ code: 'A4/identifier-not-urn', data: { identifiers: notUrn.slice(0, 3).join(', ') } });
  return out;
}

export const a4McpServerCard = defineCheck<McpCardArtifact>()({
  meta: {
    id: 'A4',
    name: 'MCP server card',
    dimension: 'capabilities',
    requests: [...MCP_CARD_REQUESTS, ...CATALOG_REQUESTS, ROBOTS_REQUEST],
    tier: 'recommended',
    weight: 6,
    level: { rung: 4, arm: 'integrations' },
    anchorKey: 'mcpServerCard',
    specUrls: SPEC,
    standards: ['mcpServerCard', 'rfc9728'],
    summary: `An MCP server card found through an AI Catalog entry of type ${MCP_CARD_MEDIA_TYPE} (by url or inline data) at ${ARD_PATH}, ${AI_CATALOG_PATH} or a location robots.txt Agentmap or a link names (the removed ${MCP_CATALOG_PATH} still counts, with a finding), or at an older well-known path (${MCP_CARD_PATHS.join(', ')}); checked against the v1 schema ($schema, reverse-DNS name, version, description, remotes[]), and the endpoint it names is probed live.`,
    why: 'A server card lets an agent find and connect to your MCP server from the domain alone, without a registry or manual setup.',
    remediation: `Publish ${AI_CATALOG_PATH} (${AI_CATALOG_MEDIA_TYPE}) with one ${MCP_CARD_MEDIA_TYPE} entry per MCP server, pointing at a v1 server card ($schema, name, version, description, remotes[].url).`,
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
      'A4/catalog-card-missing': 'partial: a catalog names server cards but none of them could be read (and no well-known card)',
      'A4/incomplete': 'partial: the card lacks a server identity, or its remotes name no URL a client can connect to',
      'A4/no-remotes': 'partial: the card names no remote (or declares itself documentation-only): a valid card with nothing to connect to',
      'A4/cross-site-redirect': 'partial: the card is only reachable through a redirect to another site',
      'A4/endpoint-not-mcp':
        'partial: the advertised endpoint answered but did not complete initialize + tools/list (404, HTML, timeout, bad JSON-RPC, or a 401 without WWW-Authenticate); a probe that could not be made (DNS failure, connection refused) is unmeasured instead',
      'A4/schema-invalid':
        'partial: the card and its endpoint answer, but the card does not validate against the v1 schema (for example a date-versioned $schema, a name without exactly one "/", no description)',
      'A4/catalog-incomplete':
        "partial: the card and its endpoint are fine, but the catalog entry naming it lacks required members (the catalog's specVersion, an entry's identifier, type, exactly one of url and data)",
      'A4/removed-location': `a complete card found only through ${MCP_CATALOG_PATH}, the MCP Catalog the draft removed (commit 1491bd2): still counts, with a finding naming ${AI_CATALOG_PATH}`,
      'A4/ok-auth-required': 'a complete card whose endpoint answers 401 with WWW-Authenticate (a protected server; A3 follows it)',
      'A4/ok': 'a complete MCP server card whose endpoint answers initialize and tools/list',
    },
    messages: {
      'A4/missing': 'No MCP server card: {seenAll}.',
      'A4/catalog-card-missing': '{catalogFacts}; none of its server cards could be read: {cardsSeen}.',
      'A4/incomplete': '{facts}; missing {missing}.',
      'A4/no-remotes': '{facts}; the card names no remote{why}: agents have nothing to connect to (add remotes[] with a streamable-http url).',
      'A4/schema-invalid': '{facts}{liveText}; the card does not match the v1 schema: {findings}.',
      'A4/removed-location': `{facts}{liveText}; found only through ${REMOVED_NOTE}.`,
      'A4/cross-site-redirect': '{facts}; the card is only reachable through a cross-site redirect to {url}, which agents may refuse.',
      'A4/endpoint-not-mcp': '{facts}{liveText}.',
      'A4/catalog-incomplete': '{facts}{liveText}; the catalog entry: {findings}.',
      'A4/ok-auth-required': '{facts}{liveText}.',
      'A4/ok': '{facts}{liveText}.',
    },
    findings: FINDINGS,
    advisories: ADVISORIES,
    contentProfile: 'offered',
  },
  async gather(ctx) {
    // The catalog and the four older paths at once: absence is the common case, and it needs every one anyway.
    const [probes, catalog] = await Promise.all([Promise.all(MCP_CARD_PATHS.map((p) => ctx.fetch(p, MCP_CARD_OPTIONS))), mcpCatalog(ctx)]);
    return { probes, catalog, live: await liveMcpProbe(ctx) };
  },
  evaluate({ probes, catalog, live }, ctx) {
    const results = readAll(probes, catalog);
    const catalogs = catalog?.catalogs ?? null;
    const cardEntries = entriesOf(catalogs, 'mcp-server-card');
    /** The catalogs whose entries name server cards, in reading order. */
    const cardCatalogs = [...new Set(cardEntries.map((e) => e.document))];
    const seenCatalogs = (catalogs?.documents ?? []).map((d) => describeCatalog(d, ctx.origin));
    const catalogProbes = cardCatalogs.map((d) => d.probe);
    const found = bestCard(results);
    if (!found) {
      if (cardEntries.length) {
        const cardsSeen = cardEntries.map(({ entry, document }) => {
          const read = results.find((r) => r.catalog && r.catalog.at === document.at && r.catalog.entry === entry.index);
          if (read)
            return `${read.catalog!.inline ? read.path : describeProbe(read.probe, ctx.origin)}${read.problem ? ` (${jsonProblemText(read.problem)})` : ''}`;
          const what =
            entry.hasUrl && entry.hasData
              ? 'both url and data'
              : entry.hasUrl
                ? 'a url that is not http(s)'
                : entry.hasData
                  ? 'data that is not a JSON object'
                  : 'neither url nor data';
          return `${catalogPath(document)} entries[${entry.index}] has ${what}`;
        });
        return {
          status: 'partial',
          code: 'A4/catalog-card-missing',
          data: { catalogFacts: cardCatalogs.map((d) => describeCatalog(d, ctx.origin)).join('; '), cardsSeen: cardsSeen.join('; ') },
          remediation: `Serve each server card at the url its catalog entry names, as JSON (${MCP_CARD_MEDIA_TYPE}), or put the card inline in the entry's data.`,
          probes: [...catalogProbes, ...(catalog?.cards.flatMap((c) => (c.probe ? [c.probe] : [])) ?? [])],
        };
      }
      const seenAll = [...seenCatalogs, ...results.map((r) => describeProbe(r.probe, ctx.origin) + (r.problem ? ` (${jsonProblemText(r.problem)})` : ''))].join(
        '; ',
      );
      return { status: 'fail', code: 'A4/missing', data: { seenAll }, probes: [...(catalogs?.probes ?? []), ...probes] };
    }
    const { best, card } = found;
    const res = best.probe;
    const schemaFindings = card.schemaProblems.map(cardFinding);
    const schemaProblems = renderFindings(FINDINGS, schemaFindings);
    const advisories: A4Note[] = [];
    const fromCatalog = best.via === 'catalog';
    const source = best.catalog ? (cardCatalogs.find((d) => d.at === best.catalog!.at) ?? null) : null;
    if (res.headers['access-control-allow-origin'] !== '*') {
      advisories.push({ code: 'A4/no-cors', data: { path: best.catalog?.inline ? catalogPath(source!) : best.path } });
    }
    if (!best.catalog?.inline && res.contentType !== MCP_CARD_MEDIA_TYPE && res.contentType !== 'application/json') {
      advisories.push({ code: 'A4/content-type', data: { contentType: res.contentType ?? 'no content type' } });
    }
    if (card.endpoints.some((e) => new URL(e, res.url).protocol !== 'https:')) advisories.push({ code: 'A4/endpoint-not-https' });
    if (card.retired.length) {
      advisories.push({ code: 'A4/retired-members', data: { members: card.retired.map((k) => `"${k}"`).join(', ') } });
    }
    if (!card.shapes.includes('SEP-2127') && card.shapes.length) advisories.push({ code: 'A4/server-info-only' });
    if (card.variantKeys.includes('serverUrl') && card.remoteUrls === 0 && !card.unresolvedTemplates.length) advisories.push({ code: 'A4/server-url-variant' });
    if (card.unresolvedTemplates.length)
      advisories.push({ code: 'A4/unresolved-templates', data: { urls: card.unresolvedTemplates.map((u) => `"${excerpt(u, 60)}"`).join(', ') } });
    // Which readers find the card where (the drafts moved; an owner can satisfy all of them).
    const wellKnownHit = results.some((r) => r.via === 'well-known' && r.cards.length);
    const names = new Set(cardCatalogs.map((d) => d.at.name));
    const onlyRemoved = fromCatalog && names.size === 1 && names.has('mcp-catalog');
    // A catalog entry that names a card (often on another host) was read but not judged: say what the
    // entry names and what its URL answered, never that the card is not listed.
    const unjudged = fromCatalog ? [] : cardEntries.filter(({ entry }) => entry.hasUrl && !entry.hasData);
    if (unjudged.length) {
      const entries = unjudged.slice(0, 3).map(({ entry, document }) => {
        const read = results.find((r) => r.catalog?.at === document.at && r.catalog.entry === entry.index);
        return `${catalogPath(document)} entries[${entry.index}] names ${entryTarget(entry.url!, ctx.origin)}, ${entryOutcome(read)}`;
      });
      advisories.push({ code: 'A4/catalog-entry-elsewhere', data: { entries: entries.join('; '), path: best.path } });
    } else if (!fromCatalog) advisories.push({ code: 'A4/well-known-only' });
    if (fromCatalog && !names.has('ai-catalog') && !onlyRemoved)
      advisories.push({ code: 'A4/not-in-ai-catalog', data: { catalogs: [...names].map((n) => (n === 'ard' ? ARD_PATH : MCP_CATALOG_PATH)).join(' and ') } });
    if (fromCatalog && names.has('mcp-catalog') && !onlyRemoved) advisories.push({ code: 'A4/removed-catalog-too' });
    if (fromCatalog && !wellKnownHit) advisories.push({ code: 'A4/catalog-only' });
    if (source)
      advisories.push(
        ...catalogAdvisories(
          source,
          cardEntries.filter((e) => e.document === source).map((e) => e.entry),
        ),
      );
    if (catalog?.skipped) advisories.push({ code: 'A4/cards-not-fetched', data: { count: catalog.skipped } });
    if (complete(card) && card.endpoints.every((e) => card.legacySse.includes(e))) {
      advisories.push({ code: 'A4/legacy-sse-only' });
    }
    const differ = disagreements(card, live);
    if (differ.length) advisories.push({ code: 'A4/live-disagrees', data: { disagreements: differ.join('; ') } });
    const others = results.filter((r) => r.cards.length && r !== best).map((r) => r.path);
    const facts = cardFacts(best, card, source, cardEntries.length, results, ctx.origin) + (others.length ? `; also at ${others.join(', ')}` : '');
    const matched = card.shapes.length
      ? `MCP server card ${card.shapes.join(' + ')} ${fromCatalog ? `via ${catalogPath(source!)}` : `at ${best.path}`}`
      : undefined;
    const liveDetails = live
      ? {
          live: {
            endpoint: live.endpoint,
            outcome: live.outcome,
            server: live.serverName,
            serverVersion: live.serverVersion,
            protocolVersion: live.protocolVersion,
            tools: live.toolCount,
            toolNames: live.toolNames,
          },
        }
      : {};
    // A 401 from the endpoint is the server saying it is protected, whatever the card declares.
    const protectedLive = live?.outcome === 'auth-required';
    const details: McpCardDetails = {
      url: res.url,
      path: best.path,
      via: fromCatalog ? 'catalog' : 'well-known',
      catalog: source
        ? {
            url: source.probe.url,
            name: source.at.name,
            entries: source.entryCount,
            cardEntries: cardEntries.filter((e) => e.document === source).length,
            cardsRead: results.filter((r) => r.catalog?.at === source.at && r.cards.length).length,
            inline: !!best.catalog?.inline,
          }
        : null,
      disagreements: differ,
      shapes: card.shapes,
      endpoints: card.endpoints,
      invalidEndpoints: card.invalidEndpoints,
      cards: best.cards.length,
      declaresAuth: card.declaresAuth || protectedLive,
      schemaProblems,
      retired: card.retired,
      remotes: card.remotes,
      ...liveDetails,
    };
    const probesOf = (extra: FetchResult[] = []) => (best.catalog?.inline ? [res, ...extra] : [res, ...extra, ...catalogProbes]);
    const common = { ...(matched ? { matched } : {}), advisories, details };
    if (!card.shapes.length || (!card.endpoints.length && (card.invalidEndpoints.length || card.unresolvedTemplates.length))) {
      const badUrls = card.invalidEndpoints.length ? `, "${excerpt(card.invalidEndpoints[0], 60)}" is not an http(s) URL` : '';
      const missing = [
        ...(card.shapes.length ? [] : ['identity (name + version, or serverInfo)']),
        ...(card.endpoints.length
          ? []
          : card.unresolvedTemplates.length && !badUrls
            ? ['a remote URL the scan can resolve (its {variables} have no default)']
            : [`a connection endpoint (remotes[].url as an https URL${badUrls})`]),
      ];
      return {
        status: 'partial',
        code: 'A4/incomplete',
        data: { facts, missing: missing.join(' and ') },
        remediation: `Complete the server card: add ${missing.join(' and ')}.`,
        ...common,
        probes: probesOf(),
      };
    }
    if (!card.endpoints.length) {
      const why = card.documentationOnly ? ' (it declares itself documentation-only)' : '';
      return {
        status: 'partial',
        code: 'A4/no-remotes',
        data: { facts, why },
        remediation:
          'Add remotes[] with {"type": "streamable-http", "url": "https://…/mcp"} naming your server, or remove the card if you run no remote MCP server.',
        ...common,
        probes: probesOf(),
      };
    }
    if (!best.catalog?.inline && res.redirects.length && siteOf(res.url) !== siteOf(res.requestedUrl)) {
      return {
        status: 'partial',
        code: 'A4/cross-site-redirect',
        data: { facts, url: res.url },
        remediation: 'Serve the server card on your own domain instead of redirecting to another site.',
        ...common,
        probes: probesOf(),
      };
    }
    const liveProbes = live ? live.exchanges.map((x) => x.probe) : [];
    const liveText = live ? `; ${describeLive(live)}` : '';
    const authAnswer = live?.outcome === 'auth-required' && !!live.wwwAuthenticate;
    const catalogFindings = source
      ? entryFindings(
          source,
          cardEntries.filter((e) => e.document === source).map((e) => e.entry),
        )
      : [];
    if (live && live.outcome !== 'ok' && !authAnswer) {
      if (schemaProblems.length) advisories.push({ code: 'A4/schema-problems', data: { problems: schemaProblems.join('; ') } });
      if (catalogFindings.length)
        advisories.push({ code: 'A4/catalog-entry-problems', data: { findings: renderFindings(FINDINGS, catalogFindings).join('; ') } });
      return {
        status: 'partial',
        code: 'A4/endpoint-not-mcp',
        data: { facts, liveText },
        remediation: `Make ${live.endpoint} answer MCP over Streamable HTTP (POST initialize, then tools/list), or answer 401 with WWW-Authenticate when it needs a token; fix the card if the endpoint moved.`,
        ...common,
        probes: probesOf(liveProbes),
      };
    }
    if (schemaFindings.length) {
      if (catalogFindings.length)
        advisories.push({ code: 'A4/catalog-entry-problems', data: { findings: renderFindings(FINDINGS, catalogFindings).join('; ') } });
      return {
        status: 'partial',
        code: 'A4/schema-invalid',
        data: { facts, liveText },
        findings: schemaFindings,
        remediation: `Make the card match the v1 schema: "$schema": "${SERVER_CARD_SCHEMA_URL}", a reverse-DNS "name" with one "/", "version", a "description" of at most 100 characters, and remotes[] of {type, url}.`,
        ...common,
        probes: probesOf(liveProbes),
      };
    }
    if (catalogFindings.length) {
      return {
        status: 'partial',
        code: 'A4/catalog-incomplete',
        data: { facts, liveText },
        findings: catalogFindings,
        remediation: `Complete the catalog entry: the catalog's specVersion, and for each entry an identifier (urn:air:<publisher>:<namespace>:<name>), "type": "${MCP_CARD_MEDIA_TYPE}" and exactly one of url and data.`,
        ...common,
        probes: probesOf(liveProbes),
      };
    }
    if (onlyRemoved) {
      return {
        status: 'pass',
        code: 'A4/removed-location',
        data: { facts, liveText },
        remediation: `Publish the same catalog at ${AI_CATALOG_PATH}, served as ${AI_CATALOG_MEDIA_TYPE}.`,
        ...common,
        probes: probesOf(liveProbes),
      };
    }
    const code = authAnswer ? 'A4/ok-auth-required' : 'A4/ok';
    return { status: 'pass', code, data: { facts, liveText }, ...common, probes: probesOf(liveProbes) };
  },
  fixGuide(fx) {
    // A card the scan found keeps its own name, version and endpoint; otherwise the name is the
    // site's domain in reverse-DNS form, which an IP or localhost origin does not have.
    const seen = fx.outcome?.probes?.flatMap((p) => readPath(p, new URL(p.url).pathname).cards).find((c) => c.shapes.length || c.endpoints.length);
    // The owner's domain and MCP endpoint (validated) stand in where the scan saw none.
    const domain = siteDomain(fx.origin) ?? givenValue(fx, 'domain') ?? null;
    const validName = seen?.name && SERVER_NAME_RE.test(seen.name) ? seen.name : null;
    const name = validName ?? `${reverseDomain(domain ?? PLACEHOLDER_DOMAIN)}/mcp`;
    const ownEndpoint = givenValue(fx, 'mcpEndpoint');
    const endpoint = seen?.endpoints[0] ? new URL(seen.endpoints[0], fx.origin).href : (ownEndpoint ?? `${fx.origin}/mcp`);
    // A fixed place on the site's own origin (the draft's default card location for an endpoint at
    // /mcp), never a path derived from the endpoint: the site chooses the endpoint, and a path from
    // it could climb out of the static folder. The catalog entry names this place.
    const cardPath = CARD_FILE_PATH;
    const cardUrl = `${fx.origin}${CARD_FILE_PATH}`;
    // docs/discovery.md at 8924e08: identifier, type and url (or data). displayName is optional
    // there and in the AI Catalog, required by ARD v0.91 §4.2: kept, so both readers take the entry.
    const catalog = JSON.stringify(
      {
        specVersion: '1.0',
        entries: [
          {
            identifier: `urn:air:${domain ?? PLACEHOLDER_DOMAIN}:mcp:main`,
            displayName: `${domain ?? PLACEHOLDER_DOMAIN} MCP server`,
            type: MCP_CARD_MEDIA_TYPE,
            url: cardUrl,
          },
        ],
      },
      null,
      2,
    );
    // The v1 card (schema.ts at 8924e08): no capabilities (cards do not enumerate primitives), no remotes[].authentication.
    const card = JSON.stringify(
      {
        $schema: SERVER_CARD_SCHEMA_URL,
        name,
        // Free text from a site is not copied whole into the owner's files: a version is short semver or the default.
        version: seen?.version && CARD_VERSION_RE.test(seen.version) ? seen.version : '1.0.0',
        description: 'What your MCP server lets agents do',
        remotes: [{ type: 'streamable-http', url: endpoint }],
      },
      null,
      2,
    );
    const nameNote =
      !validName && !domain
        ? ` ${placeholderNote(fx.origin, 'the server name')} The name is your domain in reverse-DNS form plus a slash and a short id (example.com -> com.example/mcp); MCP registries verify it against the domain.`
        : '';
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET',
      'Access-Control-Allow-Headers': 'Content-Type, If-None-Match',
      'Access-Control-Expose-Headers': 'ETag',
    };
    const headers = { ...cors, 'Cache-Control': 'public, max-age=3600' };
    // Without a card the scan read, the endpoint is a placeholder: the owner's MCP server URL is needed.
    const needs: OwnerValue[] = [...(seen?.endpoints[0] || ownEndpoint ? [] : ['mcpEndpoint' as const]), ...(!validName && !domain ? ['domain' as const] : [])];
    // The site's own card (its shape corrected) or the owner's endpoint; never a server that does not exist.
    const origin = capabilityOrigin(fx, needs.length ? null : seen?.endpoints[0] ? 'site' : 'owner', needs);
    const cardSteps = serveFileSteps(fx, { path: cardPath, contentType: MCP_CARD_MEDIA_TYPE, content: card, lang: 'json', headers, ...origin });
    const older: FixStep = {
      title: 'Card contents and older readers',
      body:
        `Keep the description to 100 characters; the card's name and version must match the serverInfo your server returns. Tools are not listed in the card: clients list them at runtime. ` +
        `Scanners that predate the AI Catalog read a well-known card (${READERS_NOTE}); if you want them too, serve the same card at /.well-known/mcp/server-card.json as well. ARD v0.91 readers look at ${ARD_PATH}: serve the same catalog there too if you publish one (check A10).${nameNote}`,
    };
    const verify = verifyStep(
      sh`curl -si ${fx.origin}${AI_CATALOG_PATH}\ncurl -si -H ${`Accept: ${MCP_CARD_MEDIA_TYPE}`} ${cardUrl}`,
      `Expect 200 and Access-Control-Allow-Origin: * on both; the catalog is ${AI_CATALOG_MEDIA_TYPE} and lists the card's url, and the card has $schema, name, version, description and remotes[].url.`,
    );
    const publish = [
      ...serveFileSteps(fx, { path: AI_CATALOG_PATH, contentType: AI_CATALOG_MEDIA_TYPE, content: catalog, lang: 'json', headers, ...origin }),
      ...cardSteps,
    ];
    // At most 6 steps: where a platform takes two steps per file, the notes join the spec step.
    if (publish.length + 3 <= 6) return [...publish, older, verify, specStep(SPEC)];
    const spec = specStep(SPEC);
    return [...publish, verify, { title: `${spec.title}; card contents and older readers`, body: `${older.body}\n\n${spec.body}` }];
  },
});
