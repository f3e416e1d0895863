/** Case tables of the discoverability checks (D1-D7): artifacts -> status and outcome code. */
import { load } from 'cheerio';
import { d1RobotsTxt } from '../../../../src/core/checks/discoverability/d1-robots-txt.js';
import { d2Sitemap } from '../../../../src/core/checks/discoverability/d2-sitemap.js';
import { d3LinkHeaders } from '../../../../src/core/checks/discoverability/d3-link-headers.js';
import { d4LlmsTxt } from '../../../../src/core/checks/discoverability/d4-llms-txt.js';
import { d5LlmsFullTxt } from '../../../../src/core/checks/discoverability/d5-llms-full-txt.js';
import { d6InPageHints, findHints } from '../../../../src/core/checks/discoverability/d6-in-page-hints.js';
import { d7DnsAid } from '../../../../src/core/checks/discoverability/d7-dns-aid.js';
import { parseLinkHeader } from '../../../../src/core/gather/link-header.js';
import { llmsFileState, parseLlmsTxt, type LlmsArtifact } from '../../../../src/core/gather/llms-txt.js';
import { parseRobots } from '../../../../src/core/gather/robots.js';
import { parseSitemap, type SitemapArtifact, type SitemapProbe } from '../../../../src/core/gather/sitemap.js';
import type { FetchResult } from '../../../../src/core/net/http.js';
import { table } from '../../../helpers/check-tester.js';
import { json, notFound, ORIGIN, response, soft404, text } from '../../../helpers/responses.js';

const robots = (res: FetchResult) => () => parseRobots(res, ORIGIN);
const robotsTxt = (body: string, type = 'text/plain') => robots(text('/robots.txt', body, type));

