/**
 * Admission in the Postgres queue mode (issue 18.4), on a real Postgres and loopback fixtures:
 * - the queue is bounded like the pool's: callers waiting on an instance and jobs queued across
 *   instances are capped, and a refusal is QueueFullError with a Retry-After, never a hang;
 * - a waiting caller is woken by the job's end notice (LISTEN/NOTIFY): with the safety poll set
 *   to ten minutes, scans still come back;
 * - serve's own consumer applies its own private-network rule, not the job's.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanError } from '../../src/core/errors.js';
import { InProcessRunner, QueueFullError } from '../../src/runner/index.js';
import { JobQueueRunner } from '../../src/runner/job-queue.js';
import { createTestDatabase } from '../helpers/postgres.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { plainSite } from '../server/fixtures.js';

const sites: FixtureSite[] = [];
const runners: JobQueueRunner[] = [];
const TEN_MINUTES = 600_000;

async function site(): Promise<FixtureSite> {
  const s = await startFixture(plainSite());
  sites.push(s);
  return s;
}

async function open(opts: Parameters<typeof JobQueueRunner.open>[0]): Promise<JobQueueRunner> {
  const r = await JobQueueRunner.open(opts);
  runners.push(r);
  return r;
}

async function queuedJobs(databaseUrl: string): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const r = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry')`);
    return r.rows[0].n;
  } finally {
    await c.end();
  }
}

async function failureOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a refusal');
}

afterAll(async () => {
  for (const r of runners) await r.close();
  await Promise.all(sites.map((s) => s.close()));
});

describe('queue mode admission', () => {
  let db: string;
  beforeAll(async () => {
    db = (await createTestDatabase('admission')).url;
  }, 90_000);

  it('bounds waiting callers and queued jobs with 503-style refusals, on this instance and on another', async () => {
    // Web-only instances: nothing consumes, so jobs stay queued.
    const a = await open({ databaseUrl: db, maxQueued: 2, pollMs: TEN_MINUTES });
    const b = await open({ databaseUrl: db, maxQueued: 2, pollMs: TEN_MINUTES });
    const s = await site();
    const cancel = new AbortController();
    const waiting = [1, 2].map((i) => failureOf(a.run(`${s.origin}/p${i}`, { blockPrivateNetwork: false }, { signal: cancel.signal })));
    // Wait until both jobs are in the shared queue.
    const until = Date.now() + 30_000;
    while ((await queuedJobs(db)) < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(a.stats().queued).toBe(2);

    const here = await failureOf(a.run(`${s.origin}/p3`, { blockPrivateNetwork: false }));
    expect(here).toBeInstanceOf(QueueFullError);
    expect((here as QueueFullError).retryAfterSec).toBeGreaterThanOrEqual(1);
    // B has no waiting callers of its own, but the shared queue is full.
    const there = await failureOf(b.run(`${s.origin}/p4`, { blockPrivateNetwork: false }));
    expect(there).toBeInstanceOf(QueueFullError);
    // Joining a queued job costs nothing: the same request on B joins A's job.
    const joined = failureOf(b.run(`${s.origin}/p1`, { blockPrivateNetwork: false }, { signal: cancel.signal }));
    cancel.abort();
    for (const e of await Promise.all([...waiting, joined])) expect((e as ScanError).code).toBe('aborted');
    expect(s.requests.length).toBe(0);
  }, 90_000);

  it('wakes waiting callers by NOTIFY, not by polling', async () => {
    const fresh = (await createTestDatabase('notify')).url;
    const q = await open({ databaseUrl: fresh, pollMs: TEN_MINUTES, local: { runner: new InProcessRunner(2), concurrency: 2 } });
    const s = await site();
    const results = await Promise.all([1, 2, 3].map((i) => q.run(`${s.origin}/n${i}`, { blockPrivateNetwork: false })));
    for (const [i, r] of results.entries()) expect(r.url).toBe(`${s.origin}/n${i + 1}`);
  }, 90_000);

  it("serve's own consumer refuses private addresses when its policy says so, whatever the job says", async () => {
    const fresh = (await createTestDatabase('policy')).url;
    // The consumer: a public instance's local workers (private networks refused).
    await open({ databaseUrl: fresh, local: { runner: new InProcessRunner(1), concurrency: 1, blockPrivateNetwork: true } });
    // Another instance that allows private networks queues a loopback scan.
    const lax = await open({ databaseUrl: fresh });
    const s = await site();
    const e = await failureOf(lax.run(s.origin, { blockPrivateNetwork: false }));
    expect(e).toBeInstanceOf(ScanError);
    expect((e as ScanError).code).toBe('blocked-address');
    expect(s.requests.length).toBe(0);
  }, 90_000);
});
