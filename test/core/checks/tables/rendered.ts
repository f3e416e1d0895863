/**
 * Case tables of rendered mode: the registry's A7 and C3 (each wrapped with its rendered hook)
 * and A11, from artifacts that carry what the browser saw.
 */
import { load } from 'cheerio';
import { findCheck } from '../../../../src/core/checks/index.js';
import { a11AgentOperability } from '../../../../src/core/checks/capabilities/a11-agent-operability.js';
import type { RenderedPage } from '../../../../src/core/gather/rendered-artifact.js';
import type { RenderFailure } from '../../../../src/core/gather/render-failure.js';
import { readableText } from '../../../../src/core/gather/readable-text.js';
import { table } from '../../../helpers/check-tester.js';
import { json, response, ORIGIN } from '../../../helpers/responses.js';
import { structured } from './content.js';
import { PRODUCT, products } from './commerce.js';
import { hints } from './discoverability.js';

const html = (body = '<p>x</p>') => response({ url: '/', headers: { 'content-type': 'text/html' }, body: `<html><body>${body}</body></html>` });

export function renderedPage(over: Partial<RenderedPage> = {}): RenderedPage {
  return {
    url: 'https://site.test-fixture.dev/',
    finalUrl: 'https://site.test-fixture.dev/',
    status: 200,
    html: '<html><body></body></html>',
    webmcp: 'measured',
    tools: [],
    schemaIssues: [],
    operability: { violations: [], rules: ['button-name', 'link-name'], passed: 2 },
    refused: [],
    durationMs: 300,
    ...over,
  };
}

const tool = {
  name: 'find_flights',
  description: 'Find flights',
  inputSchema: { type: 'object', properties: { from: { type: 'string' } } },
  declarative: false,
};
/** A7's artifact: a page with these inline scripts, and what the browser saw (null: not rendered). */
export const webmcp = (inline: string[], rendered: RenderedPage | null) => ({
  page: html(),
  isHtml: true,
  inline,
  forms: [],
  scripts: [],
  skipped: { crossOrigin: 0, overCap: 0 },
  rendered,
});