const d1 = table(d1RobotsTxt, {
  valid: [{ artifact: robotsTxt('User-agent: *\nAllow: /\nSitemap: https://x.test/sitemap.xml\n'), code: 'D1/ok' }],
  invalid: [
    { artifact: robots(response({ url: '/robots.txt', status: 503 })), status: 'fail', code: 'D1/unreachable' },
    { artifact: robots(soft404('/robots.txt')), status: 'fail', code: 'D1/soft-404' },
    { artifact: robots(notFound('/robots.txt')), status: 'fail', code: 'D1/missing' },
    { name: 'a catch-all "Not Found" text', artifact: robotsTxt('Not Found\n'), status: 'fail', code: 'D1/not-robots', data: { lines: 1, start: 'Not Found' } },
    { name: 'a JSON error', artifact: robots(json('/robots.txt', { error: 'not found', code: 404 })), status: 'fail', code: 'D1/not-robots' },
    { name: 'only blank lines', artifact: robotsTxt('\n  \n'), status: 'fail', code: 'D1/empty' },
    { name: 'a 0-byte file', artifact: robotsTxt(''), status: 'fail', code: 'D1/empty' },
    { artifact: robotsTxt('Sitemap: https://x.test/sitemap.xml\n'), status: 'partial', code: 'D1/no-groups', findings: ['D1/no-groups'] },
    {
      name: 'a real file with a bad line and no group',
      artifact: robotsTxt('Crawl-delay: 5\nnonsense line\n'),
      status: 'partial',
      code: 'D1/no-groups',
      findings: ['D1/no-groups', 'D1/unparseable-lines'],
    },
    { artifact: robotsTxt('User-agent: *\nAllow: /\n', 'application/octet-stream'), status: 'partial', code: 'D1/wrong-type', findings: ['D1/wrong-type'] },
    {
      name: 'no content type',
      artifact: robots(response({ url: '/robots.txt', body: 'User-agent: *\nAllow: /\n' })),
      status: 'partial',
      code: 'D1/no-content-type',
      findings: ['D1/no-content-type'],
    },
    { artifact: robotsTxt(`User-agent: *\nAllow: /\n${'Disallow: /private/page\n'.repeat(30_000)}`), status: 'partial', code: 'D1/too-large' },
    {
      artifact: robotsTxt('User-agent: *\nAllow: /\nnonsense one\nnonsense two\n'),
      status: 'partial',
      code: 'D1/unparseable-lines',
      findings: ['D1/unparseable-lines'],
    },
  ],
});

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const urlset = (...locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="${NS}">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
function sitemap(url: string, source: SitemapProbe['source'], body: string | null): SitemapProbe {
  const probe = body === null ? notFound(url) : response({ url, headers: { 'content-type': 'application/xml' }, body });
  return { url: new URL(url, ORIGIN).href, source, probe, parsed: body === null ? null : parseSitemap(Buffer.from(body)) };
}
const sitemaps =
  (candidates: () => SitemapProbe[], robotsListed: string[] = []) =>
  (): SitemapArtifact => ({ robotsListed, candidates: candidates(), wordpress: false });
const d2 = table(d2Sitemap, {
  valid: [
    { artifact: sitemaps(() => [sitemap('/sm.xml', 'robots', urlset('https://a.test/'))], [`${ORIGIN}/sm.xml`]), code: 'D2/ok', data: { urls: 1 } },
    {
      name: 'an index whose first child is a urlset',
      artifact: sitemaps(() => [
        {
          ...sitemap('/sitemap_index.xml', 'fallback', `<sitemapindex xmlns="${NS}"><sitemap><loc>https://a.test/s1.xml</loc></sitemap></sitemapindex>`),
          child: sitemap('https://a.test/s1.xml', 'index-child', urlset('https://a.test/', 'https://a.test/b')),
        },
      ]),
      code: 'D2/ok-index',
      data: { children: 1, urls: 2, tried2Tag: 'first child, urlset, 2 entries' },
    },
  ],
  invalid: [
    {
      artifact: sitemaps(() => [sitemap('/gone.xml', 'robots', null), sitemap('/sitemap.xml', 'fallback', urlset('https://a.test/'))], [`${ORIGIN}/gone.xml`]),
      status: 'partial',
      code: 'D2/robots-sitemap-broken',
    },
    { name: 'an empty urlset', artifact: sitemaps(() => [sitemap('/sitemap.xml', 'fallback', urlset())]), status: 'partial', code: 'D2/defective' },
    { artifact: sitemaps(() => [sitemap('/sitemap.xml', 'fallback', null)]), status: 'fail', code: 'D2/missing' },
    {
      name: 'the robots.txt Sitemap URL and the fallbacks all fail',
      artifact: sitemaps(() => [sitemap('/gone.xml', 'robots', null), sitemap('/sitemap.xml', 'fallback', null)], [`${ORIGIN}/gone.xml`]),
      status: 'fail',
      code: 'D2/missing-listed',
    },
  ],
});

const page = (link?: string) => response({ url: '/docs/page', headers: { 'content-type': 'text/html', ...(link ? { link } : {}) }, body: '<html></html>' });
const links =
  (link: string | undefined, targets: Array<{ url: string; probe: FetchResult }> = []) =>
  () => {
    const p = page(link);
    return { page: p, links: parseLinkHeader(link, p.url), targets };
  };
const d3 = table(d3LinkHeaders, {
  valid: [
    { name: 'a target on another origin (not fetched)', artifact: links('<https://api.other.test/catalog>; rel="api-catalog"'), code: 'D3/ok-unchecked' },
    {
      artifact: links('</.well-known/api-catalog>; rel="api-catalog"', [
        { url: `${ORIGIN}/.well-known/api-catalog`, probe: json('/.well-known/api-catalog', { linkset: [] }) },
      ]),
      code: 'D3/ok',
      data: { total: 1, strong: 1, target1Url: '/.well-known/api-catalog', target1Status: 200 },
    },
  ],
  invalid: [
    { artifact: links(undefined), status: 'fail', code: 'D3/missing' },
    { artifact: links('garbage without brackets'), status: 'fail', code: 'D3/unparseable' },
    { artifact: links('</docs/page.html>; rel="alternate"; type="text/html"'), status: 'partial', code: 'D3/weak-only' },
    { artifact: links('<https://cdn.test/app.js>; rel=preload; as=script'), status: 'fail', code: 'D3/hints-only' },
    {
      artifact: links('</.well-known/api-catalog>; rel="api-catalog"', [
        { url: `${ORIGIN}/.well-known/api-catalog`, probe: notFound('/.well-known/api-catalog') },
      ]),
      status: 'partial',
      code: 'D3/broken-targets',
    },
  ],
});

const GOOD_LLMS = '# Example Co\n\n> Refurbished laptops.\n\n## Docs\n- [Shipping](/shipping.md): delivery times\n- [Returns](/returns.md)\n';
function llms(probe: FetchResult, file: 'llms.txt' | 'llms-full.txt' = 'llms.txt', extra: Partial<LlmsArtifact> = {}) {
  return (): LlmsArtifact => {
    const state = llmsFileState(probe);
    const c = { path: `/${file}`, probe, state, doc: state === 'document' || state === 'html-typed' ? parseLlmsTxt(probe.text) : null };
    return { file, candidates: [c], chosen: c, linkChecks: [], uncheckedLinks: 0, ...extra };
  };
}
const d4 = table(d4LlmsTxt, {
  valid: [
    { artifact: llms(text('/llms.txt', GOOD_LLMS, 'text/markdown')), code: 'D4/ok' },
    // llmstxt.org v2 (nbs/index.qmd at 61bbcf99): the H1 is the only required section, H2 sections are "zero or more".
    {
      name: 'a URL for H1, no blockquote, links under the H1 and no H2 section (v2: valid, advisories)',
      artifact: llms(text('/llms.txt', '# https://example.com\n\n- [About](https://example.com/about)\n- [Pricing](https://example.com/pricing)\n')),
      code: 'D4/ok',
      advisories: ['D4/no-blockquote', 'D4/no-md-links', 'D4/no-h2-section', 'D4/h1-is-url'],
    },
    { name: 'a BOM before the H1 (v2: optional BOM)', artifact: llms(text('/llms.txt', `\uFEFF${GOOD_LLMS}`, 'text/markdown')), code: 'D4/ok' },
    {
      name: '"* [name](url)" file-list items (the text allows any list; advisory on the reference parser)',
      artifact: llms(text('/llms.txt', GOOD_LLMS.replaceAll('\n- [', '\n* ['), 'text/markdown')),
      code: 'D4/ok',
      advisories: ['D4/other-bullets'],
    },
  ],
  invalid: [
    { artifact: llms(notFound('/llms.txt')), status: 'fail', code: 'D4/missing' },
    {
      name: 'prose beside the links inside an H2 section (the reference parser reads nothing)',
      artifact: llms(text('/llms.txt', `${GOOD_LLMS}\nAsk support for anything not listed here.\n`, 'text/markdown')),
      status: 'partial',
      code: 'D4/off-format-lines',
    },
    {
      name: 'key: value bullets beside the links inside an H2 section',
      artifact: llms(text('/llms.txt', `${GOOD_LLMS}\n## Contact\n- Email: help@example.com\n- Hours: 9-17 CET\n`, 'text/markdown')),
      status: 'partial',
      code: 'D4/off-format-lines',
    },
    {
      name: 'H1, blockquote and H2 sections of "- Label: /path" items, no link (H2 sections hold file lists of hyperlinks)',
      artifact: llms(text('/llms.txt', '# Example Co\n\n> Summary.\n\n## Docs\n- Shipping: /shipping\n- Returns: /returns\n', 'text/markdown')),
      status: 'partial',
      code: 'D4/bare-urls',
    },
    {
      name: 'links only under an H3, no H2 section',
      artifact: llms(text('/llms.txt', '# Example Co\n\n> Summary.\n\n### Docs\n- [Shipping](/shipping.md)\n', 'text/markdown')),
      status: 'partial',
      code: 'D4/no-file-list',
      advisories: ['D4/other-level-sections'],
    },
    { artifact: llms(text('/llms.txt', '')), status: 'fail', code: 'D4/empty' },
    { artifact: llms(text('/llms.txt', GOOD_LLMS, 'text/html')), status: 'partial', code: 'D4/html-typed' },
    {
      name: 'llms.txt reached only through a redirect to another host (agent-docs-spec: warn)',
      artifact: llms({
        ...text('/llms.txt', GOOD_LLMS, 'text/markdown'),
        url: 'https://docs.other-host.test/llms.txt',
        redirects: ['https://docs.other-host.test/llms.txt'],
      }),
      status: 'partial',
      code: 'D4/cross-host',
    },
    { artifact: llms(text('/llms.txt', '> Summary only\n\n- [Docs](/docs.md)\n')), status: 'partial', code: 'D4/no-h1', advisories: ['D4/no-h2-section'] },
    { artifact: llms(text('/llms.txt', '# Example Co\n\n> Summary with no links at all.\n')), status: 'partial', code: 'D4/no-links' },
    {
      name: 'an HTML page served with 200 at /llms.txt',
      artifact: llms(text('/llms.txt', '<!doctype html><html><body><h1>Home</h1></body></html>', 'text/html')),
      status: 'fail',
      code: 'D4/html-page',
    },
    {
      name: 'H2 sections of bare URLs',
      artifact: llms(text('/llms.txt', '# Example Co\n\n> Summary.\n\n## Docs\n\n- https://example.com/a\n- https://example.com/b\n')),
      status: 'partial',
      code: 'D4/bare-urls',
    },
    {
      artifact: llms(text('/llms.txt', GOOD_LLMS.replace('\n## Docs', `\n${'Long prose about the company. '.repeat(4000)}\n\n## Docs`))),
      status: 'partial',
      code: 'D4/too-long',
    },
    {
      artifact: llms(text('/llms.txt', GOOD_LLMS, 'text/markdown'), 'llms.txt', {
        linkChecks: [
          { url: `${ORIGIN}/shipping.md`, probe: notFound('/shipping.md') },
          { url: `${ORIGIN}/returns.md`, probe: notFound('/returns.md') },
        ],
      }),
      status: 'partial',
      code: 'D4/broken-links',
    },
  ],
});

const FULL = `# Docs\n\n${'[a](/a.md) words and more words '.repeat(100)}`;
const LISTED = [
  { name: 'Shipping policy', url: '/shipping.md', section: 'Docs' },
  { name: 'Returns', url: `${ORIGIN}/returns.md`, section: 'Docs' },
];
const SMALL_COMPLETE =
  '# Example Co\n\n## Shipping policy\n\nOrders ship within 2 days.\n\n## Returning items\n\nSource: https://example.com/returns\n\nWithin 30 days.\n';
const MANY = Array.from({ length: 10 }, (_, i) => ({ name: `Guide chapter ${i + 1}`, url: `/guide/chapter-${i + 1}.md`, section: 'Docs' }));
const withListed = (probe: FetchResult, listed: typeof LISTED) => () => ({ ...llms(probe, 'llms-full.txt')(), listed });
const d5 = table(d5LlmsFullTxt, {
  valid: [
    { artifact: llms(text('/llms-full.txt', FULL, 'text/markdown'), 'llms-full.txt'), code: 'D5/ok-by-size' },
    // One page found by title, the other by its URL without the .md extension.
    {
      name: 'small but holding every page llms.txt lists',
      artifact: withListed(text('/llms-full.txt', SMALL_COMPLETE, 'text/markdown'), LISTED),
      code: 'D5/ok',
      data: { held: 2, listed: 2, path: '/llms-full.txt', tried1Tag: 'found' },
    },
    {
      name: '9 of 10 listed pages held (80-95%: a pass with an advisory)',
      artifact: withListed(
        text(
          '/llms-full.txt',
          `# Co\n\n${MANY.slice(0, 9)
            .map((l) => `## ${l.name}\n\nText of ${l.name}.\n`)
            .join('\n')}`,
          'text/markdown',
        ),
        MANY,
      ),
      code: 'D5/ok',
      advisories: ['D5/pages-not-found'],
    },
  ],
  invalid: [
    { artifact: llms(notFound('/llms-full.txt'), 'llms-full.txt'), status: 'fail', code: 'D5/missing' },
    { artifact: llms(text('/llms-full.txt', ''), 'llms-full.txt'), status: 'partial', code: 'D5/empty' },
    { artifact: llms(text('/llms-full.txt', FULL, 'text/html'), 'llms-full.txt'), status: 'partial', code: 'D5/html-typed' },
    {
      name: 'a large JSON document',
      artifact: llms(
        json('/llms-full.txt', { error: 'route not found', routes: Array.from({ length: 60 }, (_, i) => `/api/v1/resource-${i}`) }),
        'llms-full.txt',
      ),
      status: 'partial',
      code: 'D5/not-text',
    },
    {
      name: 'a large JSON body served as text/plain',
      artifact: llms(
        text(
          '/llms-full.txt',
          JSON.stringify({ error: 'route not found', routes: Array.from({ length: 60 }, (_, i) => `/api/v1/resource-${i}`) }),
          'text/plain',
        ),
        'llms-full.txt',
      ),
      status: 'partial',
      code: 'D5/not-text',
    },
    { artifact: llms(text('/llms-full.txt', '# Docs\n\nSoon.\n', 'text/markdown'), 'llms-full.txt'), status: 'partial', code: 'D5/too-small' },
    {
      name: 'small and missing a listed page',
      artifact: withListed(text('/llms-full.txt', '# Example Co\n\n## Shipping policy\n\nOrders ship within 2 days.\n', 'text/markdown'), LISTED),
      status: 'partial',
      code: 'D5/low-coverage',
    },
    {
      name: 'a 5 KB summary holding 3 of the 10 pages listed (size does not make it full text)',
      artifact: withListed(
        text(
          '/llms-full.txt',
          `# Co\n\n${'A summary of the whole product in prose. '.repeat(130)}\n\n${MANY.slice(0, 3)
            .map((l) => `## ${l.name}\n\nText.\n`)
            .join('\n')}`,
          'text/markdown',
        ),
        MANY,
      ),
      status: 'partial',
      code: 'D5/low-coverage',
    },
    {
      name: 'a copy of the llms.txt index (links, no page text)',
      artifact: withListed(
        text(
          '/llms-full.txt',
          `# Co\n\n## Docs\n${MANY.map((l) => `- [${l.name}](${l.url}): about ${l.name}`).join('\n')}\n${'Filler prose. '.repeat(100)}`,
          'text/markdown',
        ),
        MANY,
      ),
      status: 'partial',
      code: 'D5/low-coverage',
    },
  ],
});

