/**
 * Sitemap discovery and validation (Sitemaps protocol 0.9), shared through `ctx.memo('sitemap')`.
 * Sitemaps are strangers' files that can be huge or hostile, so every step is bounded: the read
 * is capped at the protocol's 50 MiB, gzip is inflated with an output cap (a gzip bomb stops
 * there), XML entities are never expanded (entity declarations are refused outright), and only
 * files up to 10 MiB are parsed into a tree; larger ones have their <loc> elements counted by a
 * linear scan.
 */
import { gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import { bodyLooksLikeHtml, isObject, isOk } from './classify.js';
import { SITEMAP_ACCEPT, SITEMAP_MAX_BYTES } from './sitemap-request.js';

export { SITEMAP_ACCEPT, SITEMAP_MAX_BYTES };

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Protocol limits per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Files up to this size are parsed into a tree; larger ones are only scanned. */
export const SITEMAP_FULL_PARSE_BYTES = 10 * 1024 * 1024;
/** robots.txt Sitemap lines evaluated, at most. */
export const MAX_ROBOTS_SITEMAPS = 5;
/** The anchor's fallback order, then platform paths. */
export const SITEMAP_FALLBACKS = ['/sitemap-index.xml', '/sitemap.xml.gz', '/sitemap_index.xml', '/sitemap.xml'];
export const WORDPRESS_SITEMAP = '/wp-sitemap.xml';

export type SitemapKind = 'urlset' | 'sitemapindex' | 'text' | 'rss' | 'atom';

export interface ParsedSitemap {
  /** Null when the body is not a sitemap in any accepted format. */
  kind: SitemapKind | null;
  gzip: boolean;
  /** Decompressed size in bytes. */
  bytes: number;
  /** Namespace of an XML urlset/sitemapindex root, when declared. */
  namespace: string | null;
  /** Number of <loc> (or feed links, or text lines) found. */
  locCount: number;
  /** First few locations, for evidence and for following an index. */
  sample: string[];
  /** Locations that are not absolute http(s) URLs. */
  invalidLocs: number;
  /** False when the file was too large to parse into a tree and was only scanned. */
  fullyParsed: boolean;
  /** Defects of a recognised sitemap (namespace, limits, malformed XML, ...). */
  problems: string[];
  /** Why the body is not a sitemap at all (HTML, unknown root, gzip bomb, entity declarations). */
  fatal: string | null;
}

const MAX_SAMPLE = 5;

function absoluteHttp(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function unescapeXml(s: string): string {
  // Only the five predefined entities and numeric references: nothing a document can define.
  return s
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, h) => safeChar(parseInt(h, 16)))
    .replace(/&#(\d{1,7});/g, (_, d) => safeChar(parseInt(d, 10)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function safeChar(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

function localName(name: string): string {
  const i = name.indexOf(':');
  return i >= 0 ? name.slice(i + 1) : name;
}

function prefixOf(name: string): string | null {
  const i = name.indexOf(':');
  return i >= 0 ? name.slice(0, i) : null;
}

/** Inflates a gzip body with an output cap; a body past the cap is a bomb or over the limit. */
export function gunzipCapped(body: Buffer, maxBytes = SITEMAP_MAX_BYTES): { ok: true; data: Buffer } | { ok: false; error: string } {
  try {
    return { ok: true, data: gunzipSync(body, { maxOutputLength: maxBytes + 1 }) };
  } catch (e) {
    const err = e as { code?: string; message?: string };
    if (err.code === 'ERR_BUFFER_TOO_LARGE' || /larger than|too large/i.test(err.message ?? '')) {
      return { ok: false, error: `gzip inflates beyond ${maxBytes / 1024 / 1024} MiB (gzip bomb or over the protocol limit); not read` };
    }
    return { ok: false, error: `corrupt gzip data (${(err.message ?? 'unknown error').slice(0, 80)})` };
  }
}

const ROOT_RE = /<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)(\s[^>]*)?>/g;

/** The first element of an XML document (skipping the declaration, comments and DOCTYPE). */
function rootElement(text: string): { name: string; attrs: string } | null {
  const head = text.slice(0, 64 * 1024).replace(/<!--[\s\S]*?-->/g, '');
  ROOT_RE.lastIndex = 0;
  const m = ROOT_RE.exec(head.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, ''));
  return m ? { name: m[1], attrs: m[2] ?? '' } : null;
}

