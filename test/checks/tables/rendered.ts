/**
 * Case tables of rendered mode: the registry's A7 and C3 (each wrapped with its rendered hook)
 * and A11, from artifacts that carry what the browser saw.
 */
import { load } from 'cheerio';
import { findCheck } from '../../../src/core/checks/index.js';
import { a11AgentOperability } from '../../../src/core/checks/capabilities/a11-agent-operability.js';
import type { RenderedPage } from '../../../src/core/render/artifact.js';
import { readableText } from '../../../src/core/gather/readable-text.js';
import { table } from '../../helpers/check-tester.js';
import { json, response } from '../../helpers/responses.js';

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

const tool = { name: 'find_flights', description: 'Find flights', inputSchema: { type: 'object', properties: { from: { type: 'string' } } }, declarative: false };
const webmcp = (inline: string[], rendered: RenderedPage | null) => ({
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
    { name: 'tools could not be read: the static verdict stands', artifact: webmcp(['console.log(1)'], renderedPage({ webmcp: 'unavailable' })), status: 'fail', code: 'A7/missing' },
    {
      artifact: webmcp([], renderedPage({ tools: [{ ...tool, declarative: true }], schemaIssues: [{ type: 'FormModelContextMissingToolDescription', count: 1 }] })),
      status: 'partial',
      code: 'A7/rendered-schema-issues',
    },
    { artifact: webmcp(['navigator.modelContext.registerTool({ name: "x", description: "y" })'], renderedPage()), status: 'partial', code: 'A7/navigator-only' },
    { name: 'a static pass the browser never registered', artifact: webmcp(['document.modelContext.registerTool({ name: "x", description: "y" })'], renderedPage()), status: 'fail', code: 'A7/rendered-none' },
  ],
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const c3 = (served: number, renderedWords: number, missing: number) => () => {
  const p = html(`<main><p>${words(served)}</p></main>`);
  return { page: p, text: readableText(load(p.text)), rendered: { servedWords: served, renderedWords, missing } };
};
const c3Table = table(findCheck('C3')!, {
  valid: [
    { name: 'a short page whose HTML has all its text passes', artifact: c3(60, 60, 0), code: 'C3/rendered-match' },
  ],
  invalid: [
    { name: 'too little rendered text: the static estimate stands', artifact: c3(5, 6, 0.2), status: 'partial', code: 'C3/little-text' },
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
    { artifact: operable(renderedPage({ error: 'rendering the page took longer than 17000 ms', operability: null })), status: 'info', code: 'A11/unmeasured' },
  ],
  invalid: [
    { artifact: operable(renderedPage({ operability: { violations: [violation(2)], rules: ['button-name'], passed: 0 } })), status: 'partial', code: 'A11/some-violations' },
    { artifact: operable(renderedPage({ operability: { violations: [violation(4), { ...violation(3), rule: 'label' }], rules: ['button-name', 'label'], passed: 0 } })), status: 'fail', code: 'A11/violations' },
  ],
});

export const renderedTables = [a7, c3Table, a11];
