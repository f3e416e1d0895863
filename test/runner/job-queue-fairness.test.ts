/**
 * Fairness of the shared Postgres job queue across instances (issue 17), on a real Postgres and
 * loopback fixtures, with two JobQueueRunner instances (two `serve`s) and a worker on one database:
 * - turns: the queue serves callers in turn (A0, B0, A1, B1, ...), not first come, so a caller
 *   who floods it does not put its backlog in front of another caller's one job;
 * - caps: the per-caller cap counts the caller's jobs on every instance; the next scan, sent to
 *   the other instance, is refused (CallerBusyError; over HTTP 429 + Retry-After);
 * - joining a job already queued for the same request costs nothing, even at the cap, and the
 *   joiner keeps its own turn (the job is lifted to it);
 * - a completed, cancelled or failed job no longer counts.
 * Orders are read from the jobs' own start times in the database, never from timings.
 */
import pg from 'pg';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanError } from '../../src/core/errors.js';
import { CallerBusyError, InProcessRunner, type PortableScanOptions } from '../../src/runner/index.js';
import { callerDigest } from '../../src/runner/job-boss.js';
import { JobQueueRunner } from '../../src/runner/job-queue.js';
import { JobWorker } from '../../src/runner/job-worker.js';
import { createTestDatabase } from '../helpers/postgres.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { startServer, type TestServer } from '../server/helpers/server.js';
import { ScanService } from '../../src/service/index.js';

const HTML = { 'content-type': 'text/html' };
const OPTS: PortableScanOptions = { blockPrivateNetwork: false, pages: 1 };
const TEN_MINUTES = 600_000;
const sites: FixtureSite[] = [];
const runners: JobQueueRunner[] = [];
const workers: JobWorker[] = [];
const servers: TestServer[] = [];

afterAll(async () => {
  for (const w of workers) await w.stop();
  for (const r of runners) await r.close();
  for (const s of servers) await s.destroy();
  await Promise.all(sites.map((s) => s.close()));
});

/** A site that answers every path with a small page (each path is another scan). */
async function site(delayMs = 0): Promise<FixtureSite> {
  const s = await startFixture({ '*': { headers: HTML, body: '<!doctype html><title>t</title><h1>t</h1>' } }, { delayMs });
  sites.push(s);
  return s;
}

async function open(databaseUrl: string, extra: Partial<Parameters<typeof JobQueueRunner.open>[0]> = {}): Promise<JobQueueRunner> {
  const r = await JobQueueRunner.open({ databaseUrl, pollMs: TEN_MINUTES, ...extra });
  runners.push(r);
  return r;
}

async function startWorker(databaseUrl: string, concurrency: number, extra: { drainMs?: number } = {}): Promise<JobWorker> {
  const w = new JobWorker({ databaseUrl, runner: new InProcessRunner(concurrency), concurrency, ...extra });
  workers.push(w);
  await w.start();
  return w;
}

interface JobRow {
  path: string;
  state: string;
  priority: number;
  caller: string;
  created: Date;
  started: Date | null;
}

async function jobs(databaseUrl: string): Promise<JobRow[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const r = await c.query<{ url: string; state: string; priority: number; caller: string; created: Date; started: Date | null }>(
      `SELECT data->>'url' AS url, state, priority, data->>'caller' AS caller, created_on AS created, started_on AS started FROM pgboss.job ORDER BY created_on, id`,
    );
    return r.rows.map((row) => ({ ...row, path: new URL(row.url).pathname.slice(1) }));
  } finally {
    await c.end();
  }
}

async function until(cond: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const jobCount = (db: string, state?: string) => async () => (await jobs(db)).filter((j) => !state || j.state === state).length;

/** The paths of the jobs in the order a worker started them. */
function startOrder(rows: JobRow[]): string[] {
  return rows
    .filter((j) => j.started)
    .sort((a, b) => a.started!.getTime() - b.started!.getTime())
    .map((j) => j.path);
}

async function refusalOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a refusal');
}

