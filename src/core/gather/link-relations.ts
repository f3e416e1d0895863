/**
 * Link relation types, as RFC 8288 §2.1 defines them: a registered relation type (§2.1.1, the IANA
 * "Link Relation Types" registry) or an extension relation type, which MUST be a URI (§2.1.2).
 * A name that is neither means nothing to a reader. The registry is listed here by hand (read from
 * the IANA registry's names; a name registered since is only ever an advisory, never a verdict).
 */
export const REGISTERED_RELATIONS: ReadonlySet<string> = new Set([
  'about', 'acl', 'alternate', 'amphtml', 'api-catalog', 'appendix', 'apple-touch-icon', 'apple-touch-startup-image', 'archives', 'author',
  'blocked-by', 'bookmark', 'c2pa-manifest', 'canonical', 'chapter', 'cite-as', 'collection', 'compression-dictionary', 'contents', 'convertedfrom',
  'copyright', 'create-form', 'current', 'deprecation', 'describedby', 'describes', 'disclosure', 'dns-prefetch', 'duplicate', 'edit',
  'edit-form', 'edit-media', 'enclosure', 'external', 'first', 'geofeed', 'glossary', 'help', 'hosts', 'hub', 'ice-server', 'icon', 'index',
  'intervalafter', 'intervalbefore', 'intervalcontains', 'intervaldisjoint', 'intervalduring', 'intervalequals', 'intervalfinishedby',
  'intervalfinishes', 'intervalin', 'intervalmeets', 'intervalmetby', 'intervaloverlappedby', 'intervaloverlaps', 'intervalstartedby',
  'intervalstarts', 'item', 'last', 'latest-version', 'license', 'linkset', 'lrdd', 'manifest', 'mask-icon', 'me', 'media-feed', 'memento',
  'micropub', 'modulepreload', 'monitor', 'monitor-group', 'next', 'next-archive', 'nofollow', 'noopener', 'noreferrer', 'opener',
  'openid2.local_id', 'openid2.provider', 'original', 'p3pv1', 'payment', 'pingback', 'preconnect', 'predecessor-version', 'prefetch',
  'preload', 'prerender', 'prev', 'prev-archive', 'preview', 'previous', 'privacy-policy', 'profile', 'publication', 'rdap-active',
  'rdap-bottom', 'rdap-down', 'rdap-top', 'rdap-up', 'related', 'replies', 'restconf', 'root', 'ruleinput', 'search', 'section', 'self',
  'service', 'service-desc', 'service-doc', 'service-meta', 'sip-trunking-capability', 'sponsored', 'start', 'status', 'stylesheet',
  'subsection', 'successor-version', 'sunset', 'tag', 'terms-of-service', 'timegate', 'timemap', 'type', 'ugc', 'up', 'version-history',
  'via', 'webmention', 'working-copy', 'working-copy-of',
]);

/**
 * Whether a string is a URI as RFC 3986 §3 writes one: a scheme, then only characters URIs may hold
 * (unreserved, reserved, or a %XX escape). `new URL()` is more lenient (it escapes `{`, `}` and
 * spaces), so a URI template such as `https://x.example/{state}` passes it but is not a URI.
 */
export function isUri(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/.test(value);
}

/** A URI template (RFC 6570): an expression in braces. */
export function isUriTemplate(value: string): boolean {
  return /\{[^{}]*\}/.test(value);
}

/** RFC 8288 §2.1: registered (case-insensitively) or an extension relation written as a URI. */
export function isKnownRelation(rel: string): boolean {
  return REGISTERED_RELATIONS.has(rel.toLowerCase()) || isUri(rel);
}
