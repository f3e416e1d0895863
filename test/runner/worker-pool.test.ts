/**
 * The worker-thread pool against real loopback sites and the real engine (dist/scan-worker.js,
 * built by the test setup): events and results cross the thread boundary, engine errors keep
 * their code, and a worker that dies (heap cap, hard deadline) fails only its own scan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { agentReady } from '../fixtures/sites.mjs';
import { ScanError } from '../../src/core/errors.js';
import type { ScanEvent } from '../../src/core/events.js';
import { DEFAULT_DEADLINE_MS } from '../../src/core/scan.js';
import { InProcessRunner, QueueFullError } from '../../src/runner/index.js';
import { WorkerPoolRunner } from '../../src/runner/worker-pool.js';

let good: FixtureSite;
let slow: FixtureSite;
let huge: FixtureSite;
let deadOrigin: string;

beforeAll(async () => {
  good = await startFixture((s: FixtureSite) => agentReady(s.origin));
  // Answers every request after 30 s: longer than the short hard deadline below, shorter than the engine's own.
  slow = await startFixture({ '*': { status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>late</body></html>' } }, { delayMs: 30_000 });
  // 2 MB of flat elements: fine under the default heap cap, far too much for 32 MB.
  huge = await startFixture({
    '/': { headers: { 'content-type': 'text/html' }, body: `<html><body>${'<i>a</i>'.repeat(250_000)}</body></html>` },
    '*': { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' },
  });
  const dead = await startFixture({});
  deadOrigin = dead.origin;
  await dead.close();
});

afterAll(async () => {
  await Promise.all([good?.close(), slow?.close(), huge?.close()]);
});

async function failureOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the scan to fail');
}

describe('WorkerPoolRunner', () => {
  it('passes every progress event, in order, before the result', async () => {
    const pool = new WorkerPoolRunner({ workers: 1, maxScans: 64 });
    try {
      const events: ScanEvent[] = [];
      const result = await pool.run(good.origin, {}, { onEvent: (e) => events.push(e) });
      expect(result.url).toBe(`${good.origin}/`);
      expect(result.checks.length).toBeGreaterThan(10);
      expect(events[0].type).toBe('started');
      expect(events.at(-1)?.type).toBe('finished');
      const checks = events.filter((e) => e.type === 'check');
      expect(checks.map((e) => (e.type === 'check' ? e.done : 0))).toEqual(checks.map((_, i) => i + 1));
      expect(checks).toHaveLength(result.checks.length);
      expect(pool.stats()).toEqual({ running: 0, queued: 0, capacity: 64 });
    } finally {
      await pool.close();
    }
  });

  it('engine errors arrive as ScanError with the same code and message as in-process', async () => {
    const pool = new WorkerPoolRunner({ workers: 2 });
    const local = new InProcessRunner(2);
    try {
      const cases: Array<[string, { blockPrivateNetwork?: boolean }, string]> = [
        ['http://exa mple.com', {}, 'invalid-url'],
        [deadOrigin, {}, 'unreachable'],
        [good.origin, { blockPrivateNetwork: true }, 'blocked-address'],
      ];
      for (const [url, options, code] of cases) {
        const inPool = await failureOf(pool.run(url, options));
        const inProcess = await failureOf(local.run(url, options));
        expect(inPool, code).toBeInstanceOf(ScanError);
        expect((inPool as ScanError).code).toBe(code);
        expect((inPool as ScanError).message).toBe((inProcess as ScanError).message);
      }
    } finally {
      await Promise.all([pool.close(), local.close()]);
    }
  });

  it('a scan that runs out of a small heap cap fails alone; the next scan on the pool succeeds', async () => {
    const pool = new WorkerPoolRunner({ workers: 1, heapMb: 32 });
    try {
      const e = await failureOf(pool.run(huge.origin, {}));
      expect(e).toBeInstanceOf(ScanError);
      expect((e as ScanError).code).toBe('scan-failed');
      expect((e as ScanError).message).toMatch(/ran out of memory.*32 MB/);
      const next = await pool.run(good.origin, {});
      expect(next.overallScore).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  it('a scan past the hard deadline is stopped (scan-failed) and its worker replaced', async () => {
    // Long enough for a normal scan on a busy machine, far shorter than the slow site.
    const pool = new WorkerPoolRunner({ workers: 1, hardDeadlineMs: 8_000 });
    try {
      const e = await failureOf(pool.run(slow.origin, {}));
      expect(e).toBeInstanceOf(ScanError);
      expect((e as ScanError).code).toBe('scan-failed');
      expect((e as ScanError).message).toMatch(/did not finish within 8 s; its worker was stopped/);
      const next = await pool.run(good.origin, {});
      expect(next.url).toBe(`${good.origin}/`);
    } finally {
      await pool.close();
    }
  });

  it('a full queue rejects with QueueFullError and a Retry-After; cancelling frees the queue', async () => {
    const pool = new WorkerPoolRunner({ workers: 1, maxScans: 1, maxQueued: 1 });
    const cancel = new AbortController();
    try {
      const running = failureOf(pool.run(slow.origin, {}, { signal: cancel.signal }));
      const waiting = failureOf(pool.run(slow.origin, {}, { signal: cancel.signal }));
      expect(pool.stats()).toMatchObject({ queued: 1, capacity: 1 });
      const full = await failureOf(pool.run(good.origin, {}));
      expect(full).toBeInstanceOf(QueueFullError);
      expect((full as QueueFullError).retryAfterSec).toBeGreaterThanOrEqual(1);
      expect(pool.retryAfterSec()).toBeGreaterThanOrEqual(1);
      cancel.abort();
      for (const e of await Promise.all([running, waiting])) expect((e as ScanError).code).toBe('aborted');
      expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
      expect((await pool.run(good.origin, {})).url).toBe(`${good.origin}/`);
    } finally {
      await pool.close();
    }
  });

  it('close() cancels running scans and refuses new ones', async () => {
    const pool = new WorkerPoolRunner({ workers: 1 });
    const running = failureOf(pool.run(slow.origin, {}));
    await pool.close();
    expect(((await running) as ScanError).code).toBe('aborted');
    expect(((await failureOf(pool.run(good.origin, {}))) as ScanError).code).toBe('aborted');
  });

  it("the pool's default deadline follows the engine's", async () => {
    // worker-pool.ts keeps its own copy so the main thread need not load the engine.
    const source = await import('node:fs').then((fs) => fs.readFileSync(new URL('../../src/runner/worker-pool.ts', import.meta.url), 'utf8'));
    expect(source).toContain(`ENGINE_DEFAULT_DEADLINE_MS = ${DEFAULT_DEADLINE_MS.toLocaleString('en').replace(/,/g, '_')}`);
  });
});

// startWorkers: a batch starts on one thread and adds the next only while every running thread is
// busy with CPU (event-loop utilisation) and the machine has a core to spare (0 here, so a loaded
// test machine cannot decide the outcome). Ticks come every stallMs / 4.
describe('WorkerPoolRunner threads on demand', () => {
  it('scans that only wait stay on the one thread they started with', async () => {
    const waiting = await startFixture(
      { '*': { status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>late</body></html>' } },
      { delayMs: 400 },
    );
    const pool = new WorkerPoolRunner({ workers: 2, startWorkers: 1, maxScans: 8, stallMs: 5_000, spareCoresToGrow: 0 });
    try {
      expect(pool.counts().threads).toBe(1);
      const results = await Promise.all(Array.from({ length: 4 }, (_, i) => pool.run(`${waiting.origin}/?w=${i}`, {})));
      expect(results.every((r) => r.overallScore >= 0)).toBe(true);
      expect(pool.counts().threads).toBe(1);
    } finally {
      await pool.close();
      await waiting.close();
    }
  });

  it('scans that keep the thread busy with CPU get the second thread, and keep working', { timeout: 120_000 }, async () => {
    const pool = new WorkerPoolRunner({ workers: 2, startWorkers: 1, maxScans: 4, stallMs: 20_000, spareCoresToGrow: 0 });
    try {
      let most = pool.counts().threads;
      const watch = setInterval(() => (most = Math.max(most, pool.counts().threads)), 50);
      // Rounds of 2 MB pages until the pool has grown (or a bounded number of rounds has passed).
      for (let round = 0; round < 8 && most < 2; round++) {
        // A generous per-request timeout: on a loaded CI machine a 2 MB body can take longer than the default to arrive.
        const results = await Promise.all(Array.from({ length: 3 }, (_, i) => pool.run(`${huge.origin}/?r=${round}&i=${i}`, { timeoutMs: 30_000 })));
        expect(results.every((r) => r.url.startsWith(huge.origin))).toBe(true);
      }
      clearInterval(watch);
      expect(most).toBe(2);
      expect(pool.counts().threadsStopped).toBe(0);
      // The new thread takes scans like the first.
      expect((await pool.run(good.origin, {})).url).toBe(`${good.origin}/`);
    } finally {
      await pool.close();
    }
  });

  it('starts every thread at once by default (serve)', () => {
    const pool = new WorkerPoolRunner({ workers: 2, maxScans: 4 });
    expect(pool.counts().threads).toBe(2);
    return pool.close();
  });
});
