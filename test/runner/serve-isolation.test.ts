/**
 * `serve` with the worker pool facing a hostile page (50,000 nested <div>s): the server stays up
 * and keeps answering report reads while that scan runs, and the hostile request itself ends in
 * a report or a clean 502 scan-failed problem (a worker may die; the process never does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { tempDir } from '../helpers/temp-dir.js';

const NOT_FOUND = { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
const DEPTH = 50_000;

let plain: FixtureSite;
let deep: FixtureSite;
let srv: RunningServer;
let dir: string;

beforeAll(async () => {
  plain = await startFixture({ '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>x</title><h1>x</h1>' }, '*': NOT_FOUND });
  deep = await startFixture({
    '/': { headers: { 'content-type': 'text/html' }, body: `<!doctype html><html><body>${'<div>'.repeat(DEPTH)}deep${'</div>'.repeat(DEPTH)}</body></html>` },
    '*': NOT_FOUND,
  });
  dir = tempDir('ai-ready-isolation-');
  // A short engine deadline keeps the worst case (a worker stopped at deadline + grace) short.
  srv = await createServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    allowPrivateNetwork: true,
    rateLimit: 0,
    log: false,
    workers: 2,
    scanDeadlineMs: 5_000,
  });
});

afterAll(async () => {
  await srv?.close();
  await Promise.all([plain?.close(), deep?.close()]);
});

const scanUrl = (target: string, fresh = false) => `${srv.url}/api/public/v1/scan?url=${encodeURIComponent(target)}${fresh ? '&fresh=1' : ''}`;

describe('serve --workers with a hostile page', () => {
  it('keeps answering report reads while the hostile scan runs, and survives it', async () => {
    const first = await fetch(scanUrl(plain.origin));
    expect(first.status).toBe(200);
    const { shareId } = (await first.json()) as { shareId: string };

    let hostileDone = false;
    const hostile = fetch(scanUrl(deep.origin)).then(async (r) => {
      hostileDone = true;
      return { status: r.status, type: r.headers.get('content-type'), body: (await r.json()) as Record<string, unknown> };
    });
    // Wait until the hostile scan is running in a worker (or already answered).
    while (!hostileDone) {
      const health = (await (await fetch(`${srv.url}/healthz`)).json()) as { scans: { running: number } };
      if (health.scans.running >= 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // Reads go on meanwhile: reports, the HTML page, health.
    for (let i = 0; i < 3; i++) {
      const report = await fetch(`${srv.url}/api/public/v1/report/${shareId}`);
      expect(report.status).toBe(200);
      expect(((await report.json()) as { id: string }).id).toBe(shareId);
      expect((await fetch(`${srv.url}/r/${shareId}`)).status).toBe(200);
    }

    const answer = await hostile;
    if (answer.status === 200) {
      expect(answer.body.url).toBe(`${deep.origin}/`);
    } else {
      expect(answer.status).toBe(502);
      expect(answer.type).toMatch(/^application\/problem\+json/);
      expect(answer.body.type).toBe(`${srv.baseUrl}/problems/scan-failed`);
      expect(String(answer.body.detail)).not.toMatch(/\n\s+at /);
    }

    // The server and its pool are still whole: a new scan runs to the end.
    const again = await fetch(scanUrl(plain.origin, true));
    expect(again.status).toBe(200);
    expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  }, 120_000);
});
