/**
 * MCP server cards (catalog §3 A4): where they are looked for, and how a served card is read,
 * whatever its shape. Shared by A4 and A3's live probe (which needs the endpoint).
 */
import type { FetchOptions, FetchResult } from '../net/http.js';
import { isFound, isObject, parseJson } from './classify.js';
import { servedBySite } from './live-scope.js';
import type { CatalogCard, McpCatalogArtifact } from './mcp-catalog.js';
import type { CatalogCandidate } from './ai-catalog.js';

/**
 * The older well-known card paths, probed in this order after the cards the catalogs name
 * (mcp-catalog.ts); the first complete card wins. Readers still use them: isitagentready reads
 * server-card.json, server-cards.json and mcp.json; SEP-2127's first text put the card at
 * /.well-known/mcp/server-card. The current draft calls a well-known card "not recommended".
 */
export const MCP_CARD_PATHS = [
  '/.well-known/mcp/server-card.json',
  '/.well-known/mcp/server-card',
  '/.well-known/mcp/server-cards.json',
  '/.well-known/mcp.json',
] as const;

export const MCP_CARD_OPTIONS: FetchOptions & { accept: string } = { accept: 'application/json', maxBytes: 1024 * 1024 };
/** The well-known card paths as requests, for the checks that read the cards to declare (meta.requests). */
export const MCP_CARD_REQUESTS = MCP_CARD_PATHS.map((path) => ({ path, options: MCP_CARD_OPTIONS }));

export interface CardReading {
  /** SEP-2127: name + version at the top level. SEP-1649 / isitagentready: serverInfo {name, version}. */
  shapes: Array<'SEP-2127' | 'SEP-1649'>;
  name: string | null;
  /** The card's version (top-level, else serverInfo's). */
  version: string | null;
  /** serverInfo's name and version when the card carries them (compared with the live serverInfo). */
  serverInfo: { name: string; version: string } | null;
  endpoints: string[];
  /** Keys outside the drafts the endpoint was read from (`serverUrl`), named in the evidence. */
  variantKeys: string[];
  hasCapabilities: boolean;
  hasSchema: boolean;
  /** Endpoint values that are not absolute http(s) URLs ("TODO", "javascript:…", a bare path). */
  invalidEndpoints: string[];
  /** The card (or one of its remotes) declares authentication: a protected server. */
  declaresAuth: boolean;
  /** Endpoints declared with the deprecated HTTP+SSE transport (type "sse"): not probed live. */
  legacySse: string[];
  /** The `$schema` value, when a string. */
  schemaUrl: string | null;
  /** Objects in `remotes[]` (0 when absent). */
  remotes: number;
  /** Endpoints read from `remotes[].url` (after template substitution). */
  remoteUrls: number;
  /** The card says it has no server to connect to (`transport: "documentation-only"` and the like). */
  documentationOnly: boolean;
  /** Remote URLs whose `{variables}` have no default or value: no endpoint a scan can probe. */
  unresolvedTemplates: string[];
  /** Where the card departs from the v1 schema (experimental-ext-server-card schema.ts at 8924e08), in member order, as data (A4 words them). */
  schemaProblems: CardSchemaProblem[];
  /** Members earlier drafts had and the v1 card does not (the schema is open: not errors, named in advisories). */
  retired: string[];
}

/** Where a card departs from the v1 schema, as data: the kind, and the remotes[] index or the offending value (quoted, cut) it concerns. */
export type CardSchemaProblem =
  | {
      kind:
        | 'no-schema'
        | 'schema-not-string'
        | 'no-name'
        | 'name-not-string'
        | 'no-version'
        | 'version-empty'
        | 'version-too-long'
        | 'no-description'
        | 'description-empty'
        | 'title-invalid'
        | 'website-url-invalid'
        | 'repository-invalid'
        | 'icons-invalid'
        | 'meta-not-object'
        | 'remotes-not-array';
    }
  | { kind: 'schema-dated' | 'schema-not-v1' | 'name-not-reverse-dns' | 'version-range'; value: string }
  | { kind: 'description-too-long'; length: number }
  | {
      kind:
        | 'remote-not-object'
        | 'remote-no-type'
        | 'remote-no-url'
        | 'remote-headers-invalid'
        | 'remote-variables-invalid'
        | 'remote-protocol-versions-invalid';
      index: number;
    }
  | { kind: 'remote-type' | 'remote-url-invalid'; index: number; value: string };

