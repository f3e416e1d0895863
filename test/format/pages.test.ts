/**
 * The per-page table of a site-scope scan in every format. The result comes from a real scan of a
 * loopback fixture site; its pages[] is built to the PageResult shape (see withPages), since the
 * renderers are what is tested here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAjv, sarifValidator } from '../helpers/sarif-schema.js';
import fc from 'fast-check';
import * as cheerio from 'cheerio';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ScanResponse, type PageResult, type ScanResult } from '../../src/core/schema.js';
import { PAGE_CHECK_ORDER, pageCheckOrder, pagePath, pageTable, pageTableSummary } from '../../src/format/pages.js';
import { CHECKS } from '../../src/core/checks/index.js';
import { renderTextReport, truncateMiddle } from '../../src/format/text.js';
import { renderMarkdown } from '../../src/format/markdown.js';
import { renderHtmlReport } from '../../src/format/html.js';
import { renderSarif, sarifUri } from '../../src/format/sarif.js';
import { renderJunit } from '../../src/format/junit.js';
import { renderGithubAnnotations } from '../../src/format/github.js';
import { renderJson } from '../../src/format/index.js';
import { stripControl } from '../../src/format/sanitize.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { goodRobotsSite, HOSTILE_PATH, HOSTILE_URL, scanFixture, withPages } from './scan-fixture.js';

// Terminal escapes, C1 controls (U+009B is a one-byte CSI) and bidi overrides/isolates.
const UNSAFE = /[\u001b\u0007\u0080-\u009f\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[[0-9;]*m/g;
/** The page-level checks the fixture's pages carry verdicts for (withPages in scan-fixture.ts). */
const COLUMNS = ['C1', 'C2', 'C3', 'C4', 'D3', 'D6', 'A7'];

let site: FixtureSite;
let plain: ScanResult;
let sampled: ScanResult;
beforeAll(async () => {
  ({ site, result: plain } = await scanFixture(goodRobotsSite()));
  sampled = withPages(plain);
});
afterAll(() => site?.close());

const onePage = (r: ScanResult): ScanResult => ({ ...r, pages: r.pages!.slice(0, 1) });

/** The cells of one markdown table row, split on pipes that are not escaped. */
function mdCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

describe('pageTable', () => {
  it('orders its columns from the registry: the page-level checks (meta.pageLevel), content first', () => {
    // Derived from the registry, not a list of today's page-level checks: a new one joins on its own.
    const paged = CHECKS.filter((c) => c.meta.pageLevel);
    const content = paged.filter((c) => c.meta.dimension === 'content').map((c) => c.meta.id);
    const others = paged.filter((c) => c.meta.dimension !== 'content').map((c) => c.meta.id);
    expect(content.length && others.length).toBeGreaterThan(0);
    expect(PAGE_CHECK_ORDER).toEqual([...content, ...others]);
    // The fixture's pages (withPages) carry some of them: in the same order.
    expect(PAGE_CHECK_ORDER.filter((id) => COLUMNS.includes(id))).toEqual(COLUMNS);
    const madeUp = { meta: { id: 'D9', dimension: 'discoverability', pageLevel: true as const } };
    const alsoContent = { meta: { id: 'C9', dimension: 'content', pageLevel: true as const } };
    const notPaged = { meta: { id: 'D8', dimension: 'discoverability' } };
    expect(pageCheckOrder([...CHECKS, madeUp, alsoContent, notPaged])).toEqual([...content, 'C9', ...others, 'D9']);
  });

  it('has no table without pages[] or with one page', () => {
    expect(pageTable(plain)).toBeNull();
    expect(pageTable(onePage(sampled))).toBeNull();
  });

  it('has one row per page, in order, and the page-level checks as columns in rubric order', () => {
    const t = pageTable(sampled)!;
    expect(t.columns).toEqual(COLUMNS);
    expect(t.rows.map((r) => r.source)).toEqual(sampled.pages!.map((p) => p.source));
    expect(t.rows[0].path).toBe('/');
    expect(t.rows[1].path).toMatch(/^\/docs\/getting-started\//);
    // Off-origin (or opaque) URLs are shown whole; 404 and errors carry a problem, not cells.
    expect(t.rows[3].path).toBe(HOSTILE_URL);
    expect(t.rows[4]).toMatchObject({ status: 404, problem: 'HTTP 404', cells: {} });
    expect(t.rows[5]).toMatchObject({ status: null, problem: 'timed out after 10 s' });
    expect(t.passing).toBe(1);
    expect(pageTableSummary(t)).toBe('6 pages sampled: 1 passes every page check, 2 could not be checked');
  });

  it('shows paths relative to the origin, decoded for reading', () => {
    expect(pagePath('http://a.test/docs/%C3%BCber?x=1#y', 'http://a.test/')).toBe('/docs/über?x=1#y');
    expect(pagePath('http://a.test/bad%zz', 'http://a.test/x')).toBe('/bad%zz');
    expect(pagePath('http://b.test/x', 'http://a.test/')).toBe('http://b.test/x');
    expect(pagePath('not a url', 'http://a.test/')).toBe('not a url');
  });

  it('truncates in the middle, keeping both ends', () => {
    expect(truncateMiddle('/abcdefghij', 7)).toBe('/ab…hij');
    expect(truncateMiddle('/abc', 7)).toBe('/abc');
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 100 }), (s, max) => {
        expect(truncateMiddle(s, max).length).toBeLessThanOrEqual(Math.max(max, 0));
      }),
      { numRuns: 200 },
    );
  });
});

