/**
 * What a fix guide may say about the scanned site's name. Reverse-DNS server names, DNS records
 * and mail addresses need a real domain; a scan of an IP address or localhost has none, so guides
 * show a placeholder with a note instead of "1.0.0.127/mcp" or "_agents.127.0.0.1".
 */
import { isIP } from 'node:net';

/** Shown where a domain belongs but the scanned origin has none. */
export const PLACEHOLDER_DOMAIN = 'example.com';

/** Suffixes that never resolve in public DNS (RFC 6761, RFC 6762, RFC 8375, ICANN .internal). */
const NON_PUBLIC_SUFFIX = /(^|\.)(localhost|local|internal|test|invalid|home\.arpa|arpa)$/i;

/**
 * The host name of the origin when it is a public DNS name, lower case, without a trailing dot;
 * null for IP addresses, localhost, single-label names and reserved suffixes.
 */
export function siteDomain(origin: string): string | null {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) || !host.includes('.') || NON_PUBLIC_SUFFIX.test(host)) return null;
  return host;
}

/** The site's domain, or the placeholder when the origin has none. */
export function domainOrPlaceholder(origin: string): string {
  return siteDomain(origin) ?? PLACEHOLDER_DOMAIN;
}

/** "www.shop.example.com" -> "com.example.shop": the reverse-DNS namespace of MCP server names (www. dropped). */
export function reverseDomain(domain: string): string {
  return domain
    .replace(/^www\./, '')
    .split('.')
    .reverse()
    .join('.');
}

/** The note a guide adds when it used the placeholder: says why and what to put there. */
export function placeholderNote(origin: string, what: string): string | null {
  if (siteDomain(origin)) return null;
  let host = origin;
  try {
    host = new URL(origin).host;
  } catch {
    /* keep the raw origin */
  }
  return `${host} is not a public domain name, so ${PLACEHOLDER_DOMAIN} stands in for yours in ${what}: replace it with the domain the site is published at.`;
}
