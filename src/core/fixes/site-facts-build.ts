/**
 * SiteFacts from a crawl: the production origin (the project's config, else the pages' canonical
 * or og:url, else the owner's `--set domain`, never a local address), the site's name
 * (`--set siteName`, else og:site_name, else the part every title shares), the home page's
 * description, and each page with its production URL, its twin's path and its main content as
 * Markdown (turndown: a library conversion, loaded only here, only by `ai-ready fix`).
 */
import { isIP } from 'node:net';
import { bareHost, classifyAddress } from '../net/address-guard.js';
import type { CrawlResult } from '../gather/site-crawl.js';
import { cleanText, cutText } from '../gather/page-facts.js';
import { parseOwnerValue } from './owner-value-parse.js';
import type { OwnerValues } from './owner-values.js';
import type { SiteFacts, SitePage, Sourced } from './site-facts.js';

/** Characters of Markdown kept per page (a twin, a page's part of llms-full.txt): well under the crawl's 2 MiB per page. */
export const MAX_PAGE_MARKDOWN = 100_000;

// Control characters (but tab and newline) and bidi controls, marks and isolates: a page's text never carries them into a file.
const UNSAFE_IN_MARKDOWN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Markdown cut to `max` on a character boundary with an ellipsis; a code block left open by the cut is closed. */
export function cutMarkdown(md: string, max: number): string {
  if (md.length <= max) return md;
  const cut = cutText(md, max - 4);
  const fences = cut.split('\n').filter((l) => /^\s*(```|~~~)/.test(l)).length;
  return fences % 2 ? `${cut}\n\`\`\`` : cut;
}

export interface SiteFactsInput {
  crawl: CrawlResult;
  /** The origin the scan read (a loopback preview, or the live site). */
  scannedOrigin: string;
  /** The production site URL the project's config names (origin plus base path), and where. */
  configOrigin?: { url: string; from: string } | null;
  ownerValues?: OwnerValues;
  framework?: string;
}

/** localhost names, mDNS .local names and any IP literal that is not public (loopback, private, link-local, ...): never a production origin. */
export function isLocalHostname(hostname: string): boolean {
  const h = bareHost(hostname);
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal')) return true;
  return isIP(h) !== 0 && classifyAddress(h) !== 'public';
}

/** A public http(s) site URL (origin plus path, no trailing slash, no "index.html"); null for a local or odd one. */
export function publicBase(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password || isLocalHostname(u.hostname)) return null;
  const path = u.pathname.replace(/\/index\.html?$/i, '/').replace(/\/+$/, '');
  return /^[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(path) ? `${u.origin}${path}` : null;
}

/** The production base: config, else the home page's canonical/og:url, else the origin most pages' canonicals name, else the owner's domain, else the scanned origin when it is public. */
export function productionBase(input: SiteFactsInput): Sourced<string> | null {
  if (input.configOrigin) {
    const b = publicBase(input.configOrigin.url);
    if (b) return { value: b, source: 'site', from: input.configOrigin.from };
  }
  const [home, ...rest] = input.crawl.pages;
  for (const [raw, what] of [
    [home?.facts.canonical, 'the home page canonical link'],
    [home?.facts.ogUrl, 'the home page og:url'],
  ] as const) {
    const b = raw ? publicBase(raw) : null;
    if (b && new URL(b).origin !== input.scannedOrigin) return { value: b, source: 'site', from: what };
  }
  const counts = new Map<string, number>();
  for (const p of rest)
    for (const raw of [p.facts.canonical, p.facts.ogUrl]) {
      const b = raw ? publicBase(raw) : null;
      if (b && new URL(b).origin !== input.scannedOrigin) counts.set(new URL(b).origin, (counts.get(new URL(b).origin) ?? 0) + 1);
    }
  const top = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (top) return { value: top[0], source: 'site', from: 'the pages’ canonical links' };
  const domain = ownerValue(input.ownerValues, 'domain');
  if (domain) {
    const b = publicBase(/^https?:\/\//i.test(domain) ? domain : `https://${domain}`);
    if (b) return { value: b, source: 'owner', from: '--set domain' };
  }
  const scanned = publicBase(input.scannedOrigin);
  return scanned ? { value: scanned, source: 'site', from: 'the scanned URL' } : null;
}

function ownerValue(values: OwnerValues | undefined, name: 'siteName' | 'domain'): string | undefined {
  const raw = values?.[name];
  if (typeof raw !== 'string') return undefined;
  const r = parseOwnerValue(name, raw);
  return r.ok ? r.value : undefined;
}

const TITLE_SEPARATORS = /\s+[|\-–—·•:»]\s+/;

/** The part of the titles every page (at least two, and most of them) shares: "About | Harbour", "Tides | Harbour" -> "Harbour". */
export function commonTitlePart(titles: string[]): string | null {
  if (titles.length < 2) return null;
  const counts = new Map<string, number>();
  for (const t of titles)
    for (const part of new Set(
      t
        .split(TITLE_SEPARATORS)
        .map((s) => s.trim())
        .filter(Boolean),
    ))
      counts.set(part, (counts.get(part) ?? 0) + 1);
  const best = [...counts].filter(([, n]) => n >= 2 && n >= titles.length * 0.6).sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0];
  return best ? best[0] : null;
}

/** The site's name: the owner's, og:site_name (the home page's, else the most used), the titles' common part, a lone page's title. */
export function siteName(input: SiteFactsInput): Sourced<string> | null {
  const owner = ownerValue(input.ownerValues, 'siteName');
  if (owner) return { value: cleanText(owner)!, source: 'owner', from: '--set siteName' };
  const pages = input.crawl.pages;
  const og = pages[0]?.facts.ogSiteName ?? mostUsed(pages.map((p) => p.facts.ogSiteName));
  if (og) return { value: og, source: 'site', from: 'og:site_name' };
  const titles = pages.map((p) => p.facts.title).filter((t): t is string => !!t);
  const common = commonTitlePart(titles);
  if (common) return { value: common, source: 'site', from: 'the part every page title shares' };
  if (pages.length === 1 && pages[0].facts.title) return { value: pages[0].facts.title, source: 'site', from: 'the home page title' };
  return null;
}

function mostUsed(values: Array<string | null>): string | null {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** A URL path that is safe as a file path under the static folder: plain segments, no dot segments, no odd characters, bounded. */
export function safePagePath(pathname: string): boolean {
  if (pathname.length > 200 || !pathname.startsWith('/')) return false;
  const segments = pathname.split('/').slice(1);
  if (segments.length > 8) return false;
  return segments.every((s, i) => (s === '' ? i === segments.length - 1 : /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/.test(s) && !s.endsWith('.') && s.length <= 100));
}

/** The Markdown twin of a page path: "/" -> "/index.md", "/docs/" -> "/docs/index.md", "/about" -> "/about.md", "/a.html" -> "/a.md". */
export function twinPathOf(path: string): string | null {
  if (!safePagePath(path) || /\.md$/i.test(path)) return null;
  if (path.endsWith('/')) return `${path}index.md`;
  return `${path.replace(/\.html?$/i, '')}.md`;
}

/** The page's path under the site's base path, and its URL at the production base. */
function placePage(fetched: URL, base: string | null): { path: string; url: string } {
  if (!base) return { path: fetched.pathname, url: fetched.href };
  const b = new URL(base);
  const basePath = b.pathname.replace(/\/+$/, '');
  // A preview serves the base path too (Docusaurus baseUrl, Astro base) or serves the site at its root.
  const path =
    basePath && (fetched.pathname === basePath || fetched.pathname.startsWith(`${basePath}/`))
      ? fetched.pathname.slice(basePath.length) || '/'
      : fetched.pathname;
  return { path, url: `${b.origin}${basePath}${path}${fetched.search}` };
}

type Converter = (html: string, mapUrl: (u: string) => string) => string;

/** turndown, with links and images moved to the production origin and nothing but Markdown out. */
async function markdownConverter(): Promise<Converter> {
  const TurndownService = (await import('turndown')).default;
  return (html, mapUrl) => {
    const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
    td.remove(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed']);
    td.addRule('productionLinks', {
      filter: (node) => node.nodeName === 'A' && !!node.getAttribute('href'),
      replacement: (content, node) => {
        const href = mapUrl((node as HTMLElement).getAttribute('href') ?? '');
        const text = content.replace(/\s+/g, ' ').trim();
        return text ? `[${text}](${href.replace(/[()\s]/g, encodeURIComponent)})` : '';
      },
    });
    td.addRule('productionImages', {
      filter: 'img',
      replacement: (_content, node) => {
        const src = mapUrl((node as HTMLElement).getAttribute('src') ?? '');
        const alt = ((node as HTMLElement).getAttribute('alt') ?? '').replace(/[\]\\[\r\n]/g, ' ').trim();
        return src ? `![${alt}](${src.replace(/[()\s]/g, encodeURIComponent)})` : '';
      },
    });
    return cutMarkdown(td.turndown(html).replace(UNSAFE_IN_MARKDOWN, ''), MAX_PAGE_MARKDOWN);
  };
}

/** Facts from a crawl, ready for the guides. */
export async function buildSiteFacts(input: SiteFactsInput): Promise<SiteFacts> {
  const origin = productionBase(input);
  const base = origin?.value ?? null;
  const convert = input.crawl.pages.length ? await markdownConverter() : null;
  const mapUrl = (raw: string): string => {
    try {
      const u = new URL(raw);
      return u.origin === input.scannedOrigin ? placePage(u, base).url : u.href;
    } catch {
      return raw;
    }
  };
  const pages: SitePage[] = input.crawl.pages.map(({ url, facts }) => {
    const fetched = new URL(url);
    const place = placePage(fetched, base);
    let markdown: string | null = null;
    try {
      markdown = convert && facts.mainHtml ? convert(facts.mainHtml, mapUrl).trim() || null : null;
    } catch {
      markdown = null;
    }
    return {
      url: place.url,
      fetchedUrl: url,
      path: place.path,
      twin: fetched.search ? null : twinPathOf(place.path),
      title: facts.title,
      description: facts.description,
      markdown,
    };
  });
  const home = input.crawl.pages[0]?.facts;
  const description = home?.description ? { value: home.description, source: 'site' as const, from: 'the home page meta description' } : null;
  const served = input.crawl.sitemap ? { value: mapUrl(input.crawl.sitemap), source: 'site' as const, from: 'the site serves it' } : null;
  // With none served, the sitemap D2's guide writes from these pages (at the production origin only).
  const written =
    !served && base && pages.length ? { value: `${base}/sitemap.xml`, source: origin!.source, from: 'written by ai-ready fix from the pages read' } : null;
  const sitemap = served ?? written;
  return {
    ...(written ? { sitemapWritten: true } : {}),
    ...(input.framework ? { framework: input.framework } : {}),
    origin,
    name: siteName(input),
    description,
    pages,
    sitemap,
    crawl: { pages: pages.length, stoppedBy: input.crawl.stoppedBy, ms: input.crawl.ms },
  };
}
