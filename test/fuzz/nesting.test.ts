import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { MAX_STRUCTURE_DEPTH, NestingTooDeepError, jsonNestingDepth, parseJsonBounded, yamlNestingDepth } from '../../src/core/gather/nesting.js';
import { parseYamlBounded } from '../../src/core/gather/parsers.js';
import { RUNS, textFrom, valueDepth } from './arbitraries.js';

const deepJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

describe('nesting caps, fuzzed', () => {
  it('jsonNestingDepth is exactly the depth of the parsed value', () => {
    fc.assert(
      fc.property(deepJson, (v) => {
        const text = JSON.stringify(v);
        expect(jsonNestingDepth(text)).toBe(valueDepth(JSON.parse(text)));
      }),
      { numRuns: RUNS },
    );
  });

  it('yamlNestingDepth never under-counts the depth of what YAML parses (block and flow styles)', () => {
    fc.assert(
      fc.property(deepJson, fc.boolean(), (v, flow) => {
        const text = flow ? JSON.stringify(v) : YAML.stringify(v);
        expect(yamlNestingDepth(text)).toBeGreaterThanOrEqual(valueDepth(YAML.parse(text)));
      }),
      { numRuns: RUNS },
    );
  });

  it('indicator characters inside plain text do not open a quote that hides brackets (fuzz finds)', () => {
    for (const v of [[{ '-"': [] }], [{ "-,'": {} }], [{ "-{'": '', '': {} }], [{ 'a,"': [[[]]] }]]) {
      const text = YAML.stringify(v);
      expect(yamlNestingDepth(text)).toBeGreaterThanOrEqual(valueDepth(YAML.parse(text)));
    }
  });

  it('bounded parsers never throw anything but a parse error on hostile text', () => {
    const tokens = ['[', ']', '{', '}', '"', "'", ':', '- ', '? ', '\n', '  ', '#', '|\n', '>-\n', 'a', '1', ',', '&a ', '*a', '!!str '];
    fc.assert(
      fc.property(textFrom(tokens, 120), (text) => {
        for (const [parse, bound] of [
          [() => parseJsonBounded(text), jsonNestingDepth],
          [() => parseYamlBounded(text, 50), yamlNestingDepth],
        ] as const) {
          try {
            const v = parse();
            expect(valueDepth(v)).toBeLessThanOrEqual(MAX_STRUCTURE_DEPTH);
            expect(bound(text)).toBeGreaterThanOrEqual(valueDepth(v));
          } catch (e) {
            expect(e).toBeInstanceOf(Error);
            expect((e as Error).message).not.toMatch(/call stack/);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('100,000-deep JSON and YAML (flow, block, inline sequences) are refused quickly as too deep', () => {
    const n = 100_000;
    expect(() => parseJsonBounded('['.repeat(n) + ']'.repeat(n))).toThrow(NestingTooDeepError);
    expect(() => parseJsonBounded('{"a":'.repeat(n) + '1' + '}'.repeat(n))).toThrow(/nested more than 128 levels/);
    const yamls = [
      '['.repeat(n) + ']'.repeat(n),
      '{a: '.repeat(n) + '1' + '}'.repeat(n),
      '- '.repeat(n) + '1',
      Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n') + ' 1',
    ];
    for (const y of yamls) expect(() => parseYamlBounded(y, 100)).toThrow(NestingTooDeepError);
    // Just under the cap still parses.
    expect(valueDepth(parseJsonBounded('['.repeat(128) + ']'.repeat(128)))).toBe(128);
    expect(valueDepth(parseYamlBounded('['.repeat(100) + ']'.repeat(100), 100))).toBe(100);
  });
});
