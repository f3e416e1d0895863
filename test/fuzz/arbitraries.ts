/**
 * Shared fast-check inputs for the parser fuzz tests: hostile text built from the tokens each
 * format cares about mixed with arbitrary code units (controls, lone surrogates, bidi marks).
 */
import fc from 'fast-check';

/** Runs per property: enough to find the usual edge cases, bounded for a shared CI machine. */
export const RUNS = 200;

/** Characters that break naive parsers and terminals. */
const NASTY = [
  '\u0000',
  '\u001b[31m',
  '\u009b',
  '\u202e',
  '\u2066',
  '\ud800',
  '\ufeff',
  '\r',
  '\n',
  '\t',
  ' ',
  '"',
  "'",
  '\\',
  '<',
  '>',
  '&',
  '#',
  '%',
  '%zz',
  '..',
  '//',
];

/** Text made of `tokens`, nasty characters and arbitrary strings, in any order. */
export function textFrom(tokens: string[], maxParts = 60): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...tokens) },
        { weight: 2, arbitrary: fc.constantFrom(...NASTY) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
      ),
      {
        maxLength: maxParts,
      },
    )
    .map((parts) => parts.join(''));
}

/** Nesting of a parsed JSON value, computed iteratively. */
export function valueDepth(v: unknown): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[v, 0]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (x && typeof x === 'object') {
      max = Math.max(max, d + 1);
      for (const c of Object.values(x as object)) stack.push([c, d + 1]);
    }
  }
  return max;
}

export function isAbsoluteHttp(u: string): boolean {
  try {
    const url = new URL(u);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.href === u;
  } catch {
    return false;
  }
}
