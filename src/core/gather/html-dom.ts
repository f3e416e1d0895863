/**
 * Builds a page's DOM with a depth cap, so that nothing downstream (cheerio's `.text()`,
 * `.html()`, css-select, domutils all recurse per level) can overflow the stack on a hostile page.
 *
 * Elements nested deeper than MAX_DOM_DEPTH are attached flat to their ancestor at that depth, as
 * Blink's HTML parser does (kMaximumHTMLParserDOMTreeDepth = 512): every element, attribute and
 * text node is kept, only the nesting beyond the cap is lost. The cut is reported so checks that
 * read the page can say so in their evidence.
 */
import { load, type CheerioAPI } from 'cheerio/slim';
import { DomHandler, Parser } from 'htmlparser2';
import { MAX_DOM_DEPTH, type DomCut } from './dom-cut.js';

export interface ParsedHtml {
  $: CheerioAPI;
  /** Set when the page nested elements deeper than MAX_DOM_DEPTH. */
  cut: DomCut | null;
}

/** A DomHandler that stops nesting at MAX_DOM_DEPTH. The parser's open/close events are LIFO, so a counter of open over-deep elements is enough. */
class DepthCappedHandler extends DomHandler {
  private openBeyond = 0;
  flattened = 0;
  maxDepth = 0;

  override onopentag(name: string, attribs: Record<string, string>): void {
    // tagStack holds the document root plus one entry per open element.
    const depth = this.tagStack.length + this.openBeyond;
    if (depth > this.maxDepth) this.maxDepth = depth;
    super.onopentag(name, attribs);
    if (this.tagStack.length > MAX_DOM_DEPTH + 1) {
      // Keep the element, attached to the current parent, but do not descend into it.
      this.tagStack.pop();
      this.openBeyond++;
      this.flattened++;
    }
  }

  override onclosetag(): void {
    if (this.openBeyond > 0) {
      this.openBeyond--;
      this.lastNode = null;
      return;
    }
    super.onclosetag();
  }
}

/**
 * htmlparser2 keeps its open-element stack top-first and grows it with `unshift`, which costs
 * O(depth) per tag: a 100,000-deep page takes seconds. This stand-in keeps the same top-first view
 * (index 0 is the innermost element) over an array grown at its end, so every operation the parser
 * uses is O(1), and `indexOf` only scans when the element is open (the parser then closes the
 * elements it scanned over, so the scan is paid for once).
 */
class TopFirstStack<T> {
  private readonly items: T[] = [];
  /** Entries per value: a close tag for an element that is not open is answered without a scan. */
  private readonly counts = new Map<T, number>();
  get length(): number {
    return this.items.length;
  }
  set length(n: number) {
    // Truncating a top-first list keeps its n innermost entries.
    for (const x of this.items.splice(0, Math.max(0, this.items.length - n))) this.count(x, -1);
  }
  at(i: number): T | undefined {
    return this.items[this.items.length - 1 - i];
  }
  shift(): T | undefined {
    if (!this.items.length) return undefined;
    const x = this.items.pop() as T;
    this.count(x, -1);
    return x;
  }
  unshift(x: T): number {
    this.count(x, 1);
    return this.items.push(x);
  }
  /** Distance from the top; the parser then closes that many elements, so the scan is paid for. */
  indexOf(x: T): number {
    if (!this.counts.get(x)) return -1;
    for (let i = this.items.length - 1; i >= 0; i--) if (this.items[i] === x) return this.items.length - 1 - i;
    return -1;
  }
  private count(x: T, by: number): void {
    this.counts.set(x, (this.counts.get(x) ?? 0) + by);
  }

  /** The stack as the parser indexes it (`stack[0]`, `stack[i]`). */
  static view<T>(): TopFirstStack<T> {
    return new Proxy(new TopFirstStack<T>(), {
      get(target, prop, receiver) {
        if (typeof prop === 'string' && prop.length && prop.charCodeAt(0) >= 48 && prop.charCodeAt(0) <= 57) return target.at(Number(prop));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
  }
}

/** Swaps the parser's two top-first stacks for O(1) ones; leaves the parser alone if its internals differ. */
function withFastStacks(parser: Parser): Parser {
  const p = parser as unknown as { stack?: unknown; foreignContext?: unknown };
  if (Array.isArray(p.stack) && Array.isArray(p.foreignContext) && p.stack.length === 0) {
    const foreign = TopFirstStack.view<boolean>();
    for (let i = p.foreignContext.length - 1; i >= 0; i--) foreign.unshift(p.foreignContext[i] as boolean);
    p.stack = TopFirstStack.view<string>();
    p.foreignContext = foreign;
  }
  return parser;
}

/** Pure: the depth-capped DOM of an HTML text, loaded into cheerio. */
export function parseHtml(text: string): ParsedHtml {
  const handler = new DepthCappedHandler();
  withFastStacks(new Parser(handler)).end(text);
  const cut = handler.flattened ? { flattened: handler.flattened, maxDepth: handler.maxDepth } : null;
  return { $: load(handler.root), cut };
}