/** The one valid `$schema` of a v1 card (schema.ts: `@pattern`); dated URLs are invalid (examples/ServerCard/invalid/date-versioned-schema.json). */
export const SERVER_CARD_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
const DATED_SCHEMA_RE = /^https?:\/\/static\.modelcontextprotocol\.io\/schemas\/\d{4}-\d{2}-\d{2}\//i;
/** schema.ts `name`: reverse-DNS namespace, exactly one slash, server name (SEP-2127). */
export const SERVER_NAME_RE = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
/** schema.ts `Remote.url`: http(s), or a leading {variable}. */
const REMOTE_URL_RE = /^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/;
/** schema.ts `version`: ranges are rejected ('^1.2.3', '~1.2.3', '>=1.2.3', '1.x', '1.*'). */
const VERSION_RANGE_RE = /^[\^~<>=]|(^|\.)(x|X|\*)(\.|$)|\s-\s|\|\|/;
const MAX_SCHEMA_PROBLEMS = 8;

const quoted = (v: string) => `"${v.length > 100 ? `${v.slice(0, 99)}…` : v}"`;

function isAbsoluteUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    return !!new URL(v).protocol;
  } catch {
    return false;
  }
}

/**
 * Where a card departs from the v1 Server Card schema (schema.ts / schema.json at 8924e08):
 * required $schema (the v1 URL), name (reverse-DNS, exactly one "/"), version (no range),
 * description (1-100 characters); optional title, websiteUrl, repository {url, source}, icons[{src}],
 * remotes[] {type streamable-http|sse, url, headers[{name}], variables, supportedProtocolVersions[]}, _meta.
 */
