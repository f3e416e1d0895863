/**
 * Data carries values, not sentences (issue 39), in rendered mode: the corpus never renders, so
 * here every check runs, with its rendered hook (A7's, C3's, A11's and the generic DOM re-run of
 * C4, D6 and M6), in one real headless browser over loopback pages built to make those hooks give
 * their outcomes: WebMCP tools registered at run time (imperative, declarative, through the
 * removed navigator.modelContext, refused by a Permissions-Policy, never registered), text and
 * JSON-LD that scripts add or remove. Each result's data and sub-findings are held to the rule of
 * test/helpers/data-prose.ts. Holds on Chromium 150 and 156 (AI_READY_CHROME picks the browser).
 * The outcomes a browser does not give on demand (a page that could not be rendered) are held to
 * the same rule from the rendered case tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { hasBrowser } from '../../helpers/browser.js';
import { proseInData } from '../../helpers/data-prose.js';
import { renderSiteRoutes } from '../../fixtures/render-sites.mjs';
import { RenderSession } from '../../../src/core/render/session.js';
import { GatherContext } from '../../../src/core/gather/context.js';
import { BROWSER_ACCEPT, HttpClient } from '../../../src/core/net/http.js';
import { CHECKS } from '../../../src/core/checks/index.js';
import type { CheckResult } from '../../../src/core/schema.js';
import { renderedTables } from '../checks/tables/rendered.js';
import { ORIGIN } from '../../helpers/responses.js';
import { failureOf, renderFailureData, renderFailureText, renderRenderFailure, type RenderFailure } from '../../../src/core/gather/render-failure.js';

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const REGISTER = "document.modelContext.registerTool({ name: 'find_order', description: 'Find an order by its number.', execute: async () => ({}) });";
const ORG = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Coast Air', url: 'https://coast.example/' });
const PRODUCT = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Coast pass',
  description: 'Ten flights along the coast.',
  sku: 'PASS-10',
  image: 'https://coast.example/pass.png',
  offers: { '@type': 'Offer', price: '99.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
});

/** Pages beside the render fixture's (/, /declarative, /navigator-only). */
const routes = {
  ...renderSiteRoutes(),
  // A static pass the browser never registers: the call sits behind a flag no page sets.
  '/never': { headers: HTML, body: page('Never', `<p>Orders.</p><script>if (window.neverSet) { ${REGISTER} }</script>`) },
  // Registered by the page, switched off by its headers (refused by 150 and 156 alike).
  '/policy-off': {
    headers: { ...HTML, 'permissions-policy': 'tools=()' },
    body: page('Off', `<p>Orders.</p><script>(async () => { if (document.modelContext) await ${REGISTER} })();</script>`),
  },
  // JSON-LD and a Markdown alternate in the HTML that a script removes.
  '/removed': {
    headers: HTML,
    body: page(
      'Removed',
      '<p>Fares.</p><script>document.querySelectorAll(\'script[type="application/ld+json"], link[rel=alternate]\').forEach((e) => e.remove());</script>',
      `<script type="application/ld+json">${ORG}</script><link rel="alternate" type="text/markdown" href="/index.md">`,
    ),
  },
  // Product data that only a script writes.
  '/product': {
    headers: HTML,
    body: page(
      'Coast pass',
      `<p>Ten flights.</p><script>const s = document.createElement('script'); s.type = 'application/ld+json'; s.textContent = ${JSON.stringify(PRODUCT)}; document.head.appendChild(s);</script>`,
    ),
  },
};
const PATHS = ['/', '/declarative', '/navigator-only', '/never', '/policy-off', '/removed', '/product'];

