/**
 * How a sitemap is asked for. Kept apart from sitemap.ts (and its XML parser) so the request of
 * /sitemap.xml the site scope sends with the page loads nothing heavy before it goes out.
 */
export const SITEMAP_ACCEPT = 'application/xml, text/xml;q=0.9, */*;q=0.5';
/** The protocol's limit on an uncompressed sitemap. */
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/**
 * The engine's own request for site scope: the sample is picked from /sitemap.xml, so it goes out
 * with the page (D2 reads the same answer through the memo).
 */
export const SITEMAP_REQUEST = { path: '/sitemap.xml', options: { accept: SITEMAP_ACCEPT, maxBytes: SITEMAP_MAX_BYTES } };
