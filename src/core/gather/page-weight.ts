/**
 * What a page costs an agent beyond its text (agent-docs-spec 0.6.0):
 * - `page-size-transfer`: the served size of the HTML document, decoded (decompressed), scripts,
 *   styles and inline data included; pass under 1,000,000 bytes, warn to 10,000,000, fail above.
 *   The page fetch stops reading at its cap (2 MiB), so past it the size is "at least" the cap,
 *   or the Content-Length the server declared when the body is not compressed.
 * - `embedded-data-serialization`: machine-generated bulk (tables of many uniform rows, JSON
 *   blobs in <pre>/<code>, base64 runs) that dominates (over half of) the page's text, on a page
 *   whose text lands in the size checks' warn band (50,000-100,000 characters) or above it.
 *   The spec measures the page converted to Markdown; this reads the text of the HTML (scripts,
 *   styles and templates left out), its nearest measure without a converter: a table's text is
 *   counted with one separator per cell, as a pipe table would have.
 * Bounded: the DOM walk is iterative and stops counting past MAX_TEXT characters.
 */
import type { CheerioAPI } from 'cheerio';
import type { FetchResult } from '../net/http.js';

export const TRANSFER_PASS_BYTES = 1_000_000;
export const TRANSFER_FAIL_BYTES = 10_000_000;
export const SIZE_WARN_CHARS = 50_000;
export const SIZE_FAIL_CHARS = 100_000;
/** afdocs' defaults for "bulk" (the spec leaves them to calibration). */
export const BULK_TABLE_ROWS = 20;
export const BULK_BLOB_CHARS = 2_000;
const UNIFORM_SHARE = 0.8;
const MAX_TEXT = 4_000_000;

export interface ServedSize {
  /** Decoded bytes read, or the declared length when the read stopped at the cap. */
  bytes: number;
  /** The read stopped at the fetch cap: the document is at least `bytes` long. */
  atLeast: boolean;
  band: 'pass' | 'warn' | 'fail';
}

export function servedSize(page: FetchResult): ServedSize {
  const read = page.body.length;
  const declared = Number(page.headers['content-length']);
  // Content-Length counts the encoded bytes; it is the decoded size only without Content-Encoding.
  const plain = !page.headers['content-encoding'] || page.headers['content-encoding'].trim().toLowerCase() === 'identity';
  const bytes = page.truncated && plain && Number.isFinite(declared) && declared > read ? declared : read;
  const atLeast = page.truncated && bytes === read;
  return { bytes, atLeast, band: bytes > TRANSFER_FAIL_BYTES ? 'fail' : bytes >= TRANSFER_PASS_BYTES ? 'warn' : 'pass' };
}

export interface BulkElement {
  kind: 'table' | 'json' | 'base64';
  chars: number;
  /** Table rows, for a table. */
  rows?: number;
}

export interface BulkData {
  /** Characters of text on the page (the converted-content proxy). */
  textChars: number;
  bulkChars: number;
  elements: BulkElement[];
  band: 'pass' | 'warn' | 'fail';
}

interface AnyNode {
  type: string;
  data?: string;
  name?: string;
  children?: AnyNode[];
}
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object', 'canvas']);
/** A run of base64 characters; each match consumes its whole run, so the scan stays linear. */
const BASE64_RUN = /[A-Za-z0-9+/]+={0,2}/g;

/**
 * The text of a subtree outside scripts and styles (iterative: a hostile page nests deeply) and its
 * length with one separator per table cell. Stops collecting past `cap` characters.
 */
function collectText(root: AnyNode, cap: number): { text: string; length: number } {
  const parts: string[] = [];
  let length = 0;
  const stack: AnyNode[] = [root];
  while (stack.length && length < cap) {
    const node = stack.pop()!;
    if (node.type === 'text') {
      const t = (node.data ?? '').replace(/\s+/g, ' ');
      parts.push(t);
      length += t.length;
    } else if (node.type === 'tag' || node.type === 'root') {
      if (node.name && SKIP.has(node.name)) continue;
      if (node.name === 'td' || node.name === 'th') length += 3;
      for (let i = (node.children ?? []).length - 1; i >= 0; i--) stack.push(node.children![i]);
    }
  }
  return { text: parts.join(''), length };
}

function looksLikeJson(text: string): boolean {
  const t = text.trim();
  return (t.startsWith('{') || t.startsWith('[')) && (t.match(/"[^"\n]{1,80}"\s*:/g)?.length ?? 0) >= t.length / 150;
}

export function bulkData($: CheerioAPI): BulkData {
  const body = $('body').get(0) as AnyNode | undefined;
  const page = body ? collectText(body, MAX_TEXT) : { text: '', length: 0 };
  const textChars = page.length;
  const elements: BulkElement[] = [];
  $('table').each((_, el) => {
    if ($(el).parents('table').length) return; // a nested table is counted with its outer one
    const rows = $(el).find('tr').toArray();
    if (rows.length < BULK_TABLE_ROWS) return;
    const widths = rows.map((r) => $(r).children('td, th').length);
    const counts = new Map<number, number>();
    for (const w of widths) counts.set(w, (counts.get(w) ?? 0) + 1);
    const modal = Math.max(...counts.values());
    if (modal / rows.length < UNIFORM_SHARE) return;
    elements.push({ kind: 'table', rows: rows.length, chars: collectText(el as AnyNode, MAX_TEXT).length });
  });
  $('pre').each((_, el) => {
    const text = $(el).text();
    if (text.length >= BULK_BLOB_CHARS && looksLikeJson(text)) elements.push({ kind: 'json', chars: text.length });
  });
  for (const m of page.text.matchAll(BASE64_RUN)) if (m[0].length >= BULK_BLOB_CHARS) elements.push({ kind: 'base64', chars: m[0].length });
  const bulkChars = Math.min(
    textChars,
    elements.reduce((s, e) => s + e.chars, 0),
  );
  const dominant = textChars > 0 && bulkChars / textChars > 0.5;
  const band = !dominant || textChars < SIZE_WARN_CHARS ? 'pass' : textChars > SIZE_FAIL_CHARS ? 'fail' : 'warn';
  return { textChars, bulkChars, elements, band };
}
