/**
 * Signs that a Markdown response is one page of several (agent-docs-spec 0.6.0
 * `single-fetch-completeness`): "N of M" phrasing ("Showing 1-100 of 102", "Page 1 of 3"), a link
 * whose target carries a pagination parameter (`?page=`, `?offset=`, `?cursor=`), a link whose
 * text says "next page", and a `Link: rel="next"` response header. It errs toward missing a
 * pagination rather than reading navigation as one: a bare "Next" link (the next chapter) does not
 * count. The continuation found is reported with where it is declared (the top: within the first
 * 10% of the content, at least 1,000 and at most 5,000 characters, as afdocs reads "at the top")
 * and whether its URL is absolute. The Markdown is the site's: bounded, linear scans only.
 */
import { parseLinkHeader } from './link-header.js';

export interface PaginationSignals {
  /** What was seen, e.g. `"Showing 1-100 of 102"`, `link ?page=2`, `Link: rel="next"`. */
  signals: string[];
  /** The continuation an agent would follow, as written, or null when none is given. */
  continuation: string | null;
  /** Where the continuation is declared. */
  declaredIn: 'top' | 'bottom' | 'header' | null;
  continuationAbsolute: boolean;
}

const MAX_CHARS = 2_000_000;
const N_OF_M = /\b(?:showing|displaying|page|entries|items|results)\s+\d[\d,]*(?:\s*[-–]\s*\d[\d,]*)?\s+of\s+\d[\d,]*\b/i;
const PAGED_TARGET = /[?&](?:page|offset|cursor|page_token|pageToken)=[^&#\s)]*/i;
const LINK = /\[([^\]\n]{0,80})\]\(\s*<?([^\s()<>]+)>?/g;
const NEXT_TEXT = /^\s*(?:next\s+page|next\s+\d+(?:\s+\w+)?|more\s+results|load\s+more|show\s+more)\s*[»›→>]*\s*$/i;

export function topLimit(length: number): number {
  return Math.min(5_000, Math.max(1_000, Math.floor(length * 0.1)));
}

export function paginationSignals(markdown: string, headers: Record<string, string>, url: string): PaginationSignals | null {
  const text = markdown.slice(0, MAX_CHARS);
  const signals: string[] = [];
  const nOfM = N_OF_M.exec(text);
  if (nOfM) signals.push(`"${nOfM[0]}"`);
  let continuation: { target: string; at: number } | null = null;
  for (const m of text.matchAll(LINK)) {
    const [, label, target] = m;
    const paged = PAGED_TARGET.exec(target);
    if (paged || NEXT_TEXT.test(label)) {
      signals.push(paged ? `link ${paged[0].replace(/^&/, '?')}` : `link "${label.trim()}"`);
      continuation ??= { target, at: m.index ?? 0 };
      if (signals.length > 5) break;
    }
  }
  const nextHeader = parseLinkHeader(headers.link, url).find((l) => l.rels.includes('next') && l.target);
  if (nextHeader) signals.push('Link: rel="next"');
  if (!signals.length) return null;
  if (continuation) {
    return {
      signals,
      continuation: continuation.target,
      declaredIn: continuation.at <= topLimit(text.length) ? 'top' : 'bottom',
      continuationAbsolute: /^[a-z][a-z0-9+.-]*:/i.test(continuation.target),
    };
  }
  if (nextHeader) return { signals, continuation: nextHeader.target!, declaredIn: 'header', continuationAbsolute: true };
  return { signals, continuation: null, declaredIn: null, continuationAbsolute: false };
}
