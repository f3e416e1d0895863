/**
 * A7 rendered: a page that registers a WebMCP tool but sends `Permissions-Policy: tools=()` (or
 * `Origin-Agent-Cluster: ?0`) has its registration refused by a browser that follows the text
 * (webmcp index.bs at 0b676d2; Chromium 156). Chromium 150 still registers it. The browser's list
 * (and the fallback's, which records only accepted calls) shows what this browser did; the A7
 * verdict is the same on both: not a pass, the header named, what this browser did said.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { hasBrowser } from '../../../helpers/browser.js';
import { RenderSession } from '../../../../src/core/render/session.js';
import { webMcpBehaviour } from '../../../../src/core/render/browser-version.js';
import { scan } from '../../../../src/core/scan.js';
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
  ] as const)('%s: the tool registers without the headers; with tools=() or Origin-Agent-Cluster: ?0 as this browser enforces them', async (_mode, session) => {
    expect((await session().render(`${site.origin}/`)).tools.map((t) => t.name)).toEqual(['find_order']);
    const w = webMcpBehaviour(session().browser!.major);
    for (const [path, enforced] of [
      ['/off', w.enforcesPermissionsPolicy],
      ['/oac', w.enforcesOriginAgentCluster],
    ] as const) {
      const r = await session().render(`${site.origin}${path}`);
      expect(r.error, path).toBeUndefined();
      // A browser that follows the text (156) refuses both; 150 registers under Origin-Agent-Cluster: ?0 (docs/render.md, versions tried).
      expect(
        r.tools.map((t) => t.name),
        path,
      ).toEqual(enforced ? [] : ['find_order']);
    }
  });

  it('scan: the same A7 verdict whatever this browser did, the header and the browser named', async () => {
    const tableOf = async (path: string) => {
      const r = await scan(`${site.origin}${path}`, { render: true, pages: 1, only: ['A7'] });
      return { r, a7: r.checks.find((c) => c.id === 'A7')! };
    };
    const open = await tableOf('/');
    expect(open.a7.code).toBe('A7/rendered-ok');
    for (const [path, header] of [
      ['/off', 'Permissions-Policy tools=()'],
      ['/oac', 'Origin-Agent-Cluster: ?0'],
    ] as const) {
      const { r, a7 } = await tableOf(path);
      expect(a7.code, path).toBe('A7/rendered-none');
      expect(a7.status, path).toBe('fail');
      expect(a7.evidence, path).toContain(`the response sends ${header}, which switches WebMCP off`);
      expect(a7.evidence, path).toContain(`${r.browser!.name} ${r.browser!.version}`);
      const w = webMcpBehaviour(Number(r.browser!.version.split('.')[0]));
      const enforced = path === '/off' ? w.enforcesPermissionsPolicy : w.enforcesOriginAgentCluster;
      if (enforced) expect(a7.evidence, path).not.toContain('anyway');
      else expect(a7.evidence, path).toContain('registered 1 tool(s) anyway (find_order), which browsers that follow the text refuse');
    }
  }, 60_000);
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
    expect(o.evidence).toContain(
      'the response sends Permissions-Policy tools=(), which switches WebMCP off, so a browser that follows the WebMCP text refuses registerTool()',
    );
    expect(o.evidence).not.toContain('anyway');
    expect(o.evidence).toContain('NotAllowedError'); // the static reading, quoted
  });
});

describe('A7 rendered verdict when the browser registered a tool the headers switch off (Chromium 150)', () => {
  const base = {
    isHtml: true,
    inline: ["document.modelContext.registerTool({ name: 'find_order', description: 'Find an order', execute() {} });"],
    forms: [],
    scripts: [],
    skipped: { crossOrigin: 0, overCap: 0 },
  };
  const registered = { ...renderedPage(), tools: [{ name: 'find_order', description: 'Find an order', inputSchema: null, declarative: false }] };
  it.each([
    ['permissions-policy', 'tools=()', 'Permissions-Policy tools=()'],
    ['origin-agent-cluster', '?0', 'Origin-Agent-Cluster: ?0'],
  ])('%s: %s is not a pass, and the evidence says this browser registered it anyway', async (name, value, said) => {
    const a7 = findCheck('A7')!;
    const artifact = {
      ...base,
      page: response({ url: '/', headers: { 'content-type': 'text/html', [name]: value }, body: '<html><body></body></html>' }),
      rendered: { ...registered, browser: { name: 'Chromium', version: '150.0.7871.100' } },
    };
    const o = await a7.evaluate(artifact as never, { origin: ORIGIN, pageUrl: `${ORIGIN}/` });
    expect(o.code).toBe('A7/rendered-none');
    expect(o.status).toBe('fail');
    expect(o.evidence).toContain(`the response sends ${said}, which switches WebMCP off`);
    expect(o.evidence).toContain('Chromium 150.0.7871.100 registered 1 tool(s) anyway (find_order)');
  });

  it('without the headers the same registration passes', async () => {
    const a7 = findCheck('A7')!;
    const artifact = { ...base, page: response({ url: '/', headers: { 'content-type': 'text/html' }, body: '<html></html>' }), rendered: registered };
    expect((await a7.evaluate(artifact as never, { origin: ORIGIN, pageUrl: `${ORIGIN}/` })).code).toBe('A7/rendered-ok');
  });

  it('tools recorded as registered through navigator.modelContext are A7/navigator-only, not a pass', async () => {
    const a7 = findCheck('A7')!;
    const artifact = {
      ...base,
      inline: ["navigator.modelContext.registerTool({ name: 'find_order', description: 'Find an order', execute() {} });"],
      page: response({ url: '/', headers: { 'content-type': 'text/html' }, body: '<html></html>' }),
      rendered: { ...registered, navigatorTools: ['find_order'], browser: { name: 'Chromium', version: '150.0.7871.100' } },
    };
    const o = await a7.evaluate(artifact as never, { origin: ORIGIN, pageUrl: `${ORIGIN}/` });
    expect(o.code).toBe('A7/navigator-only');
    expect(o.evidence).toContain('Chromium 150.0.7871.100 still has it and registered 1 tool(s) through it (find_order)');
  });
});
