/**
 * The engine's side of `ai-ready fix`'s site reading: crawl the scanned site with the scan's
 * guarded client, starting from the pages the scan already holds, and build SiteFacts for the guides.
 */
import type { FetchResult, HttpClient } from '../net/http.js';
import { crawlSite } from '../gather/site-crawl.js';
import { USER_AGENT } from '../../version.js';
import { buildSiteFacts } from './site-facts-build.js';
import type { OwnerValues } from './owner-values.js';
import type { SiteCrawlOptions, SiteFacts } from './site-facts.js';

/** The robots.txt product token of a User-Agent string ("ai-ready/0.1 (+url)" -> "ai-ready"). */
export function robotsToken(userAgent: string): string {
  return /^[A-Za-z0-9_-]+/.exec(userAgent)?.[0] ?? 'ai-ready';
}

export async function readSite(
  http: HttpClient,
  page: FetchResult,
  sampled: FetchResult[],
  o: SiteCrawlOptions,
  ownerValues: OwnerValues | undefined,
  userAgent: string | undefined,
): Promise<SiteFacts> {
  const start = new URL(page.url);
  const crawl = await crawlSite({
    fetch: (url, opts) => http.fetch(url, opts),
    start: start.href,
    fetched: [page, ...sampled],
    seeds: sampled.map((r) => r.url),
    maxPages: o.maxPages,
    maxMs: o.maxMs,
    agent: robotsToken(userAgent ?? USER_AGENT),
  });
  return buildSiteFacts({ crawl, scannedOrigin: start.origin, configOrigin: o.configOrigin ?? null, ownerValues, framework: o.framework });
}
