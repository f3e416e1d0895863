/**
 * llms.txt and llms-full.txt (llmstxt.org): where to look, how to read one, and a bounded check of
 * its links. Shared through `ctx.memo('llms:<file>')` so D4, D5 and any later check reuse the
 * same probes.
 */
import type { FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import { bodyLooksLikeHtml, isOk } from './classify.js';
import { checkLinks, type LinkProbe } from './link-check.js';

export const LLMS_ACCEPT = 'text/markdown, text/plain;q=0.9, */*;q=0.1';
/** Read cap (catalog §2: llms.txt 2 MiB read, size reported). */
export const LLMS_MAX_BYTES = 2 * 1024 * 1024;
/** How llms.txt files are requested (shared with the prefetch of chain starts). */
export const LLMS_OPTIONS = { accept: LLMS_ACCEPT, maxBytes: LLMS_MAX_BYTES };
/** Same-origin links of llms.txt checked, at most. */
export const LLMS_MAX_LINK_CHECKS = 10;

export interface LlmsLink {
  name: string;
  url: string;
  notes?: string;
  /** The H2 section the link is listed under, or null before the first H2. */
  section: string | null;
}

export interface LlmsDoc {
  chars: number;
  h1: string | null;
  /** The H1 is the first non-blank line, as the format asks. */
  h1First: boolean;
  blockquote: boolean;
  sections: Array<{ title: string; links: number }>;
  /** Every Markdown link (images excluded), list items or not. */
  links: LlmsLink[];
  hasOptional: boolean;
  /** List items under an H2 that are a bare URL, not a `[name](url)` link (the reference parser reads no link there). */
  bareUrls: number;
  /** Link items whose notes follow a dash (`— notes`, `- notes`) instead of `:` (the reference parser drops those notes). */
  dashNotes: number;
  /**
   * List-item links under a heading of another level (a second H1, H3-H6) before any H2: sections
   * agent-docs-spec accepts at any level, llmstxt.org and its reference parser do not.
   */
  otherLevelLinks: number;
}

const LINK_RE = /(?<!!)\[([^\]\n]{0,500})\]\(\s*<?([^)\s>]{1,2000})>?(?:\s+"[^"]*")?\s*\)/g;
const MAX_LINKS = 5000;

/** Pure: the structure of an llms.txt body. */
export function parseLlmsTxt(text: string): LlmsDoc {
  const body = text.replace(/^\uFEFF/, '');
  const lines = body.split(/\r\n|\r|\n/);
  let h1: string | null = null;
  let h1First = false;
  let firstContentSeen = false;
  let blockquote = false;
  let inFence = false;
  let section: string | null = null;
  const sections: LlmsDoc['sections'] = [];
  const links: LlmsLink[] = [];
  let bareUrls = 0;
  let dashNotes = 0;
  let otherLevelLinks = 0;
  /** Level of the last heading other than the title H1 (null before any). */
  let lastLevel: number | null = null;
  for (const line of lines) {
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      inFence = !inFence;
      firstContentSeen = true;
      continue;
    }
    if (inFence) continue;
    const trimmed = line.trim();
    if (!trimmed) continue;
    const h = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const isTitle = !!h && h[1].length === 1 && h1 === null;
    if (h && !isTitle) lastLevel = h[1].length;
    if (isTitle) {
      h1 = h![2];
      h1First = !firstContentSeen;
    } else if (h && h[1].length === 2) {
      section = h[2];
      sections.push({ title: section, links: 0 });
    } else if (/^\s{0,3}>/.test(line) && sections.length === 0) {
      blockquote = true;
    }
    firstContentSeen = true;
    if (links.length >= MAX_LINKS) continue;
    const isItem = /^\s*[-*+]\s+/.test(line) || /^\s*\d+[.)]\s+/.test(line);
    LINK_RE.lastIndex = 0;
    // A list item naming a URL without a [name](url) link ("- https://…", "- Docs: https://…").
    if (isItem && sections.length && /https?:\/\/\S/.test(line) && !LINK_RE.test(line)) bareUrls++;
    LINK_RE.lastIndex = 0;
    for (let m = LINK_RE.exec(line); m && links.length < MAX_LINKS; m = LINK_RE.exec(line)) {
      const after = line.slice(m.index + m[0].length);
      const notes = isItem ? /^\s*:\s*(.+)$/.exec(after)?.[1]?.trim() : undefined;
      if (isItem && !notes && /^\s*[—–-]\s*\S/.test(after)) dashNotes++;
      links.push({ name: m[1], url: m[2], section, ...(notes ? { notes } : {}) });
      if (isItem && sections.length) sections[sections.length - 1].links++;
      else if (isItem && lastLevel !== null && lastLevel !== 2) otherLevelLinks++;
    }
  }
  return {
    chars: body.length,
    h1,
    h1First,
    blockquote,
    sections,
    links,
    hasOptional: sections.some((s) => s.title.trim().toLowerCase() === 'optional'),
    bareUrls,
    dashNotes,
    otherLevelLinks,
  };
}

