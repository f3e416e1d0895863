/**
 * Site scope: which pages besides the target are sampled. Pure and deterministic, so the same
 * inputs always give the same sample (docs/site-scope.md describes the rule):
 * candidates come from llms.txt links, /sitemap.xml <loc>s and the target page's <a href>s;
 * only same-origin, HTML-looking URLs count; sources are taken in turn (llms.txt, sitemap,
 * links), first preferring pages under a first path segment not sampled yet, then any.
 */
import type { PageResult } from '../schema.js';

export type SampleSource = Exclude<PageResult['source'], 'target'>;

export interface SampledPage {
  url: string;
  source: SampleSource;
}

export interface SampleInput {
  /** The target page after redirects (page 1). */
  target: URL;
  /** Raw href values of the target page's <a> elements, in document order. */
  pageLinks: string[];
  /** URLs of the llms.txt links, in file order (relative ones are resolved against the target). */
  llmsLinks: string[];
  /** <loc> values of /sitemap.xml, in file order. */
  sitemapLocs: string[];
  /** Pages wanted in all, the target included. */
  pages: number;
}

/** Candidates of each source read, at most (bounds the work on huge sitemaps and link lists). */
export const MAX_CANDIDATES_PER_SOURCE = 200;

/** Paths that are files, not pages: Markdown, text, data, feeds, documents, media, archives. */
const NON_PAGE_EXTENSIONS = [
  ...['md', 'markdown', 'mdx', 'txt', 'json', 'jsonld', 'xml', 'rss', 'atom', 'pdf', 'csv', 'ya?ml', 'zip', 'gz', 'tgz', 'tar'],
  ...['png', 'jpe?g', 'gif', 'webp', 'avif', 'svg', 'ico', 'bmp', 'mp3', 'mp4', 'webm', 'mov', 'woff2?', 'ttf', 'otf', 'eot'],
  ...['css', 'js', 'mjs', 'map', 'wasm', 'exe', 'dmg', 'docx?', 'xlsx?', 'pptx?'],
];
const NON_PAGE = new RegExp(String.raw`\.(${NON_PAGE_EXTENSIONS.join('|')})$`, 'i');

/** A same-origin HTML-looking page URL, without its fragment; null when it does not qualify. */
export function candidateUrl(raw: string, base: URL): URL | null {
  let u: URL;
  try {
    u = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (u.origin !== base.origin || (u.protocol !== 'http:' && u.protocol !== 'https:')) return null;
  if (u.username || u.password || NON_PAGE.test(u.pathname)) return null;
  u.hash = '';
  return u;
}

/** The identity of a page for de-duplication: "/docs" and "/docs/" are one page. */
export function pageKey(u: URL): string {
  const path = u.pathname.length > 1 ? u.pathname.replace(/\/+$/, '') : u.pathname;
  return `${u.origin}${path}${u.search}`;
}

function firstSegment(u: URL): string {
  return u.pathname.split('/')[1] ?? '';
}

export function samplePages(input: SampleInput): SampledPage[] {
  const wanted = Math.max(0, input.pages - 1);
  if (!wanted) return [];
  const sources: Array<{ source: SampleSource; urls: URL[] }> = [
    { source: 'llms.txt', urls: qualify(input.llmsLinks, input.target) },
    { source: 'sitemap', urls: qualify(input.sitemapLocs, input.target) },
    { source: 'link', urls: qualify(input.pageLinks, input.target) },
  ];
  const taken = new Set([pageKey(input.target)]);
  const segments = new Set([firstSegment(input.target)]);
  const out: SampledPage[] = [];
  for (const diverse of [true, false]) {
    let progress = true;
    while (progress && out.length < wanted) {
      progress = false;
      for (const { source, urls } of sources) {
        if (out.length >= wanted) break;
        const next = urls.find((u) => !taken.has(pageKey(u)) && (!diverse || !segments.has(firstSegment(u))));
        if (!next) continue;
        taken.add(pageKey(next));
        segments.add(firstSegment(next));
        out.push({ url: next.href, source });
        progress = true;
      }
    }
  }
  return out;
}

function qualify(raw: string[], base: URL): URL[] {
  const out: URL[] = [];
  for (const r of raw.slice(0, MAX_CANDIDATES_PER_SOURCE)) {
    const u = candidateUrl(r, base);
    if (u) out.push(u);
  }
  return out;
}

/** <loc> values of a sitemap body (a urlset; an index's child sitemaps are .xml and drop out). */
export function sitemapLocs(text: string): string[] {
  const out: string[] = [];
  const re = /<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]\s]+)\s*(?:\]\]>)?\s*<\/loc>/gi;
  for (let m = re.exec(text); m && out.length < MAX_CANDIDATES_PER_SOURCE; m = re.exec(text)) out.push(decodeXml(m[1]));
  return out;
}

function decodeXml(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}