describe.skipIf(!hasBrowser)('rendered mode: data holds values', () => {
  let site: FixtureSite;
  let session: RenderSession;
  const results = new Map<string, CheckResult[]>();
  beforeAll(async () => {
    site = await startFixture(routes);
    session = await RenderSession.open({});
    const http = new HttpClient({ timeoutMs: 5000 });
    // One browser, the pages one after another: every check with the renderer in its context.
    for (const path of PATHS) {
      const res = await http.fetch(`${site.origin}${path}`, { accept: BROWSER_ACCEPT });
      const ctx = new GatherContext(new URL(res.url), site.origin, http, () => {}, res, undefined, undefined, session);
      const evaluate = { origin: site.origin, pageUrl: res.url };
      const checks = await Promise.all(CHECKS.map(async (c) => ({ ...c.evaluate(await c.gather(ctx), evaluate), id: c.meta.id }) as unknown as CheckResult));
      results.set(path, checks);
    }
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    await site?.close();
  });

  const codes = (path: string) => Object.fromEntries((results.get(path) ?? []).map((c) => [c.id, c.code]));

  it('the pages give the rendered hooks their outcomes', () => {
    const navigatorApi = session.browser!.major < 152;
    expect(codes('/')).toMatchObject({ A7: 'A7/rendered-ok', C3: 'C3/rendered-only', C4: 'C4/rendered-only', D6: 'D6/rendered-only' });
    expect(codes('/').A11).toMatch(/^A11\//);
    expect(codes('/declarative').A7).toBe('A7/rendered-schema-issues');
    expect(codes('/navigator-only').A7).toBe('A7/navigator-only');
    expect(codes('/never').A7).toBe('A7/rendered-none');
    expect(codes('/policy-off').A7).toBe('A7/rendered-none');
    expect(codes('/removed')).toMatchObject({ C4: 'C4/removed-by-scripts', D6: 'D6/removed-by-scripts' });
    expect(codes('/product').M6).toBe('M6/rendered-only');
    // The clauses rendered from values: the browser named, what it did where it still has the removed API.
    const a7 = (path: string) => results.get(path)!.find((c) => c.id === 'A7')!;
    expect(a7('/').evidence).toContain(`${session.browser!.name} ${session.browser!.version} after load: 1 tool(s): find_flights: "Find flights`);
    expect(a7('/policy-off').evidence).toContain('the response sends Permissions-Policy tools=(), which switches WebMCP off');
    if (navigatorApi) expect(a7('/navigator-only').evidence).toContain('still has it and registered 1 tool(s) through it (legacy_search)');
  });

  it.each(PATHS)('%s: no check carries a sentence in its data or sub-findings', (path) => {
    const checks = results.get(path)!;
    expect(checks.length).toBe(CHECKS.length);
    expect(proseInData(checks, (id) => CHECKS.find((c) => c.meta.id === id)?.meta.quoted ?? [])).toEqual([]);
  });
});

describe('rendered case tables: data holds values', () => {
  it.each(renderedTables.map((t) => [t.check.meta.id, t] as const))('%s: every case, the failures of a render included', (_id, { check, cases }) => {
    const prose: string[] = [];
    for (const c of [...cases.valid, ...cases.invalid]) {
      const artifact = typeof c.artifact === 'function' ? c.artifact() : c.artifact;
      const o = check.evaluate(artifact, { origin: ORIGIN, pageUrl: `${ORIGIN}/`, ...c.ctx });
      prose.push(...proseInData([{ ...o, id: check.meta.id } as unknown as CheckResult], () => check.meta.quoted ?? []));
    }
    expect(prose).toEqual([]);
  });

  it('a render failure is a kind with values, its phrase rendered from them', () => {
    const failures: RenderFailure[] = [
      { kind: 'deadline' },
      { kind: 'timeout', ms: 17000 },
      { kind: 'renderer-stopped', rssMb: 912, limitMb: 768 },
      { kind: 'renderer-crashed' },
      { kind: 'browser', message: 'net::ERR_CONNECTION_REFUSED at http://127.0.0.1:9/' },
      { kind: 'no-html' },
      { kind: 'unrendered' },
    ];
    for (const f of failures) expect(renderRenderFailure(renderFailureData(f), 'failure'), f.kind).toBe(renderFailureText(f));
    expect(renderFailureText({ kind: 'timeout', ms: 17000 })).toBe('rendering the page took longer than 17000 ms');
    // A page from before failures had kinds: its error is the browser's message.
    expect(failureOf({ error: 'boom' })).toEqual({ kind: 'browser', message: 'boom' });
    expect(failureOf({})).toEqual({ kind: 'unrendered' });
    expect(renderRenderFailure({ failure: 'no-such-kind' }, 'failure')).toBeNull();
  });
});
