/**
 * Where the site's agent catalog is looked for: the names of ARD v0.91 (ards-project/ard-spec
 * spec/ard.md §5.1, commit 04afa6cb0301, dated 2026-08-26: robots.txt Agentmap, rel="ard",
 * /.well-known/ard.json), then the AI Catalog's (/.well-known/ai-catalog.json, served as
 * application/ai-catalog+json, and rel="ai-catalog": ARD's predecessor names, and the location the
 * MCP server-card extension reads since commit 1491bd2 of 2026-07-20), then the MCP Catalog's
 * /.well-known/mcp/catalog.json, which that commit removed. catalog-reader.ts reads them once per
 * scan; the well-known paths depend on the origin alone, so the checks that read them declare them
 * (CATALOG_REQUESTS) and they go out with the page.
 */
import type { FetchOptions } from '../net/http.js';

/** ARD v0.91's well-known manifest: consumers MUST fetch it (§5.1). */
export const ARD_PATH = '/.well-known/ard.json';
/**
 * The AI Catalog's well-known path: ARD's predecessor name (consumers MAY consult it, publishers on
 * it SHOULD move to ARD_PATH), and where MCP clients look for server cards (experimental-ext-server-card
 * docs/discovery.md at 8924e08).
 */
export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';
/** The AI Catalog's media type (Agent-Card/ai-catalog; the MCP draft: the document SHOULD use it). */
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';
/** The MCP Catalog's path, removed by experimental-ext-server-card commit 1491bd2 (2026-07-20): still read, with a finding. */
export const MCP_CATALOG_PATH = '/.well-known/mcp/catalog.json';
/** The link relation ARD v0.91 consumers MUST honour, and its predecessor's. */
export const ARD_REL = 'ard';
export const LEGACY_REL = 'ai-catalog';
export const AI_CATALOG_OPTIONS: FetchOptions & { accept: string } = {
  accept: 'application/ai-catalog+json, application/json;q=0.9, */*;q=0.1',
  maxBytes: 1024 * 1024,
};
/** The MCP Catalog was asked for as plain JSON: the same request the older prefetch sent. */
export const MCP_CATALOG_OPTIONS: FetchOptions & { accept: string } = { accept: 'application/json', maxBytes: 1024 * 1024 };
/**
 * The well-known catalog locations as catalog-reader.ts asks for them (catalogCandidates, optionsOf),
 * for the checks that read the catalog to declare (meta.requests).
 */
export const CATALOG_REQUESTS = [
  { path: ARD_PATH, options: AI_CATALOG_OPTIONS },
  { path: AI_CATALOG_PATH, options: AI_CATALOG_OPTIONS },
  { path: MCP_CATALOG_PATH, options: MCP_CATALOG_OPTIONS },
];

/**
 * An AI Resource identifier: urn:air:{publisher}:{namespace}:{name}, the publisher a domain name
 * (ARD; the MCP catalog of the server-card extension uses the same form).
 */
export const AIR_URN_RE = /^urn:air:[a-z0-9.-]+\.[a-z]{2,}:[^:\s]+:[^:\s]+$/i;

/** An A2A agent card's media type, as ARD entries name it (ard-spec spec/ard.md §3.3, v0.91). */
export const A2A_CARD_MEDIA_TYPE = 'application/a2a-agent-card+json';
/** The media type of an MCP server card: catalog entries of this type are cards, and cards are asked for with it. */
export const MCP_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';

/**
 * The entry types ARD's conformance tester knows (Lighthouse's port, third-party/ard/ard.js, read
 * 2026-11-25): any other `type` is a warning there, which drops its ard-schema audit to 0.5.
 */
export const ARD_DISCOVERY_TYPES: readonly string[] = [
  'application/ai-catalog+json',
  'application/agent-card+json',
  A2A_CARD_MEDIA_TYPE,
  MCP_CARD_MEDIA_TYPE,
  'application/agent-skills+zip',
  'application/agent-skills+gzip',
  'text/markdown; profile="urn:air:agent-skills"',
  'application/ai-registry',
  'application/ai-registry+json',
];

/** A media type's shape, `type/subtype` with optional parameters (RFC 6838 restricted names). */
export const MEDIA_TYPE_RE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;.*)?$/i;

