/**
 * Bounded "does this link resolve?" probes, shared by D3 (Link targets), D4 (llms.txt links) and
 * D6 (in-page hints). HEAD keeps them cheap and, since requests are memoised by method, never
 * shares a cache entry (and body cap) with another check's GET of the same URL.
 */
import type { FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import { challengeReason } from './classify.js';

export interface LinkProbe {
  url: string;
  probe: FetchResult;
}

/**
 * The answer says "not there": 404/410, a 5xx, or no answer. HEAD refusals (405/501), auth walls
 * and bot challenges say nothing about the target, so they do not count as broken; nor does a
 * request the scan itself did not send (deadline, host-name cap).
 */
export function isBrokenTarget(p: FetchResult): boolean {
  if (challengeReason(p)) return false;
  if (p.error) return p.error.code !== 'deadline' && p.error.code !== 'host-limit';
  return p.status === 404 || p.status === 410 || (p.status !== null && p.status >= 500 && p.status !== 501);
}

/** HEAD the first `max` distinct URLs, in parallel. */
export async function checkLinks(ctx: GatherContext, urls: string[], max: number): Promise<LinkProbe[]> {
  const picked = [...new Set(urls)].slice(0, max);
  return Promise.all(picked.map(async (url) => ({ url, probe: await ctx.fetch(url, { method: 'HEAD' }) })));
}