describe('pretty', () => {
  it('prints a row per page with the same status symbols as the check list', () => {
    const out = renderTextReport(sampled, { width: 80 });
    const lines = out.split('\n');
    const head = lines.findIndex((l) => l.startsWith('6 pages sampled'));
    expect(head).toBeGreaterThan(0);
    expect(lines[head]).toBe('6 pages sampled: 1 passes every page check, 2 could not be checked');
    expect(lines[head + 1].trim().split(/\s+/)).toEqual(['PAGE', 'SOURCE', 'HTTP', ...COLUMNS]);
    const rows = lines.slice(head + 2, head + 8);
    expect(rows[0].trim().split(/\s+/)).toEqual(['/', 'target', '200', '✗', '✓', '✓', '◐', '✓', '✓', '–']);
    expect(rows[2]).toMatch(/llms\.txt\s+200\s+◐ {2}✗ {2}✓ {2}✓ {2}i {2}✓ {2}–$/);
    expect(rows[4]).toMatch(/\/gone\s+link\s+404 {2}HTTP 404$/);
    expect(rows[5]).toMatch(/\/slow\s+link\s+- {2}timed out after 10 s$/);
    // Every row fits 80 columns; the long path lost its middle, not its end.
    for (const l of lines.slice(head, head + 9)) expect(l.length, l).toBeLessThan(80);
    expect(rows[1]).toMatch(/^ {2}\/docs\/getting-start.*….*\?ref=sitemap /);
    expect(out).not.toMatch(UNSAFE);
  });

  it('keeps colour to the status symbols and lets no control from a page URL through', () => {
    const out = renderTextReport(sampled, { width: 80, color: true });
    expect(out).toContain('\u001b[31m✗\u001b[39m');
    expect(out.replace(SGR, '')).not.toMatch(UNSAFE);
  });

  it('lists the failing cells with their evidence under --verbose', () => {
    const out = renderTextReport(sampled, { width: 80, verbose: true });
    expect(out).toContain('C1 FAIL C1/no-markdown: no Markdown alternate');
  });

  it('says it in one line in --summary', () => {
    const out = renderTextReport(sampled, { summary: true });
    expect(out).toContain('\n6 pages sampled: 1 passes every page check, 2 could not be checked.\n');
    expect(out).not.toContain('PAGE ');
  });

  it('is unchanged without pages[] or with one page', () => {
    for (const opts of [{ width: 80 }, { summary: true }, { color: true, verbose: true }]) {
      expect(renderTextReport(onePage(sampled), opts)).toBe(renderTextReport(plain, opts));
    }
    expect(renderTextReport(plain)).not.toContain('pages sampled');
  });
});

describe('markdown', () => {
  it('is a table whose every row has every cell, with pipes, markup and backticks escaped', () => {
    const md = renderMarkdown([sampled]);
    const lines = md.split('\n');
    const head = lines.indexOf('| Page | Source | HTTP | C1 | C2 | C3 | C4 | D3 | D6 | A7 |');
    expect(head).toBeGreaterThan(0);
    const rows = lines.slice(head + 2, head + 8);
    for (const row of rows) expect(mdCells(row), row).toHaveLength(3 + COLUMNS.length);
    expect(mdCells(rows[0])).toEqual(['/', 'target', '200', '✗', '✓', '✓', '◐', '✓', '✓', '–']);
    expect(mdCells(rows[4]).slice(0, 4)).toEqual(['/gone', 'link', '404', '⚠ HTTP 404']);
    expect(rows[2]).toContain('/a\\|b/&lt;img');
    expect(rows[3]).toContain('javascript:alert\\(1\\)//&lt;script\\>');
    expect(rows[3]).toContain('\\`tick\\`');
    expect(lines[head + 8]).toBe('');
    expect(md).not.toMatch(UNSAFE);
    expect(rows.join('\n')).not.toMatch(/<script|<img/);
  });

  it('has no table without pages[] or with one page', () => {
    expect(renderMarkdown([onePage(sampled)])).toBe(renderMarkdown([plain]));
    expect(renderMarkdown([plain])).not.toContain('| Page |');
  });
});