const a7 = table(findCheck('A7')!, {
  valid: [
    { artifact: webmcp([], renderedPage({ tools: [tool] })), code: 'A7/rendered-ok' },
    { name: 'recorded without the DevTools domain', artifact: webmcp([], renderedPage({ tools: [tool], webmcp: 'recorded' })), code: 'A7/rendered-ok' },
  ],
  invalid: [
    {
      name: 'tools could not be read: the static verdict stands',
      artifact: webmcp(['console.log(1)'], renderedPage({ webmcp: 'unavailable' })),
      status: 'fail',
      code: 'A7/missing',
      advisories: ['A7/rendered-no-webmcp'],
    },
    {
      name: 'the page could not be rendered: the static verdict stands, with a note',
      artifact: webmcp(['console.log(1)'], renderedPage({ error: 'rendering the page took longer than 17000 ms', failure: { kind: 'timeout', ms: 17000 } })),
      status: 'fail',
      code: 'A7/missing',
      advisories: ['A7/rendered-unreadable'],
    },
    {
      artifact: webmcp(
        [],
        renderedPage({ tools: [{ ...tool, declarative: true }], schemaIssues: [{ type: 'FormModelContextMissingToolDescription', count: 1 }] }),
      ),
      status: 'partial',
      code: 'A7/rendered-schema-issues',
    },
    {
      artifact: webmcp(['navigator.modelContext.registerTool({ name: "x", description: "y" })'], renderedPage()),
      status: 'partial',
      code: 'A7/navigator-only',
    },
    {
      name: 'a static pass the browser never registered',
      artifact: webmcp(['document.modelContext.registerTool({ name: "x", description: "y" })'], renderedPage()),
      status: 'fail',
      code: 'A7/rendered-none',
    },
  ],
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const c3 = (served: number, renderedWords: number, missing: number) => () => {
  const p = html(`<main><p>${words(served)}</p></main>`);
  return { page: p, text: readableText(load(p.text)), rendered: { servedWords: served, renderedWords, missing } };
};
const c3Table = table(findCheck('C3')!, {
  valid: [
    {
      name: 'a short page whose HTML has all its text passes',
      artifact: c3(60, 60, 0),
      code: 'C3/rendered-match',
      data: { pct: 0, renderedWords: 60, servedWords: 60, words: 60, browser: 'unnamed' },
    },
  ],
  invalid: [
    {
      name: 'too little rendered text: the static estimate stands',
      artifact: c3(5, 6, 0.2),
      status: 'partial',
      code: 'C3/little-text',
      advisories: ['C3/rendered-too-little-text'],
    },
    {
      name: 'the rendered page could not be read: the static estimate stands, with a note',
      artifact: () => ({ ...c3(5, 6, 0)(), rendered: { failure: { kind: 'no-html' } } }),
      status: 'partial',
      code: 'C3/little-text',
      advisories: ['C3/rendered-unreadable'],
    },
    { artifact: c3(300, 400, 0.25), status: 'partial', code: 'C3/rendered-partly' },
    { artifact: c3(400, 800, 0.5), status: 'fail', code: 'C3/rendered-only' },
  ],
});

const operable = (rendered: RenderedPage | null, page = html()) => ({ page, isHtml: true, rendered });
const violation = (count: number) => ({ rule: 'button-name', impact: 'critical', help: 'Buttons must have discernible text', count, targets: ['.icon-only'] });
const a11 = table(a11AgentOperability, {
  valid: [
    { artifact: operable(renderedPage()), code: 'A11/ok' },
    { artifact: operable(null), status: 'na', code: 'A11/not-rendered' },
    { artifact: () => ({ page: json('/', {}), isHtml: false, rendered: null }), status: 'na', code: 'A11/not-html' },
    {
      artifact: operable(renderedPage({ error: 'rendering the page took longer than 17000 ms', failure: { kind: 'timeout', ms: 17000 }, operability: null })),
      status: 'info',
      code: 'A11/unmeasured',
    },
    {
      name: 'axe-core did not run on the rendered page: its own message, quoted',
      artifact: operable(renderedPage({ operability: null, operabilityError: 'axe is not defined' })),
      status: 'info',
      code: 'A11/unmeasured',
      findings: ['A11/render-error'],
    },
  ],
  invalid: [
    {
      artifact: operable(renderedPage({ operability: { violations: [violation(2)], rules: ['button-name'], passed: 0 } })),
      status: 'partial',
      code: 'A11/some-violations',
    },
    {
      artifact: operable(
        renderedPage({ operability: { violations: [violation(4), { ...violation(3), rule: 'label' }], rules: ['button-name', 'label'], passed: 0 } }),
      ),
      status: 'fail',
      code: 'A11/violations',
    },
  ],
});

/**
 * C4, M6, D6 re-run on the rendered DOM: the HTML as served and the rendered page, each an
 * artifact of the check itself. The data names each verdict's own code.
 */
const domRendered =
  <A>(served: () => A, rendered: (() => A) | { failure: RenderFailure }) =>
  () => ({
    ...served(),
    rendered: 'failure' in rendered ? rendered : { artifact: rendered() },
  });
const LD = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme"}</script>';
const c4Table = table(findCheck('C4')!, {
  valid: [
    {
      name: 'JSON-LD that scripts add: the rendered verdict stands',
      artifact: domRendered(structured('<title>t</title>'), structured(LD)),
      code: 'C4/rendered-only',
      data: { renderedCode: 'C4/ok', htmlCode: 'C4/missing' },
      advisories: ['C4/rendered-scripts-add'],
    },
    { name: 'both agree: the HTML verdict keeps its own code', artifact: domRendered(structured(LD), structured(LD)), code: 'C4/ok', data: { nodes: 1 } },
    {
      name: 'the page could not be rendered: the HTML verdict stands',
      artifact: domRendered(structured(LD), { failure: { kind: 'timeout', ms: 17000 } }),
      code: 'C4/ok',
      advisories: ['C4/rendered-unreadable'],
    },
  ],
  invalid: [
    {
      name: 'a script removes the JSON-LD: the HTML verdict stands',
      artifact: domRendered(structured('<script type="application/ld+json">{"@type": "Organization",}</script>' + LD), structured('<title>t</title>')),
      status: 'partial',
      code: 'C4/removed-by-scripts',
      data: { htmlCode: 'C4/invalid-json', renderedCode: 'C4/missing' },
      advisories: ['C4/rendered-scripts-remove'],
    },
    { name: 'neither has JSON-LD', artifact: domRendered(structured('<title>t</title>'), structured('<title>t</title>')), status: 'fail', code: 'C4/missing' },
  ],
});
const m6Table = table(findCheck('M6')!, {
  valid: [
    {
      name: 'product data that scripts add',
      artifact: domRendered(products({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme' }), products(PRODUCT)),
      code: 'M6/rendered-only',
      data: { renderedCode: 'M6/ok', htmlCode: 'M6/missing' },
      advisories: ['M6/rendered-scripts-add'],
    },
    {
      name: 'a script replaces a complete offer with an incomplete one: the HTML verdict stands',
      artifact: domRendered(products(PRODUCT), products({ '@context': 'https://schema.org', '@type': 'Product', name: 'Blue Widget' })),
      code: 'M6/removed-by-scripts',
      data: { htmlCode: 'M6/ok', renderedCode: 'M6/incomplete-offer' },
      advisories: ['M6/rendered-scripts-remove'],
    },
  ],
  invalid: [
    {
      name: 'scripts add a product without a complete offer: partial, found only after scripts ran',
      artifact: domRendered(products(), products({ '@context': 'https://schema.org', '@type': 'Product', name: 'Blue Widget' })),
      status: 'partial',
      code: 'M6/rendered-only',
      data: { htmlCode: 'M6/missing', renderedCode: 'M6/incomplete-offer' },
      advisories: ['M6/rendered-scripts-add'],
    },
  ],
});
const HEAD_OK = [{ url: `${ORIGIN}/guide.md`, probe: response({ url: '/guide.md', method: 'HEAD', status: 200 }) }];
const MD_HINT = '<link rel="alternate" type="text/markdown" href="/guide.md">';
const d6Table = table(findCheck('D6')!, {
  valid: [
    {
      name: 'hints that scripts add',
      artifact: domRendered(hints('<title>t</title>'), hints(MD_HINT, HEAD_OK)),
      code: 'D6/rendered-only',
      data: { renderedCode: 'D6/ok', htmlCode: 'D6/missing' },
      advisories: ['D6/rendered-scripts-add'],
    },
    {
      name: 'a script removes the hints: the HTML verdict stands',
      artifact: domRendered(hints(MD_HINT, HEAD_OK), hints('<title>t</title>')),
      code: 'D6/removed-by-scripts',
      data: { htmlCode: 'D6/ok', renderedCode: 'D6/missing' },
      advisories: ['D6/rendered-scripts-remove'],
    },
    {
      name: 'the page could not be rendered: the HTML verdict stands, and says so',
      artifact: domRendered(hints(MD_HINT, HEAD_OK), { failure: { kind: 'timeout', ms: 17000 } }),
      code: 'D6/ok',
      advisories: ['D6/rendered-unreadable'],
    },
  ],
  invalid: [{ name: 'no hints in either', artifact: domRendered(hints('<title>t</title>'), hints('<title>t</title>')), status: 'fail', code: 'D6/missing' }],
});

export const renderedTables = [a7, c3Table, a11, c4Table, m6Table, d6Table];
