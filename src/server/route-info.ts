/**
 * What the documents that describe the service (OpenAPI, the API catalog) read of a route: its
 * path, whether it is an API route, and its OpenAPI operations. ./route.ts declares the full route.
 */

/** An OpenAPI operation object, kept beside the route it describes (openapi.ts assembles `paths`). */
export type Operation = Record<string, unknown>;

export interface RouteInfo {
  /** h3 path pattern (`/r/:id`). */
  path: string;
  /** API route: 405 and thrown errors are problem documents (RFC 9457). */
  api?: boolean;
  /** OpenAPI operations by method; a route with any is in /openapi.json `paths`. */
  openapi?: Partial<Record<'get' | 'post', Operation>>;
}

/** `/r/:id` as OpenAPI writes it: `/r/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');
