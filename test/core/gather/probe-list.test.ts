/** `{name:probes}` renders a list of probes from indexed fields, each line as describeProbe renders it. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fillTemplate } from '../../../src/core/checks/messages.js';
import { describeProbe } from '../../../src/core/gather/classify.js';
import { probeListData } from '../../../src/core/gather/probe-list.js';
import type { FetchResult } from '../../../src/core/net/http.js';
import { proseReason } from '../../helpers/data-prose.js';

const ORIGIN = 'http://127.0.0.1:9';

function response(path: string, status: number | null, contentType: string | null = 'text/plain'): FetchResult {
  const body = Buffer.from('hello');
  return {
    method: 'GET',
    requestedUrl: `${ORIGIN}${path}`,
    accept: '*/*',
    url: `${ORIGIN}${path}`,
    status,
    headers: {},
    contentType,
    body,
    text: body.toString(),
    truncated: false,
    redirects: [],
    durationMs: 1,
  };
}

describe('the probes format', () => {
  it('renders each probe with its tag, in order, from fields that are values', () => {
    const data = probeListData([{ probe: response('/a', 404), tag: 'absent' }, { probe: response('/b', 200) }], ORIGIN, 'tried');
    expect(data).toMatchObject({ tried1Url: '/a', tried1Status: 404, tried1Tag: 'absent', tried2Url: '/b', tried2Status: 200 });
    expect(fillTemplate('Tried: {tried:probes}.', data)).toBe('Tried: GET /a → 404 text/plain, 5 B (absent); GET /b → 200 text/plain, 5 B.');
    for (const v of Object.values(data)) if (typeof v === 'string') expect(proseReason(v)).toBeNull();
  });

  it('throws on an empty list (the template would lie about what was tried)', () => {
    expect(() => fillTemplate('{tried:probes}', probeListData([], ORIGIN, 'tried'), 'X1/ok')).toThrow('no probes fields');
  });

  it('renders any list as the probe lines joined by "; "', () => {
    const arb = fc.array(fc.record({ path: fc.constantFrom('/', '/x', '/.well-known/y'), status: fc.option(fc.integer({ min: 100, max: 599 })) }), {
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(arb, (list) => {
        const probes = list.map((p) => response(p.path, p.status));
        const data = probeListData(
          probes.map((probe) => ({ probe })),
          ORIGIN,
          'seen',
        );
        expect(fillTemplate('{seen:probes}', data)).toBe(probes.map((p) => describeProbe(p, ORIGIN)).join('; '));
      }),
      { numRuns: 100 },
    );
  });
});
