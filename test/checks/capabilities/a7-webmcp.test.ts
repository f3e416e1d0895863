import { afterAll, describe, expect, it } from 'vitest';
import { a7WebMcp, type WebMcpArtifact } from '../../../src/core/checks/capabilities/a7-webmcp.js';
import { ORIGIN, response, text } from '../../helpers/responses.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { liveContext } from '../commerce/live-context.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const page = response({ url: '/', headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>x</body></html>' });

function art(over: Partial<WebMcpArtifact> = {}): WebMcpArtifact {
  return { page, isHtml: true, inline: [], forms: [], scripts: [], skipped: { crossOrigin: 0, overCap: 0 }, ...over };
}

const REGISTER = `navigator.modelContext.registerTool({ name: "add_to_cart", description: "Add", inputSchema: {}, execute() {} });`;

describe('A7 WebMCP (evaluate)', () => {
  it('passes an imperative registration in an inline script and names the tool', () => {
    const o = a7WebMcp.evaluate(art({ inline: [REGISTER] }), ctx);
    expect(o.status).toBe('pass');
    expect(o.code).toBe('A7/ok');
    expect(o.details?.imperativeTools).toEqual(['add_to_cart']);
    expect(o.matched).toMatch(/imperative/);
  });

  it('passes provideContext in a same-origin script', () => {
    const js = text('/assets/app.js', 'const mc = navigator.modelContext; mc.provideContext({ tools: [] });', 'text/javascript');
    const o = a7WebMcp.evaluate(art({ scripts: [js] }), ctx);
    expect(o.status).toBe('pass');
    expect(o.evidence).toContain('/assets/app.js');
  });

  it('passes a declarative form tool and flags a missing description', () => {
    const o = a7WebMcp.evaluate(art({ forms: [{ toolname: 'search', description: null, params: 1 }] }), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toMatch(/declarative/);
    expect(o.advisories?.join(' ')).toMatch(/no tooldescription/);
  });

  it('is partial when modelContext is only feature-detected', () => {
    const o = a7WebMcp.evaluate(art({ inline: ['if (navigator.modelContext) console.log("webmcp")'] }), ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('A7/feature-detect-only');
  });

  it('does not pass registerTool without modelContext (e.g. an MCP server SDK bundle)', () => {
    const o = a7WebMcp.evaluate(art({ inline: ['server.registerTool("x", {}, async () => ({}))'] }), ctx);
    expect(o.status).toBe('fail');
  });

  it('notes document.modelContext drift', () => {
    const o = a7WebMcp.evaluate(art({ inline: ['document.modelContext.registerTool({ name: "x" })'] }), ctx);
    expect(o.advisories?.join(' ')).toMatch(/navigator\.modelContext/);
  });

  it('fails with nothing found and says what was read; info for a non-HTML page', () => {
    const o = a7WebMcp.evaluate(art({ inline: ['console.log(1)'], skipped: { crossOrigin: 2, overCap: 0 } }), ctx);
    expect(o.status).toBe('fail');
    expect(o.evidence).toContain('1 inline and 0 same-origin');
    expect(o.advisories?.join(' ')).toMatch(/2 script\(s\) from other origins/);
    const pdf = response({ url: '/', headers: { 'content-type': 'application/pdf' }, body: '%PDF' });
    expect(a7WebMcp.evaluate(art({ page: pdf, isHtml: false }), ctx).status).toBe('info');
  });

  it('adapts where the script goes to the platform', () => {
    expect(a7WebMcp.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] })[0].code).toContain("'use client'");
    expect(a7WebMcp.fixGuide({ origin: ORIGIN, platform: 'wordpress', hosting: [] })[0].code).toContain('wp_footer');
    expect(a7WebMcp.fixGuide({ origin: ORIGIN, platform: 'shopify', hosting: [] })[0].title).toContain('theme.liquid');
  });
});

describe('A7 gather against a loopback site', () => {
  const open: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });

  it('reads page scripts but not prose, at most 8 same-origin scripts, never other origins', async () => {
    const scripts = Array.from({ length: 10 }, (_, i) => `<script src="/js/s${i}.js"></script>`).join('');
    const site = await startFixture(() => {
      const routes: Record<string, unknown> = {
        '/': {
          headers: { 'content-type': 'text/html' },
          body: `<!doctype html><html><body><pre>navigator.modelContext.registerTool({ name: "demo" })</pre>
<script type="application/ld+json">{"x":"navigator.modelContext.registerTool("}</script>
<script src="https://cdn.example.invalid/lib.js"></script>${scripts}</body></html>`,
        },
      };
      for (let i = 0; i < 10; i++) routes[`/js/s${i}.js`] = { headers: { 'content-type': 'text/javascript' }, body: i === 2 ? 'window.mc = navigator.modelContext;' : `console.log(${i})` };
      return routes as never;
    });
    open.push(site);
    const a = await a7WebMcp.gather(await liveContext(site.origin));
    expect(a.scripts).toHaveLength(8);
    expect(a.skipped).toEqual({ crossOrigin: 1, overCap: 2 });
    expect(site.requests.filter((r) => r.path.startsWith('/js/'))).toHaveLength(8);
    const o = a7WebMcp.evaluate(a, { origin: site.origin, pageUrl: `${site.origin}/` });
    // The <pre> sample and the JSON-LD are not scripts: only the feature detection in s2.js counts.
    expect(o.status).toBe('partial');
    expect(o.evidence).toContain('/js/s2.js');
  });
});
