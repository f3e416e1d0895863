/** POST in the engine's HttpClient (used by the live probes): bounded body, headers, no redirect following. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, MAX_REQUEST_BODY_BYTES } from '../../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';

let site: FixtureSite;
const received: Array<{ method: string; body: string; headers: Record<string, unknown> }> = [];
beforeAll(async () => {
  site = await startFixture({
    '/echo': async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      received.push({ method: req.method ?? '', body, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ got: body.length }));
    },
    '/moved': { status: 307, headers: { location: '/echo' } },
    '/sse': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n');
      res.end();
    },
  });
});
afterAll(() => site.close());

describe('HttpClient POST', () => {
  it('sends the body with its length and the given headers', async () => {
    const http = new HttpClient({ timeoutMs: 5000 });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'x' });
    const res = await http.fetch(`${site.origin}/echo`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'mcp-session-id': 's1' } });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ got: body.length });
    const last = received.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.body).toBe(body);
    expect(last.headers['content-length']).toBe(String(body.length));
    expect(last.headers['mcp-session-id']).toBe('s1');
    expect(last.headers.authorization).toBeUndefined();
    expect(http.requestCount).toBe(1);
  });

  it('refuses a body over the cap without sending anything', async () => {
    const http = new HttpClient({ timeoutMs: 5000 });
    const before = site.requests.length;
    const res = await http.fetch(`${site.origin}/echo`, { method: 'POST', body: 'x'.repeat(MAX_REQUEST_BODY_BYTES + 1) });
    expect(res.status).toBeNull();
    expect(res.error?.code).toBe('body-too-large');
    expect(site.requests.length).toBe(before);
    expect(http.requestCount).toBe(0);
  });

  it('hands a redirect back instead of re-sending the body elsewhere', async () => {
    const http = new HttpClient({ timeoutMs: 5000 });
    const res = await http.fetch(`${site.origin}/moved`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(307);
    expect(res.error).toBeUndefined();
    expect(res.headers.location).toBe('/echo');
    expect(http.requestCount).toBe(1);
  });

  it('reads an event-stream answer that ends', async () => {
    const http = new HttpClient({ timeoutMs: 5000 });
    const res = await http.fetch(`${site.origin}/sse`, { method: 'POST', body: '{}', accept: 'application/json, text/event-stream' });
    expect(res.contentType).toBe('text/event-stream');
    expect(res.text).toContain('"result"');
  });
});
