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
import { excerpt } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { mcpLiveData, mcpLiveQuoted } from '../../gather/mcp-live-facts.js';
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
  'A4/entry-media-type':
    `{catalog} entries[{entry}] names its type in "mediaType" ({mediaType}), the MCP Catalog's member before the draft renamed it "type" ` +
    `(commit 3b2d974): write "type": "${MCP_CARD_MEDIA_TYPE}"`,
} as const;
type FindingCode = keyof typeof CATALOG_FINDINGS;

/** What was asked where when no card could be read (sub-findings of A4/missing and A4/catalog-card-missing). */
const SEEN_FINDINGS = {
  'A4/seen': '{seen:probe}',
  'A4/seen-not-json': '{seen:probe} (not JSON ({error}))',
  'A4/seen-not-object': '{seen:probe} (JSON but not an object)',
  'A4/seen-no-card-object': '{seen:probe} (JSON without a card object)',
  'A4/seen-catalog': '{seen:probe} (catalog: {entries} entry(ies), {cardEntries} server-card entry(ies))',
  'A4/seen-inline': '{path}',
  'A4/entry-both': '{catalog} entries[{entry}] has both url and data',
  'A4/entry-url-not-http': '{catalog} entries[{entry}] has a url that is not http(s)',
  'A4/entry-data-not-object': '{catalog} entries[{entry}] has data that is not a JSON object',
  'A4/entry-neither': '{catalog} entries[{entry}] has neither url nor data',
} as const;
type SeenCode = keyof typeof SEEN_FINDINGS;

/** What an incomplete card lacks (sub-findings of A4/incomplete), and why a card names no remote (A4/no-remotes). */
const LACK_FINDINGS = {
  'A4/no-identity': 'identity (name + version, or serverInfo)',
  // {variables} holds the draft's own braces, which a template cannot write.
  'A4/no-resolvable-remote': 'a remote URL the scan can resolve (its {variables} have no default)',
  'A4/no-endpoint': 'a connection endpoint (remotes[].url as an https URL)',
  'A4/no-valid-endpoint': 'a connection endpoint (remotes[].url as an https URL, "{value}" is not an http(s) URL)',
  'A4/documentation-only': ' (it declares itself documentation-only)',
} as const;
type LackCode = keyof typeof LACK_FINDINGS;
const FINDINGS = { ...CATALOG_FINDINGS, ...CARD_FINDINGS, ...SEEN_FINDINGS, ...LACK_FINDINGS };

/** Where fix publishes the card: fixed, whatever endpoint the site names. */
const CARD_FILE_PATH = '/mcp/server-card';
/** A version copied from the site's card: semver-like, at most 32 characters. */
const CARD_VERSION_RE = /^\d{1,6}\.\d{1,6}\.\d{1,6}(?:[-+][0-9A-Za-z.-]{1,12})?$/;

/** Where each reader looks for a card, so an owner can satisfy all of them (docs/checks-bot-access-and-capabilities.md). */
const READERS_NOTE =
  `the server-card draft (commit 8924e08) has MCP clients read ${AI_CATALOG_PATH} and each ${MCP_CARD_MEDIA_TYPE} entry's url or inline data; ` +
  `ARD v0.91 readers read ${ARD_PATH}; ` +
  'isitagentready.com reads /.well-known/mcp/server-card.json (then server-cards.json and /.well-known/mcp.json)';
/** The removed location, named with its replacement. */
const REMOVED_NOTE =
  `${MCP_CATALOG_PATH}, which the server-card draft removed on 2026-07-20 (commit 1491bd2, "Use AI Catalog for Server Card discovery"): ` +
  `current MCP clients read ${AI_CATALOG_PATH} (served as ${AI_CATALOG_MEDIA_TYPE}) instead`;
export { MCP_CARD_PATHS };

/** Card and live serverInfo where they differ, as the details list them (and the advisories quote them). */
const DISAGREEMENTS = {
  'A4/live-name-differs': 'card serverInfo.name "{card}" vs live "{live}"',
  'A4/live-version-differs': 'card version "{card}" vs live serverInfo.version "{live}"',
} as const;
type DisagreementCode = keyof typeof DISAGREEMENTS;

/** Each template of `templates` under the same code, led by `lead` and closed by a full stop. */
function ledBy<K extends string>(templates: Record<K, string>, lead: string): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(templates).map(([k, t]) => [k, `${lead}${t}.`])) as Record<K, string>;
}

