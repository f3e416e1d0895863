import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCount } from '../../src/core/count-format.js';

describe('formatCount', () => {
  it('writes integers exactly as toLocaleString("en-US") does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => formatCount(n) === n.toLocaleString('en-US')),
      { numRuns: 300 },
    );
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1024)).toBe('1,024');
    expect(formatCount(2_097_152)).toBe('2,097,152');
  });
});
