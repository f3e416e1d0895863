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

/** Where the Markdown twin of a page lives by convention: `/` → `/index.md`, `/a/` → `/a/index.md`, `/a` → `/a.md`. */
export function markdownTwinPath(pathname: string): string | null {
  if (/\.md$/i.test(pathname)) return null;
  if (pathname.endsWith('/')) return `${pathname}index.md`;
  // llmstxt.org: "page.html" → "page.html.md".
  return `${pathname}.md`;
}

/** Normalised text for "does the Markdown mention the page's title" comparisons. */
export function normaliseForMatch(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}
