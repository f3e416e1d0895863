/**
 * Nesting caps for the structured documents a site serves (JSON, YAML). JSON.parse itself is
 * iterative, but the values it returns are walked, stringified and copied between threads by
 * code that recurses per level (JSON.stringify and structuredClone overflow near 10,000 levels;
 * the `yaml` package overflows near 1,000 while parsing). Refusing deeper documents at the parse
 * makes every consumer safe at once. Real documents nest a few dozen levels at most.
 */

/** Deepest JSON or YAML nesting parsed; deeper documents are parse failures. */
export const MAX_STRUCTURE_DEPTH = 128;

export class NestingTooDeepError extends Error {
  constructor(readonly limit: number) {
    super(`nested more than ${limit} levels deep (nesting cap)`);
    this.name = 'NestingTooDeepError';
  }
}

/** Deepest [ / { nesting of a JSON text (strings skipped), counted until it passes `stopAbove`. */
export function jsonNestingDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max && (max = depth) > stopAbove) return max;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return max;
}

/** JSON.parse with the nesting cap: throws NestingTooDeepError (or JSON.parse's SyntaxError). */
export function parseJsonBounded(text: string, limit = MAX_STRUCTURE_DEPTH): unknown {
  if (jsonNestingDepth(text, limit) > limit) throw new NestingTooDeepError(limit);
  return JSON.parse(text);
}

const BLOCK_SCALAR_RE = /(?:^|[\s:-])[|>][1-9+-]{0,2}\s*(?:#.*)?$/;

/**
 * An upper bound on the nesting of a YAML text, without parsing it: flow brackets and quotes that
 * start a node (not a `{` or `'` inside plain text such as `${x}` or `it's`), plus block levels
 * (open indentations and the `- ` / `? ` indicators that start a line). Block scalar bodies
 * (after `|` or `>`) are skipped. Over-counting is harmless (the cap is far above real
 * documents); under-counting is what it must not do, so indentation counts even inside flow.
 */
function isIndicatorEnd(line: string, at: number): boolean {
  return at >= line.length || line[at] === ' ' || line[at] === '\t' || line[at] === '\r';
}

export function yamlNestingDepth(text: string, stopAbove = Infinity): number {
  let flow = 0;
  let maxFlow = 0;
  let maxBlock = 0;
  const indents: number[] = [];
  let blockScalarIndent = -1;
  let quote: '"' | "'" | null = null;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    let i = 0;
    while (i < line.length && line.charCodeAt(i) === 32) i++;
    const blank = i === line.length || line[i] === '#' || line[i] === '\r';
    if (blockScalarIndent >= 0) {
      if (blank || i > blockScalarIndent) continue;
      blockScalarIndent = -1;
    }
    if (blank && !quote) continue;
    if (!quote) {
      while (indents.length && indents[indents.length - 1] >= i) indents.pop();
      indents.push(i);
      // "- - a" and "? a" open a level each without a new line; what follows the indicator sits
      // at a deeper column, which later lines nest under.
      let j = i;
      while (j + 1 < line.length && (line[j] === '-' || line[j] === '?') && (line[j + 1] === ' ' || line[j + 1] === '\t')) {
        j += 2;
        while (line[j] === ' ') j++;
        indents.push(j);
      }
      if (indents.length > maxBlock) maxBlock = indents.length;
    }
    let nodeStart = true;
    let tokenFirst = '';
    for (let k = i; k < line.length; k++) {
      const c = line[k];
      if (quote) {
        if (quote === '"' && c === '\\') k++;
        else if (c === quote) {
          if (quote === "'" && line[k + 1] === "'") k++;
          else {
            quote = null;
            nodeStart = false;
          }
        }
        continue;
      }
      if (c === ' ' || c === '\t') {
        // After an anchor or a tag (`&a [`, `!!seq [`) a node still starts.
        if (tokenFirst === '&' || tokenFirst === '!') nodeStart = true;
        tokenFirst = '';
        continue;
      }
      if (!tokenFirst) tokenFirst = c;
      if (c === '#' && (k === 0 || line[k - 1] === ' ' || line[k - 1] === '\t')) break;
      let opened = false;
      if ((c === '"' || c === "'") && nodeStart) quote = c;
      else if ((c === '[' || c === '{') && (nodeStart || flow > 0)) {
        opened = true;
        if (++flow > maxFlow) maxFlow = flow;
      } else if ((c === ']' || c === '}') && flow > 0) flow--;
      // What may start a node next: after a bracket that opened, a `,` in flow, and `-`, `?`, `:`
      // before white space (or `:` right after a JSON-like key in flow). Inside plain text they
      // are characters (`-"`, `a,'b`), and a quote opened there would hide the brackets after it.
      if (!quote) {
        nodeStart = opened || (c === ',' && flow > 0) || ((c === '-' || c === '?' || c === ':') && isIndicatorEnd(line, k + 1)) || (c === ':' && flow > 0);
      }
    }
    if (!quote && flow === 0 && BLOCK_SCALAR_RE.test(line)) blockScalarIndent = i;
    if (maxFlow + maxBlock > stopAbove) break;
  }
  return maxFlow + maxBlock;
}
