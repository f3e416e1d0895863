/**
 * Where A10 reads the AI catalog: /.well-known/ai-catalog.json, with /.well-known/ard.json as the
 * fallback. The catalog depends on the origin alone, so it goes out with the page (prefetch.ts)
 * and the fallback, when needed, at round trip 2.
 */
import type { FetchOptions } from '../net/http.js';
import { MCP_CARD_MEDIA_TYPE } from './mcp-catalog.js';

export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';
export const ARD_PATH = '/.well-known/ard.json';
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

/** The signals that name the catalog, in the order Lighthouse's agentic gatherer tries them. */
export type CatalogSignal = 'robots-agentmap' | 'html-link' | 'link-header' | 'well-known';

export interface CatalogSignals {
  /** robots.txt `Agentmap: <url>`, resolved. */
  agentmap: string | null;
  /** `<link rel="ai-catalog" href>` in the page, resolved. */
  htmlLink: string | null;
  /** `Link: <…>; rel=ai-catalog` on the page's response, resolved. */
  linkHeader: string | null;
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
 * The catalog URL and the signal that led to it: Agentmap, then the page's link element, then its
 * Link header, then the well-known path (GoogleChrome/lighthouse core/gather/gatherers/agentic/ard.js,
 * read 2026-11-25).
 */
export function chooseCatalog(signals: CatalogSignals, origin: string): { url: string; via: CatalogSignal } {
  if (signals.agentmap) return { url: signals.agentmap, via: 'robots-agentmap' };
  if (signals.htmlLink) return { url: signals.htmlLink, via: 'html-link' };
  if (signals.linkHeader) return { url: signals.linkHeader, via: 'link-header' };
  return { url: new URL(AI_CATALOG_PATH, origin).href, via: 'well-known' };
}

export { resolved as resolveCatalogHref };