describe('turns across instances', () => {
  it('serves the callers of two instances in turn: A0, C0, D0, A1, C1, ... not first come', async () => {
    const db = (await createTestDatabase('turns')).url;
    const one = await open(db);
    const two = await open(db);
    const s = await site();
    // Everything is queued before the worker starts, so the order is the queue's alone.
    const pending: Promise<unknown>[] = [];
    // Each scan is sent once the one before it is queued, so "the order sent" is well defined.
    const send = async (runner: JobQueueRunner, path: string, caller: string) => {
      const before = await jobCount(db)();
      pending.push(runner.run(`${s.origin}/${path}`, OPTS, { caller }));
      await until(async () => (await jobCount(db)()) > before);
    };
    for (let i = 0; i < 6; i++) await send(one, `a${i}`, 'client:10.0.0.1');
    for (let i = 0; i < 3; i++) await send(two, `c${i}`, 'account:acc_c');
    await send(one, 'd0', 'client:10.0.0.4');

    const queued = await jobs(db);
    // The job rows carry a digest of the caller, never the address itself.
    expect(queued.every((j) => /^[0-9a-f]{32}$/.test(j.caller))).toBe(true);
    expect(new Set(queued.map((j) => j.caller))).toEqual(new Set(['client:10.0.0.1', 'account:acc_c', 'client:10.0.0.4'].map(callerDigest)));
    expect(JSON.stringify(queued)).not.toContain('10.0.0.1');

    // One slot: the worker takes the jobs one by one, in the queue's order.
    await startWorker(db, 1);
    await Promise.all(pending);
    expect(startOrder(await jobs(db))).toEqual(['a0', 'c0', 'd0', 'a1', 'c1', 'a2', 'c2', 'a3', 'a4', 'a5']);
  }, 120_000);

  it("a caller who joins a job deep in another caller's backlog keeps its own turn", async () => {
    const db = (await createTestDatabase('join_turn')).url;
    const one = await open(db);
    const two = await open(db);
    const s = await site();
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < 5; i++) {
      pending.push(one.run(`${s.origin}/a${i}`, OPTS, { caller: 'client:10.0.0.1' }));
      await until(async () => (await jobCount(db)()) === i + 1);
    }
    let joined = 0;
    pending.push(two.run(`${s.origin}/a4`, OPTS, { caller: 'client:10.0.0.2', onJoined: () => joined++ }));
    await until(() => joined === 1);
    await startWorker(db, 1);
    await Promise.all(pending);
    const rows = await jobs(db);
    expect(rows.length).toBe(5);
    // a4 now runs in B's first turn, right after the job of A's first.
    expect(startOrder(rows)).toEqual(['a0', 'a4', 'a1', 'a2', 'a3']);
  }, 120_000);

  it('a single job sent to the other instance while a flood is being worked through waits for one turn, not the backlog', async () => {
    const db = (await createTestDatabase('flood')).url;
    const one = await open(db);
    const two = await open(db);
    const s = await site(100);
    await startWorker(db, 1);
    const flood: Promise<unknown>[] = [];
    for (let i = 0; i < 10; i++) {
      flood.push(one.run(`${s.origin}/a${i}`, OPTS, { caller: 'client:10.0.0.1' }));
      await until(async () => (await jobCount(db)()) > i);
    }
    // The backlog is there: at least 7 of the flood's jobs wait.
    await until(async () => (await jobCount(db, 'created')()) >= 7);
    const single = two.run(`${s.origin}/b0`, OPTS, { caller: 'client:10.0.0.2' });
    await Promise.all([...flood, single]);

    const rows = await jobs(db);
    const b = rows.find((j) => j.path === 'b0')!;
    const aAfterB = rows.filter((j) => j.path.startsWith('a') && j.started! > b.created);
    // The premise: a backlog of the flood was still waiting when b0 was queued (first come, b0
    // would have waited behind all of it).
    expect(aAfterB.length).toBeGreaterThanOrEqual(4);
    // In turn: at most the flood's job already in hand when b0 arrived (and one fetched in the same instant) goes first.
    const aBetween = aAfterB.filter((j) => j.started! < b.started!);
    expect(aBetween.length).toBeLessThanOrEqual(1);
    // The flood keeps its own order.
    expect(startOrder(rows).filter((p) => p.startsWith('a'))).toEqual(Array.from({ length: 10 }, (_, i) => `a${i}`));
  }, 120_000);
});

