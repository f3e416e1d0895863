/**
 * The little Markdown our own remediation texts and fix-guide bodies use, as HTML: `code` spans,
 * **bold**, [text](https://…) links, bare http(s) URLs as links, and line breaks. Everything is
 * escaped first; the only tags that can come out are <code>, <strong>, <a href> (http/https
 * only, rel=noopener) and <br>. Text from a scanned site may be quoted in these strings: it
 * stays text.
 */
import { escapeHtml as e, safeHref } from './sanitize.js';

const LINK = /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]{1,2000})\)|(https?:\/\/[^\s<>()"'`]{1,2000}[^\s<>()"'`.,;:!?])|\*\*([^*\n]{1,400})\*\*/g;

function anchor(href: string, text: string): string {
  const safe = safeHref(href);
  return safe ? `<a href="${e(safe)}" rel="noopener noreferrer nofollow">${e(text)}</a>` : e(text);
}

/** Links, bold and plain text of a stretch without code spans. */
function prose(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    out += e(text.slice(last, m.index));
    if (m[1] !== undefined) out += anchor(m[2], m[1]);
    else if (m[3] !== undefined) out += anchor(m[3], m[3]);
    else out += `<strong>${e(m[4])}</strong>`;
    last = m.index + m[0].length;
  }
  return (out + e(text.slice(last))).replace(/\r?\n/g, '<br>');
}

/** Renders inline Markdown as safe HTML (see the module comment). */
export function inlineMarkdownHtml(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('`', i);
    if (open < 0) break;
    // A code span closes with a run of the same length (CommonMark); an unclosed run is text.
    const run = /^`+/.exec(text.slice(open))![0];
    const close = text.indexOf(run, open + run.length);
    if (close < 0) {
      out += prose(text.slice(i, open + run.length));
      i = open + run.length;
      continue;
    }
    out += prose(text.slice(i, open)) + `<code>${e(text.slice(open + run.length, close).trim() || text.slice(open + run.length, close))}</code>`;
    i = close + run.length;
  }
  return out + prose(text.slice(i));
}
