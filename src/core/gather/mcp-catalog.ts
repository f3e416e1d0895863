/**
 * MCP server cards named by the site's catalogs (modelcontextprotocol/experimental-ext-server-card
 * docs/discovery.md at 8924e08, 2026-07-24): clients fetch /.well-known/ai-catalog.json, select
 * entries whose `type` is application/mcp-server-card+json, and read each card from the entry's
 * `url` (asked for with Accept: application/mcp-server-card+json) or inline from its `data`. The
 * catalogs come from catalog-reader.ts (ARD's names first, the removed /.well-known/mcp/catalog.json
 * last); the cards their entries name are fetched at most MAX_CATALOG_CARDS per scan.
 */
import type { FetchOptions, FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import { budgetedSend } from './live-scope.js';
import { MCP_CARD_MEDIA_TYPE, MCP_CATALOG_OPTIONS, MCP_CATALOG_PATH } from './ai-catalog.js';
import { agentCatalog, entriesOf, type AgentCatalogArtifact, type CatalogDocument, type CatalogEntry } from './catalog-reader.js';

export { MCP_CARD_MEDIA_TYPE, MCP_CATALOG_OPTIONS, MCP_CATALOG_PATH };
export const MCP_CARD_MEDIA_OPTIONS: FetchOptions & { accept: string } = { accept: MCP_CARD_MEDIA_TYPE, maxBytes: 1024 * 1024 };
/** Cards fetched from the catalogs: a catalog of thousands must not become thousands of requests. */
export const MAX_CATALOG_CARDS = 8;

/**
 * A catalog entry's identifier in the AI Catalog's domain-anchored form,
 * urn:air:{publisher}:{namespace}:{name} (the namespace may hold several colon-separated parts).
 * The draft recommends it for open systems; ARD requires it.
 */
export const MCP_URN_RE = /^urn:air:[a-z0-9.-]*[a-z0-9](?::[^:\s]+)+$/i;

/** One server-card entry and its card: fetched from `url`, or inline in `data`. */
export interface CatalogCard {
  entry: CatalogEntry;
  document: CatalogDocument;
  probe?: FetchResult;
  inline?: Record<string, unknown>;
}

export interface McpCatalogArtifact {
  catalogs: AgentCatalogArtifact;
  cards: CatalogCard[];
  /** Card entries beyond the cap, not fetched. */
  skipped: number;
}

/**
 * The server-card entries to read, in catalog order: an inline card when the entry carries `data`
 * (and no `url`), else a URL to fetch; the first MAX_CATALOG_CARDS URLs, no URL twice.
 */
export function cardEntries(catalogs: AgentCatalogArtifact): {
  fetch: Array<{ entry: CatalogEntry; document: CatalogDocument }>;
  inline: CatalogCard[];
  skipped: number;
} {
  const all = entriesOf(catalogs, 'mcp-server-card');
  const inline = all.filter(({ entry }) => entry.data && !entry.hasUrl).map(({ entry, document }) => ({ entry, document, inline: entry.data! }));
  const byUrl = all.filter(({ entry }) => entry.url && !entry.hasData);
  const unique = byUrl.filter((e, i) => byUrl.findIndex((o) => o.entry.url === e.entry.url) === i);
  return { fetch: unique.slice(0, MAX_CATALOG_CARDS), inline, skipped: Math.max(0, unique.length - MAX_CATALOG_CARDS) };
}

/** Fetches the cards the catalogs name (fetchCard: through budgetedSend, see mcpCatalog). */
export async function fetchCatalogCards(catalogs: AgentCatalogArtifact, fetchCard: (url: string) => Promise<FetchResult>): Promise<McpCatalogArtifact> {
  const { fetch, inline, skipped } = cardEntries(catalogs);
  const fetched = await Promise.all(fetch.map(async ({ entry, document }) => ({ entry, document, probe: await fetchCard(entry.url!) })));
  const cards = [...fetched, ...inline].sort(
    (a, b) => catalogs.documents.indexOf(a.document) - catalogs.documents.indexOf(b.document) || a.entry.index - b.entry.index,
  );
  return { catalogs, cards, skipped };
}

/** The memo of the card requests the engine's early start sent (mcp-probe.ts startLiveMcpProbe), by URL. */
export const EARLY_CARDS = 'mcp-card-early';

/**
 * A card request, once per scan (the early start's request when it sent one): a card on another
 * site's host spends that host's live-probe budget.
 */
export function fetchCard(ctx: GatherContext, url: string): Promise<FetchResult> {
  return ctx.memo(`mcp-card:${url}`, async () => {
    const early = await ctx.memo<Map<string, Promise<FetchResult>> | null>(EARLY_CARDS, async () => null);
    return early?.get(url) ?? budgetedSend((u: string, o: FetchOptions) => ctx.fetch(u, o), ctx.origin)(url, MCP_CARD_MEDIA_OPTIONS);
  });
}

const MCP_CATALOG_MEMO = 'mcp-catalog-cards';

/** The site's catalogs and the server cards they name, once per scan (A4, and the live probe's endpoint). */
export function mcpCatalog(ctx: GatherContext): Promise<McpCatalogArtifact> {
  return ctx.memo(MCP_CATALOG_MEMO, async () => fetchCatalogCards(await agentCatalog(ctx), (url) => fetchCard(ctx, url)));
}
