/**
 * MCP server cards (catalog §3 A4): where they are looked for, and how a served card is read,
 * whatever its shape. Shared by A4, A3's live probe (which needs the endpoint) and the prefetch.
 */
import type { FetchOptions, FetchResult } from '../net/http.js';
import { isFound, isObject, parseJson } from './classify.js';
import { servedBySite } from './live-scope.js';
import type { McpCatalogArtifact } from './mcp-catalog.js';

/**
 * The older well-known card paths, probed in this order after the cards the MCP catalog names
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
  const push = (v: unknown, type?: unknown) => {
    const u = str(v);
    if (u) (isHttpUrl(u) ? endpoints : invalidEndpoints).push(u);
    if (u && typeof type === 'string' && /^sse$/i.test(type.trim())) legacySse.push(u);
  };
  // SEP-1649 names the URL `transport.endpoint`; other drafts say `url`.
  for (const list of [card.remotes, card.transports]) if (Array.isArray(list)) for (const r of list) if (isObject(r)) push(r.url ?? r.endpoint, r.type);
  push(card.endpoint);
  push(card.url);
  if (isObject(card.transport)) push(card.transport.url ?? card.transport.endpoint, card.transport.type);
  // Not in any draft, but a common variant of published cards (2 of 8 real ones): read, and named.
  const variantKeys: string[] = [];
  if (str(card.serverUrl)) {
    push(card.serverUrl);
    variantKeys.push('serverUrl');
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
  };
}

export interface PathResult {
  probe: FetchResult;
  /** The path on the origin (or the full URL of a card on another origin). */
  path: string;
  /** Named by an entry of the MCP catalog, or read at an older well-known path. */
  via?: 'catalog' | 'well-known';
  cards: CardReading[];
  problem?: string;
}

export function readPath(probe: FetchResult, path: string): PathResult {
  if (!isFound(probe)) return { probe, path, cards: [] };
  const parsed = parseJson(probe);
  if (!parsed.ok) return { probe, path, cards: [], problem: `not JSON (${parsed.error})` };
  const list = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const objects = list.filter(isObject);
  if (!objects.length) return { probe, path, cards: [], problem: 'JSON without a card object' };
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

/**
 * Every card read, the catalog's first (the current draft's way), then the well-known paths. A
 * catalog card counts as the site's: the site's own catalog names it (fetchCatalogCards reads only
 * a catalog this site served).
 */
export function readAll(probes: FetchResult[], catalog?: McpCatalogArtifact | null): PathResult[] {
  const fromCatalog = (catalog?.cards ?? []).map(({ probe }) => ({ ...readPath(probe, shownPath(probe.requestedUrl, catalog!.probe.url)), via: 'catalog' as const }));
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