/** Each template of `templates` as an advisory of its own (`<code>-note`), led by `lead`. */
function notesOf<K extends string>(templates: Record<K, string>, lead: string): Record<`${K}-note`, string> {
  return Object.fromEntries(Object.entries<string>(templates).map(([k, t]) => [`${k}-note`, `${lead}${t}.`])) as Record<`${K}-note`, string>;
}

/** A catalog entry that names a card judged elsewhere: what its URL answered when it was followed. */
const ELSEWHERE = {
  'A4/elsewhere-not-fetched': `{catalog} entries[{entry}] names {target}, not fetched (at most ${MAX_CATALOG_CARDS} catalog cards per scan).`,
  'A4/elsewhere-not-read': '{catalog} entries[{entry}] names {target}, not read ({error}).',
  'A4/elsewhere-not-json': '{catalog} entries[{entry}] names {target}, answered {status} but holds no card (not JSON ({error})).',
  'A4/elsewhere-no-card-object': '{catalog} entries[{entry}] names {target}, answered {status} but holds no card (JSON without a card object).',
  'A4/elsewhere-answered': '{catalog} entries[{entry}] names {target}, answered {status}.',
  'A4/elsewhere-incomplete': '{catalog} entries[{entry}] names {target}, read (HTTP {status}), but it is not a complete card (name and an endpoint).',
} as const;
type ElsewhereCode = keyof typeof ELSEWHERE;

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'A4/no-cors':
    'No Access-Control-Allow-Origin: * on {path}; the server-card draft requires CORS (Allow-Origin *, Allow-Methods GET, ' +
    'Allow-Headers Content-Type) so browser-based clients can read it.',
  'A4/content-type': `Served as {contentType}; a server card is ${MCP_CARD_MEDIA_TYPE} (or application/json).`,
  'A4/no-content-type': `Served without a content type; a server card is ${MCP_CARD_MEDIA_TYPE} (or application/json).`,
  'A4/endpoint-not-https': 'An endpoint is not an https URL.',
  'A4/retired-members':
    'The card carries {members}, which the v1 card does not have (cards "do not enumerate primitives"; tools are listed at runtime, ' +
    'authentication is declared by the server): leave them out.',
  'A4/server-info-only': 'serverInfo shape only: add top-level name/version and remotes[] (SEP-2127) for current readers.',
  'A4/server-url-variant': 'The endpoint is read from "serverUrl", a known variant outside the drafts: name it in remotes[].url (SEP-2127) too.',
  'A4/unresolved-templates': 'remotes[].url {urls} needs values the user supplies (variables without a default): not probed.',
  'A4/also-at': 'The card is also at {paths}.',
  'A4/well-known-only': `Found only at an older well-known path; list it in ${AI_CATALOG_PATH} (${READERS_NOTE}).`,
  'A4/not-in-ai-catalog': `Listed at {catalogs} but not at ${AI_CATALOG_PATH}: ${READERS_NOTE}; serve the same catalog at ${AI_CATALOG_PATH} too.`,
  'A4/removed-catalog-too': `${REMOVED_NOTE}; drop it or keep it identical.`,
  'A4/catalog-entry-elsewhere':
    'The catalog lists other cards (each entry below). The card judged here is the one at {path}; those entries were followed ' +
    'through the same request guard and budget as every other probe.',
  ...ELSEWHERE,
  'A4/catalog-only':
    `Found through a catalog only; scanners that predate it read well-known card paths (${READERS_NOTE}): ` +
    'serve the same card at /.well-known/mcp/server-card.json too if you want them to find it.',
  'A4/catalog-no-cors': 'No Access-Control-Allow-Origin: * on {catalog} (browser-based clients cannot read it).',
  'A4/catalog-content-type': `{catalog} is served as {contentType}; the draft says the AI Catalog SHOULD use ${AI_CATALOG_MEDIA_TYPE}.`,
  'A4/catalog-no-content-type': `{catalog} is served without a content type; the draft says the AI Catalog SHOULD use ${AI_CATALOG_MEDIA_TYPE}.`,
  'A4/ard-no-spec-version':
    `{catalog} has no "specVersion": ARD v0.91 does not require one (§5.1: members beside entries are transport-defined), ` +
    `the AI Catalog does (MCP clients reading ${AI_CATALOG_PATH} may reject it).`,
  'A4/entry-no-display-name':
    'entries[{entry}] has no "displayName": the server-card draft (docs/discovery.md at 8924e08) and the AI Catalog make it optional ' +
    "(an entry need not repeat the card's fields), ARD v0.91 §4.2 requires it: ARD readers may reject that entry.",
  'A4/entries-no-display-name':
    '{entries} have no "displayName": the server-card draft (docs/discovery.md at 8924e08) and the AI Catalog make it optional ' +
    "(an entry need not repeat the card's fields), ARD v0.91 §4.2 requires it: ARD readers may reject those entries.",
  'A4/identifier-not-urn':
    'identifier {identifiers} is not urn:air:<publisher>:<namespace>:<name>: the draft recommends that form for open systems, ' +
    'ARD v0.91 (Appendix C) requires it.',
  'A4/cards-not-fetched': `{count} more server card(s) in the catalogs were not fetched (at most ${MAX_CATALOG_CARDS} per scan).`,
  'A4/legacy-sse-only': 'Only a legacy HTTP+SSE endpoint (type "sse", deprecated since MCP 2025-03-26): not probed live; add a Streamable HTTP remote.',
  ...ledBy(DISAGREEMENTS, 'The card and the live server disagree (the draft asks for consistency with runtime behaviour): '),
  ...notesOf(CARD_FINDINGS, 'The card does not match the v1 schema: '),
  ...notesOf(CATALOG_FINDINGS, 'The catalog entry: '),
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
function disagreements(card: CardReading, live: McpProbeResult | null | undefined): Array<SubFinding<DisagreementCode>> {
  if (live?.outcome !== 'ok') return [];
  const out: Array<SubFinding<DisagreementCode>> = [];
  // A SEP-2127 name is reverse-DNS (com.example/mcp) and need not equal serverInfo.name; a card's own serverInfo must.
  if (card.serverInfo && live.serverName && card.serverInfo.name !== live.serverName) {
    out.push({ code: 'A4/live-name-differs', data: { card: excerpt(card.serverInfo.name, 60), live: excerpt(live.serverName, 60) } });
  }
  if (card.version && live.serverVersion && card.version !== live.serverVersion) {
    out.push({ code: 'A4/live-version-differs', data: { card: excerpt(card.version, 20), live: excerpt(live.serverVersion, 20) } });
  }
  return out;
}

