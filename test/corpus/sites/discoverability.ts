/** Corpus variants of the discoverability checks (D1-D7). */
import { gzipSync } from 'node:zlib';
import type { Variant } from '../types.js';
import { H, MD, PROSE, T, XML, html, json, llmsIndex, llmsTargets, page, robotsOpen, text, urlset } from './shared.js';

const RFC9309 = 'RFC 9309 §2.2 (groups), §2.3.1.3 (4xx: no rules apply) and §2.3.1.4 (5xx: complete disallow)';
const SITEMAPS = 'sitemaps.org protocol (XML urlset / sitemapindex, plain-text sitemap; robots.txt Sitemap line)';
const LLMSTXT = 'llmstxt.org "Format" (H1 is the only required section; blockquote; H2 file lists of [name](url) links)';
const AGENT_DOCS = 'agent-docs-spec v0.4.0 (2026-04-21)';
/** llmstxt.org v2, read on 2026-11-27 (AnswerDotAI/llms-txt nbs/index.qmd and nbs/changes.qmd at 61bbcf99). */
const LLMSTXT_V2 = 'llmstxt.org v2 (AnswerDotAI/llms-txt nbs/index.qmd at 61bbcf99, date-modified 2026-08-10)';
/** The reference parser, read on 2026-11-27. */
const REF_PARSER = 'llms_txt parse_llms_file (AnswerDotAI/llms-txt llms_txt/core.py at d65b4d0)';
/** agent-docs-spec llms-txt-coverage thresholds, read on 2026-11-27. */
const COVERAGE = 'agent-docs-spec v0.5.0 llms-txt-coverage (SPEC.md at fb2d03df: >=95% pass, 80-95% warn, <80% fail), applied to the pages llms.txt lists';

