/** `{name:probe}` renders a probe from its fields, as describeProbe did from the response. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fillTemplate } from '../../../src/core/checks/messages.js';
import { describeProbe } from '../../../src/core/gather/classify.js';
import { probeData } from '../../../src/core/gather/probe-facts.js';
import type { FetchResult } from '../../../src/core/net/http.js';
import { proseReason } from '../../helpers/data-prose.js';

function response(over: Partial<FetchResult>): FetchResult {
  const body = Buffer.from('hello');
  return {
    method: 'GET',
    requestedUrl: 'http://127.0.0.1:9/llms.txt',
    accept: '*/*',
    url: 'http://127.0.0.1:9/llms.txt',
    status: 200,
    headers: {},
    contentType: 'text/plain',
    body,
    text: body.toString(),
    truncated: false,
    redirects: [],
    durationMs: 1,
    ...over,
  };
}

/** describeProbe as it was written before probes became fields: the evidence must not change. */
function formerDescribeProbe(res: FetchResult, origin?: string): string {
  const shown = origin && res.requestedUrl.startsWith(origin) ? res.requestedUrl.slice(origin.length) || '/' : res.requestedUrl;
  const via = res.redirects.length ? ` (via ${res.redirects.length} redirect${res.redirects.length > 1 ? 's' : ''} to ${res.url})` : '';
  if (res.error) return `${res.method} ${shown} → ${res.error.code}: ${res.error.message}${via}`;
  const size = res.method === 'HEAD' ? '' : `, ${res.body.length} B${res.truncated ? ' (truncated)' : ''}`;
  return `${res.method} ${shown} → ${res.status} ${res.contentType ?? 'no content-type'}${size}${via}`;
}

describe('the probe format', () => {
  it('renders the line people read from fields that are values', () => {
    const data = probeData(response({}), 'http://127.0.0.1:9');
    expect(data).toEqual({ seenMethod: 'GET', seenUrl: '/llms.txt', seenStatus: 200, seenType: 'text/plain', seenBytes: 5 });
    expect(fillTemplate('{seen:probe}: found.', data)).toBe('GET /llms.txt → 200 text/plain, 5 B: found.');
    for (const v of Object.values(data)) if (typeof v === 'string') expect(proseReason(v)).toBeNull();
  });

  it('takes a prefix, so one outcome can carry two probes', () => {
    const data = { ...probeData(response({}), undefined, 'card'), ...probeData(response({ method: 'HEAD', status: 404 }), undefined, 'head') };
    expect(fillTemplate('{card:probe}; {head:probe}', data)).toBe(
      'GET http://127.0.0.1:9/llms.txt → 200 text/plain, 5 B; HEAD http://127.0.0.1:9/llms.txt → 404 text/plain',
    );
  });

  it('throws on a template whose probe fields are missing or whose format is unknown (a bug of the check)', () => {
    expect(() => fillTemplate('{seen:probe}', {}, 'X1/ok')).toThrow('X1/ok: no probe fields for {seen:probe}');
    expect(() => fillTemplate('{seen:nope}', { seen: 'x' }, 'X1/ok')).toThrow('unknown format');
  });

  it('renders every response exactly as describeProbe did (errors, redirects, HEAD, truncation, no type)', () => {
    const arb = fc.record({
      method: fc.constantFrom('GET', 'HEAD', 'POST'),
      path: fc.constantFrom('/', '/a', '/.well-known/x'),
      status: fc.option(fc.integer({ min: 100, max: 599 })),
      contentType: fc.option(fc.constantFrom('text/html', 'application/json')),
      truncated: fc.boolean(),
      redirects: fc.array(fc.constant('http://127.0.0.1:9/r'), { maxLength: 3 }),
      error: fc.option(fc.record({ code: fc.constantFrom('timeout', 'dns'), message: fc.string({ maxLength: 20 }) })),
      bytes: fc.integer({ min: 0, max: 50 }),
    });
    fc.assert(
      fc.property(arb, (a) => {
        const res = response({
          method: a.method as FetchResult['method'],
          requestedUrl: `http://127.0.0.1:9${a.path}`,
          status: a.status,
          contentType: a.contentType,
          truncated: a.truncated,
          redirects: a.redirects,
          body: Buffer.alloc(a.bytes),
          ...(a.error ? { error: a.error as FetchResult['error'] } : {}),
        });
        const before = formerDescribeProbe(res, 'http://127.0.0.1:9');
        expect(fillTemplate('{seen:probe}', probeData(res, 'http://127.0.0.1:9'))).toBe(before);
        expect(describeProbe(res, 'http://127.0.0.1:9')).toBe(before);
      }),
      { numRuns: 200 },
    );
  });
});
