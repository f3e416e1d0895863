/**
 * Where live probes may go. A live probe (MCP initialize, A2A JSON-RPC, the unauthenticated A3
 * request) targets an endpoint that a document on the scanned site names. That document must
 * itself be on the scanned site: a card only reachable through a cross-site redirect names
 * nothing on this site's behalf, so its endpoints are not probed. An endpoint on another site is
 * probed because this site's own card names it, the private-network guard still applies, and
 * within a per-host budget: anyone can publish a card naming a stranger's server, and scans
 * must not become a way to aim POSTs at it (amplification).
 */
import { isIP } from 'node:net';
import type { FetchOptions, FetchResult } from '../net/http.js';
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

/**
 * Live-probe requests to one host of another site, per minute, in this process (each scan worker
 * counts its own). An MCP handshake is up to four POSTs, an A2A probe one.
 */
export const OFF_SITE_PROBES_PER_HOST_PER_MINUTE = 12;
const WINDOW_MS = 60_000;
const spent = new Map<string, { windowStart: number; count: number }>();

/** Takes one unit of an off-site host's budget; false when it is spent for this minute. */
function takeOffSite(host: string, now = Date.now()): boolean {
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  if (spent.size > 10_000) for (const [h, e] of spent) if (e.windowStart < windowStart) spent.delete(h);
  const entry = spent.get(host);
  if (!entry || entry.windowStart < windowStart) {
    spent.set(host, { windowStart, count: 1 });
    return true;
  }
  if (entry.count >= OFF_SITE_PROBES_PER_HOST_PER_MINUTE) return false;
  entry.count++;
  return true;
}

/** The host a live probe of `endpoint` reaches, and whether it is another site than the scanned one. */
export function probedHost(endpoint: string, origin: string): { host: string; offSite: boolean } {
  try {
    return { host: new URL(endpoint).host, offSite: siteOf(endpoint) !== siteOf(origin) };
  } catch {
    return { host: endpoint, offSite: true };
  }
}

/** Evidence text naming the probed host when it is not the scanned site ('' when it is). */
export function offSiteNote(endpoint: string, origin: string): string {
  const p = probedHost(endpoint, origin);
  return p.offSite
    ? ` [probed host ${p.host}: another site than the one scanned, within a budget of ${OFF_SITE_PROBES_PER_HOST_PER_MINUTE} requests per minute]`
    : '';
}

/** The answers of live probes (MCP handshake, A2A JSON-RPC), so the engine can tell them apart. */
const liveAnswers = new WeakSet<FetchResult>();

/**
 * The live probe could not be made: the endpoint's name did not resolve (EAI_AGAIN, ENOTFOUND) or
 * the connection was refused. That says nothing about the site (a resolver hiccup, a server
 * restarting), so a verdict resting on it is "could not verify" (the engine's unmeasured path),
 * never a dead endpoint. An endpoint that answered, however badly, is judged.
 */
export function unreachedLiveProbe(p: FetchResult): string | null {
  if (!liveAnswers.has(p) || p.status !== null || !p.error) return null;
  if (p.error.code === 'dns' || p.error.code === 'refused') return `the live probe of ${p.requestedUrl} could not be made (${p.error.message})`;
  return null;
}

/**
 * Wraps a live probe's sender: requests to another site's host spend its budget, and once it is
 * spent they are not sent (a 'blocked' result says why). Every answer is remembered as a live one.
 */
export function budgetedSend<T extends (url: string, opts: FetchOptions) => Promise<FetchResult>>(send: T, origin: string): T {
  const remembered = (async (url: string, opts: FetchOptions) => {
    const res = await spend(url, opts);
    liveAnswers.add(res);
    return res;
  }) as T;
  const spend = (async (url: string, opts: FetchOptions) => {
    const { host, offSite } = probedHost(url, origin);
    if (offSite && !takeOffSite(host.toLowerCase())) {
      const message =
        `not sent: ${host} is another site than the one scanned, and its live-probe budget ` +
        `(${OFF_SITE_PROBES_PER_HOST_PER_MINUTE} requests per minute) is spent`;
      return {
        method: opts.method ?? 'GET',
        requestedUrl: url,
        accept: opts.accept ?? '*/*',
        url,
        status: null,
        headers: {},
        contentType: null,
        body: Buffer.alloc(0),
        text: '',
        truncated: false,
        redirects: [],
        durationMs: 0,
        error: { code: 'blocked', message },
      } satisfies FetchResult;
    }
    return send(url, opts);
  }) as T;
  return remembered;
}
