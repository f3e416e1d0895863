/** How the RFC 9727 API catalog is requested: read by A1, the OpenAPI gather and the prefetch. */
export const API_CATALOG_PATH = '/.well-known/api-catalog';
export const API_CATALOG_ACCEPT = 'application/linkset+json, application/json';
export const API_CATALOG_OPTIONS = { accept: API_CATALOG_ACCEPT, maxBytes: 1024 * 1024 };