function namespaceFor(root: { name: string; attrs: string }): string | null {
  const prefix = prefixOf(root.name);
  const attr = prefix ? `xmlns:${prefix}` : 'xmlns';
  const re = new RegExp(`\\s${attr.replace(':', '\\:')}\\s*=\\s*("([^"]*)"|'([^']*)')`);
  const m = re.exec(root.attrs);
  return m ? (m[2] ?? m[3] ?? '').trim() : null;
}

/** Counts <loc> elements (any prefix) by a linear scan, keeping a few for the sample. */
function scanLocs(text: string): { count: number; sample: string[]; invalid: number } {
  const re = /<(?:[\w.-]+:)?loc>\s*([^<]*?)\s*<\/(?:[\w.-]+:)?loc>/g;
  let count = 0;
  let invalid = 0;
  const sample: string[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    count++;
    const loc = unescapeXml(m[1]);
    if (!absoluteHttp(loc)) invalid++;
    if (sample.length < MAX_SAMPLE) sample.push(loc);
  }
  return { count, sample, invalid };
}

function asArray(v: unknown): unknown[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (isObject(v) && typeof v['#text'] === 'string') return v['#text'];
  return '';
}

/** Child elements by local name, whatever their prefix. */
function children(node: unknown, name: string): unknown[] {
  if (!isObject(node)) return [];
  return Object.entries(node)
    .filter(([k]) => localName(k) === name)
    .flatMap(([, v]) => asArray(v));
}

/**
 * Deepest element nesting the XML parser builds (fast-xml-parser refuses deeper documents; its
 * validator is iterative). Sitemaps nest 3 levels, feeds a few more.
 */
export const MAX_XML_DEPTH = 100;

let parser: XMLParser | undefined;
/** Entity expansion off: an entity bomb never expands. Created on first use (see parsers.ts). */
function xmlParser() {
  return (parser ??= new XMLParser({
    processEntities: false,
    htmlEntities: false,
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags: MAX_XML_DEPTH,
  }));
}

function locsFromTree(doc: Record<string, unknown>, rootName: string, kind: SitemapKind): string[] {
  const root = doc[rootName];
  if (kind === 'urlset') return children(root, 'url').map((u) => unescapeXml(textOf(children(u, 'loc')[0]).trim()));
  if (kind === 'sitemapindex') return children(root, 'sitemap').map((u) => unescapeXml(textOf(children(u, 'loc')[0]).trim()));
  if (kind === 'rss') {
    return children(root, 'channel')
      .flatMap((c) => children(c, 'item'))
      .map((i) => unescapeXml(textOf(children(i, 'link')[0]).trim()));
  }
  // Atom: <entry><link href="..."/></entry>, preferring rel="alternate" (the default).
  return children(root, 'entry').map((e) => {
    const links = children(e, 'link').filter(isObject);
    const alt = links.find((l) => !l['@_rel'] || l['@_rel'] === 'alternate') ?? links[0];
    return unescapeXml(String(alt?.['@_href'] ?? '').trim());
  });
}

