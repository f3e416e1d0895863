/**
 * The readers behind the agent-docs-spec 0.6.0 verdicts: Markdown link portability, pagination
 * signals, served size, generated bulk data, and bot-protection interference. Each reads what a
 * site sent, so each gets bounded property-based runs on hostile input beside the examples.
 */
import { load } from 'cheerio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { challengeServedAsSuccess, stalledBody } from '../../../src/core/gather/bot-interference.js';
import { classifyLinkTarget, classifyMarkdownLinks } from '../../../src/core/gather/markdown-links.js';
import { paginationSignals, topLimit } from '../../../src/core/gather/markdown-pagination.js';
import { BULK_TABLE_ROWS, bulkData, servedSize } from '../../../src/core/gather/page-weight.js';
import { response } from '../../helpers/responses.js';

const URL_MD = 'https://docs.test/catalog.md';

describe('Markdown link portability', () => {
  it('classifies targets by how much of the base URL they need', () => {
    expect(classifyLinkTarget('https://docs.test/a.md')).toBe('absolute');
    expect(classifyLinkTarget('mailto:team@docs.test')).toBe('absolute');
    expect(classifyLinkTarget('/a.md')).toBe('root-relative');
    expect(classifyLinkTarget('//cdn.test/a.png')).toBe('root-relative');
    expect(classifyLinkTarget('a.md')).toBe('path-relative');
    expect(classifyLinkTarget('../a.md')).toBe('path-relative');
    expect(classifyLinkTarget('<b c.md>')).toBe('path-relative');
    expect(classifyLinkTarget('#part')).toBe('fragment');
  });

  it('reads inline links, images, reference definitions and autolinks, not code', () => {
    const md = [
      '# Guide',
      'See [the API](/api.md "API"), ![logo](img/logo.png) and <https://docs.test/x>.',
      '[ref]: ../ref.md',
      'Inline `[not](a-link)` code and [a part](#part).',
      '```md',
      '[inside](fence.md)',
      '```',
      '    [indented](code.md)',
    ].join('\n');
    const counts = classifyMarkdownLinks(md);
    expect(counts).toMatchObject({ absolute: 1, rootRelative: 1, pathRelative: 2 });
    expect(counts.examples.pathRelative).toEqual(['img/logo.png', '../ref.md']);
  });

  it('an unclosed fence hides the rest, as CommonMark reads it', () => {
    expect(classifyMarkdownLinks('~~~\n[a](/a)\n```\n[b](/b)\n').rootRelative).toBe(0);
  });

  it('never throws and counts within bounds on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (s) => {
        const c = classifyMarkdownLinks(s);
        const n = c.absolute + c.rootRelative + c.pathRelative;
        expect(n).toBeLessThanOrEqual(s.length);
        expect(c.examples.rootRelative.length).toBeLessThanOrEqual(3);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a long line of brackets (quadratic backtracking would outlast the test timeout)', () => {
    expect(classifyMarkdownLinks(`${'[](/x) '.repeat(100_000)}\n${'['.repeat(300_000)}`).rootRelative).toBe(100_000);
  });
});

