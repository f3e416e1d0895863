/**
 * A bounded crawl of one origin for `ai-ready fix`: the pages the scan started from, the site's
 * sitemap, then same-origin links, breadth first. It reads only what robots.txt allows for our
 * user agent, never leaves the origin (a redirect elsewhere drops the page), and stops at a page
 * count or a time budget, with a few requests in flight at once. Every request goes through the
 * scan's guarded HTTP client (address guard, size caps, timeouts). Nothing the pages send runs.
 */
import { BROWSER_ACCEPT, type FetchOptions, type FetchResult } from '../net/http.js';
import { extractPageFacts, type PageFacts } from './page-facts.js';
import { candidateUrl, pageKey, sitemapLocs } from './page-sample.js';
import { parseRobots, ROBOTS_OPTIONS } from './robots.js';
import { SITEMAP_ACCEPT } from './sitemap.js';

export const DEFAULT_CRAWL_PAGES = 200;
export const DEFAULT_CRAWL_MS = 30_000;
/** Requests in flight at once. */
export const CRAWL_CONCURRENCY = 4;
/** Child sitemaps of a sitemap index followed, at most. */
const MAX_CHILD_SITEMAPS = 5;
/** Bytes read of a page. */
const PAGE_MAX_BYTES = 2 * 1024 * 1024;
/** URLs waiting in the queue, at most (a page of a million links queues no more). */
const MAX_QUEUE = 5000;

export interface CrawlOptions {
  /** The guarded client's fetch (the scan's). */
  fetch: (url: string, opts?: FetchOptions) => Promise<FetchResult>;
  /** The page to start from (the scanned URL, after redirects). */
  start: string;
  /** Pages already fetched (the scan's target page), used instead of fetching them again. */
  fetched?: FetchResult[];
  /** More pages to read first (the scan's sample). */
  seeds?: string[];
  maxPages?: number;
  maxMs?: number;
  /** The robots.txt product token the crawl obeys (our user agent's name). */
  agent: string;
  now?: () => number;
}

export interface CrawledPage {
  url: string;
  facts: PageFacts;
}

export interface CrawlResult {
  pages: CrawledPage[];
  /** The sitemap the site serves (its URL as fetched), or null. */
  sitemap: string | null;
  /** What stopped the crawl before it ran out of pages (null: it read every page it found). */
  stoppedBy: 'pages' | 'time' | null;
  /** Pages robots.txt kept the crawl out of. */
  disallowed: number;
  ms: number;
}

const isHtml = (r: FetchResult) =>
  r.status !== null && r.status >= 200 && r.status < 300 && (r.contentType === 'text/html' || r.contentType === 'application/xhtml+xml');

