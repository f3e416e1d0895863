/**
 * Property tests of what the server reads from strangers (src/server/request.ts): scan parameters
 * from a query or a JSON body either parse or fail with a ProblemError (never another error), the
 * body reader refuses what it must, and the rate-limit bucket of an IPv6 address is its /64.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clientIp, rateBucket, readJsonBody, scanRequestFromBody, scanRequestFromQuery } from '../../src/server/request.js';
import { ProblemError } from '../../src/server/problems.js';

const account = { id: 'a', name: 'a', defaultVisibility: 'public' as const, createdAt: '' };

/** Runs f; returns 'ok', or the problem name it threw; any other throw fails the property. */
function outcome(f: () => unknown): string {
  try {
    f();
    return 'ok';
  } catch (e) {
    if (e instanceof ProblemError) return e.name_;
    throw e;
  }
}

describe('scan parameters', () => {
  it('from any query string: parsed, or a 400 problem', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('url', 'fresh', 'isPublic', 'x'), fc.string({ maxLength: 60 })), fc.boolean(), (params, keyed) => {
        const name = outcome(() => scanRequestFromQuery(new URLSearchParams(params), keyed ? account : null));
        expect(['ok', 'missing-parameter', 'invalid-url', 'invalid-parameter']).toContain(name);
      }),
      { numRuns: 300 },
    );
  });

  it('from any JSON object: parsed, or a 400 problem', () => {
    fc.assert(
      fc.property(fc.object({ maxDepth: 3 }), fc.oneof(fc.webUrl(), fc.jsonValue()), fc.boolean(), (body, url, keyed) => {
        const name = outcome(() => scanRequestFromBody({ ...body, url }, keyed ? account : null));
        expect(['ok', 'missing-parameter', 'invalid-url', 'invalid-parameter']).toContain(name);
      }),
      { numRuns: 300 },
    );
  });
});

describe('readJsonBody', () => {
  const request = (body: string, type = 'application/json') => new Request('http://127.0.0.1/', { method: 'POST', headers: { 'content-type': type }, body });

  it('returns an object for a JSON object and a 400/413/415 problem for anything else', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.json({ maxDepth: 5 }), fc.string({ maxLength: 300 })),
        fc.constantFrom('application/json', 'application/ld+json', 'text/plain'),
        async (body, type) => {
          let result: unknown;
          try {
            result = await readJsonBody(request(body, type), 1024);
          } catch (e) {
            expect(e).toBeInstanceOf(ProblemError);
            expect(['invalid-body', 'payload-too-large', 'unsupported-media-type']).toContain((e as ProblemError).name_);
            return;
          }
          expect(type).not.toBe('text/plain');
          expect(result !== null && typeof result === 'object' && !Array.isArray(result)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses 100,000-deep nesting as an invalid body, not with a crash', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    await expect(readJsonBody(request(deep), 1_000_000)).rejects.toMatchObject({ name_: 'invalid-body' });
    await expect(readJsonBody(request('['.repeat(100_000)), 1_000_000)).rejects.toMatchObject({ name_: 'invalid-body' });
  });
});

describe('rate-limit buckets', () => {
  it('count every address of an IPv6 /64 as one client, and any string maps to a bucket', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    fc.assert(
      fc.property(
        fc.array(group, { minLength: 4, maxLength: 4 }),
        fc.array(group, { minLength: 4, maxLength: 4 }),
        fc.array(group, { minLength: 4, maxLength: 4 }),
        (prefix, a, b) => {
          expect(rateBucket([...prefix, ...a].join(':'))).toBe(rateBucket([...prefix, ...b].join(':')));
        },
      ),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        expect(typeof rateBucket(s)).toBe('string');
        expect(typeof clientIp(new Request('http://127.0.0.1/', { headers: { 'x-forwarded-for': s.replace(/[\r\n\0]/g, '') } }), true)).toBe('string');
      }),
      { numRuns: 200 },
    );
  });
});
