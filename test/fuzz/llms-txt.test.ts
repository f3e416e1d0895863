import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { llmsCandidatePaths, llmsCovers, parseLlmsTxt } from '../../src/core/gather/llms-txt.js';
import { llmsCoverage, MAX_COVERAGE_LINKS } from '../../src/core/gather/llms-coverage.js';
import { markdownTwinPaths } from '../../src/core/gather/markdown.js';
import { RUNS, textFrom } from './arbitraries.js';

const TOKENS = [
  '# Title\n',
  '# Second\n',
  '### Sub\n',
  '## Docs\n',
  '## Optional\n',
  '> summary\n',
  '- ',
  '* ',
  '1. ',
  '[name](',
  'https://x.test/a.md',
  '/b.md',
  ')',
  ': notes',
  '![img](/i.png)',
  '```\n',
  '~~~\n',
  '\n',
  '[',
  ']',
  '(',
  '<',
  '>',
  ' "title"',
];

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

  it('file lists: ":" notes are read, dash notes counted, bare URLs and paths counted, off-format lines counted as the reference parser meets them', () => {
    const kinds = ['colon', 'dash', 'none', 'bare', 'path', 'prose', 'kv', 'star'] as const;
    const item = fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,15}$/), fc.stringMatching(/^[a-z0-9][a-z0-9/-]{0,19}$/), fc.constantFrom(...kinds));
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 20 }), (items) => {
        const lines = items.map(([name, path, kind]) => {
          if (kind === 'bare') return `- https://x.test/${path}`;
          if (kind === 'path') return `- ${name}: /${path}`;
          if (kind === 'prose') return `${name} is described below.`;
          if (kind === 'kv') return `- ${name}: yes`;
          if (kind === 'star') return `* [${name}](https://x.test/${path})`;
          return `- [${name}](https://x.test/${path})${kind === 'colon' ? ': notes' : kind === 'dash' ? ' — notes' : ''}`;
        });
        const d = parseLlmsTxt(`# T\n\n> S\n\n## Docs\n\n${lines.join('\n')}\n`);
        const count = (...k: string[]) => items.filter((i) => k.includes(i[2])).length;
        const linked = count('colon', 'dash', 'none', 'star');
        expect(d.bareUrls).toBe(count('bare', 'path'));
        expect(d.dashNotes).toBe(count('dash'));
        expect(d.links.length).toBe(linked);
        expect(d.sections[0].links).toBe(linked);
        expect(d.links.filter((l) => l.notes === 'notes').length).toBe(count('colon'));
        // llms_txt parse_llms_file (core.py at d65b4d0) reads each section line with re.search('-\s*\[title\]\(url\)...').
        expect(d.offFormatLines).toBe(count('bare', 'path', 'prose', 'kv'));
        expect(d.parserOnlyLines).toBe(count('star'));
        expect(d.offFormatExample === null).toBe(d.offFormatLines === 0);
      }),
      { numRuns: RUNS },
    );
  });

  it('llms.txt scope: candidates run from the page directory to the root, each covering the page', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9-]{1,8}$/), { maxLength: 8 }), fc.boolean(), (segs, trailing) => {
        const path = `/${segs.join('/')}${trailing && segs.length ? '/' : ''}`;
        const paths = llmsCandidatePaths(new URL(`https://x.test${path}`), 'llms.txt');
        expect(paths.at(-1)).toBe('/llms.txt');
        expect(paths.length).toBeLessThanOrEqual(5);
        expect(new Set(paths).size).toBe(paths.length);
        for (let i = 1; i < paths.length; i++) expect(paths[i].length).toBeLessThan(paths[i - 1].length);
        for (const p of paths) expect(llmsCovers(p, path)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('Markdown twins: one or two .md forms, never the page itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\/[a-zA-Z0-9./_-]{0,40}$/), (path) => {
        const twins = markdownTwinPaths(path);
        if (/\.md$/i.test(path)) return expect(twins).toEqual([]);
        expect(twins.length).toBeGreaterThanOrEqual(1);
        expect(twins.length).toBeLessThanOrEqual(2);
        for (const t of twins) {
          expect(t).toMatch(/\.md$/);
          expect(t).not.toBe(path);
        }
        if (path.endsWith('/')) expect(twins).toEqual([`${path}index.md`, `${path}index.html.md`]);
      }),
      { numRuns: RUNS },
    );
  });

  it('coverage: held never exceeds listed, listed is bounded, pages written under their title are held and link-only copies are not', () => {
    const page = fc.tuple(fc.stringMatching(/^[A-Z][a-z]{3,10}$/), fc.boolean());
    fc.assert(
      fc.property(fc.uniqueArray(page, { minLength: 1, maxLength: 30, selector: (p) => p[0] }), fc.string({ maxLength: 200 }), (pages, noise) => {
        const links = pages.map(([name], i) => ({ name: `${name} guide`, url: `/p${i}-${name.toLowerCase()}.md`, section: 'Docs' }));
        const body = pages
          .map(([name, written], i) => (written ? `## ${name} guide\n\ntext\n` : `- [${name} guide](/p${i}-${name.toLowerCase()}.md)\n`))
          .join('\n');
        const c = llmsCoverage(links, `# Site\n\n${body}`, 'https://x.test/llms.txt');
        expect(c.listed).toBe(pages.length);
        expect(c.held).toBe(pages.filter((p) => p[1]).length);
        expect(c.missing.length).toBe(Math.min(5, c.listed - c.held));
        const any = llmsCoverage(links, noise, 'https://x.test/llms.txt');
        expect(any.held).toBeLessThanOrEqual(any.listed);
      }),
      { numRuns: RUNS },
    );
    const many = Array.from({ length: 1000 }, (_, i) => ({ name: `Page ${i}`, url: `/p${i}`, section: null }));
    expect(llmsCoverage(many, 'x', 'https://x.test/').listed).toBe(MAX_COVERAGE_LINKS);
  });

  it('100,000-deep quotes, lists and brackets finish', () => {
    for (const text of [
      '>'.repeat(100_000),
      '- '.repeat(100_000) + '[a](/b)',
      '['.repeat(100_000) + '](/x)' + ')'.repeat(100_000),
      '# T\n' + '  '.repeat(100_000) + '- [a](/b)',
    ]) {
      const d = parseLlmsTxt(text);
      expect(d.links.length).toBeLessThanOrEqual(1);
    }
  });
});
