/**
 * End-to-end: the live probes (A3, A4, A5, M6) against real fixture servers on 127.0.0.1, a real
 * MCP server built with the SDK's server side among them.
 */
import { describe, expect, it } from 'vitest';
import { checkOf, useFixtureScans } from '../helpers/scan-sites.js';
import * as sites from '../fixtures/sites.mjs';

const scanSite = useFixtureScans();
const check = checkOf;

describe('live probes', () => {
  it('A4 runs initialize + tools/list against a real MCP server and A5 gets a JSON-RPC answer', async () => {
    const { site, result } = await scanSite(sites.liveEndpoints);
    const a4 = check(result, 'A4');
    expect(a4.status).toBe('pass');
    expect(a4.code).toBe('A4/ok');
    expect(a4.evidence).toMatch(/answered MCP/);
    expect(a4.evidence).toMatch(/3 tool\(s\) \(search_widgets, order_status, track_parcel\)/);
    expect(a4.evidence).toMatch(/protocol \d{4}-\d{2}-\d{2}/);
    const a5 = check(result, 'A5');
    expect(a5.code).toBe('A5/ok');
    expect(a5.evidence).toMatch(/JSON-RPC error -32601/);
    // initialize, notifications/initialized, tools/list; one A2A probe; no GET stream, no DELETE.
    const posts = site.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
    expect(posts.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['POST /a2a', 'POST /mcp', 'POST /mcp', 'POST /mcp']);
    expect(result.requestCount).toBe(site.requests.length);
  });

  it('endpoints that do not answer their protocol make A4 and A5 partial with evidence', async () => {
    const { result } = await scanSite(sites.deadEndpoints);
    const a4 = check(result, 'A4');
    expect(a4.status).toBe('partial');
    expect(a4.code).toBe('A4/endpoint-not-mcp');
    expect(a4.evidence).toMatch(/HTTP 404/);
    const a5 = check(result, 'A5');
    expect(a5.status).toBe('partial');
    expect(a5.code).toBe('A5/endpoint-no-answer');
    expect(a5.evidence).toMatch(/HTTP 404/);
  });

  it('an endpoint answering JSON that is not JSON-RPC, or never answering, is partial within the probe bounds', async () => {
    const card = (o: string) => ({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x/y', version: '1.0.0', remotes: [{ type: 'streamable-http', url: `${o}/mcp` }] }),
    });
    const page = { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body><h1>Hi</h1></body></html>' };
    const bad = await scanSite((o) => ({
      '/': page,
      '/.well-known/mcp/server-card.json': card(o),
      '/mcp': { headers: { 'content-type': 'application/json' }, body: '{"hello":"world"}' },
    }));
    expect(check(bad.result, 'A4').code).toBe('A4/endpoint-not-mcp');
    // Holds the request open; it is released when the probe gives up (or the fixture closes).
    const hung = await scanSite((o) => ({ '/': page, '/.well-known/mcp/server-card.json': card(o), '/mcp': () => {} }));
    const a4 = check(hung.result, 'A4');
    expect(a4.code).toBe('A4/endpoint-not-mcp');
    expect(a4.evidence).toMatch(/timeout|no complete response/);
  });

  it('a 401 with resource_metadata: A4 sees a protected server and A3 follows the metadata', async () => {
    const { result } = await scanSite(sites.mcpProtected);
    const a4 = check(result, 'A4');
    expect(a4.code).toBe('A4/ok-auth-required');
    expect(a4.evidence).toMatch(/resource_metadata/);
    const a3 = check(result, 'A3');
    expect(a3.code).toBe('A3/ok');
    expect(a3.evidence).toMatch(/followed resource_metadata/);
  });

  it('a card that declares no auth but whose endpoint answers 401 makes the OAuth checks count', async () => {
    const { result } = await scanSite((o) => {
      const routes = sites.mcpProtectedNoMetadata(o);
      delete routes['/.well-known/oauth-protected-resource'];
      return {
        ...routes,
        '/.well-known/mcp/server-card.json': {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
            name: 'x/y',
            version: '1.0.0',
            description: 'A protected server',
            remotes: [{ type: 'streamable-http', url: `${o}/mcp` }],
          }),
        },
      };
    });
    expect(check(result, 'A4').code).toBe('A4/ok-auth-required');
    expect(check(result, 'A3').status).toBe('fail');
    expect(check(result, 'A2').status).toBe('fail');
  });

  it('a 401 without resource_metadata makes A3 partial', async () => {
    const { result } = await scanSite(sites.mcpProtectedNoMetadata);
    expect(check(result, 'A4').code).toBe('A4/ok-auth-required');
    const a3 = check(result, 'A3');
    expect(a3.code).toBe('A3/no-resource-metadata-challenge');
    expect(a3.status).toBe('partial');
  });

  it('M6 finds the product page listed only in the products sitemap', async () => {
    const { site, result } = await scanSite(sites.sitemapOnlyShop);
    const m6 = check(result, 'M6');
    expect(m6.code).toBe('M6/ok');
    // Where the product page came from is a note of its own (M6/found-in-sitemap), with the sitemap as a value.
    expect(m6.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'M6/found-in-sitemap', data: expect.objectContaining({ sitemap: expect.stringMatching(/sitemap_products_1\.xml/) }) }),
    );
    expect(site.requests.some((r) => r.path === '/shop/blue-widget')).toBe(true);
  });
});