/** A sub-finding as the advisory of the same words (`<code>-note`). */
function asNote<C extends string>(f: SubFinding<C>): A4Note {
  return { code: `${f.code}-note` as A4Advisory, data: f.data };
}

/** A catalog's path on the scanned origin (or its URL elsewhere). */
function catalogPath(d: CatalogDocument): string {
  return shownPath(d.probe.requestedUrl, d.probe.url);
}

/** A catalog entry's card URL as the evidence names it: its path on the site, or the whole URL on another host. */
function entryTarget(url: string, origin: string): string {
  const u = new URL(url);
  return u.host === new URL(origin).host ? shownPath(url, origin) : excerpt(u.href, 120);
}

/** What the entry's URL answered when it was followed. */
function elsewhereNote(at: { catalog: string; entry: number; target: string }, read: PathResult | undefined): SubFinding<ElsewhereCode> {
  if (!read) return { code: 'A4/elsewhere-not-fetched', data: at };
  const p = read.probe;
  const status = p.status ?? 'none';
  if (p.error) return { code: 'A4/elsewhere-not-read', data: { ...at, error: excerpt(p.error.message, 160) } };
  if (read.problem?.kind === 'not-json') return { code: 'A4/elsewhere-not-json', data: { ...at, status, error: read.problem.error } };
  if (read.problem) return { code: 'A4/elsewhere-no-card-object', data: { ...at, status } };
  if (!read.cards.length) return { code: 'A4/elsewhere-answered', data: { ...at, status } };
  return { code: 'A4/elsewhere-incomplete', data: { ...at, status } };
}

type JsonProblem = { kind: 'not-json'; error: string } | { kind: 'not-object' } | { kind: 'no-card-object' };

/** One answer as asked, with why it holds no card when it is JSON of the wrong kind. */
function seenFinding(probe: FetchResult, origin: string, problem?: JsonProblem): SubFinding<SeenCode> {
  const seen = probeData(probe, origin);
  if (!problem) return { code: 'A4/seen', data: seen };
  if (problem.kind === 'not-json') return { code: 'A4/seen-not-json', data: { ...seen, error: problem.error } };
  return { code: problem.kind === 'not-object' ? 'A4/seen-not-object' : 'A4/seen-no-card-object', data: seen };
}

