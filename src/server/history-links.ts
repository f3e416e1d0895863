/** Addresses of a domain's history page and of the badges, shared by the report page and the routes. */
import type { StoredReport } from '../store/index.js';

/** Host names as the store keeps them (lower case); IPv6 literals keep their brackets. */
export const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]{2,45}\])$/;

export function isDomain(value: string): boolean {
  return value.length <= 253 && DOMAIN_PATTERN.test(value);
}

export function domainPageUrl(base: string, domain: string): string {
  return `${base}/d/${encodeURIComponent(domain)}`;
}

export function reportBadgeUrl(base: string, id: string): string {
  return `${base}/r/${id}/badge.svg`;
}

export function domainBadgeUrl(base: string, domain: string): string {
  return `${base}/d/${encodeURIComponent(domain)}/badge.svg`;
}

/** The README snippet of a public report: the domain's badge (it follows the latest public scan), linking to the history. */
export function badgeOf(base: string, report: StoredReport): { imageUrl: string; markdown: string } {
  const imageUrl = domainBadgeUrl(base, report.domain);
  return { imageUrl, markdown: `[![AI readiness](${imageUrl})](${domainPageUrl(base, report.domain)})` };
}
