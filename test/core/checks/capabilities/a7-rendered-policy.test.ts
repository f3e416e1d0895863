/**
 * A7 rendered: a page that registers a WebMCP tool but sends `Permissions-Policy: tools=()` (or
 * `Origin-Agent-Cluster: ?0`) has its registration refused by the browser (webmcp index.bs at
 * 0b676d2; Chromium 156). The browser's list must stay empty, and so must the fallback that records
 * registerTool() calls when the DevTools WebMCP domain is missing: a refused call is not a tool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { hasBrowser } from '../../../helpers/browser.js';
import { RenderSession } from '../../../../src/core/render/session.js';
import { findCheck } from '../../../../src/core/checks/index.js';
import { renderedPage } from '../tables/rendered.js';
import { response, ORIGIN } from '../../../helpers/responses.js';

const REGISTER =
  "<script>(async () => { if (document.modelContext) await document.modelContext.registerTool({ name: 'find_order', description: 'Find an order', execute: async () => ({}) }); })();</script>";
const page = (headers: Record<string, string>) => ({
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  body: `<!doctype html><html><head><title>x</title></head><body><h1>Orders</h1>${REGISTER}</body></html>`,
});

describe.skipIf(!hasBrowser)('WebMCP switched off by response headers, seen in a browser', () => {
  let site: FixtureSite;
  let measured: RenderSession;
  let recorded: RenderSession;
  beforeAll(async () => {
    site = await startFixture({ '/': page({}), '/off': page({ 'permissions-policy': 'tools=()' }), '/oac': page({ 'origin-agent-cluster': '?0' }) });
    [measured, recorded] = await Promise.all([RenderSession.open({}), RenderSession.open({ webmcpDomain: false })]);
  });
  afterAll(async () => {
    await Promise.all([measured?.close(), recorded?.close()]);
    await site?.close();
  });

  it.each([
    ['measured', () => measured],
    ['recorded', () => recorded],
  ] as const)('%s: the tool registers without the headers and not with tools=() or Origin-Agent-Cluster: ?0', async (_mode, session) => {
    expect((await session().render(`${site.origin}/`)).tools.map((t) => t.name)).toEqual(['find_order']);
    for (const path of ['/off', '/oac']) {
      const r = await session().render(`${site.origin}${path}`);
      expect(r.error, path).toBeUndefined();
      expect(r.tools, path).toEqual([]);
    }
  });
});

describe('A7 rendered verdict on a page the headers switch off', () => {
  it('fails as rendered-none and says which header made the browser refuse registerTool()', async () => {
    const a7 = findCheck('A7')!;
    const artifact = {
      page: response({ url: '/', headers: { 'content-type': 'text/html', 'permissions-policy': 'tools=()' }, body: '<html><body></body></html>' }),
      isHtml: true,
      inline: ["document.modelContext.registerTool({ name: 'find_order', description: 'Find an order', execute() {} });"],
      forms: [],
      scripts: [],
      skipped: { crossOrigin: 0, overCap: 0 },
      rendered: renderedPage(),
    };
    const o = await a7.evaluate(artifact as never, { origin: ORIGIN, pageUrl: `${ORIGIN}/` });
    expect(o.code).toBe('A7/rendered-none');
    expect(o.evidence).toContain('the response sends Permissions-Policy tools=(), so the browser refuses registerTool()');
    expect(o.evidence).toContain('NotAllowedError'); // the static reading, quoted
  });
});
