/**
 * The first links of the longest request chains (robots.txt -> sitemap -> child sitemap, skills
 * index -> SKILL.md, llms.txt -> its links, API catalog -> OpenAPI and link targets, cards -> live
 * probes of the endpoints they name, catalogs -> the cards they name) depend only
 * on the origin, not on the page. They are
 * sent together with the page request, so a scan costs one round trip less. When the page
 * redirects to another origin they are simply not used.
 */
import type { ScanEventListener } from '../events.js';
import type { FetchOptions, FetchResult, HttpClient } from '../net/http.js';
import { SKILLS_INDEX_OPTIONS, SKILLS_INDEX_PATH } from './agent-skills.js';
import { API_CATALOG_OPTIONS, API_CATALOG_PATH } from './api-catalog.js';
import { requestKey } from './context.js';
import { A2A_ACCEPT, A2A_CARD_PATH, A2A_JSON_MAX_BYTES } from './a2a-card.js';
import { LLMS_OPTIONS } from './llms-txt.js';
import { MCP_CARD_OPTIONS, MCP_CARD_PATHS } from './mcp-card.js';
import { JSON_ACCEPT, JSON_MAX_BYTES, PRM_PATH } from './oauth-metadata.js';
import { ROBOTS_OPTIONS } from './robots.js';
import { AI_USER_AGENTS, uaProbeOptions } from './ai-user-agents.js';
import { SITEMAP_ACCEPT, SITEMAP_MAX_BYTES } from './sitemap-request.js';
import { AI_CATALOG_OPTIONS, AI_CATALOG_PATH, ARD_PATH, MCP_CATALOG_OPTIONS, MCP_CATALOG_PATH } from './ai-catalog.js';

/** Site scope reads /sitemap.xml to sample pages, so it goes out at round trip 1 (D2 reuses it). */
export const SITEMAP_PREFETCH = { path: '/sitemap.xml', options: { accept: SITEMAP_ACCEPT, maxBytes: SITEMAP_MAX_BYTES } };

const CHAIN_STARTS: Array<{ path: string; options: FetchOptions & { accept: string } }> = [
  { path: '/robots.txt', options: ROBOTS_OPTIONS },
  { path: SKILLS_INDEX_PATH, options: SKILLS_INDEX_OPTIONS },
  { path: '/llms.txt', options: LLMS_OPTIONS },
  { path: API_CATALOG_PATH, options: API_CATALOG_OPTIONS },
  // Cards whose endpoints the live probes contact (MCP initialize, A2A JSON-RPC, the A3 request):
  // read at round trip 1, the probes go out at round trip 2.
  // The well-known catalogs (catalog-reader.ts: the MCP cards they name at round trip 2, the
  // handshake after them) and the older card paths.
  { path: ARD_PATH, options: AI_CATALOG_OPTIONS },
  { path: AI_CATALOG_PATH, options: AI_CATALOG_OPTIONS },
  { path: MCP_CATALOG_PATH, options: MCP_CATALOG_OPTIONS },
  ...MCP_CARD_PATHS.map((path) => ({ path, options: MCP_CARD_OPTIONS })),
  { path: A2A_CARD_PATH, options: { accept: A2A_ACCEPT, maxBytes: A2A_JSON_MAX_BYTES } },
  { path: PRM_PATH, options: { accept: JSON_ACCEPT, maxBytes: JSON_MAX_BYTES } },
];

/** Sends through the client and reports each exchange as a probe event, as GatherContext does. */
export function reportingSender(http: HttpClient, emit: ScanEventListener): (url: string, options: FetchOptions) => Promise<FetchResult> {
  return (url, options) =>
    http.fetch(url, options).then((res) => {
      emit({
        type: 'probe',
        method: options.method ?? 'GET',
        url,
        status: res.status,
        contentType: res.contentType,
        durationMs: res.durationMs,
        error: res.error?.message,
      });
      return res;
    });
}

/** Sends each request now; the map is keyed like GatherContext's memo, so the checks find them there. */
function sendAll(
  http: HttpClient,
  requests: Array<{ url: string; options: FetchOptions & { accept: string } }>,
  emit: ScanEventListener,
): Map<string, Promise<FetchResult>> {
  const sent = new Map<string, Promise<FetchResult>>();
  const send = reportingSender(http, emit);
  for (const { url, options } of requests) sent.set(requestKey('GET', url, options.accept, options.userAgent), send(url, options));
  return sent;
}

export function prefetchChainStarts(
  http: HttpClient,
  origin: string,
  emit: ScanEventListener,
  opts: { sitemap?: boolean } = {},
): Map<string, Promise<FetchResult>> {
  const starts = opts.sitemap ? [...CHAIN_STARTS, SITEMAP_PREFETCH] : CHAIN_STARTS;
  return sendAll(
    http,
    starts.map(({ path, options }) => ({ url: new URL(path, origin).href, options })),
    emit,
  );
}

/**
 * B1's probes of the page as AI user agents: they depend only on the target URL, so they go out
 * with the page and never crowd the sockets of the second round trip. Each follows its own
 * redirects, as the crawler would.
 */
export function prefetchAiUserAgents(http: HttpClient, url: string, emit: ScanEventListener): Map<string, Promise<FetchResult>> {
  return sendAll(
    http,
    AI_USER_AGENTS.map((agent) => ({ url, options: uaProbeOptions(agent) })),
    emit,
  );
}

/** The page-URL-only request sets a check can ask for in `checks/early.ts`, by name. */
export const earlyRequests = {
  aiUserAgents: prefetchAiUserAgents,
} satisfies Record<string, (http: HttpClient, url: string, emit: ScanEventListener) => Map<string, Promise<FetchResult>>>;

export type EarlyRequestSet = keyof typeof earlyRequests;
