/**
 * Endpoint fuzzing: malformed bodies (bad JSON, huge numbers, 100,000-deep nesting, wrong
 * types), headers (bad Content-Type, Content-Length mismatch, odd Host and Origin), methods and
 * URLs, sent as raw bytes to every route of a real server on 127.0.0.1. No answer may be a 5xx,
 * nothing may be logged as an internal error, and the server must still answer at the end.
 *
 * No outside traffic: the server keeps its private-network block on, and every scan target is a
 * loopback or private address (refused before any connection), a reserved name or not a URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import fc from 'fast-check';
import { startServer, type TestServer } from './helpers/server.js';

let srv: TestServer;
let port: number;
const stderr: string[] = [];
const write = process.stderr.write.bind(process.stderr);

beforeAll(async () => {
  // Private networks blocked, as in production: scan targets below never get a connection.
  srv = await startServer({ allowPrivateNetwork: false, rateLimit: 0 });
  port = Number(new URL(srv.url).port);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    stderr.push(String(chunk));
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
});
afterAll(async () => {
  process.stderr.write = write;
  await srv?.destroy();
});

/** Scan targets that never leave the machine: refused by the address guard or by URL validation. */
const TARGETS = [
  'http://127.0.0.1:9/',
  'http://[::1]:9/',
  'http://10.0.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'https://example.com/',
  'https://site.invalid/',
  'http://a.test/',
  'ftp://127.0.0.1/',
  'javascript:alert(1)',
  'http://',
  '',
  'http://user:pw@127.0.0.1/',
  `http://127.0.0.1/${'a'.repeat(3000)}`,
  'http://2130706433/',
  'http://0x7f.1/',
];

const ROUTES = [
  '/',
  '/assets/home.js',
  '/r/abcd',
  '/r/%00',
  '/problems/not-found',
  '/problems/%2e%2e',
  '/robots.txt',
  '/sitemap.xml',
  '/llms.txt',
  '/llms-full.txt',
  '/auth.md',
  '/openapi.json',
  '/.well-known/api-catalog',
  '/server.json',
  '/.well-known/agent-skills/index.json',
  '/.well-known/agent-skills/x/SKILL.md',
  '/healthz',
  '/api/public/v1/scan',
  '/api/public/v1/report/abcd',
  '/api/public/v1/report/%zz',
  '/api/public/scan',
  '/api/scan',
  '/mcp',
  '/api/mcp',
  '/.well-known/mcp/server-card.json',
  '/.well-known/mcp.json',
  '/.well-known/ard.json',
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  '/oauth/register',
  '/oauth/authorize',
  '/oauth/token',
  '/oauth/revoke',
  '/.well-known/http-message-signatures-directory',
  '/api/public/v1/../x',
  '/api/public/v1/%2e%2e/x',
  '//api/public/v1/scan',
  '/api/public/v1//scan',
  '/api/public/v1/scan%00',
  '/nope',
  '/d/127.0.0.1',
  '/d/%00',
  '/d/%zz',
  `/d/${'a'.repeat(300)}`,
  '/d/x/badge.svg',
  '/r/abcd/badge.svg',
  '/r/%00/badge.svg',
  '/compare?from=abcd&to=abcd',
  '/compare?from=%00',
  '/api/public/v1/compare?from=abcd&to=abcd',
  '/api/public/v1/compare?from=abcd&from=x&to=%zz',
];

const rpc = (method: string, params: unknown = {}) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const deepOpen = '['.repeat(100_000);
const BODIES = [
  '',
  '{',
  '}',
  'null',
  '[]',
  '"x"',
  '1e999999',
  '-0',
  '{"url":1}',
  '{"url":null}',
  '{"url":["http://127.0.0.1/"]}',
  '{"url":{"href":"x"}}',
  '{"url":"http://127.0.0.1:9/","fresh":"yes"}',
  '{"url":"http://10.0.0.1/","fresh":true,"isPublic":false}',
  `{"url":"http://127.0.0.1/","n":${'9'.repeat(5000)}}`,
  '{"url":"http://127.0.0.1/","n":1e308,"m":-1e-400}',
  deepOpen,
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  '\u0000\u0001\uffff',
  'url=http%3A%2F%2F127.0.0.1%2F',
  'grant_type=authorization_code&code=x&code_verifier=y&client_id=z',
  'token=x',
  rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } }),
  rpc('tools/list'),
  rpc('tools/call', { name: 'scan_site', arguments: { url: 'http://127.0.0.1:9/' } }),
  rpc('tools/call', { name: 'check_site', arguments: { url: 'http://10.0.0.1/', checks: ['D1'] } }),
  rpc('tools/call', { name: 'nope' }),
  `[${rpc('tools/list')},${rpc('tools/list')}]`,
  '{"jsonrpc":"2.0","method":"tools/call","params":' + deepOpen,
  '{"redirect_uris":["https://127.0.0.1/cb"],"token_endpoint_auth_method":"none"}',
  '{"redirect_uris":"x"}',
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  '',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/problem+json',
  'application/json;;;',
  '*/*',
];

interface Sent {
  method: string;
  path: string;
  host: 'right' | 'loopback-name' | 'foreign' | 'long' | 'empty';
  origin: string | null;
  contentType: string | null;
  body: string;
  length: 'exact' | 'short' | 'long' | 'none' | 'chunked';
  accept: string | null;
}

