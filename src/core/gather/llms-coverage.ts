/**
 * Which pages listed in llms.txt an llms-full.txt holds. A page counts as held when the full text
 * carries its title in a heading, or its URL path (absolute or relative, with or without .md/.html) on
 * a line that is not itself a `- [name](url)` list link: generators write each page under its
 * title, often with a "Source: <url>" line, while a copy of the index only repeats the links.
 * Linear in the text: headings and URLs are collected once, then looked up.
 */
import type { LlmsLink } from './llms-txt.js';

/** Bounds the work on hostile inputs. */
export const MAX_COVERAGE_LINKS = 200;
const MAX_HEADINGS = 20_000;
const MAX_URL_KEYS = 50_000;
const MIN_TITLE_CHARS = 3;

export interface LlmsCoverage {
  /** Distinct pages llms.txt lists (by URL; llms*.txt files and machine resources left out), at most MAX_COVERAGE_LINKS. */
  listed: number;
  held: number;
  /** Titles (or URLs) of listed pages not found, at most 5. */
  missing: string[];
}

const LIST_LINK_LINE = /^\s*(?:[-*+]|\d+[.)])\s+\[/;
const HEADING_LINE = /^\s{0,3}#{1,6}\s+(.*)$/;
const URL_TOKEN = /(?:https?:\/\/|(?<![\w.])\/)[^\s<>"'`)\]]+/gi;

function normText(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A comparable key for a URL path: lower-case, no query or fragment, no extension, no trailing slash or /index. */
function pathKey(path: string): string {
  let p = path;
  try {
    p = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: compare as written.
  }
  return p
    .toLowerCase()
    .replace(/[?#].*$/, '')
    .replace(/\.(?:md|markdown|html?|txt|mdx)$/, '')
    .replace(/\/index$/, '')
    .replace(/\/+$/, '');
}

/** The key of a listed link, resolved against the llms.txt URL (at most MAX_COVERAGE_LINKS of them). */
function pathOnlyKey(raw: string, base: string): string | null {
  try {
    const key = pathKey(new URL(raw.replace(/[.,;:]+$/, ''), base).pathname);
    return key || null;
  } catch {
    return null;
  }
}

/** The key of a URL token of the full text (absolute, or a path from the root), without a URL parse per token. */
function tokenKey(token: string): string | null {
  const t = token.replace(/[.,;:]+$/, '');
  const path = t.startsWith('/') ? t : (/^https?:\/\/[^/?#]*(.*)$/i.exec(t)?.[1] ?? '');
  return pathKey(path) || null;
}

/**
 * Links that are not pages whose text llms-full.txt could hold: the llms*.txt files themselves, and
 * machine resources (API routes under /api/, /.well-known/ documents, JSON/YAML/XML and binary
 * files). agent-docs-spec's coverage counts "doc pages" too, leaving non-doc pages out.
 */
function isNotAPage(url: string, base: string): boolean {
  try {
    const path = new URL(url, base).pathname.toLowerCase();
    return (
      /\/llms(?:-[\w-]+)?\.txt$/.test(path) ||
      /^\/(?:api|\.well-known)(?:\/|$)/.test(path) ||
      /\.(?:json|ya?ml|xml|zip|gz|tgz|pdf|png|jpe?g|gif|svg|webp|ico|csv|wasm)$/.test(path)
    );
  } catch {
    return false;
  }
}

/** Pure: how many distinct pages of `links` (by URL) `fullText` holds. */
export function llmsCoverage(links: readonly LlmsLink[], fullText: string, base: string): LlmsCoverage {
  const pages = new Map<string, LlmsLink>();
  for (const l of links) if (!pages.has(l.url) && !isNotAPage(l.url, base) && pages.size < MAX_COVERAGE_LINKS) pages.set(l.url, l);
  const headings: string[] = [];
  const pathKeys = new Set<string>();
  for (const line of fullText.split(/\r\n|\r|\n/)) {
    const h = HEADING_LINE.exec(line);
    if (h && headings.length < MAX_HEADINGS) headings.push(normText(h[1]));
    if (LIST_LINK_LINE.test(line) || pathKeys.size >= MAX_URL_KEYS) continue;
    for (const m of line.matchAll(URL_TOKEN)) {
      const pk = tokenKey(m[0]);
      if (pk) pathKeys.add(pk);
    }
  }
  // One string to search: titles hold no newline, so a match never spans two headings.
  const headingText = `\n${headings.join('\n')}\n`;
  let held = 0;
  const missing: string[] = [];
  for (const l of pages.values()) {
    const title = normText(l.name);
    const byTitle = title.length >= MIN_TITLE_CHARS && headingText.includes(title);
    // By path: generators often write the production URL while llms.txt is served elsewhere, or the reverse.
    const pk = pathOnlyKey(l.url, base);
    const byUrl = !!pk && pathKeys.has(pk);
    if (byTitle || byUrl) held++;
    else if (missing.length < 5) missing.push(l.name.trim() || l.url);
  }
  return { listed: pages.size, held, missing };
}
