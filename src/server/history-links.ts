/** Addresses of a domain's history page and of the badges, shared by the report page and the routes. */
import type { StoredReport } from '../store/index.js';

/**
 * Hosts as the store keeps them (URL.host, lower case): a host name or bracketed IPv6 literal, then
 * the port when it is not the scheme's default (`127.0.0.1:8123`).
 */
export const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/;

export function isDomain(value: string): boolean {
  const m = value.length <= 253 + ':65535'.length ? DOMAIN_PATTERN.exec(value) : null;
  if (!m) return false;
  const port = m[1];
  const name = port === undefined ? value : value.slice(0, -(port.length + 1));
  return name.length <= 253 && (port === undefined || Number(port) <= 65535);
}

/** A host as one path segment: percent-encoded, except the port's colon (a valid path character, and readable). */
function hostSegment(domain: string): string {
  return encodeURIComponent(domain).replace(/%3A/gi, ':');
}

export function domainPageUrl(base: string, domain: string): string {
  return `${base}/d/${hostSegment(domain)}`;
}

export function reportBadgeUrl(base: string, id: string): string {
  return `${base}/r/${id}/badge.svg`;
}

export function domainBadgeUrl(base: string, domain: string): string {
  return `${base}/d/${hostSegment(domain)}/badge.svg`;
}

/** The README snippet of a public report: the domain's badge (it follows the latest public scan), linking to the history. */
export function badgeOf(base: string, report: StoredReport): { imageUrl: string; markdown: string } {
  const imageUrl = domainBadgeUrl(base, report.domain);
  return { imageUrl, markdown: `[![AI readiness](${imageUrl})](${domainPageUrl(base, report.domain)})` };
}