describe('html', () => {
  it('renders the table with a cell per page and check, escaped, with no link but http(s)', () => {
    const html = renderHtmlReport(sampled);
    const $ = cheerio.load(html);
    const rows = $('section.pages tbody tr');
    expect(rows.length).toBe(6);
    expect(
      $('section.pages thead th')
        .map((_, th) => $(th).text())
        .get(),
    ).toEqual(['Page', 'Source', 'HTTP', ...COLUMNS]);
    for (const [i, page] of sampled.pages!.entries()) {
      const row = rows.eq(i);
      expect(row.find('td.page').attr('title')).toBe(stripControl(page.url));
      if (page.status !== 200) {
        expect(row.find('td[colspan]').text()).toContain(page.error ?? `HTTP ${page.status}`);
        continue;
      }
      for (const id of COLUMNS) expect(row.find(`td[data-check-id="${id}"]`).attr('data-status'), `${i} ${id}`).toBe(page.checks[id].status);
    }
    // The hostile URL is text, the hostile path a link to the http URL it is; no markup got through.
    expect(rows.eq(3).find('a').length).toBe(0);
    expect(rows.eq(3).find('td.page').text()).toBe('javascript:alert(1)//<script>x</script>|`tick`|evil');
    expect(rows.eq(2).find('a').attr('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/a\|b\/%3Cimg/);
    expect($('a[href^="javascript:"]').length).toBe(0);
    expect($('script, img').length).toBe(0);
    expect(html).not.toMatch(UNSAFE);
    // Failing cells are also spelled out (hover titles reach neither touch screens nor paper).
    expect($('section.pages details li').length).toBe(5);
    expect($('section.pages details').text()).toContain('HTML served for text/markdown <b>x</b>');
  });

  it('has no table without pages[] or with one page', () => {
    expect(renderHtmlReport(onePage(sampled))).toBe(renderHtmlReport(plain));
    expect(cheerio.load(renderHtmlReport(plain))('section.pages').length).toBe(0);
  });
});

describe('SARIF', () => {
  const validate = sarifValidator();

  it('stays valid and points a page-level result at each page it failed on', () => {
    const log = JSON.parse(renderSarif([sampled]));
    validate(log);
    expect(validate.errors ?? []).toEqual([]);
    const run = log.runs[0];
    expect(run.properties).toMatchObject({ pagesSampled: 6, pagesPassing: 1 });
    const c3 = run.results.find((r: { ruleId: string }) => r.ruleId === 'C3');
    if (c3) {
      expect(c3.locations).toHaveLength(1);
      expect(c3.locations[0].physicalLocation.artifactLocation.uri).not.toMatch(/^javascript:/);
    }
    const c1 = run.results.find((r: { ruleId: string }) => r.ruleId === 'C1');
    expect(c1).toBeDefined();
    const uris = c1.locations.map((l: { physicalLocation: { artifactLocation: { uri: string } } }) => l.physicalLocation.artifactLocation.uri);
    expect(uris).toEqual([sampled.pages![0].url, sarifUri(sampled.pages![2].url)]);
    expect(uris[1]).toContain('/a%7Cb/%3Cimg');
    expect(c1.locations[0].message.text).toBe('fail C1/no-markdown: no Markdown alternate');
    expect(c1.properties.pages.map((p: { status: string }) => p.status)).toEqual(['fail', 'pass', 'partial', 'pass']);
    const notes = run.invocations[0].toolExecutionNotifications.map((n: { message: { text: string } }) => n.message.text);
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/gone could not be checked: HTTP 404$/),
        expect.stringMatching(/\/slow could not be checked: timed out/),
      ]),
    );
    expect(renderSarif([sampled])).not.toMatch(UNSAFE);
  });

  it('turns any http(s) page URL into an RFC 3986 URI', () => {
    const uriValid = formatAjv().compile({ type: 'string', format: 'uri' });
    fc.assert(
      fc.property(fc.string({ maxLength: 60, unit: 'binary' }), fc.string({ maxLength: 20 }), (path, query) => {
        const uri = sarifUri(`http://127.0.0.1:8080/${path}?${query}#${query}`);
        expect(uri).not.toBeNull();
        expect(uriValid(uri), uri!).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(sarifUri('javascript:alert(1)')).toBeNull();
    expect(sarifUri('http://[::1]:8080/a|b')).toBe('http://[::1]:8080/a%7Cb');
  });

  it('is unchanged without pages[] or with one page', () => {
    expect(renderSarif([onePage(sampled)])).toBe(renderSarif([plain]));
  });
});

describe('JUnit', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name) });

  it('stays well-formed, with a property per page and the page verdicts in each page-level testcase', () => {
    const xml = renderJunit([sampled]);
    expect(XMLValidator.validate(xml)).toBe(true);
    const suite = parser.parse(xml).testsuites.testsuite[0];
    expect(Number(suite.tests)).toBe(sampled.checks.length);
    const props = Object.fromEntries(suite.properties.property.map((p: { name: string; value: string }) => [p.name, p.value]));
    expect(props.pagesSampled).toBe('6');
    expect(props['page.1']).toBe(`${sampled.pages![0].url} (target, HTTP 200): C1=fail C2=pass C3=pass C4=partial D3=pass D6=pass A7=na`);
    expect(props['page.4']).toContain('<script>x</script>');
    expect(props['page.5']).toMatch(/\(link, HTTP 404\): HTTP 404$/);
    const c1 = suite.testcase.find((t: { name: string }) => t.name.startsWith('C1 '));
    expect(JSON.stringify(c1)).toContain('page /: fail C1/no-markdown: no Markdown alternate');
    expect(xml).not.toMatch(UNSAFE);
  });

  it('is unchanged without pages[] or with one page', () => {
    expect(renderJunit([onePage(sampled)])).toBe(renderJunit([plain]));
  });
});

