/**
 * Whole-engine scans of loopback sites whose documents nest 50,000 to 100,000 levels deep: the
 * scan returns a result (the caps cut or refuse the structure), never a stack overflow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import { ScanResponse } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';

const DEEP = 100_000;
const deepJsonArray = '['.repeat(DEEP) + ']'.repeat(DEEP);
const deepOpenApi = `{"openapi":"3.1.0","info":{"title":"x","version":"1"},"paths":{"/a":${'{"x":'.repeat(DEEP)}1${'}'.repeat(DEEP)}}}`;
const deepYaml = `openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths: ${'['.repeat(DEEP)}${']'.repeat(DEEP)}\n`;
const deepSitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${'<url>'.repeat(DEEP)}<loc>http://x/</loc>${'</url>'.repeat(DEEP)}</urlset>`;
const html = (body: string, head = '') => `<!doctype html><html><head><title>Deep</title>${head}</head><body>${body}</body></html>`;

let deepDom: FixtureSite;
let deepData: FixtureSite;
let deepYamlSite: FixtureSite;
beforeAll(async () => {
  deepDom = await startFixture({
    '/': { headers: { 'content-type': 'text/html' }, body: html(`${'<div>'.repeat(50_000)}Hello from the bottom of the page`) },
  });
  deepData = await startFixture((site) => ({
    '/': { headers: { 'content-type': 'text/html' }, body: html('<p>Hi</p>', `<script type="application/ld+json">${deepJsonArray}</script>`) },
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: `User-agent: *\nAllow: /\nSitemap: ${site.origin}/sitemap.xml\n` },
    '/sitemap.xml': { headers: { 'content-type': 'application/xml' }, body: deepSitemap },
    '/openapi.json': { headers: { 'content-type': 'application/json' }, body: deepOpenApi },
    '/.well-known/mcp/server-card.json': { headers: { 'content-type': 'application/json' }, body: deepJsonArray },
    '/.well-known/agent-card.json': { headers: { 'content-type': 'application/json' }, body: `{"name":${deepJsonArray}}` },
    '/.well-known/api-catalog': { headers: { 'content-type': 'application/linkset+json' }, body: `{"linkset":${deepJsonArray}}` },
  }));
  deepYamlSite = await startFixture({
    '/': { headers: { 'content-type': 'text/html' }, body: html('<p>Hi</p>') },
    '/openapi.yaml': { headers: { 'content-type': 'application/yaml' }, body: deepYaml },
  });
});
afterAll(async () => {
  await Promise.all([deepDom?.close(), deepData?.close(), deepYamlSite?.close()]);
});

const check = (r: Awaited<ReturnType<typeof scan>>, id: string) => r.checks.find((c) => c.id === id)!;

describe('hostile nesting, whole engine', () => {
  it('a 50,000-deep page is read with the DOM cut at depth 512, and the cut is in the notes', async () => {
    const r = await scan(deepDom.origin);
    expect(ScanResponse.parse(r)).toBeTruthy();
    const c3 = check(r, 'C3');
    expect(c3.evidence).toMatch(/Hello from the bottom/);
    expect(c3.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'C3/dom-cut', data: expect.objectContaining({ flattened: expect.any(Number) }) }),
    );
    expect(c3.advisories?.join(' ')).toMatch(/beyond depth 512 were read flat/);
    expect(check(r, 'C4').advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'C4/dom-cut', data: expect.objectContaining({ flattened: expect.any(Number) }) }),
    );
    expect(() => JSON.stringify(r)).not.toThrow();
  }, 60_000);

  it('100,000-deep JSON-LD, OpenAPI JSON, cards and sitemap XML are refused as too deep, not crashed on', async () => {
    const r = await scan(deepData.origin);
    expect(ScanResponse.parse(r)).toBeTruthy();
    expect(check(r, 'C4').evidence).toMatch(/nested more than 128 levels deep/);
    expect(check(r, 'A8').status).not.toBe('pass');
    expect(JSON.stringify(check(r, 'A8'))).toMatch(/nest/);
    expect(JSON.stringify(check(r, 'D2'))).toMatch(/nested more than 100 elements deep/);
    expect(() => structuredClone(r)).not.toThrow();
  }, 60_000);

  it('100,000-deep OpenAPI YAML is refused before the YAML parser sees it', async () => {
    const r = await scan(deepYamlSite.origin);
    expect(ScanResponse.parse(r)).toBeTruthy();
    expect(JSON.stringify(check(r, 'A8'))).toMatch(/nested more than 128 levels deep/);
  }, 60_000);
});
