/**
 * Capacity with isolation, against real loopback sites and the real engine (dist/scan-worker.js):
 * - one worker thread runs many scans at once (their network waits overlap);
 * - scans of one origin never send it more than `originConcurrency` requests at once;
 * - a co-tenant that stalls its thread (a spinning parser) or runs it out of heap costs the
 *   others a re-run on a fresh thread, never their result; the hostile scan fails alone;
 * - the queue serves callers in turn, not first come.
 * No timing is asserted: gates on the fixture sites decide when each response goes out.
 */
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { ScanError } from '../../src/core/errors.js';
import { ScanQueue } from '../../src/runner/bounded-queue.js';
import { WorkerPoolRunner } from '../../src/runner/worker-pool.js';

const HTML = { 'content-type': 'text/html' };
const NOT_FOUND = { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
const SPINNING_WORKER = fileURLToPath(new URL('../fixtures/spinning-scan-worker.mjs', import.meta.url));
const sites: FixtureSite[] = [];

afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
});

/** A gate: `wait()` resolves once `open()` is called (or after a long fallback, so nothing hangs). */
function gate(fallbackMs = 60_000): { wait: () => Promise<void>; open: () => void; opened: () => boolean } {
  let open!: () => void;
  let opened = false;
  const p = new Promise<void>((r) => (open = r)).then(() => void (opened = true));
  const timer = setTimeout(() => open(), fallbackMs);
  timer.unref();
  return { wait: () => p, open: () => open(), opened: () => opened };
}

/** A site whose home page answers only when `hold` opens; `onHome` hears its first request. */
async function heldSite(hold: { wait: () => Promise<void> }, onHome?: () => void): Promise<FixtureSite> {
  let first = true;
  const s = await startFixture({
    '/': async (_req: IncomingMessage, res: ServerResponse) => {
      // The scan's first request for its home page (a scan asks for it more than once).
      if (first) onHome?.();
      first = false;
      await hold.wait();
      res.writeHead(200, HTML);
      res.end('<!doctype html><title>held</title><h1>held</h1><p>answered once the gate opened</p>');
    },
    '*': NOT_FOUND,
  });
  sites.push(s);
  return s;
}

async function failureOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the scan to fail');
}

async function until(cond: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
}

describe('many scans per worker thread', () => {
  it('one thread has six scans in flight at once', async () => {
    const N = 6;
    const all = gate();
    let homes = 0;
    // Every home page waits until all six have been asked for: one scan at a time could never open it.
    const targets = await Promise.all(Array.from({ length: N }, () => heldSite(all, () => ++homes === N && all.open())));
    const pool = new WorkerPoolRunner({ workers: 1, maxScans: N });
    try {
      const results = await Promise.all(targets.map((s) => pool.run(s.origin, {})));
      expect(all.opened()).toBe(true);
      expect(homes).toBe(N);
      expect(results.map((r) => r.url)).toEqual(targets.map((s) => `${s.origin}/`));
      expect(pool.counts()).toMatchObject({ threads: 1, reruns: 0, threadsStopped: 0 });
    } finally {
      await pool.close();
    }
  }, 90_000);

  it('never sends one origin more than originConcurrency requests at once, across scans', async () => {
    let open = 0;
    let peak = 0;
    const s = await startFixture({
      '*': async (_req: IncomingMessage, res: ServerResponse) => {
        open++;
        peak = Math.max(peak, open);
        await new Promise((r) => setTimeout(r, 20));
        res.writeHead(200, HTML);
        res.end('<!doctype html><title>x</title><h1>x</h1>');
        open--;
      },
    });
    sites.push(s);
    const pool = new WorkerPoolRunner({ workers: 2, maxScans: 8, originConcurrency: 2 });
    try {
      const results = await Promise.all([1, 2, 3, 4].map((i) => pool.run(`${s.origin}/p${i}`, {})));
      expect(results).toHaveLength(4);
      // Each scan alone sends far more than two requests; together they were held to two.
      expect(s.requests.length).toBeGreaterThan(20);
      expect(peak).toBeLessThanOrEqual(2);
    } finally {
      await pool.close();
    }
  }, 90_000);
});

