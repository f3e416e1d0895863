/** How the RFC 9727 API catalog is requested: read by A1 and the OpenAPI gather, declared by the checks that read it. */
export const API_CATALOG_PATH = '/.well-known/api-catalog';
export const API_CATALOG_ACCEPT = 'application/linkset+json, application/json';
export const API_CATALOG_OPTIONS = { accept: API_CATALOG_ACCEPT, maxBytes: 1024 * 1024 };
export const API_CATALOG_REQUEST = { path: API_CATALOG_PATH, options: API_CATALOG_OPTIONS };