describe('Markdown pagination signals', () => {
  it('finds "N of M" and a trailing next-page link, and says where it is declared', () => {
    const body = `# Models\n\n${'- model\n'.repeat(1000)}\nShowing 1-100 of 102. [Next page](/catalog.md?page=2)\n`;
    const p = paginationSignals(body, {}, URL_MD);
    expect(p).toMatchObject({ continuation: '/catalog.md?page=2', declaredIn: 'bottom', continuationAbsolute: false });
    expect(p!.signals[0]).toBe('"Showing 1-100 of 102"');
  });

  it('a continuation at the top with an absolute URL', () => {
    const body = `# Models\n\nPage 1 of 2: [next page](https://docs.test/catalog.md?page=2)\n\n${'- model\n'.repeat(1000)}`;
    expect(paginationSignals(body, {}, URL_MD)).toMatchObject({ declaredIn: 'top', continuationAbsolute: true });
  });

  it('a Link: rel="next" header alone', () => {
    expect(paginationSignals('# A\n', { link: '<https://docs.test/catalog.md?page=2>; rel="next"' }, URL_MD)).toMatchObject({
      declaredIn: 'header',
      continuation: 'https://docs.test/catalog.md?page=2',
    });
  });

  it('"N of M" without a continuation, and none at all on an ordinary page with a "Next" chapter link', () => {
    expect(paginationSignals('# A\n\nShowing 1-100 of 102 entries.\n', {}, URL_MD)).toMatchObject({ continuation: null, declaredIn: null });
    expect(paginationSignals('# Intro\n\n[Next](/install.md)\n', {}, URL_MD)).toBeNull();
  });

  it('"the top" is 10% of the content, at least 1,000 and at most 5,000 characters', () => {
    expect([topLimit(100), topLimit(20_000), topLimit(1_000_000)]).toEqual([1_000, 2_000, 5_000]);
  });

  it('never throws on arbitrary text and headers', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), fc.string({ maxLength: 200 }), (s, link) => {
        const p = paginationSignals(s, { link }, URL_MD);
        if (p) expect(p.signals.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('served size', () => {
  it('bands at 1,000,000 and 10,000,000 decoded bytes', () => {
    expect(servedSize(response({ body: 'x'.repeat(999_999) })).band).toBe('pass');
    expect(servedSize(response({ body: 'x'.repeat(1_000_000) })).band).toBe('warn');
  });

  it('past the read cap: the plain Content-Length, else "at least" what was read', () => {
    const cut = response({ body: 'x'.repeat(1000), truncated: true, headers: { 'content-length': '12000000' } });
    expect(servedSize(cut)).toEqual({ bytes: 12_000_000, atLeast: false, band: 'fail' });
    const gz = response({ body: 'x'.repeat(1000), truncated: true, headers: { 'content-length': '12000000', 'content-encoding': 'gzip' } });
    expect(servedSize(gz)).toEqual({ bytes: 1000, atLeast: true, band: 'pass' });
  });
});

describe('generated bulk data', () => {
  const rows = (n: number, cells = 4) => `<table>${`<tr>${'<td>cell value</td>'.repeat(cells)}</tr>`.repeat(n)}</table>`;

  it('counts a uniform table of 20+ rows, not a shorter or ragged one, nor script text', () => {
    expect(bulkData(load(`<body>${rows(BULK_TABLE_ROWS)}</body>`)).elements).toHaveLength(1);
    expect(bulkData(load(`<body>${rows(BULK_TABLE_ROWS - 1)}</body>`)).elements).toHaveLength(0);
    const ragged = `<table>${Array.from({ length: 30 }, (_, i) => `<tr>${'<td>x</td>'.repeat((i % 5) + 1)}</tr>`).join('')}</table>`;
    expect(bulkData(load(`<body>${ragged}</body>`)).elements).toHaveLength(0);
    expect(bulkData(load(`<body><p>hi</p><script>${'A'.repeat(5000)}</script></body>`))).toMatchObject({ textChars: 2, elements: [] });
  });

  it('a dominated page under 50,000 characters passes; the bands follow the size thresholds', () => {
    expect(bulkData(load(`<body>${rows(200)}</body>`)).band).toBe('pass');
    expect(bulkData(load(`<body>${rows(1000)}</body>`)).band).toBe('warn');
    expect(bulkData(load(`<body>${rows(2000)}</body>`)).band).toBe('fail');
    // Not dominated: the prose outweighs the table.
    expect(bulkData(load(`<body><p>${'prose '.repeat(30_000)}</p>${rows(1000)}</body>`)).band).toBe('pass');
  });

  it('finds base64 runs of 2,000+ characters in text, not runs just short of it', () => {
    expect(bulkData(load(`<body><p>${'QUJD'.repeat(600)}</p></body>`)).elements[0]).toMatchObject({ kind: 'base64', chars: 2400 });
    // 1,000 near-misses: a scan that restarted inside each run would outlast the test timeout.
    expect(bulkData(load(`<body><p>${`${'a'.repeat(1999)} `.repeat(1000)}</p></body>`)).elements).toEqual([]);
  });

  it('never throws on arbitrary HTML', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1500 }), (s) => {
        const b = bulkData(load(s));
        expect(b.bulkChars).toBeLessThanOrEqual(b.textChars);
      }),
      { numRuns: 200 },
    );
  });
});

describe('bot-protection interference', () => {
  it('a challenge interstitial served as 200, by its title or a provider script on a short page', () => {
    expect(challengeServedAsSuccess(response({ body: '<title>Just a moment...</title>' }))).toMatch(/title "Just a moment\.\.\."/);
    expect(challengeServedAsSuccess(response({ body: '<script src="https://ct.captcha-delivery.com/c.js"></script>' }))).toMatch(/captcha-delivery/);
    expect(
      challengeServedAsSuccess(response({ body: `<script src="https://ct.captcha-delivery.com/c.js"></script>${'<p>docs</p>'.repeat(5000)}` })),
    ).toBeNull();
    expect(challengeServedAsSuccess(response({ status: 403, body: '<title>Just a moment...</title>' }))).toBeNull();
    expect(
      challengeServedAsSuccess(response({ body: '<title>Docs</title><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>' })),
    ).toBeNull();
  });

  it('a stalled body is a timeout after the headers, not before them', () => {
    expect(stalledBody({ ...response(), error: { code: 'timeout', message: 't' } })).toBe(true);
    expect(stalledBody(response({ error: { code: 'timeout', message: 't' } }))).toBe(false);
    expect(stalledBody(response())).toBe(false);
  });
});