/** One catalog as read: where, how it answered, and its counts from the parse. */
function catalogFinding(d: CatalogDocument, origin: string): SubFinding<SeenCode> {
  if (!d.ok) return seenFinding(d.probe, origin, d.problem);
  const cardEntries = d.entries.filter((e) => e.kind === 'mcp-server-card').length;
  return { code: 'A4/seen-catalog', data: { ...probeData(d.probe, origin), entries: d.entryCount, cardEntries } };
}

/** A server-card entry none of whose cards was read: what it answered, or what the entry itself lacks. */
function unreadEntryFinding(entry: CatalogEntry, document: CatalogDocument, results: PathResult[], origin: string): SubFinding<SeenCode> {
  const read = results.find((r) => r.catalog && r.catalog.at === document.at && r.catalog.entry === entry.index);
  if (read) return read.catalog!.inline ? { code: 'A4/seen-inline', data: { path: read.path } } : seenFinding(read.probe, origin, read.problem);
  const at = { catalog: catalogPath(document), entry: entry.index };
  if (entry.hasUrl && entry.hasData) return { code: 'A4/entry-both', data: at };
  if (entry.hasUrl) return { code: 'A4/entry-url-not-http', data: at };
  if (entry.hasData) return { code: 'A4/entry-data-not-object', data: at };
  return { code: 'A4/entry-neither', data: at };
}

/** What the card facts template (FACTS) reads: every member and count from the same reading the verdict uses. */
function cardFacts(best: PathResult, card: CardReading, source: CatalogDocument | null, cardEntries: number, results: PathResult[], origin: string) {
  return {
    ...probeData(best.probe, origin),
    cardAt: best.path,
    via: source ? catalogPath(source) : 'well-known',
    cardEntries,
    cardsRead: results.filter((r) => r.via === 'catalog' && r.cards.length).length,
    cards: best.cards.length,
    identity: card.shapes.join(' + ') || 'none',
    name: card.name ? excerpt(card.name, 60) : '',
    version: card.version ? excerpt(card.version, 20) : '',
    remotes: card.remotes,
    endpointCount: card.endpoints.length,
    endpoints:
      card.endpoints
        .slice(0, 3)
        .map((e) => excerpt(e, 80))
        .join(', ') || 'none',
  };
}

/** The card facts every outcome with a card starts with (cardFacts gives its data). */
const FACTS =
  '{seen:probe}: card {cardAt} via {via} ({cardEntries} server-card entry(ies) in catalogs, {cardsRead} card(s) read); ' +
  '{cards} card(s), identity {identity}, name "{name}", version "{version}", {remotes} remote(s), {endpointCount} endpoint(s) ({endpoints})';

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
  if (d.at.name === 'ai-catalog' && d.probe.contentType !== AI_CATALOG_MEDIA_TYPE) {
    out.push(
      d.probe.contentType
        ? { code: 'A4/catalog-content-type', data: { catalog: at, contentType: d.probe.contentType } }
        : { code: 'A4/catalog-no-content-type', data: { catalog: at } },
    );
  }
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

/** A card found and read, with the catalogs around it: what the steps of evaluate share. */
interface CardRead {
  best: PathResult;
  card: CardReading;
  results: PathResult[];
  /** Server-card entries of every catalog, and the catalogs that hold them. */
  cardEntries: Array<{ entry: CatalogEntry; document: CatalogDocument }>;
  cardCatalogs: CatalogDocument[];
  /** The catalog whose entry named the judged card (null: found at a well-known path). */
  source: CatalogDocument | null;
  catalog: McpCatalogArtifact | null | undefined;
  live: McpProbeResult | null | undefined;
}

