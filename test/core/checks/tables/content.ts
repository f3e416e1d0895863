/** Case tables of the content checks (C1-C4): artifacts -> status and outcome code. */
import { load } from 'cheerio';
import { c1MarkdownNegotiation, type NegotiationArtifact } from '../../../../src/core/checks/content/c1-markdown-negotiation.js';
import { c2MarkdownUrls, type MarkdownUrlsArtifact } from '../../../../src/core/checks/content/c2-markdown-urls.js';
import { c3NoJsContent } from '../../../../src/core/checks/content/c3-no-js-content.js';
import { c4StructuredData } from '../../../../src/core/checks/content/c4-structured-data.js';
import { parseJsonLd } from '../../../../src/core/gather/jsonld.js';
import { readableText } from '../../../../src/core/gather/readable-text.js';
import { bulkData } from '../../../../src/core/gather/page-weight.js';
import type { FetchResult } from '../../../../src/core/net/http.js';
import { table } from '../../../helpers/check-tester.js';
import { json, notFound, ORIGIN, response, text } from '../../../helpers/responses.js';

const HTML = '<!doctype html><html><head><title>Acme Widgets</title></head><body><h1>Acme Widgets</h1></body></html>';
const MD = '# Acme Widgets\n\nWe make widgets.\n';
const html = () => response({ url: '/', accept: 'text/html', headers: { 'content-type': 'text/html; charset=utf-8' }, body: HTML });
const md = () => response({ url: '/', headers: { 'content-type': 'text/markdown; charset=utf-8', vary: 'Accept' }, body: MD });
const neg =
  (r1: () => FetchResult, r2: () => FetchResult, r3: () => FetchResult = html) =>
  (): NegotiationArtifact => ({ r1: r1(), r2: r2(), r3: r3(), title: 'Acme Widgets' });
const plain = () => text('/', MD, 'text/plain');
const moved = () => ({ ...md(), url: 'https://md.other-host.test/index.md', redirects: ['https://md.other-host.test/index.md'] });
const jsonPage = () => response({ url: '/', headers: { 'content-type': 'application/json' }, body: '{}' });

const c1 = table(c1MarkdownNegotiation, {
  valid: [
    { artifact: neg(md, md), code: 'C1/ok', advisories: ['C1/sizes'] },
    {
      name: 'Markdown with the edge default Content-Signal, a token estimate, no Vary and another title',
      artifact: neg(
        () =>
          response({
            url: '/',
            headers: { 'content-type': 'text/markdown', 'x-markdown-tokens': '12', 'content-signal': 'search=yes, ai-input=yes, ai-train=yes' },
            body: '# Other\n',
          }),
        md,
      ),
      code: 'C1/ok',
      advisories: ['C1/no-vary', 'C1/token-estimate', 'C1/edge-default-signal', 'C1/title-not-found', 'C1/sizes'],
    },
    {
      name: "the site's own Content-Signal on the Markdown response",
      artifact: neg(() => response({ url: '/', headers: { 'content-type': 'text/markdown', vary: 'Accept', 'content-signal': 'ai-train=no' }, body: MD }), md),
      code: 'C1/ok',
      advisories: ['C1/content-signal', 'C1/sizes'],
    },
    {
      name: 'negotiated Markdown with root- and path-relative links (agent-docs-spec markdown-link-portability)',
      artifact: neg(
        () => response({ url: '/', headers: { 'content-type': 'text/markdown', vary: 'Accept' }, body: `${MD}\n[Guide](/guide) and [FAQ](faq.md)\n` }),
        md,
      ),
      code: 'C1/ok',
      advisories: ['C1/sizes', 'C1/path-relative-links', 'C1/root-relative-links'],
    },
    { artifact: neg(jsonPage, jsonPage, jsonPage), status: 'na', code: 'C1/not-html' },
  ],
  invalid: [
    { artifact: neg(md, md, md), status: 'fail', code: 'C1/markdown-to-browsers' },
    { artifact: neg(moved, moved), status: 'partial', code: 'C1/cross-host' },
    { artifact: neg(md, html), status: 'partial', code: 'C1/bare-accept-only' },
    { artifact: neg(html, md), status: 'partial', code: 'C1/mixed-accept-only' },
    { artifact: neg(plain, plain), status: 'partial', code: 'C1/wrong-type' },
    { artifact: neg(html, html), status: 'fail', code: 'C1/no-markdown' },
    { name: '406 for Markdown', artifact: neg(() => response({ url: '/', status: 406 }), html), status: 'fail', code: 'C1/no-answer', data: { r1Status: 406 } },
  ],
});

