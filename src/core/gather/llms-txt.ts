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
/** How llms.txt files are requested (one constant for the gather and the declared request). */
export const LLMS_OPTIONS = { accept: LLMS_ACCEPT, maxBytes: LLMS_MAX_BYTES };
/** The root /llms.txt, the first candidate gatherLlms asks for (declared by the checks that read it). */
export const LLMS_TXT_REQUEST = { path: '/llms.txt', options: LLMS_OPTIONS };
/** The root /llms-full.txt, likewise the first candidate of its file. */
export const LLMS_FULL_TXT_REQUEST = { path: '/llms-full.txt', options: LLMS_OPTIONS };
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
  /** List items under an H2 that are a bare URL or site path, not a `[name](url)` link (the reference parser reads no link there). */
  bareUrls: number;
  /** Link items whose notes follow a dash (`— notes`, `- notes`) instead of `:` (the reference parser drops those notes). */
  dashNotes: number;
  /**
   * List-item links under a heading of another level (a second H1, H3-H6) before any H2: sections
   * agent-docs-spec accepts at any level, llmstxt.org and its reference parser do not.
   */
  otherLevelLinks: number;
  /**
   * Non-blank lines inside the H2-delimited part (split as the llmstxt.org reference parser splits,
   * llms_txt core.py parse_llms_file at d65b4d0) that are neither a file-list item as v2 describes it
   * (a list item opening with `[name](url)`) nor a line the reference parser reads as a link: prose,
   * `key: value` bullets, bare URLs or paths. The parser raises on the first one and reads nothing.
   */
  offFormatLines: number;
  /** The first such line (trimmed, at most 80 characters), for the evidence. */
  offFormatExample: string | null;
  /** File-list items the text allows but the reference parser raises on (`* [a](b)`, `1. [a](b)`: it wants `-`). */
  parserOnlyLines: number;
}

const LINK_RE = /(?<!!)\[([^\]\n]{0,500})\]\(\s*<?([^)\s>]{1,2000})>?(?:\s+"[^"]*")?\s*\)/g;
const MAX_LINKS = 5000;
/** What the reference parser's parse_link accepts on a section line (re.search, so anywhere in the line). */
const REF_LINK_RE = /-\s*\[[^\]]+\]\([^)]+\)/;
/** A file-list item as llmstxt.org v2 describes it: a Markdown list item opening with a `[name](url)` hyperlink. */
const FILE_LIST_ITEM_RE = /^\s*(?:[-*+]|\d+[.)])\s+\[[^\]]+\]\([^)]+\)/;
/** The reference parser splits sections on `^##\s*(.*?$)`, which also matches `###` lines. */
const REF_SECTION_RE = /^##/;
/** A list item naming a site path without a link ("- Docs: /docs/intro", "- /pricing"). */
const BARE_PATH_RE = /(?:^|\s)\/[\w~.%-][^\s]*/;

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
  let offFormatLines = 0;
  let offFormatExample: string | null = null;
  let parserOnlyLines = 0;
  let inRefSections = false;
  /** Level of the last heading other than the title H1 (null before any). */
  let lastLevel: number | null = null;
  for (const line of lines) {
    // The reference parser ignores fences and Markdown structure: mirror it line by line first.
    if (REF_SECTION_RE.test(line)) inRefSections = true;
    else if (inRefSections && line.trim()) {
      const item = FILE_LIST_ITEM_RE.test(line);
      const parsed = REF_LINK_RE.test(line);
      if (!item && !parsed) {
        offFormatLines++;
        offFormatExample ??= line.trim().slice(0, 80);
      } else if (item && !parsed) parserOnlyLines++;
    }
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
    // A list item naming a URL or a site path without a [name](url) link ("- https://…", "- Docs: /docs").
    if (isItem && sections.length && !LINK_RE.test(line) && (/https?:\/\/\S/.test(line) || BARE_PATH_RE.test(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ' '))))
      bareUrls++;
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
    offFormatLines,
    offFormatExample,
    parserOnlyLines,
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

