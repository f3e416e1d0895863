/**
 * Where live probes may go. A live probe (MCP initialize, A2A JSON-RPC, the unauthenticated A3
 * request) targets an endpoint that a document on the scanned site names. That document must
 * itself be on the scanned site: a card only reachable through a cross-site redirect names
 * nothing on this site's behalf, so its endpoints are not probed. An endpoint on another host is
 * probed because this site's own card names it; the private-network guard still applies.
 */
import { isIP } from 'node:net';
import type { FetchResult } from '../net/http.js';
import { bareHost } from '../net/address-guard.js';

/** Registrable-domain approximation: the last two labels of a name; an IP literal is its own site. */
export function siteOf(url: string): string {
  const host = bareHost(new URL(url).hostname);
  return isIP(host) ? host : host.split('.').slice(-2).join('.');
}

/** The document came from the scanned site (no redirect to another site on the way). */
export function servedBySite(doc: FetchResult, origin: string): boolean {
  try {
    return siteOf(doc.url) === siteOf(origin);
  } catch {
    return false;
  }
}

/** Bounds of every live-probe exchange (docs/live-probes.md lists them). */
export const LIVE_TIMEOUT_MS = 5000;
export const LIVE_MAX_BYTES = 256 * 1024;
