/** The v1 API, the compatibility endpoint, SSE, cache and shared scans on a real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem, ReportResponse, ScanResponse } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { startServer, type TestServer } from './helpers/server.js';
import { plainSite } from './fixtures.js';

let srv: TestServer;
let site: FixtureSite;
const q = (url: string, extra = '') => `/api/public/v1/scan?url=${encodeURIComponent(url)}${extra}`;

async function expectProblem(res: Response, status: number, name: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = Problem.parse(await res.json());
  expect(body.type).toBe(`${srv.baseUrl}/problems/${name}`);
  expect(body.status).toBe(status);
  expect(body.detail).toBeTruthy();
  expect(body.instance).toMatch(/^\//);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  return body;
}

beforeAll(async () => {
  site = await startFixture(plainSite());
  srv = await startServer({ rateLimit: 0 });
});
afterAll(async () => {
  await srv?.destroy();
  await site?.close();
});

describe('GET/POST /api/public/v1/scan', () => {
  it('scans, stores a shared report, then answers from the cache until fresh=1', async () => {
    const first = await srv.get(q(site.origin));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const a = ScanResponse.parse(await first.json());
    expect(a.cached).toBe(false);
    expect(a.apiVersion).toBe('1');
    expect(a.shareId).toMatch(/^[a-z0-9]{4,24}$/);
    expect(a.shareUrl).toBe(`${srv.baseUrl}/r/${a.shareId}`);
    const runs = srv.service.engineRuns;

    const second = ScanResponse.parse(await (await srv.post('/api/public/v1/scan', { url: site.origin })).json());
    expect(second.cached).toBe(true);
    // Typed details reach v1, fresh and from the stored report alike (robots.txt: `User-agent: *`, `Allow: /`).
    for (const r of [a, second])
      expect(r.checks.find((c) => c.id === 'B1')?.details?.tokens).toEqual(
        expect.arrayContaining([expect.objectContaining({ token: 'GPTBot', access: 'allowed', via: '*' })]),
      );
    expect(second.shareId).toBe(a.shareId);
    expect(second.scannedAt).toBe(a.scannedAt);
    expect(srv.service.engineRuns).toBe(runs);

    const fresh = ScanResponse.parse(await (await srv.get(q(site.origin, '&fresh=1'))).json());
    expect(fresh.cached).toBe(false);
    expect(fresh.shareId).not.toBe(a.shareId);
    expect(srv.service.engineRuns).toBe(runs + 1);
    const freshPost = ScanResponse.parse(await (await srv.post('/api/public/v1/scan', { url: site.origin, fresh: true })).json());
    expect(freshPost.cached).toBe(false);
    expect(srv.service.engineRuns).toBe(runs + 2);
  });

  it('shares one scan between concurrent requests for the same URL', async () => {
    const slow = await startFixture(plainSite(), { delayMs: 150 });
    try {
      const before = srv.service.engineRuns;
      const responses = await Promise.all(Array.from({ length: 6 }, () => srv.get(q(slow.origin))));
      const bodies = await Promise.all(responses.map((r) => r.json()));
      expect(responses.every((r) => r.status === 200)).toBe(true);
      expect(srv.service.engineRuns - before).toBe(1);
      expect(new Set(bodies.map((b) => b.shareId)).size).toBe(1);
    } finally {
      await slow.close();
    }
  });

  it('validates parameters with problem documents', async () => {
    await expectProblem(await srv.get('/api/public/v1/scan'), 400, 'missing-parameter');
    await expectProblem(await srv.get(q(site.origin, '&fresh=true')), 400, 'invalid-parameter');
    await expectProblem(await srv.get(q(site.origin, '&isPublic=true')), 400, 'invalid-parameter');
    await expectProblem(await srv.get(q(`https://a.dev/${'x'.repeat(2048)}`)), 400, 'invalid-url');
    await expectProblem(await srv.get(q('ftp://files.dev/')), 400, 'invalid-url');
    const reserved = await expectProblem(await srv.get(q('www.example.com')), 400, 'invalid-url');
    expect(reserved.detail).toMatch(/reserved documentation domain/);
    await expectProblem(await srv.post('/api/public/v1/scan', ''), 400, 'invalid-body');
    await expectProblem(await srv.post('/api/public/v1/scan', '{"url":'), 400, 'invalid-body');
    await expectProblem(await srv.post('/api/public/v1/scan', '[]'), 400, 'invalid-body');
    await expectProblem(
      await srv.post('/api/public/v1/scan', 'url=x', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      415,
      'unsupported-media-type',
    );
    await expectProblem(await srv.post('/api/public/v1/scan', {}), 400, 'missing-parameter');
    await expectProblem(await srv.post('/api/public/v1/scan', { url: 42 }), 400, 'invalid-url');
    await expectProblem(await srv.post('/api/public/v1/scan', { url: site.origin, fresh: 1 }), 400, 'invalid-parameter');
    await expectProblem(await srv.post('/api/public/v1/scan', { url: site.origin, isPublic: false }), 400, 'invalid-parameter');
    await expectProblem(await srv.post('/api/public/v1/scan', { url: 'x'.repeat(20_000) }), 413, 'payload-too-large');
  });

  it('adds https:// to a URL without a scheme and reports an unreachable target as 502 scan-failed', async () => {
    const closed = await startFixture({});
    const port = closed.port;
    await closed.close();
    const body = await expectProblem(await srv.get(q(`127.0.0.1:${port}`)), 502, 'scan-failed');
    expect(body.detail).toContain(`https://127.0.0.1:${port}/`);
  });

  it('answers other methods with 405 and an Allow header, unknown v1 paths with 404 problems', async () => {
    const res = await srv.get('/api/public/v1/scan', { method: 'DELETE' });
    await expectProblem(res, 405, 'method-not-allowed');
    expect(res.headers.get('allow')).toBe('GET, POST');
    await expectProblem(await srv.get('/api/public/v1/nothing'), 404, 'not-found');
    const bad = await srv.get('/api/public/v1/report/%E0%A4%A');
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });
});

describe('GET /api/public/v1/report/{id}', () => {
  it('returns the stored report, 400 for a malformed id, 404 for an unknown one', async () => {
    const scanned = await (await srv.get(q(site.origin))).json();
    const res = await srv.get(`/api/public/v1/report/${scanned.shareId}`);
    expect(res.status).toBe(200);
    const report = ReportResponse.parse(await res.json());
    expect(report).toMatchObject({
      apiVersion: '1',
      id: scanned.shareId,
      url: scanned.url,
      score: scanned.overallScore,
      grade: scanned.grade,
      htmlUrl: `${srv.baseUrl}/r/${scanned.shareId}`,
    });
    expect(report.platform === null || typeof report.platform === 'string').toBe(true);
    expect(report.result?.checks.length).toBe(scanned.checks.length);
    await expectProblem(await srv.get('/api/public/v1/report/ABC'), 400, 'invalid-parameter');
    await expectProblem(await srv.get(`/api/public/v1/report/${'a'.repeat(25)}`), 400, 'invalid-parameter');
    await expectProblem(await srv.get('/api/public/v1/report/zzzz0000'), 404, 'not-found');
  });
});

describe('compatibility endpoint /api/public/scan', () => {
  it('scans with GET and POST and uses {"error"} bodies, never problem documents', async () => {
    const get = await srv.get(`/api/public/scan?url=${encodeURIComponent(site.origin)}`);
    expect(get.status).toBe(200);
    const body = await get.json();
    expect(body.shareId).toMatch(/^[a-z0-9]+$/);
    expect(body.shareUrl).toContain(`/r/${body.shareId}`);
    const post = await srv.post('/api/public/scan', { url: site.origin });
    expect((await post.json()).shareId).toBe(body.shareId);

    const missing = await srv.get('/api/public/scan');
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(await missing.json())).toEqual(['error']);

    const closed = await startFixture({});
    await closed.close();
    const failed = await srv.get(`/api/public/scan?url=${encodeURIComponent(closed.origin)}`);
    expect(failed.status).toBe(500);
    const err = await failed.json();
    expect(typeof err.error).toBe('string');
    expect(Object.keys(err)).toEqual(['error']);
  });
});

describe('POST /api/scan (server-sent events)', () => {
  function parseSse(text: string) {
    return text
      .split('\n\n')
      .filter((b) => b.includes('data:'))
      .map((b) => ({ type: /^event: (.+)$/m.exec(b)?.[1], data: JSON.parse(/^data: (.+)$/m.exec(b)![1]) }));
  }

  it('streams the engine events and ends with the full result', async () => {
    const other = await startFixture(plainSite());
    try {
      const res = await srv.post('/api/scan', { url: other.origin });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = parseSse(await res.text());
      const types = events.map((e) => e.type);
      expect(types[0]).toBe('started');
      expect(types).toContain('probe');
      expect(types).toContain('check');
      expect(types.at(-2)).toBe('finished');
      expect(types.at(-1)).toBe('result');
      const result = ScanResponse.parse(events.at(-1)!.data);
      expect(result.shareId).toMatch(/^[a-z0-9]+$/);
      expect(result.checks.length).toBe(events.filter((e) => e.type === 'check').length);
    } finally {
      await other.close();
    }
  });

  it('sends a cached result as a single result event and a failed scan as an error event', async () => {
    const cached = parseSse(await (await srv.post('/api/scan', { url: site.origin })).text());
    expect(cached.map((e) => e.type)).toEqual(['result']);
    expect(cached[0].data.cached).toBe(true);

    const closed = await startFixture({});
    await closed.close();
    const failed = parseSse(await (await srv.post('/api/scan', { url: closed.origin })).text());
    expect(failed.at(-1)!.type).toBe('error');
    expect(Problem.parse(failed.at(-1)!.data).type).toBe(`${srv.baseUrl}/problems/scan-failed`);

    await expectProblem(await srv.post('/api/scan', {}), 400, 'missing-parameter');
    expect((await srv.get('/api/scan')).status).toBe(405);
  });
});

describe('operations', () => {
  it('serves /healthz and writes one log line per request', async () => {
    const before = srv.logs.length;
    const res = await srv.get('/healthz');
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe('ok');
    await srv.get('/nope');
    expect(srv.logs.length - before).toBe(2);
    expect(srv.logs.at(-1)).toMatch(/ GET \/nope 404 /);
  });
});
