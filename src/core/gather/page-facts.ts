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

/** Characters kept of a title or a site name (one llms.txt link text, one JSON-LD name). */
export const MAX_TITLE_CHARS = 200;
/** Characters kept of a description (one llms.txt summary or link note). */
export const MAX_DESCRIPTION_CHARS = 500;
/** The longest fact kept (a description). */
export const MAX_FACT_CHARS = Math.max(MAX_TITLE_CHARS, MAX_DESCRIPTION_CHARS);
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
  return cutText(t, max);
}

/** `t` at most `max` UTF-16 units: cut on a character boundary (never half a surrogate pair), with an ellipsis. */
export function cutText(t: string, max: number): string {
  if (t.length <= max) return t;
  let end = max - 1;
  if (end > 0 && /[\ud800-\udbff]/.test(t[end - 1])) end--;
  return `${t.slice(0, end).trimEnd()}…`;
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

const NOT_CONTENT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'dialog',
  'button',
  'select',
  'input',
  'textarea',
]);

/** The parts of domhandler nodes the pruning touches (domhandler is not a direct dependency). */
interface DomNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
  parent?: DomNode | null;
  prev?: DomNode | null;
  next?: DomNode | null;
}

/**
 * Prepares the main content in one pass, linear in the page's size: drops every non-content element
 * (and images with no usable src), and makes link and image URLs absolute. Cheerio's `.find()` under
 * an element and `.remove()` per match are quadratic on a page of many thousand elements, which a
 * hostile page can serve.
 */
function prepareContent(root: DomNode, base: URL): void {
  const stack: DomNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    const kids = node.children;
    if (!kids?.length) continue;
    const kept: DomNode[] = [];
    for (const c of kids) {
      const name = c.type === 'tag' || c.type === 'script' || c.type === 'style' ? (c.name ?? '').toLowerCase() : '';
      const attribs = c.attribs ?? {};
      if (name === 'a' && 'href' in attribs) {
        const href = absoluteHttp(attribs.href, base);
        if (href) attribs.href = href;
        else delete attribs.href;
      }
      const dropImage = name === 'img' && 'src' in attribs && !(attribs.src = absoluteHttp(attribs.src, base) ?? '');
      if (NOT_CONTENT.has(name) || dropImage) c.parent = null;
      else kept.push(c);
    }
    if (kept.length !== kids.length) {
      kept.forEach((c, i) => {
        c.prev = kept[i - 1] ?? null;
        c.next = kept[i + 1] ?? null;
      });
      node.children = kept;
    }
    for (const c of kept) stack.push(c);
  }
}

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
  // One linear walk: non-content elements dropped, links and images made absolute on the fetched
  // page (so the Markdown can map them to the production origin), images without a usable src dropped.
  for (const el of main.toArray()) prepareContent(el as unknown as DomNode, base);
  const mainHtml = (main.html() ?? '').slice(0, MAX_MAIN_HTML);
  return {
    title: cleanText($('title').first().text(), MAX_TITLE_CHARS) ?? cleanText($('h1').first().text(), MAX_TITLE_CHARS),
    description: cleanText(meta($, 'name', 'description'), MAX_DESCRIPTION_CHARS) ?? cleanText(meta($, 'property', 'og:description'), MAX_DESCRIPTION_CHARS),
    canonical,
    ogSiteName: cleanText(meta($, 'property', 'og:site_name'), MAX_TITLE_CHARS),
    ogUrl: absoluteHttp(meta($, 'property', 'og:url'), base),
    noindex: /\bnoindex\b|\bnone\b/.test(robots),
    links,
    mainHtml,
  };
}
