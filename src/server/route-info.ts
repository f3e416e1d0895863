/**
 * What the documents that describe the service read of a route: its path, whether it is an API
 * route, its OpenAPI operations (/openapi.json) and how the discovery documents announce it
 * (llms.txt, the sitemap, server.json, the home page, the API catalog, the pages' Link header).
 * ./route.ts declares the full route.
 */

/** Path prefix of the versioned API, whose every error is a problem document. */
export const V1 = '/api/public/v1';

/** An OpenAPI operation object, kept beside the route it describes (openapi.ts assembles `paths`). */
export type Operation = Record<string, unknown>;

export interface RouteInfo {
  /** h3 path pattern (`/r/:id`). */
  path: string;
  /** API route: 405 and thrown errors are problem documents (RFC 9457). */
  api?: boolean;
  /** OpenAPI operations by method; a route with any is in /openapi.json `paths`. */
  openapi?: Partial<Record<'get' | 'post', Operation>>;
  /** How the discovery documents name this route (discovery.ts reads nothing else). */
  announce?: Announcement;
}

/** The APIs the RFC 9727 catalog describes, each under its anchor, in this order (discovery.ts). */
export type CatalogApi = 'v1' | 'mcp' | 'stream';
/** A link relation of an API catalog entry (RFC 9727 §4: service-desc, service-doc, status, item). */
export type CatalogRel = 'service-desc' | 'service-doc' | 'status' | 'item';

/**
 * Where the discovery documents name a route. Each place says the route's `rank` in its list
 * (ascending), so every list keeps its order whichever file declares the route.
 */
export interface Announcement {
  /** A line of llms.txt (under `section`), of server.json's surfaces and of the home page. */
  surface?: { rank: number; section: 'API' | 'Docs'; title: string; type: string; note: string };
  /** URLs of the sitemap: the route's own path, or the concrete paths of a parameterised one. */
  sitemap?: { rank: number; paths?: () => readonly string[] };
  /** Named by every HTML page's Link header (RFC 8288) with this relation and media type. */
  pageLink?: { rank: number; rel: string; type?: string };
  /** An MCP endpoint of server.json's `remotes`, in this transport. */
  mcpRemote?: { rank: number; type: 'streamable-http' | 'sse' };
  /** Links of the RFC 9727 API catalog to this route: under an API's anchor, in a relation. */
  catalog?: ReadonlyArray<{ api: CatalogApi; rel: CatalogRel; rank: number; type: string; title?: string }>;
}

/** `/r/:id` as OpenAPI writes it: `/r/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');