/** Reads the site at `start`'s origin within the limits; never throws for what the site sends. */
export async function crawlSite(o: CrawlOptions): Promise<CrawlResult> {
  const now = o.now ?? Date.now;
  const began = now();
  const maxPages = Math.max(1, o.maxPages ?? DEFAULT_CRAWL_PAGES);
  const deadline = began + Math.max(0, o.maxMs ?? DEFAULT_CRAWL_MS);
  const base = new URL(o.start);
  const origin = base.origin;
  const left = () => deadline - now();
  const fetchWithin = (url: string, opts: FetchOptions) => o.fetch(url, { ...opts, timeoutMs: Math.max(1, Math.min(8000, left())) });

  const robotsProbe = await fetchWithin(`${origin}/robots.txt`, ROBOTS_OPTIONS);
  const robots = parseRobots(robotsProbe, origin);
  let disallowed = 0;
  const allowed = (u: URL) => {
    if (!robots.found) return true;
    const ok = robots.isAllowed(`${u.pathname}${u.search}`, o.agent);
    if (!ok) disallowed++;
    return ok;
  };

  const queued = new Set<string>();
  const queue: URL[] = [];
  const enqueue = (raw: string, relativeTo: URL = base) => {
    if (queue.length >= MAX_QUEUE) return;
    const u = candidateUrl(raw, relativeTo);
    if (!u || queued.has(pageKey(u))) return;
    queued.add(pageKey(u));
    if (allowed(u)) queue.push(u);
  };
  enqueue(base.href);
  for (const s of o.seeds ?? []) enqueue(s);

  const sitemap = await readSitemap(fetchWithin, origin, robots.found ? robots.sitemaps : [], left);
  for (const loc of sitemap.locs) {
    // A sitemap names pages at the production host; the same paths are read here, on the crawled origin.
    try {
      const u = new URL(loc);
      enqueue(`${u.pathname}${u.search}`);
    } catch {
      // not a URL: nothing to read
    }
  }

  const known = new Map((o.fetched ?? []).map((r) => [pageKey(new URL(r.url)), r]));
  const pages: CrawledPage[] = [];
  const seenFinal = new Set<string>();
  let stoppedBy: CrawlResult['stoppedBy'] = null;
  let next = 0;

  const visit = async (u: URL) => {
    const res = known.get(pageKey(u)) ?? (await fetchWithin(u.href, { accept: BROWSER_ACCEPT, maxBytes: PAGE_MAX_BYTES }));
    if (!isHtml(res)) return;
    let final: URL;
    try {
      final = new URL(res.url);
    } catch {
      return;
    }
    // A redirect to another origin, or onto a page already read, adds nothing.
    if (final.origin !== origin || seenFinal.has(pageKey(final)) || pages.length >= maxPages) return;
    seenFinal.add(pageKey(final));
    const facts = extractPageFacts(res.text, final.href);
    if (facts.noindex) return;
    pages.push({ url: final.href, facts });
    for (const l of facts.links) enqueue(l, final);
  };

  const worker = async () => {
    while (true) {
      if (pages.length >= maxPages) {
        if (next < queue.length) stoppedBy ??= 'pages';
        return;
      }
      if (left() <= 0) {
        if (next < queue.length) stoppedBy ??= 'time';
        return;
      }
      if (next >= queue.length) return;
      await visit(queue[next++]);
    }
  };
  // Workers end when the queue is empty; a page still in flight may add more, so run rounds until none does.
  let before = -1;
  while (next < queue.length && before !== next && stoppedBy === null && pages.length < maxPages && left() > 0) {
    before = next;
    await Promise.all(Array.from({ length: CRAWL_CONCURRENCY }, worker));
  }
  if (stoppedBy === null && next < queue.length) stoppedBy = pages.length >= maxPages ? 'pages' : 'time';
  return { pages, sitemap: sitemap.url, stoppedBy, disallowed, ms: now() - began };
}

/** The site's sitemap (robots.txt's same-origin Sitemap lines, else the conventional paths) and its page URLs. */
async function readSitemap(
  fetchWithin: (url: string, opts: FetchOptions) => Promise<FetchResult>,
  origin: string,
  listed: string[],
  left: () => number,
): Promise<{ url: string | null; locs: string[] }> {
  const sameOrigin = listed.filter((s) => {
    try {
      return new URL(s).origin === origin;
    } catch {
      return false;
    }
  });
  // A robots.txt line naming the production host's sitemap: the same path on this origin.
  const mapped = listed
    .map((s) => {
      try {
        return `${origin}${new URL(s).pathname}`;
      } catch {
        return null;
      }
    })
    .filter((s): s is string => s !== null);
  const candidates = [...new Set([...sameOrigin, ...mapped, `${origin}/sitemap.xml`, `${origin}/sitemap-index.xml`, `${origin}/sitemap_index.xml`])];
  for (const url of candidates.slice(0, 6)) {
    if (left() <= 0) break;
    const res = await fetchWithin(url, { accept: SITEMAP_ACCEPT });
    if (res.status === null || res.status < 200 || res.status >= 300 || !/<(urlset|sitemapindex)\b/i.test(res.text.slice(0, 4096))) continue;
    if (new URL(res.url).origin !== origin) continue;
    const locs = sitemapLocs(res.text);
    if (/<sitemapindex\b/i.test(res.text.slice(0, 4096))) {
      const pageLocs: string[] = [];
      for (const child of locs.slice(0, MAX_CHILD_SITEMAPS)) {
        if (left() <= 0) break;
        let path: string;
        try {
          path = new URL(child).pathname;
        } catch {
          continue;
        }
        const c = await fetchWithin(`${origin}${path}`, { accept: SITEMAP_ACCEPT });
        if (c.status !== null && c.status >= 200 && c.status < 300 && new URL(c.url).origin === origin) pageLocs.push(...sitemapLocs(c.text));
      }
      return { url: res.url, locs: pageLocs };
    }
    return { url: res.url, locs };
  }
  return { url: null, locs: [] };
}
