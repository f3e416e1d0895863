/**
 * The DOM depth cap and how a cut is described in evidence. Kept apart from html-dom.ts so checks
 * can describe a cut without loading the HTML parser.
 */

/** Nesting depth kept in the DOM; deeper elements become children of the element at this depth. */
export const MAX_DOM_DEPTH = 512;

export interface DomCut {
  /** Elements that were nested deeper than MAX_DOM_DEPTH and were attached at that depth. */
  flattened: number;
  /** The deepest nesting the page asked for. */
  maxDepth: number;
}

/** One phrase for evidence: how the page's nesting was cut. */
export function describeDomCut(cut: DomCut): string {
  return `the page nests elements ${cut.maxDepth} deep; ${cut.flattened} element(s) beyond depth ${MAX_DOM_DEPTH} were read flat (DOM depth cap)`;
}
