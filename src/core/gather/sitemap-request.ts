/**
 * How a sitemap is asked for. Kept apart from sitemap.ts (and its XML parser) so the prefetch of
 * /sitemap.xml in site scope loads nothing heavy before its request goes out.
 */
export const SITEMAP_ACCEPT = 'application/xml, text/xml;q=0.9, */*;q=0.5';
/** The protocol's limit on an uncompressed sitemap. */
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