function parseXml(
  text: string,
  base: Omit<ParsedSitemap, 'kind' | 'namespace' | 'locCount' | 'sample' | 'invalidLocs' | 'fullyParsed' | 'problems' | 'fatal'>,
): ParsedSitemap {
  const none = { ...base, kind: null, namespace: null, locCount: 0, sample: [], invalidLocs: 0, fullyParsed: false, problems: [] };
  if (/<!ENTITY/i.test(text.slice(0, 256 * 1024))) {
    return { ...none, fatal: 'the XML declares entities in a DOCTYPE (an entity-expansion risk); refused without expanding' };
  }
  const root = rootElement(text);
  if (!root) return { ...none, fatal: 'no XML root element' };
  const local = localName(root.name);
  const kind: SitemapKind | null =
    local === 'urlset' ? 'urlset' : local === 'sitemapindex' ? 'sitemapindex' : local === 'rss' ? 'rss' : local === 'feed' ? 'atom' : null;
  if (!kind) return { ...none, fatal: `root element <${root.name}> is not urlset, sitemapindex, rss or feed` };
  const namespace = kind === 'urlset' || kind === 'sitemapindex' ? namespaceFor(root) : null;
  const problems: string[] = [];
  if (kind === 'urlset' || kind === 'sitemapindex') {
    if (namespace === null) problems.push(`no sitemap namespace on <${root.name}> (expected ${SITEMAP_NS})`);
    else if (namespace.replace(/\/$/, '') !== SITEMAP_NS) problems.push(`wrong namespace "${namespace.slice(0, 100)}" (expected ${SITEMAP_NS})`);
  }
  let locs: string[] | null = null;
  let fullyParsed = false;
  if (/^\s+<\?xml/.test(text)) {
    // Not well-formed, and a classic: a stray newline printed by a WordPress theme or plugin.
    problems.push('whitespace before the <?xml declaration (not well-formed; often a stray newline from a theme or plugin)');
  }
  if (text.length <= SITEMAP_FULL_PARSE_BYTES) {
    const valid = XMLValidator.validate(text.trimStart());
    if (valid !== true) {
      problems.push(`malformed XML: ${valid.err.msg.slice(0, 120)} (line ${valid.err.line})`);
    } else {
      try {
        const doc = xmlParser().parse(text.trimStart()) as Record<string, unknown>;
        locs = locsFromTree(doc, root.name, kind);
        fullyParsed = true;
      } catch (e) {
        const msg = (e as Error).message;
        problems.push(
          /nested tags exceeded/i.test(msg)
            ? `XML nested more than ${MAX_XML_DEPTH} elements deep (nesting cap); entries counted by scanning`
            : `malformed XML: ${msg.slice(0, 120)}`,
        );
      }
    }
  }
  let locCount: number;
  let sample: string[];
  let invalidLocs: number;
  if (locs) {
    const present = locs.filter(Boolean);
    locCount = present.length;
    sample = present.slice(0, MAX_SAMPLE);
    invalidLocs = present.filter((l) => !absoluteHttp(l)).length;
    if (present.length < locs.length)
      problems.push(`${locs.length - present.length} entr${locs.length - present.length === 1 ? 'y has' : 'ies have'} no location`);
  } else if (kind === 'urlset' || kind === 'sitemapindex') {
    ({ count: locCount, sample, invalid: invalidLocs } = scanLocs(text));
  } else {
    locCount = 0;
    sample = [];
    invalidLocs = 0;
  }
  return { ...base, kind, namespace, locCount, sample, invalidLocs, fullyParsed, problems, fatal: null };
}

function parseText(
  text: string,
  base: Omit<ParsedSitemap, 'kind' | 'namespace' | 'locCount' | 'sample' | 'invalidLocs' | 'fullyParsed' | 'problems' | 'fatal'>,
): ParsedSitemap {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const urls = lines.filter(absoluteHttp);
  const none = { ...base, namespace: null, locCount: 0, sample: [], invalidLocs: 0, fullyParsed: true, problems: [] };
  // A text sitemap is nothing but URLs; a body that is mostly something else is not one.
  if (!urls.length || urls.length < lines.length / 2) return { ...none, kind: null, fatal: 'neither XML nor a list of URLs' };
  return {
    ...none,
    kind: 'text',
    locCount: lines.length,
    sample: urls.slice(0, MAX_SAMPLE),
    invalidLocs: lines.length - urls.length,
    fatal: null,
  };
}

/** Pure: what a sitemap body is and what is wrong with it. */
export function parseSitemap(body: Buffer, opts: { truncated?: boolean } = {}): ParsedSitemap {
  let data = body;
  let gzip = false;
  const empty = { kind: null, gzip, bytes: body.length, namespace: null, locCount: 0, sample: [], invalidLocs: 0, fullyParsed: false, problems: [] };
  if (body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b) {
    gzip = true;
    const inflated = gunzipCapped(body);
    if (!inflated.ok) {
      const fatal = opts.truncated ? 'compressed file larger than the 50 MiB read cap' : inflated.error;
      return { ...empty, gzip, fatal };
    }
    data = inflated.data;
  }
  const bytes = data.length;
  const base = { gzip, bytes };
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trim()) return { ...empty, ...base, fatal: 'empty body' };
  if (bodyLooksLikeHtml(text)) return { ...empty, ...base, fatal: 'an HTML page, not a sitemap' };
  const parsed = text.trimStart().startsWith('<') ? parseXml(text, base) : parseText(text, base);
  if (parsed.kind) {
    const over = opts.truncated || bytes > SITEMAP_MAX_BYTES;
    if (over) parsed.problems.push(`larger than the protocol's 50 MB per file`);
    if (parsed.locCount === 0) parsed.problems.push(parsed.kind === 'sitemapindex' ? 'the index lists no sitemaps' : 'no <loc> entries (empty sitemap)');
    if (parsed.locCount > SITEMAP_MAX_URLS)
      parsed.problems.push(`${parsed.locCount} entries, over the protocol's ${SITEMAP_MAX_URLS} per file (split it with a sitemap index)`);
    if (parsed.invalidLocs > 0) parsed.problems.push(`${parsed.invalidLocs} location(s) are not absolute http(s) URLs`);
  }
  return parsed;
}

