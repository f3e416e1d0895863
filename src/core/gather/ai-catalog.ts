/**
 * Where A10 reads the agentic resource catalog. ARD v0.91 (ards-project/ard-spec spec/ard.md §5.1,
 * commit 04afa6cb0301, read 2026-11-25) names /.well-known/ard.json and rel="ard"; its predecessor
 * names, /.well-known/ai-catalog.json and rel="ai-catalog", are what Lighthouse's shipped gatherer
 * still reads. The current well-known path depends on the origin alone, so it goes out with the page
 * (prefetch.ts); the predecessor path is asked only when the current one has no catalog.
 */
import type { FetchOptions } from '../net/http.js';
import { MCP_CARD_MEDIA_TYPE } from './mcp-catalog.js';

/** ARD v0.91's well-known manifest: consumers MUST fetch it (§5.1). */
export const ARD_PATH = '/.well-known/ard.json';
/** The predecessor's path: consumers MAY consult it; publishers on it SHOULD move to ARD_PATH. */
export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';
/** The link relation ARD v0.91 consumers MUST honour, and its predecessor's. */
export const ARD_REL = 'ard';
export const LEGACY_REL = 'ai-catalog';
export const AI_CATALOG_OPTIONS: FetchOptions & { accept: string } = { accept: 'application/json, */*;q=0.1', maxBytes: 1024 * 1024 };

/**
 * An AI Resource identifier: urn:air:{publisher}:{namespace}:{name}, the publisher a domain name
 * (ARD; the MCP catalog of the server-card extension uses the same form).
 */
export const AIR_URN_RE = /^urn:air:[a-z0-9.-]+\.[a-z]{2,}:[^:\s]+:[^:\s]+$/i;

/** An A2A agent card's media type, as ARD entries name it (ard-spec spec/ard.md §3.3, v0.91). */
export const A2A_CARD_MEDIA_TYPE = 'application/a2a-agent-card+json';

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

/** One place to read the catalog, in the order tried. `legacy`: a predecessor name (ai-catalog). */
export interface CatalogCandidate {
  url: string;
  via: CatalogSignal;
  legacy: boolean;
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
 * Every place to read the catalog, in the order Lighthouse's documented audit tries them
 * (developer.chrome.com/docs/lighthouse/agentic-browsing/ard, read 2026-11-25, following ARD v0.91
 * §5.1): robots.txt Agentmap, <link rel="ard">, Link rel="ard", /.well-known/ard.json; then, when
 * none answers, the predecessor names: <link rel="ai-catalog">, Link rel="ai-catalog",
 * /.well-known/ai-catalog.json. One URL per signal and no URL twice, so at most seven requests,
 * two when nothing names a catalog.
 */
export function catalogCandidates(signals: CatalogSignals, origin: string): CatalogCandidate[] {
  const all: Array<CatalogCandidate | null> = [
    signals.agentmap ? { url: signals.agentmap, via: 'robots-agentmap', legacy: false } : null,
    signals.htmlLink ? { url: signals.htmlLink, via: 'html-link', legacy: false } : null,
    signals.linkHeader ? { url: signals.linkHeader, via: 'link-header', legacy: false } : null,
    { url: new URL(ARD_PATH, origin).href, via: 'well-known', legacy: false },
    signals.legacyHtmlLink ? { url: signals.legacyHtmlLink, via: 'html-link', legacy: true } : null,
    signals.legacyLinkHeader ? { url: signals.legacyLinkHeader, via: 'link-header', legacy: true } : null,
    { url: new URL(AI_CATALOG_PATH, origin).href, via: 'well-known', legacy: true },
  ];
  const seen = new Set<string>();
  return all.filter((c): c is CatalogCandidate => !!c && !seen.has(c.url) && !!seen.add(c.url));
}

/**
 * The one URL Lighthouse's shipped gatherer fetches (GoogleChrome/lighthouse
 * core/gather/gatherers/agentic/ard.js, commits 85cfccd98f93 and 892edb13e1bb, read 2026-11-25):
 * Agentmap, else <link rel="ai-catalog">, else Link rel=ai-catalog, else /.well-known/ai-catalog.json.
 * It knows neither ard.json nor rel="ard", though its docs page says the audit reads them first.
 */
export function lighthouseShippedUrl(signals: CatalogSignals, origin: string): string {
  return signals.agentmap ?? signals.legacyHtmlLink ?? signals.legacyLinkHeader ?? new URL(AI_CATALOG_PATH, origin).href;
}

export { resolved as resolveCatalogHref };