describe('per-caller caps across instances', () => {
  let db: string;
  let one: JobQueueRunner;
  let two: JobQueueRunner;
  beforeAll(async () => {
    db = (await createTestDatabase('caps')).url;
    one = await open(db);
    two = await open(db);
  }, 90_000);

  it('counts a caller on every instance; joining costs nothing; a completed or cancelled job frees its place', async () => {
    const s = await site();
    const x = { caller: 'client:10.0.0.9', callerLimit: 2 };
    // No worker yet: the jobs stay queued.
    const held = [new AbortController(), new AbortController()];
    const first = refusalOf(one.run(`${s.origin}/x1`, OPTS, { ...x, signal: held[0].signal }));
    const second = one.run(`${s.origin}/x2`, OPTS, { ...x, signal: held[1].signal });
    await until(async () => (await jobCount(db)()) === 2);

    // The third, on the other instance: refused, with a Retry-After.
    const refused = await refusalOf(two.run(`${s.origin}/x3`, OPTS, x));
    expect(refused).toBeInstanceOf(CallerBusyError);
    expect((refused as CallerBusyError).limit).toBe(2);
    expect((refused as CallerBusyError).retryAfterSec).toBeGreaterThanOrEqual(1);
    expect(await jobCount(db)()).toBe(2);

    // Another caller has its own share.
    const other = two.run(`${s.origin}/y1`, OPTS, { caller: 'client:10.0.0.10', callerLimit: 2 });
    await until(async () => (await jobCount(db)()) === 3);

    // Joining the same request on the other instance, at the cap: no refusal, no new job.
    let joins = 0;
    const joiner = two.run(`${s.origin}/x2`, OPTS, { ...x, onJoined: () => joins++ });
    await until(() => joins === 1);
    expect(await jobCount(db)()).toBe(3);

    // A cancelled job no longer counts: the third now gets in.
    held[0].abort();
    expect(((await first) as ScanError).code).toBe('aborted');
    await until(async () => (await jobs(db)).some((j) => j.path === 'x1' && j.state === 'cancelled'));
    const third = two.run(`${s.origin}/x3`, OPTS, x);
    await until(async () => (await jobCount(db)()) === 4);
    // ... and the cap is whole again.
    expect(await refusalOf(one.run(`${s.origin}/x4`, OPTS, x))).toBeInstanceOf(CallerBusyError);

    // A worker completes them: the joiner gets the same result; the site saw x2 scanned once.
    const w = await startWorker(db, 2);
    const [r2, rj] = await Promise.all([second, joiner, other, third]);
    expect(rj).toEqual(r2);
    // x2 was scanned once: its requests at the site are as many as those of y1's one scan.
    const asked = (path: string) => s.requests.filter((r) => r.path === path).length;
    expect(asked('/y1')).toBeGreaterThan(0);
    expect(asked('/x2')).toBe(asked('/y1'));
    expect((await jobs(db)).filter((j) => j.path === 'x2').length).toBe(1);
    await w.stop();

    // Completed jobs no longer count: two more get in (queued, no worker), the next does not.
    const after = [new AbortController(), new AbortController()];
    const more = after.map((ac, i) => refusalOf(one.run(`${s.origin}/x${5 + i}`, OPTS, { ...x, signal: ac.signal })));
    await until(async () => (await jobCount(db, 'created')()) === 2);
    expect(await refusalOf(two.run(`${s.origin}/x7`, OPTS, x))).toBeInstanceOf(CallerBusyError);
    for (const ac of after) ac.abort();
    for (const e of await Promise.all(more)) expect((e as ScanError).code).toBe('aborted');
  }, 120_000);

  it('a failed job no longer counts', async () => {
    const fresh = (await createTestDatabase('failed')).url;
    const lone = await open(fresh, { retryLimit: 0 });
    let release!: () => void;
    let asked = false;
    const gate = new Promise<void>((r) => (release = r));
    const held = await startFixture({
      '*': async (_req: IncomingMessage, res: ServerResponse) => {
        asked = true;
        await gate;
        res.writeHead(200, HTML);
        res.end('<!doctype html><title>held</title>');
      },
    });
    sites.push(held);
    const z = { caller: 'account:acc_z', callerLimit: 1 };
    const w = await startWorker(fresh, 1, { drainMs: 100 });
    const running = refusalOf(lone.run(`${held.origin}/z1`, OPTS, z));
    await until(() => asked);
    // Running counts.
    expect(await refusalOf(lone.run(`${held.origin}/z2`, OPTS, z))).toBeInstanceOf(CallerBusyError);
    // The worker stops mid-scan and no retry is left: the job fails.
    await w.stop();
    release();
    expect(((await running) as ScanError).code).toBe('scan-failed');
    expect((await jobs(fresh)).find((j) => j.path === 'z1')?.state).toBe('failed');
    const ac = new AbortController();
    const next = refusalOf(lone.run(`${held.origin}/z2`, OPTS, { ...z, signal: ac.signal }));
    await until(async () => (await jobs(fresh)).some((j) => j.path === 'z2' && j.state === 'created'));
    ac.abort();
    expect(((await next) as ScanError).code).toBe('aborted');
  }, 120_000);
});

