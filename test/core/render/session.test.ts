/** RenderSession against real loopback pages: what a browser and its agent see after load. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { hasBrowser } from '../../helpers/browser.js';
import { RenderSession } from '../../../src/core/render/session.js';
import { webMcpBehaviour } from '../../../src/core/render/browser-version.js';
import { renderSiteRoutes, RUNTIME_TEXT } from '../../fixtures/render-sites.mjs';

describe.skipIf(!hasBrowser)('RenderSession', () => {
  let site: FixtureSite;
  let session: RenderSession;
  beforeAll(async () => {
    site = await startFixture(renderSiteRoutes());
    session = await RenderSession.open({});
  });
  afterAll(async () => {
    await session?.close();
    await site?.close();
  });

  it('sees the tools, text, JSON-LD and hints that scripts add after load', async () => {
    const r = await session.render(`${site.origin}/`);
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(200);
    expect(r.webmcp).toBe('measured');
    expect(r.tools.map((t) => t.name)).toEqual(['find_flights']);
    expect(r.tools[0].declarative).toBe(false);
    expect(r.tools[0].inputSchema).toMatchObject({ required: ['from', 'to'] });
    expect(r.html).toContain(RUNTIME_TEXT.slice(0, 60));
    expect(r.html).toContain('application/ld+json');
    expect(r.html).toContain('text/markdown');
    expect(r.operability?.violations.map((v) => v.rule)).toContain('button-name');
  });

  it("reads declarative form tools and the browser's own schema issues", async () => {
    const r = await session.render(`${site.origin}/declarative`);
    expect(r.tools).toEqual([expect.objectContaining({ name: 'search_site', declarative: true })]);
    expect(r.schemaIssues.map((i) => i.type)).toContain('FormModelContextParameterMissingTitleAndDescription');
  });

  it('names the tools registered through navigator.modelContext, where this browser still has it (before 152)', async () => {
    const r = await session.render(`${site.origin}/navigator-only`);
    expect(r.error).toBeUndefined();
    expect(r.browser?.version).toBe(session.browser?.version);
    expect(r.html).not.toContain('data-ai-ready-navigator');
    const major = session.browser!.major;
    if (webMcpBehaviour(major).navigatorApi) {
      // The browser registers it (Chromium 150): recorded as registered through the removed path.
      expect(r.navigatorTools?.length).toBeGreaterThan(0);
      expect(r.tools.map((t) => t.name)).toEqual(expect.arrayContaining(r.navigatorTools!));
    } else {
      expect(r.tools).toEqual([]);
      expect(r.navigatorTools).toEqual([]);
    }
  });

  it('records nothing as navigator-registered on a page that uses document.modelContext', async () => {
    const r = await session.render(`${site.origin}/`);
    expect(r.tools.map((t) => t.name)).toEqual(['find_flights']);
    expect(r.navigatorTools).toEqual([]);
  });

  it('without the DevTools WebMCP domain, records registerTool calls and form tools instead', async () => {
    const fallback = await RenderSession.open({ webmcpDomain: false });
    try {
      const r = await fallback.render(`${site.origin}/`);
      expect(r.webmcp).toBe('recorded');
      expect(r.tools).toEqual([
        expect.objectContaining({ name: 'find_flights', description: 'Find flights between two airports on a date.', declarative: false }),
      ]);
      expect(r.html).not.toContain('data-ai-ready-webmcp');
      const d = await fallback.render(`${site.origin}/declarative`);
      expect(d.tools).toEqual([
        expect.objectContaining({ name: 'search_site', declarative: true, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }),
      ]);
    } finally {
      await fallback.close();
    }
  });
});