describe('co-tenant isolation', () => {
  it('a scan that stalls its thread is stopped by the watchdog; its co-tenants are re-run and succeed', async () => {
    const hold = gate();
    let homes = 0;
    const innocents = await Promise.all([1, 2, 3].map(() => heldSite(hold, () => homes++)));
    const hostile = await startFixture({ '*': NOT_FOUND });
    sites.push(hostile);
    const pool = new WorkerPoolRunner({ workers: 1, maxScans: 8, stallMs: 1_500, hardDeadlineMs: 20_000, workerFile: SPINNING_WORKER });
    try {
      const innocentRuns = innocents.map((s) => pool.run(s.origin, {}));
      // The innocent scans are on the thread, waiting on their sites, when the hostile one arrives.
      await until(() => homes >= 3);
      const hostileRun = failureOf(pool.run(`${hostile.origin}/spin`, {}));
      await until(() => pool.counts().threadsStopped >= 1);
      hold.open();
      const results = await Promise.all(innocentRuns);
      expect(results.map((r) => r.url)).toEqual(innocents.map((s) => `${s.origin}/`));
      const e = await hostileRun;
      expect(e).toBeInstanceOf(ScanError);
      expect((e as ScanError).code).toBe('scan-failed');
      expect((e as ScanError).message).toMatch(/did not finish within 20 s/);
      expect(pool.counts().reruns).toBe(4);
      // The pool is whole: its replacement thread scans.
      const next = await pool.run(innocents[0].origin, {});
      expect(next.url).toBe(`${innocents[0].origin}/`);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('a page that runs its thread out of heap fails alone; the scans sharing the thread are re-run and succeed', async () => {
    const hold = gate();
    let homes = 0;
    const innocents = await Promise.all([1, 2].map(() => heldSite(hold, () => homes++)));
    const huge = await startFixture({
      '/': { headers: HTML, body: `<html><body>${'<i>a</i>'.repeat(250_000)}</body></html>` },
      '*': NOT_FOUND,
    });
    sites.push(huge);
    const pool = new WorkerPoolRunner({ workers: 1, maxScans: 4, heapMb: 32 });
    try {
      const innocentRuns = innocents.map((s) => pool.run(s.origin, {}));
      await until(() => homes >= 2);
      // The innocents are held on the thread until the huge page has brought it down.
      const hugeRun = failureOf(pool.run(huge.origin, {}));
      await until(() => pool.counts().threadsStopped >= 1);
      hold.open();
      const e = await hugeRun;
      expect(e).toBeInstanceOf(ScanError);
      expect((e as ScanError).message).toMatch(/ran out of memory.*32 MB/);
      const results = await Promise.all(innocentRuns);
      expect(results.map((r) => r.url)).toEqual(innocents.map((s) => `${s.origin}/`));
      expect(pool.counts().reruns).toBe(3);
    } finally {
      await pool.close();
    }
  }, 120_000);
});

describe('the fair queue', () => {
  it('serves waiting callers in turn, not first come', async () => {
    const queue = new ScanQueue(1, 100);
    const order: string[] = [];
    const first = gate();
    const running = queue.run(() => first.wait(), undefined, 'a');
    const job = (caller: string, name: string) => queue.run(async () => void order.push(name), undefined, caller);
    // Caller a queues three scans before b queues one; c queues one last.
    const waiting = [job('a', 'a1'), job('a', 'a2'), job('a', 'a3'), job('b', 'b1'), job('c', 'c1')];
    expect(queue.size).toEqual({ running: 1, queued: 5 });
    first.open();
    await Promise.all([running, ...waiting]);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
  });

  it("a cancelled waiter leaves its place without taking anyone's turn", async () => {
    const queue = new ScanQueue(1, 100);
    const order: string[] = [];
    const first = gate();
    const running = queue.run(() => first.wait(), undefined, 'a');
    const ac = new AbortController();
    const gone = failureOf(queue.run(async () => void order.push('b1'), ac.signal, 'b'));
    const kept = queue.run(async () => void order.push('c1'), undefined, 'c');
    ac.abort();
    expect(((await gone) as ScanError).code).toBe('aborted');
    first.open();
    await Promise.all([running, kept]);
    expect(order).toEqual(['c1']);
    expect(queue.size).toEqual({ running: 0, queued: 0 });
  });
});