function requestBytes(s: Sent): { head: string; body: string; closeAfterWrite: boolean } {
  const host = { right: `127.0.0.1:${port}`, 'loopback-name': `localhost:${port}`, foreign: 'attacker.test', long: 'a'.repeat(300), empty: '' }[s.host];
  const headers: string[] = [`Host: ${host}`, 'Connection: close'];
  if (s.origin !== null) headers.push(`Origin: ${s.origin}`);
  if (s.contentType !== null) headers.push(`Content-Type: ${s.contentType}`);
  if (s.accept !== null) headers.push(`Accept: ${s.accept}`);
  const bytes = Buffer.byteLength(s.body);
  let body = s.body;
  let closeAfterWrite = false;
  if (s.length === 'exact') headers.push(`Content-Length: ${bytes}`);
  if (s.length === 'short') headers.push(`Content-Length: ${Math.floor(bytes / 2)}`);
  if (s.length === 'long') {
    // More is announced than sent: the client then hangs up, as an aborted upload does.
    headers.push(`Content-Length: ${bytes + 100}`);
    closeAfterWrite = true;
  }
  if (s.length === 'chunked') {
    headers.push('Transfer-Encoding: chunked');
    body = bytes ? `${bytes.toString(16)}\r\n${s.body}\r\n0\r\n\r\n` : '0\r\n\r\n';
  }
  return { head: `${s.method} ${s.path} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`, body, closeAfterWrite };
}

/** The status code of the first response, or null when the connection ended without one. */
function send(s: Sent): Promise<number | null> {
  const { head, body, closeAfterWrite } = requestBytes(s);
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    let settled = false;
    const done = (v: number | null) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(v);
    };
    socket.setTimeout(20_000, () => done(null));
    socket.on('data', (d) => {
      data += d.toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(data);
      if (m) done(Number(m[1]));
    });
    socket.on('error', () => done(null));
    socket.on('close', () => done(null));
    socket.write(head + body);
    if (closeAfterWrite) socket.end();
  });
}

const sentArb: fc.Arbitrary<Sent> = fc.record({
  method: fc.constantFrom('GET', 'POST', 'POST', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'FOO'),
  path: fc.oneof(
    fc.constantFrom(...ROUTES),
    fc.constantFrom(...ROUTES).chain((r) => fc.constantFrom(...TARGETS).map((t) => `${r}?url=${encodeURIComponent(t)}&fresh=1`)),
    fc
      .constantFrom('/api/public/v1/scan', '/api/public/scan')
      .chain((r) =>
        fc
          .tuple(fc.constantFrom(...TARGETS), fc.constantFrom('fresh=2', 'isPublic=maybe', 'fresh=1&fresh=1', 'url=%', 'isPublic=false'))
          .map(([t, q]) => `${r}?url=${encodeURIComponent(t)}&${q}`),
      ),
    // Arbitrary path bytes, percent-encoded where HTTP would not carry them.
    fc.string({ maxLength: 40 }).map((x) => `/api/public/v1/${encodeURIComponent(x).replace(/%2F/g, '/')}`),
  ),
  host: fc.constantFrom('right', 'right', 'right', 'loopback-name', 'foreign', 'long', 'empty'),
  origin: fc.constantFrom(null, null, null, 'null', 'https://evil.example.net', 'not a url', 'http://localhost:1'),
  contentType: fc.constantFrom(null, ...CONTENT_TYPES),
  body: fc.oneof(
    fc.constantFrom(...BODIES),
    fc.constantFrom(...TARGETS).map((url) => JSON.stringify({ url })),
    fc.json({ maxDepth: 4 }),
    fc.string({ maxLength: 200 }),
  ),
  length: fc.constantFrom('exact', 'exact', 'exact', 'short', 'long', 'none', 'chunked'),
  accept: fc.constantFrom(null, 'application/json, text/event-stream', 'text/markdown', '*/*', 'text/event-stream'),
});

describe('endpoint fuzzing', () => {
  it('never answers with a 5xx, never logs an internal error, and keeps serving', async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(sentArb, async (s) => {
        const status = await send(s);
        if (status !== null && status >= 500) {
          failures.push(`${status} ${s.method} ${s.path} host=${s.host} ct=${s.contentType} len=${s.length} body=${s.body.slice(0, 80)}`);
          return false;
        }
        return true;
      }),
      { numRuns: 500, seed: 20261123, endOnFailure: true },
    );
    expect(failures).toEqual([]);
    expect(stderr.join('')).not.toMatch(/internal error|RangeError|Maximum call stack/);
    const health = await fetch(`${srv.url}/healthz`);
    expect(health.status).toBe(200);
    expect((await health.json()).status).toBe('ok');
  }, 300_000);

  it('sends every route every method once with a malformed body, with no 5xx', async () => {
    const bad: string[] = [];
    for (const path of ROUTES) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']) {
        const status = await send({
          method,
          path,
          host: 'right',
          origin: null,
          contentType: 'application/json',
          body: deepOpen,
          length: 'exact',
          accept: 'application/json, text/event-stream',
        });
        if (status !== null && status >= 500) bad.push(`${status} ${method} ${path}`);
      }
    }
    expect(bad).toEqual([]);
    expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  }, 300_000);
});
