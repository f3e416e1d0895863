/** Inline Markdown of remediation texts and fix-guide bodies as HTML: rendered, and never a way in for markup. */
import fc from 'fast-check';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { inlineMarkdownHtml } from '../../src/format/inline-markdown.js';
import { renderHtmlReport } from '../../src/format/html.js';
import type { CheckResult, ScanResult } from '../../src/core/schema.js';

describe('inlineMarkdownHtml', () => {
  it('renders code spans, bold, links and bare URLs', () => {
    expect(inlineMarkdownHtml('Add a `User-agent: *` group')).toBe('Add a <code>User-agent: *</code> group');
    expect(inlineMarkdownHtml('``a`b``')).toBe('<code>a`b</code>');
    expect(inlineMarkdownHtml('**Do** it')).toBe('<strong>Do</strong> it');
    expect(inlineMarkdownHtml('See [RFC 9309](https://www.rfc-editor.org/rfc/rfc9309).')).toBe(
      'See <a href="https://www.rfc-editor.org/rfc/rfc9309" rel="noopener noreferrer nofollow">RFC 9309</a>.',
    );
    expect(inlineMarkdownHtml('Spec: https://example.org/a.')).toBe(
      'Spec: <a href="https://example.org/a" rel="noopener noreferrer nofollow">https://example.org/a</a>.',
    );
    expect(inlineMarkdownHtml('[x](javascript:alert(1))')).not.toContain('<a');
    expect(inlineMarkdownHtml('an unclosed ` tick <b>')).toBe('an unclosed ` tick &lt;b&gt;');
    expect(inlineMarkdownHtml('line\nbreak')).toBe('line<br>break');
  });

  it('lets no markup through but its own tags, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.string({
          maxLength: 300,
          unit: fc.constantFrom('`', '*', '[', ']', '(', ')', '<', '>', '"', "'", '&', 'a', ' ', '\n', 'https://x.y/', 'javascript:', 'on', '='),
        }),
        (s) => {
          const out = inlineMarkdownHtml(s);
          const $ = load(`<div id="root">${out}</div>`);
          for (const el of $('#root *').toArray()) {
            const tag = (el as { tagName: string }).tagName;
            expect(['code', 'strong', 'a', 'br']).toContain(tag);
            const attrs = Object.keys((el as { attribs: Record<string, string> }).attribs);
            expect(attrs.every((a) => a === 'href' || a === 'rel')).toBe(true);
            if (tag === 'a') expect($(el).attr('href')).toMatch(/^https?:\/\//);
          }
          // The text a reader sees is the input's, less the Markdown punctuation.
          expect($('#root').text().replace(/\s/g, '').length).toBeLessThanOrEqual(s.replace(/\s/g, '').length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the HTML report', () => {
  const check = (over: Partial<CheckResult>): CheckResult =>
    ({ id: 'D1', name: 'robots.txt', dimension: 'discoverability', tier: 'essential', status: 'fail', weight: 10, earned: 0, ...over }) as CheckResult;
  const result = (c: CheckResult): ScanResult =>
    ({
      url: 'https://example.org/',
      overallScore: 10,
      grade: 'F',
      level: 0,
      levelName: 'None',
      checks: [c],
      nextLevel: {
        target: 1,
        name: 'Basic',
        rule: '2 of D1, D2',
        requirements: [{ checkId: 'D1', title: 'robots.txt', status: 'fail', remediation: 'Publish a `User-agent: *` group.' }],
      },
    }) as unknown as ScanResult;

  it('renders Markdown in "To reach level N" and in fixes (no raw backticks), and lists each spec link once', () => {
    const spec = 'https://www.rfc-editor.org/rfc/rfc9309';
    const html = renderHtmlReport(
      result(check({ remediation: 'Serve `/robots.txt`.', specUrls: [spec, spec], fixGuide: [{ title: 'Write it', body: `Follow ${spec}.` }] })),
    );
    const $ = load(html);
    expect($('main').text()).not.toContain('`');
    expect($('ul li code').first().text()).toBe('User-agent: *');
    expect($(`a[href="${spec}"]`).length).toBe(1);
    // Without a guide naming it, the spec line lists it (once).
    const plain = load(renderHtmlReport(result(check({ status: 'pass', earned: 10, specUrls: [spec, spec] }))));
    expect(plain(`a[href="${spec}"]`).length).toBe(1);
  });
});
