import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { a7WebMcp, type WebMcpArtifact } from '../../../../src/core/checks/capabilities/a7-webmcp.js';
import { ORIGIN, response, text } from '../../../helpers/responses.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { liveContext } from '../commerce/live-context.js';
import { proseInData } from '../../../helpers/data-prose.js';
import type { CheckResult } from '../../../../src/core/schema.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
/** The advisory codes of an outcome, in order. */
const noted = (o: { advisoryFindings?: Array<{ code: string }> }) => (o.advisoryFindings ?? []).map((a) => a.code);
const page = response({ url: '/', headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>x</body></html>' });

function art(over: Partial<WebMcpArtifact> = {}): WebMcpArtifact {
  return { page, isHtml: true, inline: [], forms: [], scripts: [], skipped: { crossOrigin: 0, overCap: 0 }, ...over };
}

const REGISTER = `document.modelContext.registerTool({ name: "add_to_cart", description: "Add", inputSchema: {}, execute() {} });`;
const REGISTER_NAVIGATOR = REGISTER.replace('document.', 'navigator.');

describe('A7 WebMCP (evaluate)', () => {
  it('passes an imperative registration in an inline script and names the tool', () => {
    const o = a7WebMcp.evaluate(art({ inline: [REGISTER] }), ctx);
    expect(o.status).toBe('pass');
    expect(o.code).toBe('A7/ok');
    expect(o.details?.imperativeTools).toEqual(['add_to_cart']);
    expect(o.matched).toMatch(/imperative/);
  });

  it('provideContext() alone is partial: the draft removed it (index.bs fe84c67, 2026-03-05) and Chromium 156 has no such method', () => {
    const js = text('/assets/app.js', 'const mc = document.modelContext; mc.provideContext({ tools: [] });', 'text/javascript');
    const o = a7WebMcp.evaluate(art({ scripts: [js] }), ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('A7/provide-context-removed');
    expect(o.evidence).toContain('/assets/app.js');
    expect(o.advisoryFindings).toMatchObject([{ code: 'A7/removed-calls', data: { calls: 'provideContext()' } }]);
    // registerTool beside it still registers; the removed call is an advisory.
    const both = a7WebMcp.evaluate(art({ inline: [REGISTER + ' document.modelContext.unregisterTool("add_to_cart");'] }), ctx);
    expect(both.code).toBe('A7/ok');
    expect(both.advisoryFindings).toMatchObject([{ code: 'A7/removed-calls', data: { calls: 'unregisterTool()' } }]);
  });

  describe('response headers that switch WebMCP off (index.bs at 0b676d2; confirmed in Chromium 156)', () => {
    const withHeaders = (headers: Record<string, string>) =>
      response({ url: '/', headers: { 'content-type': 'text/html', ...headers }, body: '<!doctype html><html><body>x</body></html>' });
    it('Permissions-Policy tools=() makes a registering page partial, naming the header and the rejection', () => {
      const o = a7WebMcp.evaluate(art({ page: withHeaders({ 'permissions-policy': 'camera=(), tools=()' }), inline: [REGISTER] }), ctx);
      expect(o.status).toBe('partial');
      expect(o.code).toBe('A7/policy-disabled');
      expect(o.findings?.[0]).toMatchObject({ code: 'A7/policy-disabled', data: { policy: 'tools=()' } });
      expect(o.remediation).toContain('tools=(self)');
    });
    it('an allowlist that leaves the page out disables it too; self, * or the page origin allow it', () => {
      expect(a7WebMcp.evaluate(art({ page: withHeaders({ 'permissions-policy': 'tools=("https://partner.example")' }), inline: [REGISTER] }), ctx).code).toBe(
        'A7/policy-disabled',
      );
      for (const allowed of ['tools=(self)', 'tools=*', `tools=("${ORIGIN}")`, 'geolocation=()']) {
        const o = a7WebMcp.evaluate(art({ page: withHeaders({ 'permissions-policy': allowed }), inline: [REGISTER] }), ctx);
        expect(o.code, allowed).toBe('A7/ok');
      }
    });
    it('a header that does not parse is ignored by browsers: said, not judged', () => {
      const o = a7WebMcp.evaluate(art({ page: withHeaders({ 'permissions-policy': 'Tools=()' }), inline: [REGISTER] }), ctx);
      expect(o.code).toBe('A7/ok');
      expect(noted(o)).toEqual(['A7/policy-unparsable']);
    });
    it('Origin-Agent-Cluster: ?0 is partial (SecurityError); a form-only page gets an advisory, as the declarative section is a TODO', () => {
      const o = a7WebMcp.evaluate(art({ page: withHeaders({ 'origin-agent-cluster': '?0' }), inline: [REGISTER] }), ctx);
      expect(o.code).toBe('A7/origin-agent-cluster-off');
      expect(o.findings?.[0].code).toBe('A7/origin-agent-cluster-off');
      const forms = a7WebMcp.evaluate(
        art({
          page: withHeaders({ 'permissions-policy': 'tools=()' }),
          forms: [{ toolname: 'search', description: 'Search', params: 1, fields: [{ name: 'q', title: 'Keywords', description: null }] }],
        }),
        ctx,
      );
      expect(forms.code).toBe('A7/ok');
      expect(forms.advisoryFindings).toMatchObject([{ code: 'A7/form-tools-refused', data: { headers: 'Permissions-Policy tools=()' } }]);
    });
  });

  it('passes a declarative form tool with a description and labelled fields', () => {
    const o = a7WebMcp.evaluate(
      art({ forms: [{ toolname: 'search', description: 'Search', params: 1, fields: [{ name: 'q', title: 'Keywords', description: null }] }] }),
      ctx,
    );
    expect(o.status).toBe('pass');
    expect(o.matched).toMatch(/declarative/);
  });

  it('a form tool without tooldescription is partial, the way Chromium flags it', () => {
    const o = a7WebMcp.evaluate(art({ forms: [{ toolname: 'search', description: null, params: 1 }] }), ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('A7/tool-no-description');
    expect(o.findings?.[0]).toMatchObject({ code: 'A7/tool-no-description', data: { tool: 'search' } });
  });

  it('navigator.modelContext alone is partial with the deprecation finding first; both spellings pass with an advisory', () => {
    const old = a7WebMcp.evaluate(art({ inline: [REGISTER_NAVIGATOR] }), ctx);
    expect(old.status).toBe('partial');
    expect(old.code).toBe('A7/navigator-deprecated');
    expect(old.findings?.[0].code).toBe('A7/navigator-deprecated');
    expect(old.details?.api).toBe('navigator');
    expect(old.remediation).toMatch(/document\.modelContext/);
    const both = a7WebMcp.evaluate(art({ inline: [`(document.modelContext ?? navigator.modelContext).registerTool({ name: "x", description: "y" })`] }), ctx);
    expect(both.status).toBe('pass');
    expect(both.details?.api).toBe('document+navigator');
    expect(noted(both)).toEqual(['A7/navigator-also']);
  });

  it('finds the description after a nested inputSchema, and keeps each call to its own window', () => {
    const o = a7WebMcp.evaluate(
      art({
        inline: [
          'document.modelContext.registerTool({ name: "a", inputSchema: { type: "object", properties: {} }, description: "A", execute() {} }); document.modelContext.registerTool({ name: "b", execute() {} });',
        ],
      }),
      ctx,
    );
    expect(o.details?.imperativeTools).toEqual(['a', 'b']);
    expect(o.findings?.map((f) => [f.code, f.data?.tool])).toEqual([['A7/tool-no-description', 'b']]);
  });

  it('validates names as index.bs does and lists every problem as a finding', () => {
    const o = a7WebMcp.evaluate(
      art({
        inline: ['document.modelContext.registerTool({ name: "bad name!", execute() {} })'],
        forms: [
          {
            toolname: 'ok_tool',
            description: 'Fine',
            params: 1,
            fields: [
              { name: null, title: 'x', description: null },
              { name: 'email', title: null, description: null },
            ],
          },
        ],
      }),
      ctx,
    );
    expect(o.status).toBe('partial');
    expect(o.findings?.map((f) => f.code)).toEqual(['A7/param-no-name', 'A7/param-no-title', 'A7/tool-name-invalid', 'A7/tool-no-description']);
    expect(o.findings?.[1].data).toMatchObject({ tool: 'ok_tool', params: 'email' });
    expect(o.code).toBe('A7/param-no-name');
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

  it('document.modelContext is the current API: no drift advisory', () => {
    const o = a7WebMcp.evaluate(art({ inline: ['document.modelContext.registerTool({ name: "x", description: "y" })'] }), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toMatch(/document\.modelContext/);
    expect(noted(o)).toEqual([]);
  });

  it('the fix guide teaches document.modelContext and names navigator.modelContext as deprecated', () => {
    const steps = a7WebMcp.fixGuide({ origin: ORIGIN, platform: null, hosting: [] });
    expect(steps[0].code).toContain('await document.modelContext.registerTool(');
    expect(steps[0].code).toContain('signal: webmcp.signal');
    expect(steps[0].code).toContain('readOnlyHint');
    expect(steps[0].code).not.toContain('navigator.modelContext.');
    expect(steps[1].code).toMatch(/toolname=.*tooldescription=/);
    expect(steps[2].title).toMatch(/Deprecated: navigator\.modelContext/);
  });

  it('fails with nothing found and says what was read; info for a non-HTML page', () => {
    const o = a7WebMcp.evaluate(art({ inline: ['console.log(1)'], skipped: { crossOrigin: 2, overCap: 0 } }), ctx);
    expect(o.status).toBe('fail');
    expect(o.evidence).toContain('1 inline and 0 same-origin');
    expect(o.advisoryFindings).toMatchObject([{ code: 'A7/cross-origin-scripts', data: { count: 2 } }]);
    const pdf = response({ url: '/', headers: { 'content-type': 'application/pdf' }, body: '%PDF' });
    expect(a7WebMcp.evaluate(art({ page: pdf, isHtml: false }), ctx).status).toBe('info');
  });

  it('adapts where the script goes to the platform', () => {
    expect(a7WebMcp.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] })[0].code).toContain("'use client'");
    expect(a7WebMcp.fixGuide({ origin: ORIGIN, platform: 'wordpress', hosting: [] })[0].code).toContain('wp_footer');
    expect(a7WebMcp.fixGuide({ origin: ORIGIN, platform: 'shopify', hosting: [] })[0].title).toContain('theme.liquid');
  });
});

describe('A7 script reading (property-based)', () => {
  const TOKENS = [
    'document',
    'navigator',
    '.',
    'modelContext',
    '.registerTool',
    '(',
    '{',
    '}',
    ')',
    ',',
    'name: ',
    'description: ',
    '"t_1"',
    "'x y'",
    '`a`',
    'provideContext',
    ' ',
    '\n',
    ';',
  ];
  it('never throws, names at most 10 tools per script, and a pass never rests on navigator.modelContext alone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...TOKENS), { maxLength: 200 }).map((t) => t.join('')),
        (script) => {
          const o = a7WebMcp.evaluate(art({ inline: [script] }), ctx);
          expect(['pass', 'partial', 'fail']).toContain(o.status);
          expect((o.details?.imperativeTools ?? []).length).toBeLessThanOrEqual(10);
          if (o.status === 'pass') expect(script).toMatch(/document\s*\.\s*modelContext|(?<!navigator\.)modelContext/);
          if (o.code === 'A7/navigator-deprecated') expect(script).not.toMatch(/document\s*\.\s*modelContext/);
        },
      ),
      { numRuns: 300 },
    );
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
      for (let i = 0; i < 10; i++)
        routes[`/js/s${i}.js`] = {
          headers: { 'content-type': 'text/javascript' },
          body: i === 2 ? 'window.mc = navigator.modelContext;' : `console.log(${i})`,
        };
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

  it('reads form tools with their fields, labels and toolautosubmit', async () => {
    const site = await startFixture(() => ({
      '/': {
        headers: { 'content-type': 'text/html' },
        body: `<!doctype html><html><body>
<form toolname="find_order" tooldescription="Find an order" toolautosubmit>
  <label for="n">Order number</label><input id="n" name="number">
  <label>Email <input name="email"></label>
  <input name="zip" toolparamdescription="Postal code">
  <input type="hidden" name="csrf" value="x"><button type="submit">Go</button>
</form>
<form tooldescription="No name"><input name="q" aria-label="Query"></form>
<form toolname="unlabelled" tooldescription="Fields without labels"><input><select name="size"></select></form>
</body></html>`,
      },
    }));
    open.push(site);
    const a = await a7WebMcp.gather(await liveContext(site.origin));
    expect(a.forms).toHaveLength(3);
    expect(a.forms[0]).toMatchObject({ toolname: 'find_order', autosubmit: true, params: 3 });
    expect(a.forms[0].fields).toEqual([
      { name: 'number', title: 'Order number', description: null },
      { name: 'email', title: 'Email', description: null },
      { name: 'zip', title: null, description: 'Postal code' },
    ]);
    const o = a7WebMcp.evaluate(a, { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o.status).toBe('partial');
    expect(o.findings?.map((f) => f.code)).toEqual(['A7/tool-no-name', 'A7/param-no-name', 'A7/param-no-title']);
    expect(noted(o)).toContain('A7/autosubmit');
  });

  it('reads hostile ids and many fields without building selectors from them, within its bounds', async () => {
    const fields = Array.from({ length: 80 }, (_, i) => `<label for='f${i}"]:not(x'>F${i}</label><input id='f${i}"]:not(x' name="p${i}">`).join('');
    const site = await startFixture(() => ({
      '/': {
        headers: { 'content-type': 'text/html' },
        body: `<!doctype html><html><body>${Array.from({ length: 25 }, (_, k) => `<form toolname="t${k}" tooldescription="d">${fields}</form>`).join('')}</body></html>`,
      },
    }));
    open.push(site);
    const a = await a7WebMcp.gather(await liveContext(site.origin));
    expect(a.forms).toHaveLength(20);
    expect(a.forms[0].fields).toHaveLength(50);
    expect(a.forms[0].fields?.[3]).toEqual({ name: 'p3', title: 'F3', description: null });
    expect(a7WebMcp.evaluate(a, { origin: site.origin, pageUrl: `${site.origin}/` }).status).toBe('pass');
  });
});

describe('A7 static data holds values (issue 39)', () => {
  it('what the scan found, the scope and the page probe carry fields; the evidence reads as before', () => {
    const form = { toolname: '', description: 'Search', params: 2, fields: [{ name: 'q', title: 'Keywords', description: null }] };
    const both = a7WebMcp.evaluate(art({ inline: [REGISTER], forms: [form] }), ctx);
    expect(both.data).toMatchObject({ foundApi: 'document.modelContext', foundTools: 'add_to_cart', foundForms: 1, foundFormNames: '', inline: 1, scripts: 0 });
    expect(both.evidence).toMatch(
      /^Static: registerTool\/provideContext on document\.modelContext in inline script 1 \(tools: add_to_cart\): ".+"; 1 declarative form tool\(s\): \(no toolname\) \(2 field\(s\)\)\. 1 inline and 0 same-origin script\(s\) read\. Problems: /,
    );
    const notHtml = a7WebMcp.evaluate(art({ page: text('/', 'plain words', 'text/plain'), isHtml: false }), ctx);
    expect(notHtml).toMatchObject({ code: 'A7/not-html', data: { seenUrl: '/', seenStatus: 200, seenType: 'text/plain' } });
    const results = [both, notHtml, a7WebMcp.evaluate(art(), ctx)].map((o) => ({ ...o, id: 'A7' }) as unknown as CheckResult);
    expect(proseInData(results, () => a7WebMcp.meta.quoted ?? [])).toEqual([]);
  });
});
