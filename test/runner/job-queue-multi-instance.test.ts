/**
 * Scans as durable jobs on one Postgres, end to end with the built CLI: two web-only `serve`
 * instances (A, B) and `ai-ready worker` processes, all child processes on loopback.
 * - a web-only instance's scans are run by the worker; a report made on A is read on B;
 * - the same URL asked on A and B at once is scanned once (requests counted at the fixture);
 * - `kill -9` of an instance loses no report it answered, and the other keeps scanning;
 * - `kill -9` of the worker mid-scan: another worker retries the job (or the caller gets a 502), never a hang;
 * - `serve --workers 1` on Postgres consumes its own jobs.
 * Every process started here is stopped by its PID at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../helpers/postgres.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { plainSite } from '../server/fixtures.js';
import { tempDir } from '../helpers/temp-dir.js';

const BIN = fileURLToPath(new URL('../../bin/ai-ready.js', import.meta.url));
const children: ChildProcess[] = [];
const sites: FixtureSite[] = [];

interface Proc {
  child: ChildProcess;
  url?: string;
  stderr: () => string;
}

/** Starts `ai-ready <args>` and resolves once its start line (matching ready) appears on stderr. */
function start(args: string[], ready: RegExp): Promise<Proc> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`ai-ready ${args[0]} did not start: ${err}`)), 30_000);
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = ready.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], stderr: () => err });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`ai-ready ${args[0]} exited with ${code}: ${err}`));
    });
  });
}

let dataDirs = 0;
const tmp = tempDir('ai-ready-queue-');
// Each instance keeps its per-instance files (the Web Bot Auth key) in its own data dir.
const serve = (db: string, workers: number, extra: string[] = []) =>
  start(
    [
      'serve',
      '--port',
      '0',
      '--database-url',
      db,
      '--data-dir',
      join(tmp, `i${dataDirs++}`),
      '--workers',
      String(workers),
      '--allow-private-network',
      '--rate-limit',
      '0',
      '--quiet',
      ...extra,
    ],
    /listening on (http:\/\/\S+)/,
  );
const worker = (db: string) => start(['worker', '--database-url', db, '--concurrency', '2', '--allow-private-network'], /taking scan jobs/);

function killHard(p: Proc): Promise<void> {
  return new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill('SIGKILL');
  });
}

async function scanOn(p: Proc, target: string, extra = ''): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${p.url}/api/public/v1/scan?url=${encodeURIComponent(target)}${extra}`, { signal: AbortSignal.timeout(90_000) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function site(delayMs = 0): Promise<FixtureSite> {
  const s = await startFixture(plainSite(), { delayMs });
  sites.push(s);
  return s;
}

let db: string;
let a: Proc;
let b: Proc;
let w: Proc;

beforeAll(async () => {
  db = (await createTestDatabase('queue')).url;
  // A first alone: it creates the schema and the queue; then the others start together.
  a = await serve(db, 0, ['--scan-deadline', '6']);
  [b, w] = await Promise.all([serve(db, 0, ['--scan-deadline', '6']), worker(db)]);
}, 120_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && !c.signalCode) c.kill('SIGKILL');
  await Promise.all(sites.map((s) => s.close()));
});

describe('scans as jobs on one Postgres, two web-only instances and workers', () => {
  let calibration = 0;
  let reportOnB = '';

  it('a web-only instance says so, and its scans are run by the worker; a report made on A is read on B', async () => {
    expect(a.stderr()).toContain('web-only');
    const s = await site();
    const scanned = await scanOn(a, s.origin);
    expect(scanned.status).toBe(200);
    expect(scanned.body.cached).toBe(false);
    calibration = s.requests.length;
    expect(calibration).toBeGreaterThan(0);
    const shareId = scanned.body.shareId as string;
    const read = await fetch(`${b.url}/api/public/v1/report/${shareId}`);
    expect(read.status).toBe(200);
    // B answers from the shared cache without touching the site.
    const again = await scanOn(b, s.origin);
    expect(again.body.cached).toBe(true);
    expect(s.requests.length).toBe(calibration);
  }, 60_000);

  it('progress events cross processes: SSE on a web-only instance streams the events of the worker, then the result', async () => {
    const s = await site();
    const res = await fetch(`${a.url}/api/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ url: s.origin }),
      signal: AbortSignal.timeout(60_000),
    });
    expect(res.status).toBe(200);
    const names = [...(await res.text()).matchAll(/^event: (\S+)$/gm)].map((m) => m[1]);
    expect(names[0]).toBe('started');
    expect(names).toContain('check');
    expect(names.at(-2)).toBe('finished');
    expect(names.at(-1)).toBe('result');
  }, 60_000);

  it('one scan for the same URL asked on A and B at once', async () => {
    const s = await site(100);
    const [onA, onB] = await Promise.all([scanOn(a, s.origin), scanOn(b, s.origin)]);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect(s.requests.length).toBe(calibration);
    expect((onA.body.result as { score?: unknown })?.score ?? onA.body.score).toEqual((onB.body.result as { score?: unknown })?.score ?? onB.body.score);
    reportOnB = onB.body.shareId as string;
    expect(reportOnB).toBeTruthy();
  }, 60_000);

  it('kill -9 of an instance loses no report it answered, and the other keeps scanning', async () => {
    await killHard(b);
    const read = await fetch(`${a.url}/api/public/v1/report/${reportOnB}`);
    expect(read.status).toBe(200);
    const s = await site();
    expect((await scanOn(a, s.origin)).status).toBe(200);
  }, 60_000);

  it('kill -9 of the worker mid-scan: another worker retries the job, the caller gets its answer, never a hang', async () => {
    const s = await site(700);
    const pending = scanOn(a, s.origin);
    const until = Date.now() + 20_000;
    while (s.requests.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(s.requests.length).toBeGreaterThan(0);
    await killHard(w);
    const before = s.requests.length;
    w = await worker(db);
    const answer = await pending;
    // The retry fits the caller's bounded wait: a result (200) here; a 502 problem is the only other allowed answer.
    expect([200, 502]).toContain(answer.status);
    expect(answer.status).toBe(200);
    expect(s.requests.length).toBeGreaterThan(before);
  }, 90_000);

  it('SIGTERM stops a worker cleanly: it finishes its scan or hands it back, exits 0, and the caller gets its answer', async () => {
    const s = await site(100);
    const pending = scanOn(a, s.origin);
    const until = Date.now() + 20_000;
    while (s.requests.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const stopping = w;
    const exited = new Promise<number | null>((resolve) => stopping.child.once('exit', (code) => resolve(code)));
    stopping.child.kill('SIGTERM');
    // It takes no new jobs once told to stop; a scan it could not finish in time goes to this one.
    w = await worker(db);
    expect(await exited).toBe(0);
    expect(stopping.stderr()).toContain('SIGTERM, finishing running scans');
    const answer = await pending;
    expect(answer.status).toBe(200);
  }, 60_000);

  it('serve --workers 1 on Postgres runs scans itself', async () => {
    for (const c of children.filter((c) => c.spawnargs.includes('worker'))) await killHard({ child: c, stderr: () => '' });
    const c = await serve(db, 1);
    expect(c.stderr()).toMatch(/scans at once here on 1 worker thread\b/);
    const s = await site();
    const scanned = await scanOn(c, s.origin);
    expect(scanned.status).toBe(200);
    // A, web-only, now also gets its scans done by C's workers.
    const s2 = await site();
    expect((await scanOn(a, s2.origin)).status).toBe(200);
  }, 60_000);
});
