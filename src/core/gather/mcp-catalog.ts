/**
 * The MCP catalog of the server-card extension (modelcontextprotocol/experimental-ext-server-card,
 * docs/discovery.md, draft read 2026-11-25): /.well-known/mcp/catalog.json lists the site's MCP
 * servers, each entry pointing at its server card (by default `<streamable-http-url>/server-card`),
 * which is fetched with `Accept: application/mcp-server-card+json`. The catalog goes out with the
 * page (prefetch.ts); the cards it names at round trip 2, at most MAX_CATALOG_CARDS of them.
 */
import type { FetchOptions, FetchResult } from '../net/http.js';
import { excerpt, isFound, isObject, parseJson } from './classify.js';
/**
 * An MCP catalog entry's identifier: urn:air:{publisher}:{namespace}:{name}, the namespace optional
 * (docs/discovery.md's own example is `urn:air:example.com:weather`). The publisher is the
 * publisher's domain; an IP literal is accepted too, for instances without a name (development).
 */
export const MCP_URN_RE = /^urn:air:[a-z0-9.-]*[a-z0-9](?::[^:\s]+)?:[^:\s]+$/i;
import type { GatherContext } from './context.js';
import { budgetedSend, servedBySite } from './live-scope.js';

export const MCP_CATALOG_PATH = '/.well-known/mcp/catalog.json';
export const MCP_CATALOG_OPTIONS: FetchOptions & { accept: string } = { accept: 'application/json', maxBytes: 1024 * 1024 };
/** The media type of a server card: entries of this type are cards, and cards are asked for with it. */
export const MCP_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
export const MCP_CARD_MEDIA_OPTIONS: FetchOptions & { accept: string } = { accept: MCP_CARD_MEDIA_TYPE, maxBytes: 1024 * 1024 };
/** Cards fetched from one catalog: a catalog of thousands must not become thousands of requests. */
export const MAX_CATALOG_CARDS = 8;

/** Problems of the catalog's members, as sub-finding codes of A4. */
export type CatalogFindingCode =
  | 'A4/catalog-no-spec-version'
  | 'A4/catalog-no-entries'
  | 'A4/entry-no-identifier'
  | 'A4/entry-bad-urn'
  | 'A4/entry-no-display-name'
  | 'A4/entry-no-type'
  | 'A4/entry-no-url';

export interface CatalogEntry {
  index: number;
  identifier: string | null;
  displayName: string | null;
  type: string | null;
  /** The card's absolute URL (resolved against the catalog's), or null when absent or not http(s). */
  url: string | null;
  /** The entry is a server card (type application/mcp-server-card+json); clients ignore other types. */
  isCard: boolean;
}