export type LlmsFileState =
  /** A text document came back. */
  | 'document'
  /** Markdown served as text/html (agents may treat it as a web page). */
  | 'html-typed'
  /** 2xx with an empty body. */
  | 'empty'
  /** 2xx HTML page where Markdown was expected (often a catch-all "not found"). */
  | 'soft-404'
  /** 4xx/5xx or no answer. */
  | 'absent';

export function llmsFileState(p: FetchResult): LlmsFileState {
  if (!isOk(p)) return 'absent';
  const text = p.text.replace(/^\uFEFF/, '');
  if (bodyLooksLikeHtml(text)) return 'soft-404';
  if (!text.trim()) return 'empty';
  if (p.contentType === 'text/html' || p.contentType === 'application/xhtml+xml') {
    // An HTML-typed body that is not HTML: Markdown if it starts like Markdown, else a catch-all.
    return /^\s*#\s/.test(text) || /^\s*>\s/.test(text) ? 'html-typed' : 'soft-404';
  }
  return 'document';
}

/**
 * agent-docs-spec (v0.4.0, "Location Discovery") also looks at `{base_url}/llms.txt` (the URL given,
 * as a directory: /docs → /docs/llms.txt) and `{origin}/docs/llms.txt`, the common docs subpath
 * (Claude Code's docs live only there). Asked for llms.txt only, and only when the page directory
 * and the root hold none, so a site with /llms.txt costs no extra request.
 */
export function llmsFallbackPaths(pageUrl: URL, file: string): string[] {
  if (file !== 'llms.txt') return [];
  const path = pageUrl.pathname;
  const last = path.slice(path.lastIndexOf('/') + 1);
  const asDir = path !== '/' && !path.endsWith('/') && !last.includes('.') ? [`${path}/${file}`] : [];
  return [...new Set([...asDir, `/docs/${file}`])];
}

/** Paths to try, most specific first: the page's directory (e.g. /docs/), then the root. */
export function llmsCandidatePaths(pageUrl: URL, file: string): string[] {
  const dir = pageUrl.pathname.slice(0, pageUrl.pathname.lastIndexOf('/') + 1) || '/';
  const root = `/${file}`;
  return dir === '/' ? [root] : [`${dir}${file}`, root];
}

export interface LlmsCandidate {
  path: string;
  probe: FetchResult;
  state: LlmsFileState;
  /** Parsed when the state is document or html-typed. */
  doc: LlmsDoc | null;
}

export interface LlmsArtifact {
  file: string;
  candidates: LlmsCandidate[];
  /** The candidate the verdict is about: the first readable one, else the root probe. */
  chosen: LlmsCandidate;
  /** Bounded check of the chosen file's same-origin links (llms.txt only). */
  linkChecks: LinkProbe[];
  /** Same-origin links that were not checked (over the bound). */
  uncheckedLinks: number;
}

const READABLE: LlmsFileState[] = ['document', 'html-typed'];

/** Fetches `file` (llms.txt / llms-full.txt) at the page's directory and at the root (memoised per file). */
export function gatherLlms(ctx: GatherContext, file: 'llms.txt' | 'llms-full.txt'): Promise<LlmsArtifact> {
  return ctx.memo(`llms:${file}`, async () => {
    const probe = (paths: string[]): Promise<LlmsCandidate[]> =>
      Promise.all(
        paths.map(async (path) => {
          const res = await ctx.fetch(path, LLMS_OPTIONS);
          const state = llmsFileState(res);
          return { path, probe: res, state, doc: READABLE.includes(state) ? parseLlmsTxt(res.text) : null };
        }),
      );
    const paths = llmsCandidatePaths(ctx.pageUrl, file);
    const candidates = await probe(paths);
    // agent-docs-spec's further locations, asked only when the usual ones hold no file.
    if (!candidates.some((c) => c.state === 'document')) {
      const more = llmsFallbackPaths(ctx.pageUrl, file).filter((p) => !paths.includes(p));
      if (more.length) candidates.push(...(await probe(more)));
    }
    const root = candidates.find((c) => c.path === `/${file}`) ?? candidates[candidates.length - 1];
    const chosen = candidates.find((c) => c.state === 'document') ?? candidates.find((c) => READABLE.includes(c.state)) ?? candidates.find((c) => c.state === 'empty') ?? root;
    let linkChecks: LinkProbe[] = [];
    let uncheckedLinks = 0;
    // llms.txt is an index, so its links are worth a bounded check; llms-full.txt is content.
    if (file === 'llms.txt' && chosen.doc) {
      const base = chosen.probe.url;
      const sameOrigin = [
        ...new Set(
          chosen.doc.links
            .map((l) => {
              try {
                return new URL(l.url, base);
              } catch {
                return null;
              }
            })
            .filter((u): u is URL => !!u && u.origin === ctx.origin && (u.protocol === 'http:' || u.protocol === 'https:'))
            .map((u) => (u.hash = '', u.href)),
        ),
      ];
      linkChecks = await checkLinks(ctx, sameOrigin, LLMS_MAX_LINK_CHECKS);
      uncheckedLinks = Math.max(0, sameOrigin.length - linkChecks.length);
    }
    return { file, candidates, chosen, linkChecks, uncheckedLinks };
  });
}
