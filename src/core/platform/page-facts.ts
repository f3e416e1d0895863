/**
 * What platform detection and the site-kind signals read from the page: headers, cookies,
 * generator tags and a bounded slice of the HTML, computed once per page.
 */
import type { CheerioAPI } from 'cheerio';
import type { FetchResult } from '../net/http.js';

export interface PlatformInput {
  page: FetchResult;
  $: CheerioAPI | null;
}

export interface PageFacts {
  headers: Record<string, string>;
  /** Set-Cookie lines joined with "\n" (as the HTTP client keeps them). */
  cookies: string;
  /** Cookie names from Set-Cookie, one per line. */
  cookieNames: string[];
  /** The first MAX_HTML_CHARS of the page: markers live in the head and the first scripts. */
  html: string;
  /** `<meta name="generator">` contents joined with " | " (kept for callers); see `generators`. */
  generator: string;
  generators: string[];
  $: CheerioAPI | null;
}

/** Upper bound of HTML scanned by regex signals, so a huge page costs a bounded amount of work. */
export const MAX_HTML_CHARS = 1_000_000;

export function pageFacts(input: PlatformInput): PageFacts {
  const html = input.page.text.slice(0, MAX_HTML_CHARS);
  const $ = input.$;
  const generators = $
    ? $('meta[name="generator" i]')
        .slice(0, 20)
        .map((_, el) => ($(el).attr('content') ?? '').trim())
        .get()
        .filter(Boolean)
    : [];
  const cookies = input.page.headers['set-cookie'] ?? '';
  const cookieNames = cookies
    .split('\n')
    .map((line) => line.split('=')[0].trim())
    .filter(Boolean);
  return { headers: input.page.headers, cookies, cookieNames, html, generator: generators.join(' | '), generators, $ };
}
