import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLlmsTxt } from '../../src/core/gather/llms-txt.js';
import { RUNS, textFrom } from './arbitraries.js';

const TOKENS = ['# Title\n', '# Second\n', '### Sub\n', '## Docs\n', '## Optional\n', '> summary\n', '- ', '* ', '1. ', '[name](', 'https://x.test/a.md', '/b.md', ')', ': notes', '![img](/i.png)', '```\n', '~~~\n', '\n', '[', ']', '(', '<', '>', ' "title"'];

describe('llms.txt parser, fuzzed', () => {
  it('never throws; links and sections are bounded and consistent', () => {
    fc.assert(
      fc.property(textFrom(TOKENS, 100), (text) => {
        const d = parseLlmsTxt(text);
        expect(d.links.length).toBeLessThanOrEqual(5000);
        expect(d.chars).toBeLessThanOrEqual(text.length);
        for (const l of d.links) {
          expect(l.url.length).toBeGreaterThan(0);
          expect(l.url).not.toMatch(/\s/);
        }
        const listed = d.sections.reduce((n, s) => n + s.links, 0);
        expect(listed).toBeLessThanOrEqual(d.links.length);
        // A link is counted in an H2 section's list or under another heading level, never both.
        expect(listed + d.otherLevelLinks).toBeLessThanOrEqual(d.links.length);
        expect(d.otherLevelLinks).toBeGreaterThanOrEqual(0);
        expect(d.hasOptional).toBe(d.sections.some((s) => s.title.trim().toLowerCase() === 'optional'));
      }),
      { numRuns: RUNS },
    );
  });

  it('file lists: ":" notes are read, dash notes counted, bare URLs counted, whatever the items', () => {
    const item = fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,15}$/), fc.stringMatching(/^[a-z0-9/-]{1,20}$/), fc.constantFrom('colon', 'dash', 'none', 'bare'));
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 20 }), (items) => {
        const lines = items.map(([name, path, kind]) =>
          kind === 'bare' ? `- https://x.test/${path}` : `- [${name}](https://x.test/${path})${kind === 'colon' ? ': notes' : kind === 'dash' ? ' — notes' : ''}`,
        );
        const d = parseLlmsTxt(`# T\n\n> S\n\n## Docs\n\n${lines.join('\n')}\n`);
        const count = (k: string) => items.filter((i) => i[2] === k).length;
        expect(d.bareUrls).toBe(count('bare'));
        expect(d.dashNotes).toBe(count('dash'));
        expect(d.links.length).toBe(items.length - count('bare'));
        expect(d.sections[0].links).toBe(items.length - count('bare'));
        expect(d.links.filter((l) => l.notes === 'notes').length).toBe(count('colon'));
      }),
      { numRuns: RUNS },
    );
  });

  it('100,000-deep quotes, lists and brackets finish', () => {
    for (const text of ['>'.repeat(100_000), '- '.repeat(100_000) + '[a](/b)', '['.repeat(100_000) + '](/x)' + ')'.repeat(100_000), '# T\n' + '  '.repeat(100_000) + '- [a](/b)']) {
      const d = parseLlmsTxt(text);
      expect(d.links.length).toBeLessThanOrEqual(1);
    }
  });
});