export function serverCardProblems(card: Record<string, unknown>): CardSchemaProblem[] {
  const out: CardSchemaProblem[] = [];
  const $schema = card.$schema;
  if ($schema === undefined) out.push({ kind: 'no-schema' });
  else if (typeof $schema !== 'string') out.push({ kind: 'schema-not-string' });
  else if (DATED_SCHEMA_RE.test($schema.trim())) out.push({ kind: 'schema-dated', value: quoted($schema) });
  else if ($schema.trim() !== SERVER_CARD_SCHEMA_URL) out.push({ kind: 'schema-not-v1', value: quoted($schema) });
  const name = card.name;
  if (name === undefined) out.push({ kind: 'no-name' });
  else if (typeof name !== 'string') out.push({ kind: 'name-not-string' });
  else if (!SERVER_NAME_RE.test(name) || name.length < 3 || name.length > 200) out.push({ kind: 'name-not-reverse-dns', value: quoted(name) });
  const version = card.version;
  if (version === undefined) out.push({ kind: 'no-version' });
  else if (typeof version !== 'string' || !version.trim()) out.push({ kind: 'version-empty' });
  else if (version.length > 255) out.push({ kind: 'version-too-long' });
  else if (VERSION_RANGE_RE.test(version.trim())) out.push({ kind: 'version-range', value: quoted(version) });
  const description = card.description;
  if (description === undefined) out.push({ kind: 'no-description' });
  else if (typeof description !== 'string' || !description.length) out.push({ kind: 'description-empty' });
  else if (description.length > 100) out.push({ kind: 'description-too-long', length: description.length });
  if (card.title !== undefined && (typeof card.title !== 'string' || !card.title.length || card.title.length > 100)) out.push({ kind: 'title-invalid' });
  if (card.websiteUrl !== undefined && !isAbsoluteUrl(card.websiteUrl)) out.push({ kind: 'website-url-invalid' });
  if (card.repository !== undefined && !(isObject(card.repository) && typeof card.repository.url === 'string' && typeof card.repository.source === 'string'))
    out.push({ kind: 'repository-invalid' });
  if (card.icons !== undefined && !(Array.isArray(card.icons) && card.icons.every((i) => isObject(i) && typeof i.src === 'string')))
    out.push({ kind: 'icons-invalid' });
  if (card._meta !== undefined && !isObject(card._meta)) out.push({ kind: 'meta-not-object' });
  if (card.remotes !== undefined) {
    if (!Array.isArray(card.remotes)) out.push({ kind: 'remotes-not-array' });
    else
      card.remotes.slice(0, 20).forEach((r, index) => {
        if (!isObject(r)) return void out.push({ kind: 'remote-not-object', index });
        if (r.type !== 'streamable-http' && r.type !== 'sse')
          out.push(typeof r.type === 'string' ? { kind: 'remote-type', index, value: quoted(r.type) } : { kind: 'remote-no-type', index });
        if (typeof r.url !== 'string') out.push({ kind: 'remote-no-url', index });
        else if (!REMOTE_URL_RE.test(r.url)) out.push({ kind: 'remote-url-invalid', index, value: quoted(r.url) });
        if (r.headers !== undefined && !(Array.isArray(r.headers) && r.headers.every((h) => isObject(h) && typeof h.name === 'string')))
          out.push({ kind: 'remote-headers-invalid', index });
        if (r.variables !== undefined && !isObject(r.variables)) out.push({ kind: 'remote-variables-invalid', index });
        if (
          r.supportedProtocolVersions !== undefined &&
          !(Array.isArray(r.supportedProtocolVersions) && r.supportedProtocolVersions.every((v) => typeof v === 'string'))
        )
          out.push({ kind: 'remote-protocol-versions-invalid', index });
      });
  }
  return out.slice(0, MAX_SCHEMA_PROBLEMS);
}

/** Members of earlier drafts that the v1 card left out ("Server Cards do not enumerate primitives"). */
function retiredMembers(card: Record<string, unknown>): string[] {
  const out = ['capabilities', 'tools', 'resources', 'prompts', 'packages', 'serverInfo'].filter((k) => card[k] !== undefined);
  if (Array.isArray(card.remotes) && card.remotes.some((r) => isObject(r) && r.authentication !== undefined)) out.push('remotes[].authentication');
  return out;
}

/** A remote URL with its {variables} replaced by their default (or pre-set value); null when one has neither. */
function substituted(url: string, variables: unknown): string | null {
  const vars = isObject(variables) ? variables : {};
  let unresolved = false;
  const out = url.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (_, k: string) => {
    const v = vars[k];
    const value = isObject(v) ? (str(v.default) ?? str(v.value)) : null;
    if (value === null) unresolved = true;
    return value ?? '';
  });
  return unresolved ? null : out;
}

const AUTH_KEYS = ['authentication', 'authorization', 'auth', 'oauth', 'oauth2', 'security', 'securitySchemes'];

/** A declared value that says "none" (false, "none", {required: false}, [] or {}) is no auth. */
function saysAuth(v: unknown): boolean {
  if (v === undefined || v === null || v === false) return false;
  if (typeof v === 'string') return !/^(none|no|false|)$/i.test(v.trim());
  if (Array.isArray(v)) return v.length > 0;
  if (isObject(v)) return v.required !== false && Object.keys(v).length > 0;
  return v === true;
}

/** Authentication declared on the card, its transport or any remote (an Authorization header counts). */
function declaresAuth(card: Record<string, unknown>): boolean {
  const places = [card, ...[card.transport].filter(isObject), ...[card.remotes, card.transports].flatMap((l) => (Array.isArray(l) ? l.filter(isObject) : []))];
  return places.some(
    (o) =>
      AUTH_KEYS.some((k) => saysAuth(o[k])) ||
      (Array.isArray(o.headers) && o.headers.some((h) => isObject(h) && typeof h.name === 'string' && /^authorization$/i.test(h.name))),
  );
}