/** A recognised sitemap with no defects. */
export function isValidSitemap(p: ParsedSitemap | null): boolean {
  return !!p && p.kind !== null && p.fatal === null && p.problems.length === 0;
}

export interface SitemapProbe {
  url: string;
  source: 'robots' | 'fallback' | 'platform' | 'index-child';
  probe: FetchResult;
  /** Null when the response is not a readable 2xx (404, 5xx, network error). */
  parsed: ParsedSitemap | null;
  /** For a sitemap index: its first child, fetched and validated. */
  child?: SitemapProbe;
}

export interface SitemapArtifact {
  /** Sitemap URLs listed in robots.txt (all of them; only the first few are fetched). */
  robotsListed: string[];
  candidates: SitemapProbe[];
  /** The page looked like WordPress, so /wp-sitemap.xml was tried too. */
  wordpress: boolean;
}

function looksLikeWordPress(page: FetchResult): boolean {
  return /\/wp-(content|includes)\/|api\.w\.org/i.test(page.text.slice(0, 500_000)) || /api\.w\.org/i.test(page.headers.link ?? '');
}

async function probeSitemap(ctx: GatherContext, url: string, source: SitemapProbe['source'], followIndex: boolean): Promise<SitemapProbe> {
  const probe = await ctx.fetch(url, { accept: SITEMAP_ACCEPT, maxBytes: SITEMAP_MAX_BYTES });
  const parsed = isOk(probe) ? parseSitemap(probe.body, { truncated: probe.truncated }) : null;
  const out: SitemapProbe = { url: ctx.resolve(url), source, probe, parsed };
  // Follow one child of an index, once (no recursion into nested indexes).
  const first = parsed?.sample.find(absoluteHttp);
  if (followIndex && parsed?.kind === 'sitemapindex' && first && parsed.fatal === null) {
    out.child = await probeSitemap(ctx, first, 'index-child', false);
  }
  return out;
}

/** A usable sitemap: valid, and for an index, a valid first child. */
export function sitemapUsable(c: SitemapProbe): boolean {
  if (!isValidSitemap(c.parsed)) return false;
  if (c.parsed!.kind === 'sitemapindex') return !!c.child && isValidSitemap(c.child.parsed) && c.child.parsed!.kind !== 'sitemapindex';
  return true;
}

/**
 * Robots-listed sitemaps (up to 5), else the fallbacks. Fallbacks are fetched together (a site that
 * hangs on unknown paths would otherwise cost one timeout per path) and judged in the anchor's order;
 * only the index that is about to be chosen has its first child fetched.
 */
export function gatherSitemaps(ctx: GatherContext): Promise<SitemapArtifact> {
  return ctx.memo('sitemap', async () => {
    const robots = await ctx.robots();
    const robotsListed = robots.sitemaps;
    const candidates = await Promise.all(robotsListed.slice(0, MAX_ROBOTS_SITEMAPS).map((u) => probeSitemap(ctx, u, 'robots', true)));
    const wordpress = looksLikeWordPress(ctx.page());
    if (!candidates.some(sitemapUsable)) {
      const tried = new Set(candidates.map((c) => c.url));
      const fallbacks: Array<[string, SitemapProbe['source']]> = SITEMAP_FALLBACKS.map((p): [string, SitemapProbe['source']] => [p, 'fallback']);
      if (wordpress) fallbacks.push([WORDPRESS_SITEMAP, 'platform']);
      const fetched = await Promise.all(
        fallbacks.filter(([path]) => !tried.has(ctx.resolve(path))).map(([path, source]) => probeSitemap(ctx, path, source, false)),
      );
      for (const c of fetched) {
        if (c.parsed?.kind === 'sitemapindex' && isValidSitemap(c.parsed)) {
          c.child = await probeSitemap(ctx, c.parsed.sample[0], 'index-child', false);
        }
        candidates.push(c);
        if (sitemapUsable(c)) break;
      }
    }
    return { robotsListed, candidates, wordpress };
  });
}