/** Directory levels above the page asked for an llms.txt, at most (the root is always asked). */
export const LLMS_MAX_SCOPE_DEPTH = 4;

/**
 * Paths to try, most specific first: every directory from the page's own up to the root.
 * llmstxt.org v2 (nbs/index.qmd at 61bbcf99): "A file covers the URLs under its path, and where
 * more than one file applies, agents should use the most specific one."
 */
export function llmsCandidatePaths(pageUrl: URL, file: string): string[] {
  const dir = pageUrl.pathname.slice(0, pageUrl.pathname.lastIndexOf('/') + 1) || '/';
  const parts = dir.split('/').filter(Boolean);
  const dirs: string[] = [];
  for (let n = parts.length; n > 0 && dirs.length < LLMS_MAX_SCOPE_DEPTH; n--) dirs.push(`/${parts.slice(0, n).join('/')}/`);
  return [...dirs.map((d) => `${d}${file}`), `/${file}`];
}

/** Whether the llms.txt at `llmsPath` covers the page at `pagePath` (v2: "covers the URLs under its path"). */
export function llmsCovers(llmsPath: string, pagePath: string): boolean {
  const dir = llmsPath.slice(0, llmsPath.lastIndexOf('/') + 1) || '/';
  return pagePath.startsWith(dir);
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
  /** The candidate the verdict is about: the most specific readable one, else the root probe. */
  chosen: LlmsCandidate;
  /** Bounded check of the chosen file's same-origin links (llms.txt only). */
  linkChecks: LinkProbe[];
  /** Same-origin links that were not checked (over the bound). */
  uncheckedLinks: number;
}

const READABLE: LlmsFileState[] = ['document', 'html-typed'];

/**
 * Fetches `file` (llms.txt / llms-full.txt) in every directory from the page's up to the root
 * (memoised per file); the most specific readable one is chosen.
 */
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
    const chosen =
      candidates.find((c) => c.state === 'document') ??
      candidates.find((c) => READABLE.includes(c.state)) ??
      candidates.find((c) => c.state === 'empty') ??
      root;
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
            .map((u) => ((u.hash = ''), u.href)),
        ),
      ];
      linkChecks = await checkLinks(ctx, sameOrigin, LLMS_MAX_LINK_CHECKS);
      uncheckedLinks = Math.max(0, sameOrigin.length - linkChecks.length);
    }
    return { file, candidates, chosen, linkChecks, uncheckedLinks };
  });
}

/** Whether a link target is an llms.txt file (what llms.txt v2's rel="describedby" points to). */
export function isLlmsTxtUrl(target: string): boolean {
  try {
    return /\/llms\.txt$/i.test(new URL(target).pathname);
  } catch {
    return false;
  }
}

/** A rel="describedby" link to an llms.txt that is not the one covering the page (paths of this origin). */
export type DescribedbyScope =
  /** `target` does not cover `page`. */
  | { kind: 'not-covering'; target: string; page: string }
  /** `target` covers `page`, but `specific` does too and is more specific. */
  | { kind: 'less-specific'; target: string; page: string; specific: string };

/**
 * What is wrong, if anything, with a rel="describedby" link from `page` to the llms.txt at `target`
 * (llmstxt.org v2: it "points to the llms.txt file that covers" the page; a file covers the URLs
 * under its path and the most specific applies). `chosen` is the most specific readable llms.txt the
 * scan found for the page. Null when the link is right or names another origin's file.
 */
export function describedbyLlmsProblem(target: string, page: URL, chosen: LlmsCandidate | null): DescribedbyScope | null {
  const t = new URL(target);
  if (t.origin !== page.origin || !isLlmsTxtUrl(target)) return null;
  if (!llmsCovers(t.pathname, page.pathname)) return { kind: 'not-covering', target: t.pathname, page: page.pathname };
  if (chosen?.state === 'document' && chosen.path !== t.pathname && chosen.path.length > t.pathname.length && llmsCovers(chosen.path, page.pathname))
    return { kind: 'less-specific', target: t.pathname, page: page.pathname, specific: chosen.path };
  return null;
}