/** How a catalog location was named: a robots.txt line, a page's link element, its Link header, or the well-known path. */
export type CatalogSignal = 'robots-agentmap' | 'html-link' | 'link-header' | 'well-known';

/** Which text names a location: ARD v0.91, the AI Catalog (ARD's predecessor), or the removed MCP Catalog. */
export type CatalogName = 'ard' | 'ai-catalog' | 'mcp-catalog';

/** One place to read the catalog, in the order tried. `legacy`: not an ARD v0.91 name (A10 says so). */
export interface CatalogCandidate {
  url: string;
  via: CatalogSignal;
  legacy: boolean;
  name: CatalogName;
}

export interface CatalogSignals {
  /** robots.txt `Agentmap: <url>`, resolved. */
  agentmap: string | null;
  /** `<link rel="ard" href>` in the page, resolved. */
  htmlLink: string | null;
  /** `Link: <…>; rel="ard"` on the page's response, resolved. */
  linkHeader: string | null;
  /** `<link rel="ai-catalog" href>` (predecessor relation), resolved. */
  legacyHtmlLink?: string | null;
  /** `Link: <…>; rel="ai-catalog"` (predecessor relation), resolved. */
  legacyLinkHeader?: string | null;
}

function resolved(href: string | undefined | null, base: string): string | null {
  if (!href) return null;
  try {
    const u = new URL(href.trim(), base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** The first `Agentmap:` line of robots.txt (a global record, like Sitemap:). */
export function agentmapOf(robotsText: string, base: string): string | null {
  const m = /^[ \t]*agentmap[ \t]*:[ \t]*(\S+)/im.exec(robotsText.slice(0, 512 * 1024));
  return resolved(m?.[1], base);
}

/**
 * Every place to read the catalog, in ARD's order (v0.91 §5.1; Lighthouse's documented audit tries
 * the same): robots.txt Agentmap, <link rel="ard">, Link rel="ard", /.well-known/ard.json; then the
 * AI Catalog's /.well-known/ai-catalog.json and rel="ai-catalog" (link element, Link header); then
 * the removed /.well-known/mcp/catalog.json. One URL per signal and no URL twice: three requests
 * (all sent with the page) when nothing names a catalog, at most eight.
 */
export function catalogCandidates(signals: CatalogSignals, origin: string): CatalogCandidate[] {
  const at = (url: string | null | undefined, via: CatalogSignal, name: CatalogName): CatalogCandidate | null =>
    url ? { url, via, name, legacy: name !== 'ard' } : null;
  const all: Array<CatalogCandidate | null> = [
    at(signals.agentmap, 'robots-agentmap', 'ard'),
    at(signals.htmlLink, 'html-link', 'ard'),
    at(signals.linkHeader, 'link-header', 'ard'),
    at(new URL(ARD_PATH, origin).href, 'well-known', 'ard'),
    at(new URL(AI_CATALOG_PATH, origin).href, 'well-known', 'ai-catalog'),
    at(signals.legacyHtmlLink, 'html-link', 'ai-catalog'),
    at(signals.legacyLinkHeader, 'link-header', 'ai-catalog'),
    at(new URL(MCP_CATALOG_PATH, origin).href, 'well-known', 'mcp-catalog'),
  ];
  const seen = new Set<string>();
  return all.filter((c): c is CatalogCandidate => !!c && !seen.has(c.url) && !!seen.add(c.url));
}

/**
 * The one URL Lighthouse's ARD gatherer (on branches only, not on main nor in v13.4.1) fetches (GoogleChrome/lighthouse
 * core/gather/gatherers/agentic/ard.js, commits 85cfccd98f93 and 892edb13e1bb, read 2026-11-25):
 * Agentmap, else <link rel="ai-catalog">, else Link rel=ai-catalog, else /.well-known/ai-catalog.json.
 * It knows neither ard.json nor rel="ard", though its docs page says the audit reads them first.
 */
export function lighthouseShippedUrl(signals: CatalogSignals, origin: string): string {
  return signals.agentmap ?? signals.legacyHtmlLink ?? signals.legacyLinkHeader ?? new URL(AI_CATALOG_PATH, origin).href;
}

export { resolved as resolveCatalogHref };