const twin = (probe: FetchResult) => ({ source: 'twin' as const, url: `${ORIGIN}/index.md`, probe });
const urls = (probes: MarkdownUrlsArtifact['probes']) => (): MarkdownUrlsArtifact => ({ page: html(), twinPath: '/index.md', probes, foreignAlternates: [] });
const c2 = table(c2MarkdownUrls, {
  valid: [
    { artifact: urls([twin(text('/index.md', MD, 'text/markdown'))]), code: 'C2/ok', advisories: [] },
    {
      name: 'a Markdown alternate on another origin, not fetched',
      artifact: () => ({ ...urls([twin(text('/index.md', MD, 'text/markdown'))])(), foreignAlternates: ['https://cdn.other.test/index.md'] }),
      code: 'C2/ok',
      advisories: ['C2/foreign-alternates'],
    },
    { artifact: () => ({ page: html(), twinPath: null, probes: [], foreignAlternates: [] }), status: 'na', code: 'C2/already-markdown' },
    {
      name: 'root- and path-relative links in the Markdown (agent-docs-spec markdown-link-portability)',
      artifact: urls([
        twin(text('/index.md', `${MD}\n- [Guide](/guide.md)\n- [FAQ](faq.md)\n- [Home](https://x.test/)\n\n\`[not](a-link)\`\n`, 'text/markdown')),
      ]),
      status: 'pass',
      code: 'C2/ok',
      advisories: ['C2/path-relative-links', 'C2/root-relative-links'],
    },
    {
      name: 'paginated Markdown with a trailing relative continuation that works',
      artifact: () => ({
        ...urls([
          twin(
            text('/index.md', `# Catalog\n\n${'- item\n'.repeat(400)}\nShowing 1-100 of 102. [Next page](https://x.test/index.md?page=2)\n`, 'text/markdown'),
          ),
        ])(),
        pagination: {
          signals: {
            signals: ['"Showing 1-100 of 102"'],
            continuation: 'https://x.test/index.md?page=2',
            declaredIn: 'bottom' as const,
            continuationAbsolute: true,
          },
          url: 'https://x.test/index.md?page=2',
          probe: text('/index.md?page=2', '- item 101\n- item 102\n', 'text/markdown'),
        },
      }),
      status: 'pass',
      code: 'C2/ok',
      advisories: ['C2/paginated-fragile'],
    },
    {
      name: 'paginated Markdown whose continuation answers an empty body',
      artifact: () => ({
        ...urls([twin(text('/index.md', MD, 'text/markdown'))])(),
        pagination: {
          signals: { signals: ['link ?page=2'], continuation: '/index.md?page=2', declaredIn: 'top' as const, continuationAbsolute: false },
          url: `${ORIGIN}/index.md?page=2`,
          probe: text('/index.md?page=2', '', 'text/markdown'),
        },
      }),
      status: 'pass',
      code: 'C2/ok',
      advisories: ['C2/paginated-dead-continuation'],
    },
  ],
  invalid: [
    { artifact: () => urls([twin(text('/index.md', MD))])(), status: 'partial', code: 'C2/wrong-type' },
    { artifact: () => urls([twin(notFound('/index.md'))])(), status: 'fail', code: 'C2/missing' },
  ],
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const page = (body: string, head = '') =>
  response({ url: '/', headers: { 'content-type': 'text/html' }, body: `<html><head>${head}</head><body>${body}</body></html>` });
const readable = (body: string) => () => {
  const p = page(body);
  return { page: p, text: readableText(load(p.text)) };
};
const weighed = (body: string) => () => {
  const p = page(body);
  const $ = load(p.text);
  return { page: p, text: readableText($), bulk: bulkData($) };
};
const c3 = table(c3NoJsContent, {
  valid: [
    { artifact: readable(`<main><p>${words(400)}</p></main>`), code: 'C3/ok' },
    { artifact: () => ({ page: json('/', {}), text: null }), status: 'na', code: 'C3/not-html' },
    {
      name: 'a page served at 1.2 MB, most of it an inline script payload (agent-docs-spec page-size-transfer)',
      artifact: weighed(`<main><p>${words(400)}</p></main><script>self.__data=${JSON.stringify('x'.repeat(1_200_000))}</script>`),
      status: 'pass',
      code: 'C3/ok',
      advisories: ['C3/large-transfer', 'C3/text-ratio'],
    },
    {
      name: 'a page cut at the fetch cap whose plain Content-Length says 12 MB',
      artifact: () => ({
        ...weighed(`<main><p>${words(400)}</p></main>`)(),
        page: { ...page(`<main><p>${words(400)}</p></main>`), truncated: true, headers: { 'content-type': 'text/html', 'content-length': '12000000' } },
      }),
      status: 'pass',
      code: 'C3/ok',
      advisories: ['C3/oversized-transfer', 'C3/text-ratio'],
    },
    {
      name: 'a 60,000-character page dominated by a generated table (agent-docs-spec embedded-data-serialization)',
      artifact: weighed(
        `<main><p>${words(300)}</p><table>${'<tr><td>model-name-long</td><td>128k context</td><td>yes</td><td>2026-01-01</td></tr>'.repeat(1100)}</table></main>`,
      ),
      status: 'pass',
      code: 'C3/ok',
      advisories: ['C3/bulk-data'],
    },
    {
      name: 'a 120,000-character page dominated by a JSON blob',
      artifact: weighed(
        `<main><p>${words(300)}</p><pre>${JSON.stringify(
          Array.from({ length: 2500 }, (_, i) => ({ id: i, name: `item-${i}`, ok: true })),
          null,
          1,
        )}</pre></main>`,
      ),
      status: 'pass',
      code: 'C3/ok',
      advisories: ['C3/bulk-data-oversized'],
    },
  ],
  invalid: [
    { artifact: readable('<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>'), status: 'fail', code: 'C3/js-shell' },
    { artifact: readable(`<p>${words(40)}</p>`), status: 'partial', code: 'C3/little-text' },
    {
      name: 'little text beside an empty app root',
      artifact: readable(`<p>${words(40)}</p><div id="root"></div>`),
      status: 'partial',
      code: 'C3/little-text',
      remedy: 'C3/server-render-scripted-part',
    },
  ],
});

export const structured = (head: string) => () => {
  const p = page('<p>x</p>', head);
  const $ = load(p.text);
  return { page: p, html: true, jsonld: parseJsonLd($), otherMarkup: $('[itemscope], [typeof]').length };
};
const c4 = table(c4StructuredData, {
  valid: [
    {
      artifact: structured('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme"}</script>'),
      code: 'C4/ok',
      advisories: [],
    },
    {
      name: 'a node without @type or @context, microdata beside it, and a DOM cut',
      artifact: () => ({
        ...structured('<script type="application/ld+json">{"name":"Acme"}</script><meta itemscope itemprop="name" content="x">')(),
        domCut: { flattened: 3, maxDepth: 700 },
      }),
      code: 'C4/ok',
      advisories: ['C4/dom-cut', 'C4/untyped-nodes', 'C4/no-context', 'C4/other-markup'],
    },
    {
      artifact: () => ({ page: json('/', {}), html: false, jsonld: { blocks: [], errors: [], types: [] }, otherMarkup: 0 }),
      status: 'na',
      code: 'C4/not-html',
    },
  ],
  invalid: [
    { artifact: structured('<script type="application/ld+json">{"@type": "Organization",}</script>'), status: 'partial', code: 'C4/invalid-json' },
    { artifact: structured('<title>none</title>'), status: 'fail', code: 'C4/missing' },
  ],
});

export const contentTables = [c1, c2, c3, c4];