/** How the card is served and what it carries: notes on the card itself. */
function cardNotes({ best, card, source }: CardRead): A4Note[] {
  const res = best.probe;
  const out: A4Note[] = [];
  if (res.headers['access-control-allow-origin'] !== '*')
    out.push({ code: 'A4/no-cors', data: { path: best.catalog?.inline ? catalogPath(source!) : best.path } });
  if (!best.catalog?.inline && res.contentType !== MCP_CARD_MEDIA_TYPE && res.contentType !== 'application/json') {
    out.push(res.contentType ? { code: 'A4/content-type', data: { contentType: res.contentType } } : { code: 'A4/no-content-type' });
  }
  if (card.endpoints.some((e) => new URL(e, res.url).protocol !== 'https:')) out.push({ code: 'A4/endpoint-not-https' });
  if (card.retired.length) out.push({ code: 'A4/retired-members', data: { members: card.retired.map((k) => `"${k}"`).join(', ') } });
  if (!card.shapes.includes('SEP-2127') && card.shapes.length) out.push({ code: 'A4/server-info-only' });
  if (card.variantKeys.includes('serverUrl') && card.remoteUrls === 0 && !card.unresolvedTemplates.length) out.push({ code: 'A4/server-url-variant' });
  if (card.unresolvedTemplates.length)
    out.push({ code: 'A4/unresolved-templates', data: { urls: card.unresolvedTemplates.map((u) => `"${excerpt(u, 60)}"`).join(', ') } });
  return out;
}

/** Which readers find the card where (the drafts moved; an owner can satisfy all of them). */
function placementNotes({ best, results, cardEntries, cardCatalogs, source }: CardRead, origin: string): A4Note[] {
  const out: A4Note[] = [];
  const fromCatalog = best.via === 'catalog';
  const wellKnownHit = results.some((r) => r.via === 'well-known' && r.cards.length);
  const names = new Set(cardCatalogs.map((d) => d.at.name));
  const onlyRemoved = fromCatalog && names.size === 1 && names.has('mcp-catalog');
  // A catalog entry that names a card (often on another host) was read but not judged: say what the
  // entry names and what its URL answered, never that the card is not listed.
  const unjudged = fromCatalog ? [] : cardEntries.filter(({ entry }) => entry.hasUrl && !entry.hasData);
  if (unjudged.length) {
    out.push({ code: 'A4/catalog-entry-elsewhere', data: { path: best.path } });
    for (const { entry, document } of unjudged.slice(0, 3)) {
      const read = results.find((r) => r.catalog?.at === document.at && r.catalog.entry === entry.index);
      out.push(elsewhereNote({ catalog: catalogPath(document), entry: entry.index, target: entryTarget(entry.url!, origin) }, read));
    }
  } else if (!fromCatalog) out.push({ code: 'A4/well-known-only' });
  if (fromCatalog && !names.has('ai-catalog') && !onlyRemoved)
    out.push({ code: 'A4/not-in-ai-catalog', data: { catalogs: [...names].map((n) => (n === 'ard' ? ARD_PATH : MCP_CATALOG_PATH)).join(', ') } });
  if (fromCatalog && names.has('mcp-catalog') && !onlyRemoved) out.push({ code: 'A4/removed-catalog-too' });
  if (fromCatalog && !wellKnownHit) out.push({ code: 'A4/catalog-only' });
  if (source) out.push(...catalogAdvisories(source, sourceEntries({ cardEntries, source })));
  return out;
}

/** The server-card entries of the catalog that named the card. */
function sourceEntries({ cardEntries, source }: Pick<CardRead, 'cardEntries' | 'source'>): CatalogEntry[] {
  return cardEntries.filter((e) => e.document === source).map((e) => e.entry);
}

/** Whether the card was found only through the MCP Catalog the draft removed. */
function onlyRemovedCatalog({ best, cardCatalogs }: CardRead): boolean {
  const names = new Set(cardCatalogs.map((d) => d.at.name));
  return best.via === 'catalog' && names.size === 1 && names.has('mcp-catalog');
}

/** What A4 tells tools and the profile about the card read and the live handshake. */
function cardDetails(read: CardRead, differ: string[], schemaProblems: string[]): McpCardDetails {
  const { best, card, source, results, live } = read;
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
  return {
    url: best.probe.url,
    path: best.path,
    via: best.via === 'catalog' ? 'catalog' : 'well-known',
    catalog: source
      ? {
          url: source.probe.url,
          name: source.at.name,
          entries: source.entryCount,
          cardEntries: sourceEntries(read).length,
          cardsRead: results.filter((r) => r.catalog?.at === source.at && r.cards.length).length,
          inline: !!best.catalog?.inline,
        }
      : null,
    disagreements: differ,
    shapes: card.shapes,
    endpoints: card.endpoints,
    invalidEndpoints: card.invalidEndpoints,
    cards: best.cards.length,
    // A 401 from the endpoint is the server saying it is protected, whatever the card declares.
    declaresAuth: card.declaresAuth || live?.outcome === 'auth-required',
    schemaProblems,
    retired: card.retired,
    remotes: card.remotes,
    ...liveDetails,
  };
}

