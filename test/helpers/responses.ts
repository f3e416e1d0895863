/** Builds FetchResult artifacts for unit tests of checks (no network). */
import type { FetchResult } from '../../src/core/net/http.js';

export interface FakeResponse {
  url?: string;
  status?: number | null;
  headers?: Record<string, string>;
  body?: string | Buffer;
  method?: FetchResult['method'];
  accept?: string;
  error?: FetchResult['error'];
  redirects?: string[];
  truncated?: boolean;
}

export const ORIGIN = 'https://site.test-fixture.dev';

export function response(r: FakeResponse = {}): FetchResult {
  const url = r.url ? new URL(r.url, ORIGIN).href : `${ORIGIN}/`;
  const headers = Object.fromEntries(Object.entries(r.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const body = Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body ?? '');
  const ct = headers['content-type'];
  return {
    method: r.method ?? 'GET',
    requestedUrl: url,
    accept: r.accept ?? '*/*',
    url: r.redirects?.length ? r.redirects[r.redirects.length - 1] : url,
    status: r.error ? null : r.status === undefined ? 200 : r.status,
    headers,
    contentType: ct ? ct.split(';')[0].trim().toLowerCase() : null,
    body,
    text: body.toString('utf8'),
    truncated: r.truncated ?? false,
    redirects: r.redirects ?? [],
    durationMs: 1,
    ...(r.error ? { error: r.error } : {}),
  };
}

/** A 404 (the usual "absent") at `path`. */
export function notFound(path: string): FetchResult {
  return response({ url: path, status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' });
}

/** A catch-all HTML 200 at `path` (soft 404). */
export function soft404(path: string): FetchResult {
  return response({ url: path, status: 200, headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>Home</body></html>' });
}

export function json(path: string, value: unknown, headers: Record<string, string> = {}): FetchResult {
  return response({ url: path, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(value) });
}

export function text(path: string, body: string, contentType = 'text/plain'): FetchResult {
  return response({ url: path, headers: { 'content-type': contentType }, body });
}
