/** C3's rendered measurement: the main-text words of a DOM, and the share missing from the HTML. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { load } from 'cheerio';
import { mainTextWords, missingShare } from '../../../../src/core/checks/content/c3-rendered.js';

const word = fc.stringMatching(/^[a-z]{1,8}$/);

describe('missingShare', () => {
  it('is 0 when the HTML has every rendered word, and between 0 and 1 always', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), fc.array(word, { maxLength: 60 }), (served, extra) => {
        expect(missingShare([...served, ...extra], served)).toBe(0);
        const share = missingShare(served, [...served, ...extra]);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(1);
        if (served.length + extra.length > 0) expect(share).toBeCloseTo(extra.length / (served.length + extra.length), 10);
      }),
    );
  });

  it('counts repeated words: the HTML having a word once does not cover it twice', () => {
    expect(missingShare(['fare'], ['fare', 'fare'])).toBe(0.5);
    expect(missingShare([], ['a', 'b'])).toBe(1);
    expect(missingShare(['a'], [])).toBe(0);
  });
});

describe('mainTextWords', () => {
  it('reads the text outside scripts, navigation, footers and hidden elements, lower-cased', () => {
    const $ = load(
      '<html><head><title>Ignored</title></head><body><nav>Menu</nav><main><h1>Fares</h1><p>One BAG included.</p><div hidden>secret</div><script>var x = 1</script></main><footer>Legal</footer></body></html>',
    );
    expect(mainTextWords($)).toEqual(['fares', 'one', 'bag', 'included']);
  });

  it('walks any nesting depth without recursion', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (depth) => {
        const $ = load(`${'<div>'.repeat(depth)}deep words${'</div>'.repeat(depth)}`);
        expect(mainTextWords($)).toEqual(['deep', 'words']);
      }),
      { numRuns: 20 },
    );
  });
});
