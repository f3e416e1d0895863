/**
 * What one HTML page shows of itself, for `ai-ready fix` to publish (llms.txt lines, Markdown
 * twins, the site's name and production origin): title, description, canonical, og:site_name,
 * og:url, same-origin links and the main content's HTML. Pure and bounded: the DOM is built with
 * the depth cap (html-dom.ts), no script runs, every string is trimmed, stripped of control and
 * bidi characters and cut to a length, and the lists are capped.
 */
import type { CheerioAPI } from 'cheerio/slim';
import { parseHtml } from './html-dom.js';
import { candidateUrl } from './page-sample.js';

/** Characters kept of a title, a description or a name. */
export const MAX_FACT_CHARS = 300;
/** Links kept per page. */
export const MAX_PAGE_LINKS = 500;
/** HTML of the main content kept for the Markdown conversion. */
export const MAX_MAIN_HTML = 256 * 1024;
/** HTML read of a page at all (the HTTP client caps the body; this caps the parse). */
export const MAX_PAGE_HTML = 2 * 1024 * 1024;

export interface PageFacts {
  title: string | null;
  description: string | null;
  /** Absolute http(s) canonical URL, as the page names it. */
  canonical: string | null;
  ogSiteName: string | null;
  ogUrl: string | null;
  /** The page asks not to be indexed (meta robots noindex). */
  noindex: boolean;
  /** Same-origin page links, absolute, without fragments, de-duplicated, in page order. */
  links: string[];
  /** The main content's HTML (main, [role=main], article, else body) without scripts, styles, navigation or forms. */
  mainHtml: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Text as one clean line: control and bidi characters removed, whitespace collapsed, cut to `max`. */
export function cleanText(s: string | undefined | null, max = MAX_FACT_CHARS): string | null {
  if (!s) return null;
  const t = s.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  if (!t) return null;
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
}

function meta($: CheerioAPI, attr: 'name' | 'property', key: string): string | undefined {
  let out: string | undefined;
  $(`meta[${attr}]`).each((_, el) => {
    if (out === undefined && ($(el).attr(attr) ?? '').trim().toLowerCase() === key) out = $(el).attr('content');
  });
  return out;
}

function absoluteHttp(raw: string | undefined | null, base: URL): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw.trim(), base);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password) return null;
    u.hash = '';
    return u.href.length > 2000 ? null : u.href;
  } catch {
    return null;
  }
}

const NOT_CONTENT =
  'script, style, noscript, template, nav, header, footer, aside, form, iframe, object, embed, svg, canvas, dialog, button, select, input, textarea';

/** The facts of one HTML page at `pageUrl`. */
export function extractPageFacts(html: string, pageUrl: string): PageFacts {
  const base = new URL(pageUrl);
  const { $ } = parseHtml(html.length > MAX_PAGE_HTML ? html.slice(0, MAX_PAGE_HTML) : html);
  const links: string[] = [];
  const seen = new Set<string>();
  $('a[href]').each((_, el) => {
    if (links.length >= MAX_PAGE_LINKS) return false;
    const u = candidateUrl($(el).attr('href') ?? '', base);
    if (u && !seen.has(u.href)) {
      seen.add(u.href);
      links.push(u.href);
    }
    return undefined;
  });
  let canonical: string | null = null;
  $('link[rel][href]').each((_, el) => {
    if (canonical === null && ($(el).attr('rel') ?? '').toLowerCase().split(/\s+/).includes('canonical')) canonical = absoluteHttp($(el).attr('href'), base);
  });
  const robots = (meta($, 'name', 'robots') ?? '').toLowerCase();
  const main = $('main').first().length
    ? $('main').first()
    : $('[role="main"]').first().length
      ? $('[role="main"]').first()
      : $('article').first().length
        ? $('article').first()
        : $('body').first();
  main.find(NOT_CONTENT).remove();
  // Links made absolute on the fetched page, so the Markdown can map them to the production origin.
  main.find('a[href]').each((_, el) => {
    const href = absoluteHttp($(el).attr('href'), base);
    if (href) $(el).attr('href', href);
    else $(el).removeAttr('href');
  });
  main.find('img[src]').each((_, el) => {
    const src = absoluteHttp($(el).attr('src'), base);
    if (src) $(el).attr('src', src);
    else $(el).remove();
  });
  const mainHtml = (main.html() ?? '').slice(0, MAX_MAIN_HTML);
  return {
    title: cleanText($('title').first().text()) ?? cleanText($('h1').first().text()),
    description: cleanText(meta($, 'name', 'description')) ?? cleanText(meta($, 'property', 'og:description')),
    canonical,
    ogSiteName: cleanText(meta($, 'property', 'og:site_name')),
    ogUrl: absoluteHttp(meta($, 'property', 'og:url'), base),
    noindex: /\bnoindex\b|\bnone\b/.test(robots),
    links,
    mainHtml,
  };
}
