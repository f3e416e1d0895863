import { load } from 'cheerio/slim';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DOM_DEPTH } from '../../src/core/gather/dom-cut.js';
import { parseHtml } from '../../src/core/gather/html-dom.js';
import { readableText } from '../../src/core/gather/readable-text.js';
import { RUNS, textFrom } from './arbitraries.js';

const TOKENS = [
  '<html>',
  '<head>',
  '<title>',
  '</title>',
  '<body>',
  '</body>',
  '<div>',
  '</div>',
  '<p>',
  '</p>',
  '<span class="a">',
  '</span>',
  '<li>',
  '<ul>',
  '</ul>',
  '<table>',
  '<tr>',
  '<td>',
  '</table>',
  '<svg>',
  '</svg>',
  '<math>',
  '<foreignObject>',
  '<script>',
  '</script>',
  '<style>',
  '</style>',
  '<noscript>Please enable JavaScript</noscript>',
  '<br/>',
  '<img src=x>',
  '<a href="/x">',
  '</a>',
  '<div id="root">',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '<!doctype html>',
  '</x>',
  '</p>',
  '</br>',
  'hello world',
  '&amp;',
  '&#x202e;',
  '<select><option>',
  '<textarea>',
  '</textarea>',
  '<template>',
  '</template>',
];

describe('HTML DOM and text extraction, fuzzed', () => {
  it('the depth-capped DOM is the DOM cheerio builds itself for pages within the cap', () => {
    fc.assert(
      fc.property(textFrom(TOKENS, 120), (html) => {
        const { $, cut } = parseHtml(html);
        expect(cut).toBeNull();
        expect($.html()).toBe(load(html).html());
      }),
      { numRuns: RUNS },
    );
  });

  it('readable text never throws and stays within its bounds', () => {
    fc.assert(
      fc.property(textFrom(TOKENS, 120), (html) => {
        const t = readableText(parseHtml(html).$);
        expect(t.words).toBeGreaterThanOrEqual(0);
        expect(t.sample.length).toBeLessThanOrEqual(200);
        expect(t.emptyAppRoots.length).toBeLessThanOrEqual(8);
      }),
      { numRuns: RUNS },
    );
  });

  it('deep pages keep their text with the nesting cut at the cap', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('<div>', '<span>', '<b><i>', '<ul><li>', '<table><tr><td>', '<svg>', '<p><div>', '<a href="/x">'),
        fc.integer({ min: MAX_DOM_DEPTH + 1, max: 3000 }),
        (open, n) => {
          const { $, cut } = parseHtml(`<body>${open.repeat(n)}needle</body>`);
          expect(cut).not.toBeNull();
          expect(cut!.flattened).toBeGreaterThan(0);
          expect($('body').text()).toContain('needle');
          // Nothing in the DOM is deeper than the cap.
          let deepest = 0;
          const stack: Array<[{ children?: unknown[] }, number]> = [[$.root()[0] as { children?: unknown[] }, 0]];
          while (stack.length) {
            const [node, d] = stack.pop()!;
            deepest = Math.max(deepest, d);
            for (const c of node.children ?? []) stack.push([c as { children?: unknown[] }, d + 1]);
          }
          expect(deepest).toBeLessThanOrEqual(MAX_DOM_DEPTH + 2);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('100,000-deep pages of several shapes parse, serialise and yield their text', () => {
    for (const open of ['<div>', '<svg>', '<b><i>', '<table><tr><td>']) {
      const { $, cut } = parseHtml(`<!doctype html><html><body>${open.repeat(100_000)}the end</body></html>`);
      expect(cut!.maxDepth).toBeGreaterThan(100_000);
      expect($('body').text()).toContain('the end');
      // SVG is not readable text (C3 skips it); everything else is.
      if (open !== '<svg>') expect(readableText($).sample).toContain('the end');
      expect($('body').html()!.length).toBeGreaterThan(100_000);
      expect($('a[href], script[type]').length).toBe(0);
    }
  });
});
