/**
 * What an agent that does not run JavaScript reads on a page: the body text minus scripts,
 * styles, templates, SVG, navigation and footers. The walk is iterative (a hostile page can nest
 * elements deeply) and never mutates the shared DOM.
 */
import type { CheerioAPI } from 'cheerio';

/** The parts of domhandler nodes the walk reads (typed here: domhandler is not a direct dependency). */
interface AnyNode {
  type: string;
  data?: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: AnyNode[];
}
type Element = AnyNode & { name: string; children: AnyNode[] };

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'nav', 'footer', 'iframe', 'canvas', 'head', 'object', 'math']);
/** Client-side app roots: element ids, plus <app-root> (Angular) and [data-reactroot]. */
const APP_ROOT_IDS = new Set(['root', '__next', 'app', '__nuxt', '___gatsby', 'svelte', 'main-app', 'q-app']);
const JS_REQUIRED = new RegExp(
  [
    String.raw`(enable|turn on|activate)\s+javascript`,
    String.raw`javascript\s+(is\s+)?(required|disabled|needed)`,
    String.raw`requires\s+javascript`,
    String.raw`need(s)?\s+(to\s+)?enable\s+javascript`,
    String.raw`javascript\s+must\s+be\s+enabled`,
  ].join('|'),
  'i',
);
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** Text beyond this many characters does not change any verdict. */
const MAX_TEXT = 2_000_000;

export interface ReadableText {
  words: number;
  /** App-root selectors present with (almost) no text inside. */
  emptyAppRoots: string[];
  /** A <noscript> asks to enable JavaScript. */
  jsRequiredMessage: boolean;
  /** Beginning of the readable text, for evidence. */
  sample: string;
}

function hidden(el: Element): boolean {
  const a = el.attribs ?? {};
  return 'hidden' in a || a['aria-hidden'] === 'true' || /display\s*:\s*none/i.test(a.style ?? '');
}

/** Text of `roots`, skipping non-content elements (unless `raw`), joined with spaces between nodes. */
function collectText(roots: AnyNode[], raw = false): string {
  const parts: string[] = [];
  let size = 0;
  const stack: AnyNode[] = [...roots].reverse();
  while (stack.length && size < MAX_TEXT) {
    const node = stack.pop()!;
    if (node.type === 'text') {
      const t = node.data ?? '';
      parts.push(t);
      size += t.length;
    } else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const el = node as Element;
      if (!raw && (SKIP.has(el.name.toLowerCase()) || hidden(el))) continue;
      for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]);
    } else if (node.type === 'root') {
      const kids = node.children ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** Words in `text`; CJK runs count one word per two characters (no spaces between words). */
export function countWords(text: string): number {
  let n = 0;
  for (const token of text.split(/\s+/)) {
    if (!/[\p{L}\p{N}]/u.test(token)) continue;
    const cjk = token.match(CJK)?.length ?? 0;
    n += cjk ? Math.max(1, Math.round(cjk / 2)) + (token.replace(CJK, '').match(/[\p{L}\p{N}]+/gu)?.length ?? 0) : 1;
  }
  return n;
}

function appRootLabel(el: Element): string | null {
  const id = el.attribs?.id;
  if (id && APP_ROOT_IDS.has(id)) return `#${id}`;
  if (el.name === 'app-root') return 'app-root';
  if (el.attribs && 'data-reactroot' in el.attribs) return '[data-reactroot]';
  return null;
}

/**
 * Pure: the readable text of a parsed page. One iterative walk finds app roots and <noscript>
 * messages too: CSS selector queries get slow on hostile, deeply nested documents.
 */
export function readableText($: CheerioAPI): ReadableText {
  const root = $.root().toArray()[0] as unknown as AnyNode;
  const emptyAppRoots: string[] = [];
  let jsRequiredMessage = false;
  let body: AnyNode | null = null;
  const stack: AnyNode[] = [root];
  let visited = 0;
  while (stack.length && visited++ < 500_000) {
    const node = stack.pop()!;
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const el = node as Element;
      const name = el.name.toLowerCase();
      if (name === 'body' && !body) body = el;
      if (name === 'noscript' && !jsRequiredMessage) jsRequiredMessage = JS_REQUIRED.test(collectText(el.children, true).slice(0, 2000));
      const label = appRootLabel(el);
      if (label && !emptyAppRoots.includes(label) && collectText([el]).length < 20) emptyAppRoots.push(label);
    }
    const kids = node.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  const text = collectText(body ? [body] : [root]);
  return { words: countWords(text), emptyAppRoots, jsRequiredMessage, sample: text.slice(0, 200) };
}