export const discoverability: Variant[] = [
  {
    name: 'robots-valid',
    models: 'a plain-text robots.txt with a * group and a Sitemap line',
    site: ({ origin }) => ({ '/': page(), '/robots.txt': robotsOpen(origin), '/sitemap.xml': text(urlset(`${origin}/`), XML) }),
    expect: { D1: 'pass', D2: 'pass', B1: 'pass' },
    codes: { D1: 'D1/ok', D2: 'D2/ok', B1: 'B1/ok' },
    source: `${RFC9309}; ${SITEMAPS}`,
  },
  {
    name: 'robots-missing',
    models: 'no robots.txt at all (404)',
    site: () => ({ '/': page() }),
    expect: { D1: 'fail', B1: 'fail', B2: 'fail', B5: 'fail' },
    codes: { D1: 'D1/missing', B1: 'B1/no-robots', B2: 'B2/no-robots', B5: 'B5/no-robots' },
    source: `${RFC9309}; B1/B2/B5 need a robots.txt to hold their lines (Content Signals spec, draft-ietf-aipref-attach)`,
  },
  {
    name: 'robots-soft-404',
    models: 'a catch-all route answers /robots.txt with the HTML home page and 200',
    site: () => ({ '/robots.txt': page(), '/': page() }),
    expect: { D1: 'fail', B1: 'fail' },
    codes: { D1: 'D1/soft-404', B1: 'B1/no-robots' },
    source: 'catalog §2.3 (a non-HTML resource answered by an HTML 200 page is a soft 404); RFC 9309 §2.3 (robots.txt is text/plain)',
  },
  {
    name: 'robots-server-error',
    models: 'robots.txt answers 500',
    site: () => ({ '/': page(), '/robots.txt': { status: 500, headers: T, body: 'oops' } }),
    expect: { D1: 'fail' },
    codes: { D1: 'D1/unreachable' },
    source: 'RFC 9309 §2.3.1.4 (a 5xx means the crawler MUST assume complete disallow); catalog D1 (critical fail)',
  },
  {
    name: 'robots-wrong-content-type',
    models: 'a valid robots.txt served as application/octet-stream',
    site: ({ origin }) => ({
      '/': page(),
      '/robots.txt': text(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`, { 'content-type': 'application/octet-stream' }),
    }),
    expect: { D1: 'partial' },
    codes: { D1: 'D1/wrong-type' },
    source: 'RFC 9309 §2.3 ("the file MUST be UTF-8 encoded … text/plain")',
  },
  {
    name: 'robots-empty-file',
    models: 'robots.txt answers 200 with only blank lines',
    site: () => ({ '/': page(), '/robots.txt': text('\n\n') }),
    expect: { D1: 'fail' },
    codes: { D1: 'D1/empty' },
    source: 'RFC 9309 §2.2 (a robots.txt is made of groups); catalog D1 ("fail — … empty body"); docs/check-codes.md D1/empty',
  },
  {
    name: 'robots-zero-bytes',
    models: 'robots.txt answers 200 with a 0-byte body',
    site: () => ({ '/': page(), '/robots.txt': text('') }),
    expect: { D1: 'fail' },
    codes: { D1: 'D1/empty' },
    source: 'RFC 9309 §2.2 (a robots.txt is made of groups; an empty file has none); catalog D1 ("fail — … empty body")',
  },
  {
    name: 'robots-empty-disallow',
    models: 'the classic allow-all file: User-agent: * with an empty Disallow',
    site: () => ({ '/': page(), '/robots.txt': text('User-agent: *\nDisallow:\n') }),
    expect: { D1: 'pass', B1: 'pass' },
    codes: { D1: 'D1/ok', B1: 'B1/ok' },
    source: 'RFC 9309 §2.2.2 (an empty path matches no URI, and a URI no rule matches is allowed)',
  },
  {
    name: 'robots-allow-disallow-tie',
    models: 'Disallow: / and Allow: / in the same * group (equally specific rules)',
    site: () => ({ '/': page(), '/robots.txt': text('User-agent: *\nDisallow: /\nAllow: /\n') }),
    expect: { B1: 'pass' },
    codes: { B1: 'B1/ok' },
    source: 'RFC 9309 §2.2.2 ("If an allow rule and a disallow rule are equivalent, then the allow rule SHOULD be used")',
  },
  {
    name: 'robots-forbidden',
    models: 'robots.txt answers 403 without any challenge marker',
    site: () => ({ '/': page(), '/robots.txt': { status: 403, headers: T, body: 'Forbidden' } }),
    expect: { D1: 'fail' },
    codes: { D1: 'D1/missing' },
    source: 'RFC 9309 §2.3.1.3 (4xx = "unavailable": crawlers may access everything, so there are no rules); catalog D1 ("fail — 404/410/other 4xx")',
  },
  {
    name: 'robots-bom-crlf',
    models: 'robots.txt with a UTF-8 byte-order mark and CRLF line ends',
    site: ({ origin }) => ({
      '/': page(),
      '/robots.txt': text(
        `\uFEFFUser-agent: *\r\nAllow: /\r\nDisallow: /admin/\r\n\r\nUser-agent: GPTBot\r\nDisallow: /\r\n\r\nSitemap: ${origin}/sitemap.xml\r\n`,
      ),
      '/sitemap.xml': text(urlset(`${origin}/`), XML),
    }),
    expect: { D1: 'pass', D2: 'pass', B1: 'pass' },
    codes: { D1: 'D1/ok', D2: 'D2/ok', B1: 'B1/ok' },
    source:
      'RFC 9309 §2.2 (formal syntax: EOL = %x0D / %x0A / %x0D.0A) and §2.3 (UTF-8); Google Search Central "How Google interprets the robots.txt specification" (a leading BOM is ignored)',
  },
  {
    name: 'robots-cross-host-redirect',
    models: 'robots.txt redirects to a robots.txt on another host',
    site: ({ other }) => ({ '/': page(), '/robots.txt': { status: 301, headers: { location: `${other}/robots.txt` } } }),
    otherSite: () => ({ '/robots.txt': text('User-agent: *\nAllow: /\n') }),
    expect: { D1: 'pass' },
    codes: { D1: 'D1/ok' },
    source: 'RFC 9309 §2.3.1.2 ("crawlers SHOULD follow at least five consecutive redirects, even across authorities")',
  },
  {
    name: 'robots-gzip-encoded',
    models: 'robots.txt sent with Content-Encoding: gzip',
    site: () => ({ '/': page(), '/robots.txt': { headers: { ...T, 'content-encoding': 'gzip' }, body: gzipSync('User-agent: *\nAllow: /\n') } }),
    expect: { D1: 'pass' },
    codes: { D1: 'D1/ok' },
    source: 'RFC 9110 §8.4 (Content-Encoding: the representation is the decoded content); RFC 9309 §2.3',
  },
  {
    name: 'robots-media-type-case',
    models: 'robots.txt typed "Text/Plain; Charset=UTF-8" (media types are case-insensitive)',
    site: () => ({ '/': page(), '/robots.txt': text('User-agent: *\nAllow: /\n', { 'content-type': 'Text/Plain; Charset=UTF-8' }) }),
    expect: { D1: 'pass' },
    codes: { D1: 'D1/ok' },
    source: 'RFC 9110 §8.3.1 ("type and subtype tokens are case-insensitive")',
  },
  {
    name: 'robots-oversize',
    models: 'robots.txt over 500 KiB (padding comments)',
    site: () => ({ '/': page(), '/robots.txt': text(`User-agent: *\nAllow: /\n${'# padding line\n'.repeat(40_000)}`) }),
    expect: { D1: 'partial' },
    codes: { D1: 'D1/too-large' },
    source: 'RFC 9309 §2.5 ("crawlers SHOULD parse at least 500 kibibytes")',
  },
  {
    name: 'robots-not-robots',
    models: 'a catch-all text route answers /robots.txt with prose',
    site: () => ({ '/': page(), '/robots.txt': text('Welcome to Corpus Co.\nWe write guides about tools.\n') }),
    expect: { D1: 'fail' },
    codes: { D1: 'D1/not-robots' },
    source: 'RFC 9309 §2.2 (records are "field: value" lines); catalog §2.3 (catch-all routes)',
  },
  {
    name: 'sitemap-index',
    models: 'robots.txt names a sitemap index that lists one urlset',
    site: ({ origin }) => ({
      '/': page(),
      '/robots.txt': text(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap_index.xml\n`),
      '/sitemap_index.xml': text(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/pages.xml</loc></sitemap></sitemapindex>\n`,
        XML,
      ),
      '/pages.xml': text(urlset(`${origin}/`), XML),
    }),
    expect: { D2: 'pass' },
    codes: { D2: 'D2/ok-index' },
    source: `${SITEMAPS} "Using Sitemap index files"`,
  },
  {
    name: 'sitemap-plain-text',
    models: 'a plain-text sitemap (one URL a line) at /sitemap.xml',
    site: ({ origin }) => ({ '/': page(), '/robots.txt': robotsOpen(origin), '/sitemap.xml': text(`${origin}/\n${origin}/about\n`) }),
    expect: { D2: 'pass' },
    source: `${SITEMAPS} "Text file" format`,
  },
  {
    name: 'sitemap-gzip',
    models: 'robots.txt names a gzip-compressed sitemap (sitemap.xml.gz)',
    site: ({ origin }) => ({
      '/': page(),
      '/robots.txt': text(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml.gz\n`),
      '/sitemap.xml.gz': { headers: { 'content-type': 'application/gzip' }, body: gzipSync(urlset(`${origin}/`)) },
    }),
    expect: { D2: 'pass' },
    codes: { D2: 'D2/ok' },
    source: `${SITEMAPS} ("You can compress your Sitemap files using gzip")`,
  },
  {
    name: 'link-header-describedby-llms',
    models: 'the home page sends Link: rel="describedby" to its llms.txt',
    site: ({ origin }) => ({
      '/': page('Corpus Co', '', { link: '</llms.txt>; rel="describedby"; type="text/plain"' }),
      '/llms.txt': text(llmsIndex(origin)),
      ...llmsTargets,
    }),
    expect: { D3: 'pass', D4: 'pass' },
    codes: { D3: 'D3/ok' },
    source: 'RFC 8288 §3; IANA link relation "describedby" (POWDER); agent-docs-spec llms-txt discovery',
  },
  {
    name: 'sitemap-bom',
    models: 'an XML sitemap that starts with a UTF-8 byte-order mark',
    site: ({ origin }) => ({ '/': page(), '/robots.txt': robotsOpen(origin), '/sitemap.xml': text(`\uFEFF${urlset(`${origin}/`)}`, XML) }),
    expect: { D2: 'pass' },
    codes: { D2: 'D2/ok' },
    source: `${SITEMAPS} (UTF-8); XML 1.0 §4.3.3 (a UTF-8 entity may begin with the byte-order mark)`,
  },
  {
    name: 'sitemap-soft-404',
    models: 'a catch-all answers every sitemap path with the HTML home page',
    site: () => ({ '/': page(), '/robots.txt': text('User-agent: *\nAllow: /\n'), '*': page() }),
    expect: { D2: 'fail' },
    codes: { D2: 'D2/missing' },
    source: `${SITEMAPS}; catalog §2.3 (an HTML 200 for an XML resource is a soft 404)`,
  },
  {
    name: 'sitemap-robots-line-broken',
    models: 'robots.txt names a sitemap that 404s while /sitemap.xml works',
    site: ({ origin }) => ({
      '/': page(),
      '/robots.txt': text(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/gone.xml\n`),
      '/sitemap.xml': text(urlset(`${origin}/`), XML),
    }),
    expect: { D2: 'partial' },
    codes: { D2: 'D2/robots-sitemap-broken' },
    source: `${SITEMAPS} "Specifying the Sitemap location in your robots.txt file"`,
  },
  {
    name: 'sitemap-invalid-xml',
    models: 'a sitemap whose XML does not parse',
    site: ({ origin }) => ({
      '/': page(),
      '/robots.txt': robotsOpen(origin),
      '/sitemap.xml': text('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>', XML),
    }),
    expect: { D2: 'partial' },
    codes: { D2: 'D2/defective' },
    source: `${SITEMAPS} ("The Sitemap must … be UTF-8 encoded" well-formed XML)`,
  },
  {
    name: 'link-header-api-catalog',
    models: 'the home page sends Link: rel="api-catalog" to a working RFC 9727 catalog',
    site: ({ origin }) => ({
      '/': page('Corpus Co', '', { link: '</.well-known/api-catalog>; rel="api-catalog"' }),
      '/.well-known/api-catalog': json(
        { linkset: [{ anchor: `${origin}/api`, 'service-desc': [{ href: `${origin}/openapi.json`, type: 'application/openapi+json' }] }] },
        { 'content-type': 'application/linkset+json' },
      ),
      '/openapi.json': json({
        openapi: '3.1.0',
        info: { title: 'Corpus API', version: '1.0.0' },
        paths: { '/api/tools': { get: { responses: { 200: { description: 'ok' } } } } },
      }),
    }),
    expect: { D3: 'pass', A1: 'pass', A8: 'pass' },
    codes: { D3: 'D3/ok', A1: 'A1/ok', A8: 'A8/ok' },
    source: 'RFC 8288 §3 (Link header); RFC 9727 §2-§4 (api-catalog relation and linkset); OpenAPI 3.1 §4.8 (paths)',
  },
  {
    name: 'link-header-broken-target',
    models: 'Link: rel="api-catalog" to a catalog that 404s',
    site: () => ({ '/': page('Corpus Co', '', { link: '</.well-known/api-catalog>; rel="api-catalog"' }) }),
    expect: { D3: 'partial' },
    codes: { D3: 'D3/broken-targets' },
    source: 'RFC 8288 §3 (the target is a resource to follow); RFC 9727 §3 (api-catalog relation); our decision docs/check-codes.md D3/broken-targets',
  },
  {
    name: 'link-header-split-field-lines',
    models: 'two Link field lines: a preload hint, then rel="api-catalog"',
    site: ({ origin }) => ({
      '/': (req, res) => {
        res.writeHead(200, { ...H, link: ['</style.css>; rel="preload"; as="style"', '</.well-known/api-catalog>; rel="api-catalog"'] });
        res.end(
          req.method === 'HEAD'
            ? undefined
            : '<!doctype html><html lang="en"><head><title>Corpus Co</title></head><body><main><h1>Corpus Co</h1><p>Guides about tools.</p></main></body></html>',
        );
      },
      '/.well-known/api-catalog': json(
        { linkset: [{ anchor: `${origin}/api`, 'service-doc': [{ href: `${origin}/`, type: 'text/html' }] }] },
        { 'content-type': 'application/linkset+json' },
      ),
    }),
    expect: { D3: 'pass' },
    codes: { D3: 'D3/ok' },
    source: 'RFC 9110 §5.3 (field lines of a list-based field combine into one list); RFC 8288 §3',
  },
  {
    name: 'link-header-multiple-rels',
    models: 'one link whose rel lists two relation types, "preload api-catalog"',
    site: ({ origin }) => ({
      '/': page('Corpus Co', '', { link: '</.well-known/api-catalog>; rel="preload api-catalog"; as="fetch"' }),
      '/.well-known/api-catalog': json(
        { linkset: [{ anchor: `${origin}/api`, 'service-doc': [{ href: `${origin}/`, type: 'text/html' }] }] },
        { 'content-type': 'application/linkset+json' },
      ),
    }),
    expect: { D3: 'pass' },
    codes: { D3: 'D3/ok' },
    source: 'RFC 8288 §3.3 (the rel parameter can hold several space-separated relation types)',
  },
  {
    name: 'link-header-hints-only',
    models: 'the only Link header is a preload/preconnect hint',
    site: () => ({ '/': page('Corpus Co', '', { link: '</style.css>; rel="preload"; as="style", <https://cdn.example>; rel="preconnect"' }) }),
    expect: { D3: 'fail' },
    codes: { D3: 'D3/hints-only' },
    source: 'RFC 8288 §3; W3C Resource Hints / HTML preload (relations for browsers, not agents); our decision in docs/check-codes.md D3',
  },
  {
    name: 'llms-txt-valid',
    models: 'a well-formed llms.txt whose .md links all resolve',
    site: ({ origin }) => ({ '/': page(), '/llms.txt': text(llmsIndex(origin)), ...llmsTargets }),
    expect: { D4: 'pass' },
    codes: { D4: 'D4/ok' },
    source: LLMSTXT,
  },
  {
    name: 'llms-txt-markdown-type',
    models: 'llms.txt served as text/markdown',
    site: ({ origin }) => ({ '/': page(), '/llms.txt': text(llmsIndex(origin), MD), ...llmsTargets }),
    expect: { D4: 'pass' },
    codes: { D4: 'D4/ok' },
    source: `${LLMSTXT}; RFC 7763 §2 (text/markdown)`,
  },
  {
    name: 'llms-txt-same-origin-redirect',
    models: '/llms.txt redirects (308) to /docs/llms.txt on the same origin',
    site: ({ origin }) => ({
      '/': page(),
      '/llms.txt': { status: 308, headers: { location: '/docs/llms.txt' } },
      '/docs/llms.txt': text(llmsIndex(origin)),
      ...llmsTargets,
    }),
    expect: { D4: 'pass' },
    codes: { D4: 'D4/ok' },
    source: `${LLMSTXT}; RFC 9110 §15.4.9 (308 Permanent Redirect: the resource is at the new URI)`,
  },
  {
    name: 'llms-txt-docs-subpath-only',
    models: "no /llms.txt; the index lives only at /docs/llms.txt (as Claude Code's docs do)",
    site: ({ origin }) => ({ '/': page(), '/docs/llms.txt': text(llmsIndex(origin)), ...llmsTargets }),
    expect: { D4: 'pass' },
    codes: { D4: 'D4/ok' },
    source: `${AGENT_DOCS} "Location Discovery" ({origin}/docs/llms.txt is a candidate location); ${LLMSTXT}`,
  },
  {
    name: 'llms-txt-cross-host',
    models: '/llms.txt redirects (302) to llms.txt on another host',
    site: ({ other }) => ({ '/': page(), '/llms.txt': { status: 302, headers: { location: `${other}/llms.txt` } }, ...llmsTargets }),
    otherSite: ({ origin }) => ({ '/llms.txt': text(llmsIndex(origin)) }),
    expect: { D4: 'partial' },
    codes: { D4: 'D4/cross-host' },
    source: `${AGENT_DOCS} llms-txt-exists (warn: only reachable via cross-host redirect, which some agents do not follow)`,
  },
  {
    name: 'llms-txt-no-h1',
    models: 'llms.txt with links but no H1 title',
    site: ({ origin }) => ({ '/': page(), '/llms.txt': text(`Corpus Co guides.\n\n## Guides\n- [Spades](${origin}/spades.md)\n`), ...llmsTargets }),
    expect: { D4: 'partial' },
    codes: { D4: 'D4/no-h1' },
    source: `${LLMSTXT}: "An H1 with the name of the project or site. This is the only required section"`,
  },
  {
    name: 'llms-txt-url-h1-flat-links',
    models: 'llms.txt whose H1 is a URL, with no blockquote and no H2 section: a flat list of links outside any section',
    site: ({ origin }) => ({
      '/': page(),
      '/llms.txt': text(`# ${origin}\n\n- [Spades](${origin}/spades.md)\n- [Rakes](${origin}/rakes.md)\n- [Hoes](${origin}/hoes.md)\n`),
      ...llmsTargets,
      '/hoes.md': text('# Hoes\n', MD),
    }),
    expect: { D4: 'pass' },
    codes: { D4: 'D4/ok' },
    source: `Shape seen in a real llms.txt in shared/realworld (issue 23 point 5: 50 links, no section); ${LLMSTXT_V2}: "An H1 ... This is the only required section", then "Zero or more markdown sections (e.g. paragraphs, lists, etc) of any type except headings" and "Zero or more" H2 sections: valid, with advisories (URL H1, no H2 file list for the reference parser)`,
  },
  {
    name: 'llms-txt-prose-in-sections',
    models: 'llms.txt whose H2 sections hold prose paragraphs beside their "- [name](url)" links',
    site: ({ origin }) => ({
      '/': page(),
      '/llms.txt': text(`${llmsIndex(origin)}
Both guides are updated every spring.

## More

Ask the shop for anything not listed.
- [Hoes](${origin}/spades.md)
`),
      ...llmsTargets,
    }),
    expect: { D4: 'partial' },
    codes: { D4: 'D4/off-format-lines' },
    source: `Shape seen in 7 real llms.txt files of shared/realworld2 (issue 28 point 6); ${LLMSTXT_V2}: H2 sections contain "file lists", each a Markdown list with "a required markdown hyperlink [name](url)"; ${REF_PARSER} raises on any other non-blank section line; our decision in docs/checks-discoverability-and-content.md (D4)`,
  },
  {
    name: 'llms-txt-key-value-sections',
    models: 'llms.txt with file lists plus an H2 section of "- Key: value" bullets (contact details)',
    site: ({ origin }) => ({
      '/': page(),
      '/llms.txt': text(`${llmsIndex(origin)}
## Contact
- Email: shop@corpus.test
- Hours: 9 to 17
`),
      ...llmsTargets,
    }),
    expect: { D4: 'partial' },
    codes: { D4: 'D4/off-format-lines' },
    source: `Shape seen in real llms.txt files of shared/realworld2 (issue 28 point 6: key: value bullets in H2 sections); ${LLMSTXT_V2} (H2 sections hold file lists); ${REF_PARSER}`,
  },
  {
    name: 'llms-txt-label-path-sections',
    models: 'llms.txt with an H1, a blockquote and H2 sections of "- Label: /path" items, no link',
    site: () => ({ '/': page(), '/llms.txt': text('# Corpus Co\n\n> Garden tools.\n\n## Guides\n- Spades: /spades.md\n- Rakes: /rakes.md\n'), ...llmsTargets }),
    expect: { D4: 'partial' },
    codes: { D4: 'D4/bare-urls' },
    source: `Shape seen in a real llms.txt of shared/realworld2 (issue 28 point 6); ${LLMSTXT_V2}: the H1 is the only required section, so H2 sections may be left out, but an H2 section present holds a file list whose items each carry "a required markdown hyperlink [name](url)"; our decision in docs/checks-discoverability-and-content.md (D4)`,
  },
  {
    name: 'llms-txt-star-bullets',
    models: 'llms.txt whose file lists use "* [name](url)" bullets',
    site: ({ origin }) => ({ '/': page(), '/llms.txt': text(llmsIndex(origin).replaceAll('\n- [', '\n* [')), ...llmsTargets }),
    expect: { D4: 'pass' },
    codes: { D4: 'D4/ok' },
    source: `${LLMSTXT_V2}: "Each file list is a markdown list" (any bullet); ${REF_PARSER} wants "-" and stops on "*": an advisory only`,
  },
  {
    name: 'llms-txt-path-scoped',
    models: 'a page under /docs/guides/ covered by /docs/llms.txt and /llms.txt: the most specific one is judged',
    path: '/docs/guides/setup',
    site: ({ origin }) => ({
      '/docs/guides/setup': page('Setup'),
      '/llms.txt': text('# Corpus Co\n\n> Shop.\n\nNo file lists here.\n\n## Shop\nOpening hours vary.\n'),
      '/docs/llms.txt': text(llmsIndex(origin)),
      ...llmsTargets,
    }),
    expect: { D4: 'pass' },
    codes: { D4: 'D4/ok' },
    source: `${LLMSTXT_V2}: "A file covers the URLs under its path, and where more than one file applies, agents should use the most specific one"`,
  },
  {
    name: 'llms-txt-bare-url-sections',
    models: 'llms.txt with an H1, a blockquote and H2 sections listing bare URLs instead of [name](url) links',
    site: ({ origin }) => ({
      '/': page(),
      '/llms.txt': text(`# Corpus Co\n\n> Garden tools.\n\n## Guides\n\n- ${origin}/spades.md\n- ${origin}/rakes.md\n`),
      ...llmsTargets,
    }),
    expect: { D4: 'partial' },
    codes: { D4: 'D4/bare-urls' },
    source: `Shape seen in real llms.txt files in shared/realworld (issue 23 point 5); ${LLMSTXT}: "a required markdown hyperlink [name](url)"; our decision: partial with its own code`,
  },
  {
    name: 'llms-txt-dash-separator',
    models: 'llms.txt whose link notes follow an em dash ("[name](url) — notes") instead of ":"',
    site: ({ origin }) => ({
      '/': page(),
      '/llms.txt': text(
        `# Corpus Co\n\n> Garden tools.\n\n## Guides\n\n- [Spades](${origin}/spades.md) — choosing a spade\n- [Rakes](${origin}/rakes.md) — choosing a rake\n`,
      ),
      ...llmsTargets,
    }),
    expect: { D4: 'pass' },
    codes: { D4: 'D4/ok' },
    source: `Shape flagged by a peer llms.txt validator on real files (issue 23 point 5); ${LLMSTXT}: "optionally a : and notes about the file"; our decision: the links are read (the reference parser reads them too), the separator is an advisory`,
  },
  {
    name: 'llms-txt-soft-404',
    models: 'a catch-all answers /llms.txt with the HTML home page',
    site: () => ({ '/': page(), '/llms.txt': page() }),
    expect: { D4: 'fail', D5: 'fail' },
    codes: { D4: 'D4/html-page', D5: 'D5/missing' },
    source: 'catalog §2.3 (soft 404 is "not found"); llmstxt.org (a Markdown file)',
  },
  {
    name: 'llms-txt-html-typed',
    models: 'a Markdown llms.txt served with Content-Type text/html',
    site: ({ origin }) => ({ '/': page(), '/llms.txt': text(llmsIndex(origin), H), ...llmsTargets }),
    expect: { D4: 'partial' },
    codes: { D4: 'D4/html-typed' },
    source: 'llmstxt.org (a Markdown file); agent-docs-spec llms-txt content type; catalog §3 D4',
  },
  {
    name: 'llms-txt-broken-links',
    models: 'llms.txt whose same-origin links all 404',
    site: ({ origin }) => ({ '/': page(), '/llms.txt': text(llmsIndex(origin)) }),
    expect: { D4: 'partial' },
    codes: { D4: 'D4/broken-links' },
    source: `${LLMSTXT} (the links are what agents load); agent-docs-spec (link checks); our decision docs/check-codes.md D4/broken-links (over 10% of the checked links)`,
  },
  {
    name: 'llms-txt-empty-file',
    models: 'llms.txt answers 200 with an empty body',
    site: () => ({ '/': page(), '/llms.txt': text('') }),
    expect: { D4: 'fail' },
    codes: { D4: 'D4/empty' },
    source: `${LLMSTXT} (the H1 is required, so an empty file is no llms.txt)`,
  },
  {
    name: 'llms-txt-bom-crlf',
    models: 'llms.txt with a byte-order mark and CRLF line ends',
    site: ({ origin }) => ({ '/': page(), '/llms.txt': text(`\uFEFF${llmsIndex(origin).replace(/\n/g, '\r\n')}`), ...llmsTargets }),
    expect: { D4: 'pass' },
    codes: { D4: 'D4/ok' },
    source: `${LLMSTXT}; CommonMark §2.1 (a line ending is LF, CR or CRLF)`,
  },
  {
    name: 'llms-txt-oversize',
    models: 'llms.txt over 100,000 characters',
    site: ({ origin }) => ({
      '/': page(),
      '/llms.txt': text(
        `${llmsIndex(origin)}\n## More\n${Array.from({ length: 1500 }, (_, i) => `- [Guide ${i}](${origin}/spades.md): a guide about garden tool number ${i}`).join('\n')}\n`,
      ),
      ...llmsTargets,
    }),
    expect: { D4: 'partial' },
    codes: { D4: 'D4/too-long' },
    source: 'agent-docs-spec llms-txt-size (warn over 50,000, fail over 100,000 characters)',
  },
  {
    name: 'llms-full-complete-small',
    models: 'a small llms-full.txt that holds every page llms.txt lists',
    site: ({ origin }) => ({
      '/': page(),
      '/llms.txt': text(llmsIndex(origin)),
      ...llmsTargets,
      '/llms-full.txt': text('# Corpus Co\n\n## Spades\n\nChoose a spade by its blade.\n\n## Rakes\n\nChoose a rake by its teeth.\n'),
    }),
    expect: { D4: 'pass', D5: 'pass' },
    codes: { D5: 'D5/ok' },
    source: 'llmstxt.org (llms-full.txt holds the full text of the listed pages); issue 11 (judge coverage, not size); docs/check-codes.md D5',
  },
  {
    name: 'llms-full-too-small',
    models: 'a tiny llms-full.txt that covers none of the listed pages',
    site: ({ origin }) => ({ '/': page(), '/llms.txt': text(llmsIndex(origin)), ...llmsTargets, '/llms-full.txt': text('# Corpus Co\n\nComing soon.\n') }),
    expect: { D5: 'partial' },
    codes: { D5: 'D5/low-coverage' },
    source: `llms-full.txt is the full text of the pages llms.txt lists; ${COVERAGE}`,
  },
  {
    name: 'llms-full-stub-no-index',
    models: 'a tiny llms-full.txt and no llms.txt to judge its coverage by',
    site: () => ({ '/': page(), '/llms-full.txt': text('# Corpus Co\n\nComing soon.\n') }),
    expect: { D5: 'partial' },
    codes: { D5: 'D5/too-small' },
    source: 'docs/checks-discoverability-and-content.md D5 (size decides only when no llms.txt lists pages)',
  },
  {
    name: 'llms-full-summary-low-coverage',
    models: 'a 5 KB llms-full.txt that summarises the site and holds 1 of the 3 pages llms.txt lists',
    site: ({ origin }) => ({
      '/': page(),
      '/llms.txt': text(`${llmsIndex(origin)}- [Hoes](${origin}/spades.md): choosing a hoe\n`),
      ...llmsTargets,
      '/llms-full.txt': text(
        `# Corpus Co\n\n> Everything about Corpus Co.\n\n${'Corpus Co sells garden tools and writes guides about them. '.repeat(80)}\n\n## Spades\n\nChoose a spade by its blade.\n`,
      ),
    }),
    expect: { D5: 'partial' },
    codes: { D5: 'D5/low-coverage' },
    source: `Shape seen in a real llms-full.txt of shared/realworld2 (issue 28 point 7: a 5 KB summary holding 11 of 28 listed pages); ${COVERAGE}`,
  },
  {
    name: 'llms-full-index-copy',
    models: 'an llms-full.txt that repeats the llms.txt links with notes, and no page text',
    site: ({ origin }) => ({
      '/': page(),
      '/llms.txt': text(llmsIndex(origin)),
      ...llmsTargets,
      '/llms-full.txt': text(
        `${llmsIndex(origin)}\n## Extra\n${Array.from({ length: 30 }, (_, i) => `- [Tool ${i}](${origin}/tools/${i}.md): a garden tool, number ${i} in the catalog`).join('\n')}\n`,
      ),
    }),
    expect: { D5: 'partial' },
    codes: { D5: 'D5/low-coverage' },
    source: `Shape seen in a real llms-full.txt of shared/realworld (a longer link index, no page text); ${COVERAGE}; docs/checks-discoverability-and-content.md D5 (a link line does not hold a page)`,
  },
  {
    name: 'llms-full-small-covers-small-index',
    models: 'a 300-byte llms-full.txt that holds both pages of a two-page llms.txt under their titles',
    site: ({ origin }) => ({
      '/': page(),
      '/llms.txt': text(llmsIndex(origin)),
      ...llmsTargets,
      '/llms-full.txt': text(
        `# Corpus Co\n\n## Spades\n\nSource: ${origin}/spades.md\n\nChoose a spade by its blade.\n\n## Rakes\n\nChoose a rake by its teeth.\n`,
      ),
    }),
    expect: { D5: 'pass' },
    codes: { D5: 'D5/ok' },
    source: `Shape seen in a real llms-full.txt of shared/realworld2 (issue 28 point 7: a small file must not be partial for size); ${COVERAGE}`,
  },
  {
    name: 'llms-full-html-typed',
    models: 'a Markdown llms-full.txt served as text/html',
    site: () => ({ '/': page(), '/llms-full.txt': text(`# Corpus Co\n\n${'Corpus Co writes plain guides about gardening tools. '.repeat(40)}\n`, H) }),
    expect: { D5: 'partial' },
    codes: { D5: 'D5/html-typed' },
    source: 'llmstxt.org (Markdown text); catalog D5 ("partial HTML/empty")',
  },
  {
    name: 'llms-full-json',
    models: 'a catch-all API answers /llms-full.txt with JSON',
    site: () => ({ '/': page(), '/llms-full.txt': json({ error: 'not found', items: [] }) }),
    expect: { D5: 'partial' },
    codes: { D5: 'D5/not-text' },
    source: 'llmstxt.org (Markdown text); catalog §2.3 (catch-all routes)',
  },
  {
    name: 'in-page-hint-markdown-alternate',
    models: 'the home page <head> links a Markdown alternate that resolves',
    site: () => ({
      '/': page('Corpus Co', '<link rel="alternate" type="text/markdown" href="/index.md">'),
      '/index.md': text('# Corpus Co\n\nGuides about tools.\n', MD),
    }),
    expect: { D6: 'pass', C2: 'pass' },
    codes: { D6: 'D6/ok', C2: 'C2/ok' },
    source: 'HTML Living Standard §4.6.7.1 (rel=alternate with type); agent-docs-spec markdown-url-support',
  },
  {
    name: 'in-page-hint-broken',
    models: 'the page links a Markdown alternate that 404s',
    site: () => ({ '/': page('Corpus Co', '<link rel="alternate" type="text/markdown" href="/missing.md">') }),
    expect: { D6: 'partial' },
    codes: { D6: 'D6/broken-hints' },
    source: 'HTML Living Standard §4.6.7.1; our decision docs/check-codes.md D6/broken-hints',
  },
  {
    name: 'in-page-hint-buried-directive',
    models: 'the only hint is a footer link to /llms.txt, after the page content',
    site: ({ origin }) => ({
      '/': { headers: H, body: html(`<main><h1>Corpus Co</h1>${PROSE}${PROSE}</main><footer><a href="/llms.txt">llms.txt</a></footer>`) },
      '/llms.txt': text(llmsIndex(origin)),
      ...llmsTargets,
    }),
    expect: { D6: 'partial' },
    codes: { D6: 'D6/buried-directive' },
    source: `${AGENT_DOCS} llms-txt-directive (warn: "buried deep in the page (past 50% of content)")`,
  },
  {
    name: 'in-page-hint-llms-directive-top',
    models: 'a visually hidden blockquote pointing to /llms.txt before the page content, as the D6 fix guide writes it',
    site: ({ origin }) => ({
      '/': {
        headers: H,
        body: html(
          `<blockquote class="visually-hidden">For AI agents: a documentation index is at <a href="/llms.txt">/llms.txt</a>.</blockquote><main><h1>Corpus Co</h1>${PROSE}</main>`,
        ),
      },
      '/llms.txt': text(llmsIndex(origin)),
      ...llmsTargets,
    }),
    expect: { D6: 'pass' },
    codes: { D6: 'D6/ok' },
    source: `${AGENT_DOCS} llms-txt-directive (pass: near the top; visually hidden is fine)`,
  },
  {
    name: 'dns-aid-not-checked',
    models: 'any site: DNS-AID needs public SVCB lookups',
    site: () => ({ '/': page() }),
    expect: { D7: 'info' },
    // The fixture is served from 127.0.0.1: an address, with no DNS zone to dig in.
    codes: { D7: 'D7/no-domain' },
    source: 'draft-mozleywilliams-dnsop-dnsaid; our decision docs/check-codes.md D7 (no public resolver queries)',
  },
];