describe('GitHub annotations', () => {
  it('names the pages a page-level check failed on and warns of pages not checked, one line each', () => {
    const out = renderGithubAnnotations([sampled]);
    const lines = out.trimEnd().split('\n');
    for (const l of lines) expect(l).toMatch(/^::(notice|warning|error) title=[^\n]*::/);
    const c1 = lines.find((l) => l.includes('title=C1 '))!;
    expect(c1).toContain('Pages: / (fail), /a|b/<img src=x onerror=alert(1)>/`code`/evil//x (partial).');
    expect(lines.filter((l) => l.includes('could not be checked'))).toHaveLength(2);
    expect(out).not.toMatch(UNSAFE);
  });

  it('is unchanged without pages[] or with one page', () => {
    expect(renderGithubAnnotations([onePage(sampled)])).toBe(renderGithubAnnotations([plain]));
  });
});

describe('JSON', () => {
  it('keeps pages[] in JSON and NDJSON, with controls escaped and the v1 shape intact', () => {
    for (const text of [renderJson([sampled]), renderJson([sampled, plain])]) {
      expect(text).not.toMatch(UNSAFE);
      const first = JSON.parse(text.split('\n')[0].startsWith('{"') ? text.split('\n')[0] : text);
      const back = ScanResponse.parse(first);
      expect(back.pages).toEqual(sampled.pages);
    }
    expect(renderJson([sampled])).toContain('\\u202e');
    expect(HOSTILE_PATH).toContain('\u202e');
  });
});

describe('every format, for any pages[]', () => {
  const statusArb = fc.constantFrom('pass', 'partial', 'fail', 'na', 'info') as fc.Arbitrary<PageResult['checks'][string]['status']>;
  const hostile = fc.oneof(fc.string({ maxLength: 40, unit: 'binary' }), fc.constantFrom('|', '<', '`', '\u202e', '\u009b', '\n', '&', '](javascript:x)'));
  const pageArb = fc.record({
    url: fc.oneof(
      hostile.map((s) => `http://127.0.0.1:8080/${s}`),
      hostile,
    ),
    source: fc.constantFrom('target', 'sitemap', 'llms.txt', 'link') as fc.Arbitrary<PageResult['source']>,
    status: fc.oneof(fc.constant(200), fc.constant(404), fc.constant(null)),
    checks: fc.dictionary(fc.constantFrom(...COLUMNS), fc.record({ status: statusArb, code: hostile, evidence: hostile })),
  });

  it('keeps tables whole and site text inert', () => {
    fc.assert(
      fc.property(fc.array(pageArb, { minLength: 2, maxLength: 6 }), (pages) => {
        const r = { ...plain, url: 'http://127.0.0.1:8080/', finalUrl: undefined, pages } as ScanResult;
        const t = pageTable(r)!;
        const text = renderTextReport(r, { width: 80 });
        expect(text).not.toMatch(UNSAFE);
        const md = renderMarkdown([r]);
        expect(md).not.toMatch(UNSAFE);
        const lines = md.split('\n');
        const head = lines.findIndex((l) => l.startsWith('| Page | Source | HTTP |'));
        for (const row of lines.slice(head + 2, head + 2 + pages.length)) expect(mdCells(row), row).toHaveLength(3 + Math.max(1, t.columns.length));
        const $ = cheerio.load(renderHtmlReport(r));
        expect($('section.pages tbody tr').length).toBe(pages.length);
        expect($('script, img, iframe').length).toBe(0);
        for (const a of $('a').get()) expect($(a).attr('href')).toMatch(/^(https?:|#)/);
        expect(XMLValidator.validate(renderJunit([r]))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
