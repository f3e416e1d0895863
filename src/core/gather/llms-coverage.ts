/**
 * Which pages listed in llms.txt an llms-full.txt holds. A page counts as held when the full
 * text names its title or its URL (absolute, path, or path without .md/.html): generators
 * write each page under its title, often with a "Source: <url>" line.
 */
import type { LlmsLink } from './llms-txt.js';

/** Bounds the work on hostile inputs; the caller only judges small files. */
export const MAX_COVERAGE_LINKS = 200;
const MIN_TITLE_CHARS = 3;

export interface LlmsCoverage {
  listed: number;
  held: number;
  /** Titles (or URLs) of listed pages not found, at most 5. */
  missing: string[];
}

function urlForms(url: string, base: string): string[] {
  const forms = [url];
  try {
    const u = new URL(url, base);
    forms.push(u.href);
    const path = u.pathname;
    if (path.length > 1) forms.push(path, path.replace(/\/$/, ''), path.replace(/\.(md|markdown|html?|txt)$/i, ''));
  } catch {
    // Not a URL: the raw form is all there is.
  }
  return [...new Set(forms.filter((f) => f.length > 1))].map((f) => f.toLowerCase());
}

/** Pure: how many distinct pages of `links` (by URL) `fullText` holds. */
export function llmsCoverage(links: readonly LlmsLink[], fullText: string, base: string): LlmsCoverage {
  const text = fullText.toLowerCase();
  const pages = new Map<string, LlmsLink>();
  for (const l of links) if (!pages.has(l.url) && pages.size < MAX_COVERAGE_LINKS) pages.set(l.url, l);
  let held = 0;
  const missing: string[] = [];
  for (const l of pages.values()) {
    const title = l.name.trim().toLowerCase();
    const found = (title.length >= MIN_TITLE_CHARS && text.includes(title)) || urlForms(l.url, base).some((f) => text.includes(f));
    if (found) held++;
    else if (missing.length < 5) missing.push(l.name.trim() || l.url);
  }
  return { listed: pages.size, held, missing };
}
