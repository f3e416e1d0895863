/** The pure readers of the live probes: A2A answers, sitemap <loc>s and the sitemap product pick. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { a2aReplyText } from '../../../src/core/gather/a2a-live-facts.js';
import { a2aInterfaces, judgeA2aAnswer, judgeA2aRestAnswer, jsonRpcEndpoint, probeTarget, restProbeUrl } from '../../../src/core/gather/a2a-probe.js';
import { productFromSitemaps, sitemapLocs } from '../../../src/core/gather/product-pages.js';
import { siteOf } from '../../../src/core/gather/live-scope.js';
import { ORIGIN, response } from '../../helpers/responses.js';

const post = (status: number | null, body: string, contentType = 'application/json') =>
  response({
    url: '/a2a',
    method: 'POST',
    status,
    headers: { 'content-type': contentType },
    body,
    ...(status === null ? { error: { code: 'timeout', message: 'no complete response before the timeout' } } : {}),
  });
const urlset = (locs: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const xml = (path: string, body: string | Buffer) => response({ url: path, headers: { 'content-type': 'application/xml' }, body });

describe('A2A probe answers', () => {
  it('an error object or a result is JSON-RPC; 401/403 ask for credentials; the rest is no answer', () => {
    expect(judgeA2aAnswer(post(200, '{"jsonrpc":"2.0","id":"x","error":{"code":-32601,"message":"Method not found"}}')).outcome).toBe('json-rpc');
    expect(judgeA2aAnswer(post(400, '{"jsonrpc":"2.0","id":null,"error":{"code":-32600}}')).outcome).toBe('json-rpc');
    expect(judgeA2aAnswer(post(200, '{"jsonrpc":"2.0","id":"x","result":{}}')).outcome).toBe('json-rpc');
    expect(judgeA2aAnswer(post(401, '')).outcome).toBe('auth-required');
    expect(judgeA2aAnswer(post(404, 'nope', 'text/plain')).outcome).toBe('no-answer');
    expect(judgeA2aAnswer(post(200, '{"jsonrpc":"1.0","error":{}}')).outcome).toBe('no-answer');
    expect(a2aReplyText(judgeA2aAnswer(post(null, '')).reply)).toMatch(/timeout/);
  });

  it('never throws and always names an outcome, whatever the body', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.oneof(fc.string(), fc.json()), (status, body) => {
        const r = judgeA2aAnswer(post(status, body));
        expect(['json-rpc', 'auth-required', 'no-answer']).toContain(r.outcome);
        expect(a2aReplyText(r.reply).length).toBeLessThan(200);
      }),
      { numRuns: 300 },
    );
  });

  it('the HTTP+JSON judge never throws, stays short, and counts only an error object or a task', () => {
    const errorish = fc.record(
      {
        error: fc.oneof(
          fc.jsonValue({ maxDepth: 2 }),
          fc.record(
            { code: fc.oneof(fc.integer(), fc.string()), message: fc.string(), details: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }) },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.oneof(
          fc.string(),
          fc.json(),
          errorish.map((v) => JSON.stringify(v)),
        ),
        (status, body) => {
          const r = judgeA2aRestAnswer({ ...post(status, body), method: 'GET' as const });
          expect(['http-json', 'auth-required', 'no-answer']).toContain(r.outcome);
          expect(a2aReplyText(r.reply).length).toBeLessThan(200);
          if (r.outcome === 'http-json') {
            const v = JSON.parse(body) as Record<string, unknown>;
            expect(typeof v.error === 'object' || (status < 300 && typeof v.id === 'string')).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads interfaces from the members the card's version has; the probe takes the first it can speak", () => {
    const v10 = {
      url: 'https://a/leftover',
      supportedInterfaces: [
        { url: 'grpc.a:443', protocolBinding: 'GRPC' },
        { url: 'https://a/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
        { url: 'https://a/rpc', protocolBinding: 'JSONRPC' },
      ],
    };
    // 1.0 has no top-level url: the leftover is never read.
    expect(a2aInterfaces(v10, '1.0').map((i) => i.url)).toEqual(['grpc.a:443', 'https://a/rest', 'https://a/rpc']);
    expect(probeTarget(a2aInterfaces(v10, '1.0'))).toMatchObject({ url: 'https://a/rest', binding: 'HTTP+JSON', protocolVersion: '1.0' });
    expect(jsonRpcEndpoint(v10, '1.0')).toBe('https://a/rpc');
    expect(jsonRpcEndpoint({ url: 'https://a/rpc' }, '0.3')).toBe('https://a/rpc');
    expect(probeTarget(a2aInterfaces({ url: 'https://a/rest', preferredTransport: 'HTTP+JSON' }, '0.3'))).toMatchObject({ binding: 'HTTP+JSON', from: 'url' });
    expect(probeTarget(a2aInterfaces({ supportedInterfaces: [{ url: 'https://a/g', protocolBinding: 'GRPC' }] }, '1.0'))).toBeNull();
    expect(restProbeUrl('https://a/rest/', '1.0')).toBe('https://a/rest/tasks/ai-ready-probe-no-such-task');
    expect(restProbeUrl('https://a/rest', null)).toBe('https://a/rest/v1/tasks/ai-ready-probe-no-such-task');
    // A query on the interface URL stays a query: the path grows, not the query string.
    expect(restProbeUrl('https://a/rest?tenant=x#f', '1.0')).toBe('https://a/rest/tasks/ai-ready-probe-no-such-task?tenant=x');
  });

  it('judges an HTTP+JSON answer by its A2A error body, never by a bare status', () => {
    const get = (status: number | null, body: string, ct = 'application/json') => ({ ...post(status, body, ct), method: 'GET' as const });
    const taskNotFound =
      '{"error":{"code":404,"status":"NOT_FOUND","message":"no task","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND","domain":"a2a-protocol.org"}]}}';
    const found = judgeA2aRestAnswer(get(404, taskNotFound, 'application/a2a+json'));
    expect(found).toMatchObject({
      outcome: 'http-json',
      reply: { kind: 'a2a-error', status: 404, contentType: 'application/a2a+json', reason: 'TASK_NOT_FOUND' },
    });
    expect(a2aReplyText(found.reply)).toBe('HTTP 404 (application/a2a+json): A2A error TASK_NOT_FOUND');
    expect(judgeA2aRestAnswer(get(404, '{"error":{"code":404,"message":"Task not found"}}')).outcome).toBe('http-json');
    expect(judgeA2aRestAnswer(get(401, '')).outcome).toBe('auth-required');
    expect(judgeA2aRestAnswer(get(404, 'Not Found', 'text/plain')).outcome).toBe('no-answer');
    expect(judgeA2aRestAnswer(get(404, '{"detail":"Not Found"}')).outcome).toBe('no-answer');
    expect(judgeA2aRestAnswer(get(200, '<html></html>', 'text/html')).outcome).toBe('no-answer');
    expect(judgeA2aRestAnswer(get(500, '{"error":{"code":500}}')).outcome).toBe('no-answer');
  });
});

describe('sitemap <loc> reading', () => {
  it('reads plain and gzip sitemaps and unescapes &amp;', () => {
    const body = urlset([`${ORIGIN}/a?x=1&amp;y=2`, `${ORIGIN}/b`]);
    expect(sitemapLocs(xml('/s.xml', body))).toEqual([`${ORIGIN}/a?x=1&y=2`, `${ORIGIN}/b`]);
    expect(sitemapLocs(xml('/s.xml.gz', gzipSync(body)))).toEqual([`${ORIGIN}/a?x=1&y=2`, `${ORIGIN}/b`]);
    expect(sitemapLocs(response({ url: '/s.xml', status: 404, body }))).toEqual([]);
  });

  it('never throws on arbitrary bodies and returns at most the locs present', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
        ),
        (body) => {
          const locs = sitemapLocs(xml('/s.xml', body));
          expect(Array.isArray(locs)).toBe(true);
          expect(locs.length).toBeLessThanOrEqual(String(body).length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('round-trips generated URL lists', () => {
    fc.assert(
      fc.property(fc.array(fc.webPath(), { maxLength: 30 }), (paths) => {
        const urls = paths.map((p) => `${ORIGIN}/x${p.replace(/[<>&\s]/g, '')}`);
        expect(sitemapLocs(xml('/s.xml', urlset(urls)))).toEqual(urls);
      }),
      { numRuns: 100 },
    );
  });
});

describe('product page from the sitemaps', () => {
  it('prefers a product-shaped same-origin URL, then the first URL of a products sitemap', () => {
    const pages = {
      url: `${ORIGIN}/sitemap_pages_1.xml`,
      probe: xml('/sitemap_pages_1.xml', urlset([`${ORIGIN}/`, `${ORIGIN}/about`, 'https://other.example/products/x'])),
    };
    const products = { url: `${ORIGIN}/sitemap_products_1.xml`, probe: xml('/sitemap_products_1.xml', urlset([`${ORIGIN}/shop/blue`])) };
    expect(productFromSitemaps([pages, products], ORIGIN)).toEqual({ url: `${ORIGIN}/shop/blue`, sitemap: products.url });
    const shaped = { url: `${ORIGIN}/sitemap.xml`, probe: xml('/sitemap.xml', urlset([`${ORIGIN}/`, `${ORIGIN}/products/red-widget`])) };
    expect(productFromSitemaps([pages, shaped, products], ORIGIN)?.url).toBe(`${ORIGIN}/products/red-widget`);
    expect(productFromSitemaps([pages], ORIGIN)).toBeNull();
  });
});

describe('live-probe scope', () => {
  it('compares registrable domains; an IP literal is its own site', () => {
    expect(siteOf('https://www.example.com/mcp')).toBe(siteOf('https://api.example.com'));
    expect(siteOf('http://127.0.0.1:8080/')).toBe('127.0.0.1');
    expect(siteOf('http://[::1]:3000/')).toBe('::1');
  });
});
