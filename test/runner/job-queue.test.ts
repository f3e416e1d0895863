/**
 * JobQueueRunner and JobWorker in this process, on a real Postgres (pg-boss) and loopback
 * fixtures: results and ordered events through the queue, the engine's refusals as outcomes (not
 * retried), cancellation, and a bounded wait when no worker takes the job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanError } from '../../src/core/errors.js';
import type { ScanEvent } from '../../src/core/events.js';
import { InProcessRunner } from '../../src/runner/index.js';
import { JobQueueRunner } from '../../src/runner/job-queue.js';
import { JobWorker } from '../../src/runner/job-worker.js';
import { createTestDatabase } from '../helpers/postgres.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { plainSite } from '../server/fixtures.js';

let url: string;
let queue: JobQueueRunner;
let worker: JobWorker;
const sites: FixtureSite[] = [];

beforeAll(async () => {
  url = (await createTestDatabase('jobs')).url;
  queue = await JobQueueRunner.open({ databaseUrl: url });
  worker = new JobWorker({ databaseUrl: url, runner: new InProcessRunner(2), concurrency: 2 });
  await worker.start();
}, 90_000);

afterAll(async () => {
  await worker?.stop();
  await queue?.close();
  await Promise.all(sites.map((s) => s.close()));
});

async function site(delayMs = 0): Promise<FixtureSite> {
  const s = await startFixture(plainSite(), { delayMs });
  sites.push(s);
  return s;
}

describe('scans through the job queue', () => {
  it('returns the result with every event, in order, before it', async () => {
    const s = await site();
    const events: ScanEvent[] = [];
    const result = await queue.run(s.origin, { blockPrivateNetwork: false }, { onEvent: (e) => events.push(e) });
    expect(result.url).toContain('127.0.0.1');
    expect(events[0].type).toBe('started');
    expect(events.at(-1)?.type).toBe('finished');
    expect(events.filter((e) => e.type === 'check').length).toBe(result.checks.length);
    expect(worker.completed).toBeGreaterThan(0);
  }, 60_000);

  it("hands the engine's refusal back as it is, without retrying it", async () => {
    const s = await site();
    const err = await queue.run(s.origin, { blockPrivateNetwork: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScanError);
    expect((err as ScanError).code).toBe('blocked-address');
    expect(s.requests.length).toBe(0);
  }, 60_000);

  it('cancels the job when the caller aborts', async () => {
    const s = await site(2_000);
    const ac = new AbortController();
    const pending = queue.run(s.origin, { blockPrivateNetwork: false }, { signal: ac.signal });
    const until = Date.now() + 20_000;
    while (s.requests.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    ac.abort();
    const err = await pending.catch((e: unknown) => e);
    expect((err as ScanError).code).toBe('aborted');
  }, 60_000);

  it('fails with scan-failed, never hangs, when no worker takes the job within its bound', async () => {
    const lonely = await JobQueueRunner.open({ databaseUrl: url, retryLimit: 0, expiryGraceMs: 0, maintenanceIntervalSeconds: 1 });
    await worker.stop();
    try {
      const s = await site();
      const err = await lonely.run(s.origin, { blockPrivateNetwork: false, deadlineMs: 1_000 }).catch((e: unknown) => e);
      expect((err as ScanError).code).toBe('scan-failed');
      expect(s.requests.length).toBe(0);
    } finally {
      await lonely.close();
    }
  }, 60_000);
});