/** What an incomplete card lacks: an identity, or an endpoint a client can connect to. */
function lacks(card: CardReading): Array<SubFinding<LackCode>> {
  const out: Array<SubFinding<LackCode>> = card.shapes.length ? [] : [{ code: 'A4/no-identity' }];
  if (card.endpoints.length) return out;
  if (card.invalidEndpoints.length) out.push({ code: 'A4/no-valid-endpoint', data: { value: excerpt(card.invalidEndpoints[0], 60) } });
  else if (card.unresolvedTemplates.length) out.push({ code: 'A4/no-resolvable-remote', data: { variables: '{variables}' } });
  else out.push({ code: 'A4/no-endpoint' });
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
    summary:
      `An MCP server card found through an AI Catalog entry of type ${MCP_CARD_MEDIA_TYPE} (by url or inline data) at ` +
      `${ARD_PATH}, ${AI_CATALOG_PATH} or a location robots.txt Agentmap or a link names (the removed ` +
      `${MCP_CATALOG_PATH} still counts, with a finding), or at an older well-known path ` +
      `(${MCP_CARD_PATHS.join(', ')}); checked against the v1 schema ($schema, reverse-DNS name, version, ` +
      `description, remotes[]), and the endpoint it names is probed live.`,
    why: 'A server card lets an agent find and connect to your MCP server from the domain alone, without a registry or manual setup.',
    remediation:
      `Publish ${AI_CATALOG_PATH} (${AI_CATALOG_MEDIA_TYPE}) with one ${MCP_CARD_MEDIA_TYPE} entry per MCP server, ` +
      `pointing at a v1 server card ($schema, name, version, description, remotes[].url).`,
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
    remedies: {
      'A4/serve-listed-cards': `Serve each server card at the url its catalog entry names, as JSON (${MCP_CARD_MEDIA_TYPE}), or put the card inline in the entry's data.`,
      'A4/complete-card': 'Complete the server card: add {lacking}.',
      'A4/add-remotes':
        'Add remotes[] with {"type": "streamable-http", "url": "https://…/mcp"} naming your server, or remove the card if you run no remote MCP server.',
      'A4/serve-on-own-domain': 'Serve the server card on your own domain instead of redirecting to another site.',
      'A4/answer-mcp':
        'Make {endpoint} answer MCP over Streamable HTTP (POST initialize, then tools/list), or answer 401 with WWW-Authenticate ' +
        'when it needs a token; fix the card if the endpoint moved.',
      'A4/match-schema':
        `Make the card match the v1 schema: "$schema": "${SERVER_CARD_SCHEMA_URL}", a reverse-DNS "name" with one "/", "version", ` +
        'a "description" of at most 100 characters, and remotes[] of {type, url}.',
      'A4/complete-catalog-entry':
        "Complete the catalog entry: the catalog's specVersion, and for each entry an identifier (urn:air:<publisher>:<namespace>:<name>), " +
        `"type": "${MCP_CARD_MEDIA_TYPE}" and exactly one of url and data.`,
      'A4/publish-at-current-location': `Publish the same catalog at ${AI_CATALOG_PATH}, served as ${AI_CATALOG_MEDIA_TYPE}.`,
    },
    codes: {
      'A4/missing': 'no MCP server card (no catalog entry naming one, none at the older well-known paths)',
      'A4/catalog-card-missing': 'partial: a catalog names server cards but none of them could be read (and no well-known card)',
      'A4/incomplete': 'partial: the card lacks a server identity, or its remotes name no URL a client can connect to',
      'A4/no-remotes': 'partial: the card names no remote (or declares itself documentation-only): a valid card with nothing to connect to',
      'A4/cross-site-redirect': 'partial: the card is only reachable through a redirect to another site',
      'A4/endpoint-not-mcp':
        'partial: the advertised endpoint answered but did not complete initialize + tools/list (404, HTML, timeout, ' +
        'bad JSON-RPC, or a 401 without WWW-Authenticate); a probe that could not be made (DNS failure, connection ' +
        'refused) is unmeasured instead',
      'A4/schema-invalid':
        'partial: the card and its endpoint answer, but the card does not validate against the v1 schema (for example a ' +
        'date-versioned $schema, a name without exactly one "/", no description)',
      'A4/catalog-incomplete':
        'partial: the card and its endpoint are fine, but the catalog entry naming it lacks required members (the ' +
        "catalog's specVersion, an entry's identifier, type, exactly one of url and data)",
      'A4/removed-location':
        `a complete card found only through ${MCP_CATALOG_PATH}, the MCP Catalog the draft removed (commit 1491bd2): ` +
        `still counts, with a finding naming ${AI_CATALOG_PATH}`,
      'A4/ok-auth-required': 'a complete card whose endpoint answers 401 with WWW-Authenticate (a protected server; A3 follows it)',
      'A4/ok': 'a complete MCP server card whose endpoint answers initialize and tools/list',
    },
    messages: {
      'A4/missing': 'No MCP server card: {findings}.',
      'A4/catalog-card-missing': 'None of the server cards a catalog names could be read: {findings}.',
      'A4/incomplete': `${FACTS}; missing {findings}.`,
      'A4/no-remotes': `${FACTS}; the card names no remote{findings}: agents have nothing to connect to (add remotes[] with a streamable-http url).`,
      'A4/schema-invalid': `${FACTS}{live:mcp}; the card does not match the v1 schema: {findings}.`,
      'A4/removed-location': `${FACTS}{live:mcp}; found only through ${REMOVED_NOTE}.`,
      'A4/cross-site-redirect': `${FACTS}; the card is only reachable through a cross-site redirect to {url}, which agents may refuse.`,
      'A4/endpoint-not-mcp': `${FACTS}{live:mcp}.`,
      'A4/catalog-incomplete': `${FACTS}{live:mcp}; the catalog entry: {findings}.`,
      'A4/ok-auth-required': `${FACTS}{live:mcp}.`,
      'A4/ok': `${FACTS}{live:mcp}.`,
    },
    // What the site wrote (card and catalog values, names, versions, identifiers) and parsers' and servers' own messages.
    quoted: ['value', 'error', 'name', 'version', 'card', 'live', 'identifiers', 'urls', 'mediaType', 'endpoints', 'members', ...mcpLiveQuoted()],
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
    const catalogProbes = cardCatalogs.map((d) => d.probe);
    const found = bestCard(results);
    if (!found && cardEntries.length) {
      return {
        status: 'partial',
        code: 'A4/catalog-card-missing',
        data: {},
        findings: [
          ...cardCatalogs.map((d) => catalogFinding(d, ctx.origin)),
          ...cardEntries.map(({ entry, document }) => unreadEntryFinding(entry, document, results, ctx.origin)),
        ],
        remedy: 'A4/serve-listed-cards',
        probes: [...catalogProbes, ...(catalog?.cards.flatMap((c) => (c.probe ? [c.probe] : [])) ?? [])],
      };
    }
    if (!found) {
      const seen = [
        ...(catalogs?.documents ?? []).map((d) => catalogFinding(d, ctx.origin)),
        ...results.map((r) => seenFinding(r.probe, ctx.origin, r.problem)),
      ];
      return { status: 'fail', code: 'A4/missing', data: {}, findings: seen, probes: [...(catalogs?.probes ?? []), ...probes] };
    }
    const { best, card } = found;
    const source = best.catalog ? (cardCatalogs.find((d) => d.at === best.catalog!.at) ?? null) : null;
    const read: CardRead = { best, card, results, cardEntries, cardCatalogs, source, catalog, live };
    const schemaFindings = card.schemaProblems.map(cardFinding);
    const differ = disagreements(card, live);
    const advisories: A4Note[] = [...cardNotes(read), ...placementNotes(read, ctx.origin)];
    if (catalog?.skipped) advisories.push({ code: 'A4/cards-not-fetched', data: { count: catalog.skipped } });
    if (complete(card) && card.endpoints.every((e) => card.legacySse.includes(e))) advisories.push({ code: 'A4/legacy-sse-only' });
    advisories.push(...differ);
    const others = results.filter((r) => r.cards.length && r !== best).map((r) => r.path);
    if (others.length) advisories.push({ code: 'A4/also-at', data: { paths: others.join(', ') } });
    const facts = cardFacts(best, card, source, cardEntries.length, results, ctx.origin);
    const matched = card.shapes.length
      ? `MCP server card ${card.shapes.join(' + ')} ${best.via === 'catalog' ? `via ${catalogPath(source!)}` : `at ${best.path}`}`
      : undefined;
    const details = cardDetails(read, renderFindings(DISAGREEMENTS, differ), renderFindings(FINDINGS, schemaFindings));
    const probesOf = (extra: FetchResult[] = []) => (best.catalog?.inline ? [best.probe, ...extra] : [best.probe, ...extra, ...catalogProbes]);
    const common = { ...(matched ? { matched } : {}), advisories, details };
    if (!card.shapes.length || (!card.endpoints.length && (card.invalidEndpoints.length || card.unresolvedTemplates.length))) {
      const missing = lacks(card);
      return {
        status: 'partial',
        code: 'A4/incomplete',
        data: facts,
        findings: missing,
        remedy: 'A4/complete-card',
        // The lacking members as one list ("add identity and a connection endpoint"), from their templates.
        remedyData: { lacking: renderFindings(LACK_FINDINGS, missing).join(' and ') },
        ...common,
        probes: probesOf(),
      };
    }
    if (!card.endpoints.length) {
      return {
        status: 'partial',
        code: 'A4/no-remotes',
        data: facts,
        findings: card.documentationOnly ? [{ code: 'A4/documentation-only' }] : [],
        remedy: 'A4/add-remotes',
        ...common,
        probes: probesOf(),
      };
    }
    if (!best.catalog?.inline && best.probe.redirects.length && siteOf(best.probe.url) !== siteOf(best.probe.requestedUrl)) {
      return {
        status: 'partial',
        code: 'A4/cross-site-redirect',
        data: { ...facts, url: best.probe.url },
        remedy: 'A4/serve-on-own-domain',
        ...common,
        probes: probesOf(),
      };
    }
    const liveProbes = live ? live.exchanges.map((x) => x.probe) : [];
    const withLive = { ...facts, ...(live ? mcpLiveData(live, ctx.origin) : {}) };
    const authAnswer = live?.outcome === 'auth-required' && !!live.wwwAuthenticate;
    const catalogFindings = source ? entryFindings(source, sourceEntries(read)) : [];
    if (live && live.outcome !== 'ok' && !authAnswer) {
      advisories.push(...schemaFindings.map(asNote), ...catalogFindings.map(asNote));
      return {
        status: 'partial',
        code: 'A4/endpoint-not-mcp',
        data: withLive,
        remedy: 'A4/answer-mcp',
        remedyData: { endpoint: live.endpoint },
        ...common,
        probes: probesOf(liveProbes),
      };
    }
    if (schemaFindings.length) {
      advisories.push(...catalogFindings.map(asNote));
      return {
        status: 'partial',
        code: 'A4/schema-invalid',
        data: withLive,
        findings: schemaFindings,
        remedy: 'A4/match-schema',
        ...common,
        probes: probesOf(liveProbes),
      };
    }
    if (catalogFindings.length) {
      return {
        status: 'partial',
        code: 'A4/catalog-incomplete',
        data: withLive,
        findings: catalogFindings,
        remedy: 'A4/complete-catalog-entry',
        ...common,
        probes: probesOf(liveProbes),
      };
    }
    if (onlyRemovedCatalog(read)) {
      return {
        status: 'pass',
        code: 'A4/removed-location',
        data: withLive,
        remedy: 'A4/publish-at-current-location',
        ...common,
        probes: probesOf(liveProbes),
      };
    }
    const code = authAnswer ? 'A4/ok-auth-required' : 'A4/ok';
    return { status: 'pass', code, data: withLive, ...common, probes: probesOf(liveProbes) };
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
        ? ` ${placeholderNote(fx.origin, 'the server name')} The name is your domain in reverse-DNS form plus a slash and a short id ` +
          '(example.com -> com.example/mcp); MCP registries verify it against the domain.'
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
        "Keep the description to 100 characters; the card's name and version must match the serverInfo your server returns. " +
        'Tools are not listed in the card: clients list them at runtime. ' +
        `Scanners that predate the AI Catalog read a well-known card (${READERS_NOTE}); if you want them too, serve the ` +
        `same card at /.well-known/mcp/server-card.json as well. ARD v0.91 readers look at ${ARD_PATH}: serve the same ` +
        `catalog there too if you publish one (check A10).${nameNote}`,
    };
    const verify = verifyStep(
      sh`curl -si ${fx.origin}${AI_CATALOG_PATH}\ncurl -si -H ${`Accept: ${MCP_CARD_MEDIA_TYPE}`} ${cardUrl}`,
      `Expect 200 and Access-Control-Allow-Origin: * on both; the catalog is ${AI_CATALOG_MEDIA_TYPE} and lists the ` +
        `card's url, and the card has $schema, name, version, description and remotes[].url.`,
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