export interface CatalogReading {
  /** A catalog document (a JSON object) was served. */
  found: boolean;
  /** Why a 2xx answer is not a catalog (not JSON, not an object). */
  problem?: string;
  specVersion: string | null;
  entries: CatalogEntry[];
  /** Member problems, in order. */
  findings: Array<{ code: CatalogFindingCode; data?: Record<string, string | number> }>;
  /** Entry types other than a server card (ignored, as the draft tells clients to). */
  otherTypes: string[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function httpUrl(v: string | null, base: string): string | null {
  if (!v) return null;
  try {
    const u = new URL(v, base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** Reads the catalog from its probe (pure). */
export function readMcpCatalog(probe: FetchResult): CatalogReading {
  const none: CatalogReading = { found: false, specVersion: null, entries: [], findings: [], otherTypes: [] };
  if (!isFound(probe)) return none;
  const parsed = parseJson(probe);
  if (!parsed.ok) return { ...none, problem: `not JSON (${parsed.error})` };
  if (!isObject(parsed.value)) return { ...none, problem: 'JSON but not an object' };
  const doc = parsed.value;
  const findings: CatalogReading['findings'] = [];
  const specVersion = str(doc.specVersion);
  if (!specVersion) findings.push({ code: 'A4/catalog-no-spec-version' });
  if (!Array.isArray(doc.entries)) findings.push({ code: 'A4/catalog-no-entries' });
  const entries: CatalogEntry[] = [];
  const otherTypes = new Set<string>();
  (Array.isArray(doc.entries) ? doc.entries : []).slice(0, 200).forEach((e, index) => {
    if (!isObject(e)) return;
    const identifier = str(e.identifier);
    const type = str(e.type);
    const entry: CatalogEntry = {
      index,
      identifier,
      displayName: str(e.displayName),
      type,
      url: httpUrl(str(e.url), probe.url),
      isCard: type?.toLowerCase() === MCP_CARD_MEDIA_TYPE,
    };
    if (type && !entry.isCard) otherTypes.add(excerpt(type, 60));
    const at = { entry: index };
    if (!identifier) findings.push({ code: 'A4/entry-no-identifier', data: at });
    else if (!MCP_URN_RE.test(identifier)) findings.push({ code: 'A4/entry-bad-urn', data: { ...at, identifier: excerpt(identifier, 60) } });
    if (!entry.displayName) findings.push({ code: 'A4/entry-no-display-name', data: at });
    if (!type) findings.push({ code: 'A4/entry-no-type', data: at });
    if (!entry.url) findings.push({ code: 'A4/entry-no-url', data: at });
    entries.push(entry);
  });
  return { found: true, specVersion, entries, findings: findings.slice(0, 12), otherTypes: [...otherTypes] };
}

/** The card entries to fetch: server-card entries with a URL, first MAX_CATALOG_CARDS, no repeats. */
export function cardEntries(reading: CatalogReading): { fetch: CatalogEntry[]; skipped: number } {
  const cards = reading.entries.filter((e) => e.isCard && e.url);
  const unique = cards.filter((e, i) => cards.findIndex((o) => o.url === e.url) === i);
  return { fetch: unique.slice(0, MAX_CATALOG_CARDS), skipped: Math.max(0, unique.length - MAX_CATALOG_CARDS) };
}

/** What A4 reads of the catalog: its probe and the card each fetched entry answered. */
export interface McpCatalogArtifact {
  probe: FetchResult;
  cards: Array<{ entry: CatalogEntry; probe: FetchResult }>;
  /** Card entries beyond the cap, not fetched. */
  skipped: number;
}

/**
 * Reads the catalog and fetches the cards it names (only when the catalog came from the scanned
 * site: a catalog reached through a redirect to another site speaks for nobody here). Callers send
 * the card requests through budgetedSend: a card on another site's host spends that host's
 * live-probe budget (anyone can publish a catalog naming a stranger's URLs).
 */
export async function fetchCatalogCards(
  catalog: Promise<FetchResult>,
  fromSite: (probe: FetchResult) => boolean,
  fetchCard: (url: string) => Promise<FetchResult>,
): Promise<McpCatalogArtifact> {
  const probe = await catalog;
  const reading = readMcpCatalog(probe);
  if (!reading.found || !fromSite(probe)) return { probe, cards: [], skipped: 0 };
  const { fetch, skipped } = cardEntries(reading);
  const cards = await Promise.all(fetch.map(async (entry) => ({ entry, probe: await fetchCard(entry.url!) })));
  return { probe, cards, skipped };
}

const MCP_CATALOG_MEMO = 'mcp-catalog';

/** The site's MCP catalog and the cards it names, once per scan (A4, and the live probe's endpoint). */
export function mcpCatalog(ctx: GatherContext): Promise<McpCatalogArtifact> {
  return ctx.memo(MCP_CATALOG_MEMO, () =>
    fetchCatalogCards(
      ctx.fetch(MCP_CATALOG_PATH, MCP_CATALOG_OPTIONS),
      (p) => servedBySite(p, ctx.origin),
      (url) => budgetedSend((u: string, o: FetchOptions) => ctx.fetch(u, o), ctx.origin)(url, MCP_CARD_MEDIA_OPTIONS),
    ),
  );
}

/** The engine started the catalog's card fetches from round trip 1: the scan's context reuses them. */
export function adoptMcpCatalog(ctx: GatherContext, started: Promise<McpCatalogArtifact>): void {
  void ctx.memo(MCP_CATALOG_MEMO, () => started);
}