describe('ScanService on the shared queue', () => {
  it("joining another caller's job frees the joiner's place; a caller who joined a scan its starter's cap refused scans on its own account", async () => {
    const db = (await createTestDatabase('service')).url;
    const service = (runner: JobQueueRunner) => new ScanService({ store: null, runner, cacheTtlMs: 0, allowPrivateNetwork: true, maxScansPerClient: 1 });
    const a = service(await open(db));
    const b = service(await open(db));
    const s = await site();
    const u = (path: string) => `${s.origin}/${path}`;
    const as = (client: string) => ({ account: null, client, params: { pages: 1 } });
    // P has its one scan in flight, on A (no worker yet).
    const p1 = a.scan(u('u1'), as('p'));
    await until(async () => (await jobCount(db)()) === 1);

    // On B, P and then Q ask for u2 in the same tick: Q joins P's scan on B, which the shared
    // count refuses (P is at its cap on A). The refusal is P's; Q's scan runs on its own account.
    const p2 = refusalOf(b.scan(u('u2'), as('p')));
    const q2 = b.scan(u('u2'), as('q'));
    expect(await p2).toBeInstanceOf(CallerBusyError);
    await until(async () => (await jobs(db)).some((j) => j.path === 'u2' && j.caller === callerDigest('client:q')));
    expect(b.callerRejections).toBe(1);

    // R joins P's job for u1 on B: free, so R still has its one place for u3 there.
    const r1 = b.scan(u('u1'), as('r'));
    expect(b.callerLoadOf(as('r'))).toBe(1);
    await until(() => b.callerLoadOf(as('r')) === 0);
    expect((await jobs(db)).filter((j) => j.path === 'u1').length).toBe(1);
    const r3 = b.scan(u('u3'), as('r'));
    await until(async () => (await jobs(db)).some((j) => j.path === 'u3' && j.caller === callerDigest('client:r')));

    await startWorker(db, 2);
    const outcomes = await Promise.all([p1, q2, r1, r3]);
    expect(outcomes.map((o) => new URL(o.result.url).pathname)).toEqual(['/u1', '/u2', '/u1', '/u3']);
    expect((await jobs(db)).length).toBe(3);
  }, 120_000);
});

describe('over HTTP, two web-only serve instances on one database', () => {
  it('the 5th scan in flight of one anonymous client, sent to the other instance, gets 429 with Retry-After', async () => {
    const db = (await createTestDatabase('http_caps')).url;
    const config = { databaseUrl: db, workers: 0, rateLimit: 0, maxScansPerClient: 4 };
    const a = await startServer(config);
    servers.push(a);
    const b = await startServer(config);
    servers.push(b);
    const s = await site();
    const q = (path: string) => `/api/public/v1/scan?url=${encodeURIComponent(`${s.origin}/${path}`)}&pages=1`;
    // Four scans in flight on A (nothing runs them yet).
    const four = [1, 2, 3, 4].map((i) => a.get(q(`h${i}`)));
    await until(async () => (await jobCount(db)()) === 4);

    const refused = await b.get(q('h5'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/already have 4 scans in progress/);
    expect(b.service.callerRejections).toBe(1);
    // The same URL as one in flight joins it on B, cap or not.
    const joiner = b.get(q('h2'));
    // An API key is another caller, with its own share.
    const { token } = await b.store.createApiKey('fair-team');
    const keyed = b.get(q('k1'), { headers: { authorization: `Bearer ${token}` } });
    await until(async () => (await jobCount(db)()) === 5);

    // A worker runs them: every request is answered, the joined URL was scanned once.
    const w = await startWorker(db, 2);
    for (const res of await Promise.all([...four, joiner, keyed])) expect(res.status).toBe(200);
    // h2 was scanned once: as many requests at the site as k1's one scan, and one job.
    const asked = (path: string) => s.requests.filter((r) => r.path === path).length;
    expect(asked('/k1')).toBeGreaterThan(0);
    expect(asked('/h2')).toBe(asked('/k1'));
    expect((await jobs(db)).filter((j) => j.path === 'h2').length).toBe(1);
    // Done scans no longer count: the 5th gets through now.
    expect((await b.get(q('h5'))).status).toBe(200);
    await w.stop();
  }, 180_000);
});
