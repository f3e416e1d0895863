/**
 * Requests a check declares that its gather makes at round trip 1 (`meta.requests`), so the engine
 * sends them together with the page, before the registry has loaded (Lighthouse's
 * requiredArtifacts, as requests). Plain data: the plan the engine reads
 * (checks/request-plan.generated.ts) is written from them. A gather module exports each request as
 * one constant and fetches with it, so the declared request and the one gather makes have the same
 * memo key (context.ts requestKey) and the answer sent early is the one gather reads.
 */
import { requestKey } from './context.js';

/** The fetch options a declared request carries: those that make its memo key, and its caps. */
export interface EarlyRequestOptions {
  readonly accept: string;
  readonly maxBytes?: number;
  /** Its own User-Agent instead of the scanner's (B1's AI user agents). */
  readonly userAgent?: string;
  readonly maxRedirects?: number;
  readonly timeoutMs?: number;
}

/** A path on the scanned origin ('/robots.txt'): used when the page stays on that origin. */
export interface OriginRequest {
  readonly path: string;
  readonly options: EarlyRequestOptions;
}

/** The scanned URL itself, asked for with options of its own (the page as each AI user agent). */
export interface TargetRequest {
  readonly target: true;
  readonly options: EarlyRequestOptions;
}

export type EarlyRequest = OriginRequest | TargetRequest;

/** The checks that declare a request of the plan: the engine sends it when one of them is selected. */
export interface Declarer {
  readonly id: string;
  readonly dimension: string;
}

export type PlannedRequest = EarlyRequest & { readonly declaredBy: readonly Declarer[] };

export function isTargetRequest(r: EarlyRequest): r is TargetRequest {
  return 'target' in r;
}

/** The absolute URL of a declared request for this scan. */
export function earlyRequestUrl(r: EarlyRequest, target: URL): string {
  return isTargetRequest(r) ? target.href : new URL(r.path, target.origin).href;
}

/** The memo key the request has in this scan (GET: declared requests are plain reads). */
export function earlyRequestKey(r: EarlyRequest, target: URL): string {
  return requestKey('GET', earlyRequestUrl(r, target), r.options.accept, r.options.userAgent);
}

/** Its key in the plan, whatever the scanned URL: two checks declaring it make one request. */
export function planKey(r: EarlyRequest): string {
  return requestKey('GET', isTargetRequest(r) ? '<target>' : r.path, r.options.accept, r.options.userAgent);
}
