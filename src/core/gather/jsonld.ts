/**
 * The page's JSON-LD, parsed once per scan and shared by every check that reads structured data
 * (C4 structured data, M6 product markup, ...). Blocks are the top-level objects of each
 * `<script type="application/ld+json">`: arrays are flattened and `@graph` members are lifted (with
 * the container's `@context`) so callers see one flat list of nodes.
 */
import type { CheerioAPI } from 'cheerio';
import type { GatherContext } from './context.js';
import { isObject } from './classify.js';
import { parseJsonBounded } from './nesting.js';

export interface JsonLdResult {
  /** Top-level nodes, arrays flattened and `@graph` members lifted (the graph container dropped). */
  blocks: unknown[];
  /** One message per script element that failed to parse. */
  errors: string[];
  /** Distinct `@type` values of every node (nested ones included), in first-seen order. */
  types: string[];
}

/** More than this many scripts or nodes is not structured data any more, it is an attack. */
const MAX_SCRIPTS = 50;
const MAX_NODES = 2000;
const MAX_SCRIPT_CHARS = 1024 * 1024;
const MAX_DEPTH = 32;

function stripJsonComments(text: string): string {
  // Some CMSes wrap the JSON in HTML comments or CDATA markers; JSON.parse would reject them.
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .replace(/^\/\*\s*<!\[CDATA\[\s*\*\//, '')
    .replace(/\/\*\s*\]\]>\s*\*\/$/, '')
    .replace(/^<!\[CDATA\[/, '')
    .replace(/\]\]>$/, '')
    .trim();
}

/** Top-level nodes of one parsed block, in document order; iterative (arrays may nest deeply). */
function flatten(value: unknown, out: unknown[]): void {
  const stack: Array<{ value: unknown; context?: unknown }> = [{ value }];
  while (stack.length && out.length < MAX_NODES) {
    const { value: v, context } = stack.pop()!;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], context });
    } else if (isObject(v) && Array.isArray(v['@graph'])) {
      // The container's @context applies to its graph members: carry it over so each lifted node
      // still says which vocabulary its terms come from.
      const ctx = v['@context'] ?? context;
      const graph = v['@graph'];
      for (let i = graph.length - 1; i >= 0; i--) stack.push({ value: graph[i], context: ctx });
    } else {
      out.push(context !== undefined && isObject(v) && v['@context'] === undefined ? { '@context': context, ...v } : v);
    }
  }
}

function collectTypes(value: unknown, types: Set<string>, depth: number, budget: { n: number }): void {
  if (depth > MAX_DEPTH || budget.n <= 0) return;
  budget.n--;
  if (Array.isArray(value)) {
    for (const v of value) collectTypes(v, types, depth + 1, budget);
    return;
  }
  if (!isObject(value)) return;
  const t = value['@type'];
  for (const one of Array.isArray(t) ? t : [t]) {
    if (typeof one === 'string' && one.trim()) types.add(one.trim().replace(/^https?:\/\/schema\.org\//, ''));
  }
  for (const [k, v] of Object.entries(value)) {
    if (k !== '@type' && k !== '@context' && typeof v === 'object' && v !== null) collectTypes(v, types, depth + 1, budget);
  }
}

/** Pure: the JSON-LD of a parsed document. */
export function parseJsonLd($: CheerioAPI): JsonLdResult {
  const blocks: unknown[] = [];
  const errors: string[] = [];
  const scripts = $('script[type]')
    .toArray()
    .filter((el) => ($(el).attr('type') ?? '').split(';')[0].trim().toLowerCase() === 'application/ld+json');
  scripts.slice(0, MAX_SCRIPTS).forEach((el, i) => {
    const raw = $(el).text();
    if (raw.length > MAX_SCRIPT_CHARS) {
      errors.push(`block ${i + 1}: ${raw.length} characters, over the ${MAX_SCRIPT_CHARS} parse cap`);
      return;
    }
    const text = stripJsonComments(raw);
    if (!text) {
      errors.push(`block ${i + 1}: empty`);
      return;
    }
    try {
      flatten(parseJsonBounded(text), blocks);
    } catch (e) {
      errors.push(`block ${i + 1}: ${(e as Error).message.slice(0, 120)}`);
    }
  });
  if (scripts.length > MAX_SCRIPTS) errors.push(`${scripts.length - MAX_SCRIPTS} more blocks not parsed (cap ${MAX_SCRIPTS})`);
  const types = new Set<string>();
  collectTypes(blocks, types, 0, { n: MAX_NODES * 10 });
  return { blocks, errors, types: [...types] };
}

const EMPTY: JsonLdResult = { blocks: [], errors: [], types: [] };

/** The page's JSON-LD, computed once per scan (empty for non-HTML pages). */
export function jsonLdBlocks(ctx: GatherContext): Promise<JsonLdResult> {
  return ctx.memo('jsonld', async () => {
    const $ = await ctx.html();
    return $ ? parseJsonLd($) : EMPTY;
  });
}
