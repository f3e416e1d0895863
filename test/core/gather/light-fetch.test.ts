/**
 * light-fetch.ts stands in for the Fetch API's Headers and Response where the MCP SDK's client
 * transport reads them. Its Headers is held to Node's own (undici) on random operation sequences;
 * its Response to what the SDK reads. The live handshake through both runs in
 * test/e2e/live-probes.test.ts against a real SDK server.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LightHeaders, headerRecord, lightResponse, responseOf } from '../../../src/core/gather/light-fetch.js';
import type { FetchResult } from '../../../src/core/net/http.js';

const name = fc.constantFrom('Content-Type', 'content-type', 'Mcp-Session-Id', 'MCP-Protocol-Version', 'accept', 'X-A', 'x-a', 'last-event-id');
const value = fc.string({ maxLength: 12 }).map((v) => v.replace(/[\r\n\0]/g, ''));
const op = fc.oneof(
  fc.tuple(fc.constant('set' as const), name, value),
  fc.tuple(fc.constant('append' as const), name, value),
  fc.tuple(fc.constant('delete' as const), name, fc.constant('')),
);

describe('LightHeaders', () => {
  it('agrees with Node’s Headers on get, has and iteration order', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), (ops) => {
        const light = new LightHeaders();
        const real = new Headers();
        for (const [kind, n, v] of ops) {
          if (kind === 'delete') {
            light.delete(n);
            real.delete(n);
          } else {
            light[kind](n, v);
            real[kind](n, v);
          }
        }
        expect([...light.entries()]).toEqual([...real.entries()]);
        for (const n of ['content-type', 'x-a', 'missing']) {
          expect(light.get(n)).toBe(real.get(n));
          expect(light.has(n)).toBe(real.has(n));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('is built from a record, pairs or another headers object, and refuses what Headers refuses', () => {
    expect(new LightHeaders({ 'Mcp-Session-Id': ' abc ' }).get('mcp-session-id')).toBe('abc');
    expect(
      new LightHeaders([
        ['a', '1'],
        ['A', '2'],
      ]).get('a'),
    ).toBe('1, 2');
    expect(headerRecord(new Headers({ Accept: 'text/event-stream' }))).toEqual({ accept: 'text/event-stream' });
    expect(headerRecord(new LightHeaders({ Accept: 'application/json' }))).toEqual({ accept: 'application/json' });
    expect(() => new LightHeaders({ 'bad name': 'x' })).toThrow(TypeError);
    expect(() => new LightHeaders({ a: 'x\r\ny: z' })).toThrow(TypeError);
    expect(() => new Headers({ a: 'x\r\ny: z' })).toThrow(TypeError);
  });
});

describe('lightResponse / responseOf', () => {
  const result = (over: Partial<FetchResult>): FetchResult => ({
    method: 'POST',
    requestedUrl: 'http://127.0.0.1/mcp',
    accept: 'application/json, text/event-stream',
    url: 'http://127.0.0.1/mcp',
    status: 200,
    headers: {},
    contentType: null,
    body: Buffer.alloc(0),
    text: '',
    truncated: false,
    redirects: [],
    durationMs: 1,
    ...over,
  });

  it('hands back status, the listed headers only, and the body as JSON or text', async () => {
    const body = Buffer.from('{"jsonrpc":"2.0","id":0,"result":{}}');
    const res = responseOf(result({ headers: { 'content-type': 'application/json', 'mcp-session-id': 's1', 'set-cookie': 'k=v' }, body }), [
      'content-type',
      'mcp-session-id',
    ]);
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.headers.get('Content-Type')).toBe('application/json');
    expect(res.headers.get('mcp-session-id')).toBe('s1');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 0, result: {} });
    expect(res.bodyUsed).toBe(true);
  });

  it('streams an SSE body as a web ReadableStream, and has none for 202 or 204', async () => {
    const sse = Buffer.from('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}\n\n');
    const res = responseOf(result({ headers: { 'content-type': 'text/event-stream' }, body: sse }), ['content-type']);
    const text = await new Response(res.body).text();
    expect(text).toBe(sse.toString());
    expect(responseOf(result({ status: 202 }), []).body).toBeNull();
    expect(responseOf(result({ status: 204, body: Buffer.from('x') }), []).body).toBeNull();
    expect(lightResponse(405, new LightHeaders(), null).ok).toBe(false);
  });

  it('maps a status outside 200-599 to 502, as Response would refuse it', () => {
    expect(responseOf(result({ status: 101 }), []).status).toBe(502);
    expect(responseOf(result({ status: 600 }), []).status).toBe(502);
    expect(responseOf(result({ status: 401 }), []).ok).toBe(false);
  });
});