const htmlPage = (head: string) =>
  response({ url: '/guide', headers: { 'content-type': 'text/html' }, body: `<html><head>${head}</head><body></body></html>` });
export const hints =
  (head: string, checks: Array<{ url: string; probe: FetchResult }> = []) =>
  () => {
    const p = htmlPage(head);
    return { page: p, html: true, hints: findHints(load(p.text), p.url), checks };
  };
const d6 = table(d6InPageHints, {
  valid: [
    {
      artifact: hints('<link rel="alternate" type="text/markdown" href="/guide.md">', [
        { url: `${ORIGIN}/guide.md`, probe: response({ url: '/guide.md', method: 'HEAD', status: 200 }) },
      ]),
      code: 'D6/ok',
    },
    { artifact: () => ({ page: json('/guide', {}), html: false, hints: [], checks: [] }), status: 'na', code: 'D6/not-html' },
  ],
  invalid: [
    { artifact: hints('<title>No hints</title>'), status: 'fail', code: 'D6/missing' },
    {
      name: 'no hint on a page read with a DOM cut',
      artifact: () => ({ ...hints('<title>No hints</title>')(), domCut: { maxDepth: 700, flattened: 3 } }),
      status: 'fail',
      code: 'D6/missing-dom-cut',
      data: { maxDepth: 700, flattened: 3 },
    },
    {
      artifact: hints('<link rel="api-catalog" href="/.well-known/api-catalog">', [
        { url: `${ORIGIN}/.well-known/api-catalog`, probe: notFound('/.well-known/api-catalog') },
      ]),
      status: 'partial',
      code: 'D6/broken-hints',
    },
    {
      name: 'the only hint is an llms.txt link past half the page (agent-docs-spec: buried directive)',
      artifact: () => {
        const p = response({
          url: '/guide',
          headers: { 'content-type': 'text/html' },
          body: `<html><body><p>${'Guide text. '.repeat(300)}</p><footer><a href="https://docs.other-host.test/llms.txt">llms.txt</a></footer></body></html>`,
        });
        return { page: p, html: true, hints: findHints(load(p.text), p.url), checks: [] };
      },
      status: 'partial',
      code: 'D6/buried-directive',
    },
  ],
});

const d7 = table(d7DnsAid, {
  valid: [
    { artifact: { host: 'site.test-fixture.dev' }, status: 'info', code: 'D7/not-checked', data: { host: 'site.test-fixture.dev' } },
    { name: 'an address has no zone', artifact: { host: '127.0.0.1' }, status: 'info', code: 'D7/no-domain', data: { host: '127.0.0.1' } },
  ],
  invalid: [],
});

export const discoverabilityTables = [d1, d2, d3, d4, d5, d6, d7];
