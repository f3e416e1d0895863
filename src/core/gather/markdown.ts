/**
 * Judging Markdown responses (C1 negotiation, C2 .md URLs): what came back for a request that
 * asked for Markdown, and where a page's Markdown twin would live.
 */
import type { FetchResult } from '../net/http.js';
import { bodyLooksLikeHtml, isOk, nonTextDocument } from './classify.js';

/** R1: exactly what the anchor (isitagentready.com) sends. */
export const ACCEPT_MARKDOWN_ONLY = 'text/markdown';
/** R2: what a real agent that prefers Markdown sends. */
export const ACCEPT_MARKDOWN_PREFERRED = 'text/markdown, text/html;q=0.9, */*;q=0.8';
/** For .md URLs. */
export const ACCEPT_MD_FILE = 'text/markdown, text/plain;q=0.9, */*;q=0.1';

export type MarkdownAnswer =
  /** 2xx text/markdown with a non-HTML, non-empty body. */
  | 'markdown'
  /** A Markdown-looking body under another type (text/plain, text/x-markdown, octet-stream, text/html). */
  | 'markdown-wrong-type'
  /** An HTML document came back. */
  | 'html'
  /** JSON, XML or binary data under a non-Markdown type: not a Markdown body at all. */
  | 'not-markdown'
  | 'empty'
  /** 4xx/5xx or no answer. */
  | 'error';

export function isHtmlType(ct: string | null): boolean {
  return ct === 'text/html' || ct === 'application/xhtml+xml';
}

/** What a response to a Markdown request is. */
export function classifyMarkdown(res: FetchResult): MarkdownAnswer {
  if (!isOk(res)) return 'error';
  const text = res.text.replace(/^\uFEFF/, '');
  if (bodyLooksLikeHtml(text)) return 'html';
  // Markdown may open with inline HTML (`<p align="center">` in READMEs): trust a text/markdown type
  // there, but not an untyped or mistyped fragment.
  if (res.contentType !== 'text/markdown' && /^\s*<(?:!--|div|main|article|section|p|script|meta|link|title)[\s>]/i.test(text)) return 'html';
  if (!text.trim()) return 'empty';
  if (res.contentType === 'text/markdown') return 'markdown';
  if (nonTextDocument(res)) return 'not-markdown';
  // A non-HTML body under text/html is rare but real (misconfigured Markdown routes).
  return 'markdown-wrong-type';
}

/**
 * Where the Markdown twin of a page may live, in the order asked. llmstxt.org v2 (nbs/index.qmd at
 * 61bbcf99): "the same URL as the original page, either with `.md` appended (`page.html.md`) or with
 * the extension replaced by `.md` (`page.md`). (URLs without file names should append `index.html.md`
 * or `index.md` instead.)" `/` → `/index.md`, `/index.html.md`; `/a.html` → `/a.html.md`, `/a.md`;
 * `/a` → `/a.md` (both forms agree).
 */
export function markdownTwinPaths(pathname: string): string[] {
  if (/\.md$/i.test(pathname)) return [];
  if (pathname.endsWith('/')) return [`${pathname}index.md`, `${pathname}index.html.md`];
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  if (dot > 0) return [`${pathname}.md`, `${pathname.slice(0, pathname.length - last.length + dot)}.md`];
  return [`${pathname}.md`];
}

/** The first twin form asked (see markdownTwinPaths). */
export function markdownTwinPath(pathname: string): string | null {
  return markdownTwinPaths(pathname)[0] ?? null;
}

/** Normalised text for "does the Markdown mention the page's title" comparisons. */
export function normaliseForMatch(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