/**
 * An MCP remote is reached over HTTP(S): an absolute http(s) URL, or a path on the card's origin.
 * Anything else ("TODO", "javascript:…", "stdio") is no endpoint a client can connect to.
 */
function isHttpUrl(v: string): boolean {
  if (/^\/(?!\/)\S*$/.test(v.trim())) return true;
  try {
    const u = new URL(v.trim());
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** Identity, connection and capabilities of one card object, whatever its shape. */
export function readMcpCard(card: Record<string, unknown>): CardReading {
  const shapes: CardReading['shapes'] = [];
  let name: string | null = null;
  if (str(card.name) && str(card.version)) {
    shapes.push('SEP-2127');
    name = str(card.name);
  }
  const info = isObject(card.serverInfo) ? card.serverInfo : null;
  if (info && str(info.name) && str(info.version)) {
    shapes.push('SEP-1649');
    name ??= str(info.name);
  }
  const serverInfo = info && str(info.name) && str(info.version) ? { name: str(info.name)!, version: str(info.version)! } : null;
  const endpoints: string[] = [];
  const invalidEndpoints: string[] = [];
  const legacySse: string[] = [];
  const unresolvedTemplates: string[] = [];
  const push = (v: unknown, type?: unknown) => {
    const u = str(v);
    if (u) (isHttpUrl(u) ? endpoints : invalidEndpoints).push(u);
    if (u && typeof type === 'string' && /^sse$/i.test(type.trim())) legacySse.push(u);
  };
  let remoteUrls = 0;
  // A v1 remote's url may be a template: its variables' defaults make the URL a client connects to.
  if (Array.isArray(card.remotes))
    for (const r of card.remotes)
      if (isObject(r) && typeof r.url === 'string' && r.url.includes('{')) {
        const url = substituted(r.url, r.variables);
        if (url === null) unresolvedTemplates.push(r.url);
        else push(url, r.type), (remoteUrls += 1);
      } else if (isObject(r) && str(r.url ?? r.endpoint)) push(r.url ?? r.endpoint, r.type), (remoteUrls += 1);
  // SEP-1649 names the URL `transport.endpoint`; other drafts say `url`.
  if (Array.isArray(card.transports)) for (const r of card.transports) if (isObject(r)) push(r.url ?? r.endpoint, r.type);
  // A card that says it is documentation only names pages, not endpoints: only remotes[] count then (issue 28.9).
  const documentationOnly = [card.transport, card.type, isObject(card.transport) ? card.transport.type : undefined].some(
    (v) => typeof v === 'string' && /documentation/i.test(v),
  );
  const variantKeys: string[] = [];
  if (!documentationOnly) {
    push(card.endpoint);
    push(card.url);
    if (isObject(card.transport)) push(card.transport.url ?? card.transport.endpoint, card.transport.type);
    // Not in any draft, but a common variant of published cards (2 of 8 real ones): read, and named.
    if (str(card.serverUrl)) {
      push(card.serverUrl);
      variantKeys.push('serverUrl');
    }
  }
  return {
    shapes,
    name,
    version: str(card.version) ?? serverInfo?.version ?? null,
    serverInfo,
    endpoints: [...new Set(endpoints)],
    variantKeys,
    hasCapabilities: isObject(card.capabilities),
    hasSchema: !!str(card.$schema),
    invalidEndpoints: [...new Set(invalidEndpoints)],
    declaresAuth: declaresAuth(card),
    legacySse: [...new Set(legacySse)],
    schemaUrl: typeof card.$schema === 'string' ? card.$schema : null,
    remotes: Array.isArray(card.remotes) ? card.remotes.filter(isObject).length : 0,
    remoteUrls,
    documentationOnly,
    unresolvedTemplates,
    schemaProblems: serverCardProblems(card),
    retired: retiredMembers(card),
  };
}

export interface PathResult {
  probe: FetchResult;
  /** The path on the origin (or the full URL of a card on another origin). */
  path: string;
  /** Named by a catalog entry, or read at an older well-known path. */
  via?: 'catalog' | 'well-known';
  /** A catalog card: the catalog's location, the entry's index, and whether the card is the entry's inline `data` (then `probe` is the catalog's). */
  catalog?: { at: CatalogCandidate; entry: number; inline: boolean };
  cards: CardReading[];
  /** Why the answer holds no card: not JSON, or JSON without a card object. */
  problem?: { kind: 'not-json'; error: string } | { kind: 'no-card-object' };
}

export function readPath(probe: FetchResult, path: string): PathResult {
  if (!isFound(probe)) return { probe, path, cards: [] };
  const parsed = parseJson(probe);
  if (!parsed.ok) return { probe, path, cards: [], problem: { kind: 'not-json', error: parsed.error } };
  const list = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const objects = list.filter(isObject);
  if (!objects.length) return { probe, path, cards: [], problem: { kind: 'no-card-object' } };
  return { probe, path, cards: objects.map(readMcpCard) };
}

export const complete = (c: CardReading) => c.shapes.length > 0 && c.endpoints.length > 0;

/** The card A4 judges: the first complete one, in path order, else the first card found. */
export function bestCard(results: PathResult[]): { best: PathResult; card: CardReading } | null {
  const withCards = results.filter((r) => r.cards.length);
  if (!withCards.length) return null;
  const best = withCards.find((r) => r.cards.some(complete)) ?? withCards[0];
  return { best, card: best.cards.find(complete) ?? best.cards[0] };
}

/** How a card URL is shown: its path on the scanned origin, else the whole URL. */
export function shownPath(url: string, origin: string): string {
  const u = new URL(url);
  return u.origin === new URL(origin).origin ? u.pathname + u.search : u.href;
}

/** One catalog card, fetched from its entry's url or inline in its data. */
export function readCatalogCard(c: CatalogCard): PathResult {
  const catalog = { at: c.document.at, entry: c.entry.index, inline: !!c.inline };
  if (c.inline) {
    const where = `${new URL(c.document.probe.url).pathname} entries[${c.entry.index}].data`;
    return { probe: c.document.probe, path: where, via: 'catalog', catalog, cards: [readMcpCard(c.inline)] };
  }
  return { ...readPath(c.probe!, shownPath(c.probe!.requestedUrl, c.document.probe.url)), via: 'catalog', catalog };
}

/**
 * Every card read, the catalogs' first (the current draft's way), then the well-known paths. A
 * catalog card counts as the site's: the site's own catalog names it (catalog-reader.ts uses no
 * well-known catalog that redirected to another site).
 */
export function readAll(probes: FetchResult[], catalog?: McpCatalogArtifact | null): PathResult[] {
  const fromCatalog = (catalog?.cards ?? []).map(readCatalogCard);
  const wellKnown = probes.map((p, i) => ({ ...readPath(p, MCP_CARD_PATHS[i] ?? new URL(p.requestedUrl).pathname), via: 'well-known' as const }));
  return [...fromCatalog, ...wellKnown];
}

/** The endpoint the live probe connects to: the complete card's first, when this site serves the card. */
export function liveEndpoint(probes: FetchResult[], origin: string, catalog?: McpCatalogArtifact | null): string | null {
  const found = bestCard(readAll(probes, catalog));
  if (!found || !complete(found.card)) return null;
  if (found.best.via !== 'catalog' && !servedBySite(found.best.probe, origin)) return null;
  const streamable = found.card.endpoints.find((e) => !found.card.legacySse.includes(e));
  return streamable ? new URL(streamable, found.best.probe.url).href : null;
}
