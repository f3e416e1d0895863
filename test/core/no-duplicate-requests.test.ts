import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { agentReady } from '../fixtures/sites.mjs';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixture((s) => agentReady(s.origin));
});
afterAll(() => site.close());

describe('one request per resource', () => {
  it('a plain HEAD of a URL already fetched with GET reads the GET instead of asking again', async () => {
    const r = await scan(site.origin);
    expect(r.overallScore).toBe(100);
    // Whichever went first: a HEAD sent before the GET of the same URL is a request too many.
    const got = new Set(site.requests.filter((q) => q.method === 'GET').map((q) => q.path));
    const repeated = site.requests
      // A1 deliberately asks the API catalog with HEAD (RFC 9727 wants its Link header there too).
      .filter((q) => q.method === 'HEAD' && got.has(q.path) && !(q.path === '/.well-known/api-catalog' && q.accept.includes('linkset')))
      .map((q) => q.path);
    expect(repeated).toEqual([]);
    expect(r.requestCount).toBe(site.requests.length);
    // The same method, URL, Accept and User-Agent is never sent twice (B1 asks for the page as AI
    // user agents too; the live MCP handshake POSTs three messages to one URL).
    const keys = site.requests.filter((q) => q.method !== 'POST').map((q) => `${q.method} ${q.path} ${q.accept} ${q.ua}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
