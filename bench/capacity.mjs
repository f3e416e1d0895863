#!/usr/bin/env node
// Capacity benchmark (issue 17): how many scans `ai-ready serve` completes, whether a caller waits
// behind a slow origin or a hostile co-tenant, and what memory it takes. Loopback fixture origins
// only; starts and stops its own processes; prints figures, no asserts.
//
// 1. throughput: scans per minute with 2, 8, 24 and 64 clients looping on fresh scans of a site
//    that answers every request after 200 ms (each client is its own caller: X-Forwarded-For
//    behind --trust-proxy, as many users behind a proxy would be);
// 2. head-of-line: a healthy site's scan time on an idle server, then while 6 and while 50 scans
//    of an origin that answers every request after 6 s are running;
// 3. co-tenancy: normal scans' time while a 50,000-deep page and an 8 MiB robots.txt are scanned,
//    and the server's event-loop delay p99 meanwhile;
// 4. memory: peak RSS of serve with 64 scans in flight; peak RSS of `scan --input` over 100 and
//    400 distinct origins;
// 5. cached scans: requests per second answered from the result cache.
//
// Defaults of the tree under test are used (the rate limit is off). To measure the code before a
// change, point --root at another built checkout: node bench/capacity.mjs --root ../ai-ready-before
// Usage: npm run build && node bench/capacity.mjs [--root dir] [--window 15] [--only 1,2,3,4,5]
//        [--batch-only] [--batch-args '--max-scans 8']  (section 4: only the scan --input part, extra flags)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixture } from '../test/fixtures/serve.mjs';

const argOf = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const here = fileURLToPath(new URL('..', import.meta.url));
const root = resolve(argOf('root') ?? here);
const windowSec = Number(argOf('window') ?? 15);
const only = new Set((argOf('only') ?? '1,2,3,4,5').split(',').map(Number));
if (!existsSync(join(root, 'dist/cli.js'))) {
  console.error(`bench/capacity: ${root} has no dist/: run \`npm run build\` there first`);
  process.exit(2);
}
const BIN = join(root, 'bin/ai-ready.js');
const NOT_FOUND = { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
const HTML = { 'content-type': 'text/html' };
const page = (n) =>
  `<!doctype html><html lang="en"><head><title>Site ${n}</title><meta name="description" content="A bench site"></head><body><h1>Site ${n}</h1>${'<p>Some text for the content checks to read.</p>'.repeat(20)}</body></html>`;
const sites = [];
async function fixture(routes, opts) {
  const s = await startFixture(routes, opts);
  sites.push(s);
  return s;
}

const children = new Set();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});
process.on('SIGTERM', () => process.exit(1));
process.on('SIGINT', () => process.exit(1));

/** Starts serve with the preloads (event-loop delay over IPC, peak RSS at exit). */
async function startServe(extra = []) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ai-ready-bench-capacity-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      join(here, 'bench/event-loop-preload.mjs'),
      '--import',
      join(here, 'bench/max-rss-preload.mjs'),
      BIN,
      'serve',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--allow-private-network',
      '--rate-limit',
      '0',
      '--trust-proxy',
      '--quiet',
      ...extra,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
  );
  children.add(child);
  child.on('exit', () => children.delete(child));
  let err = '';
  const base = await new Promise((ok, fail) => {
    child.stderr.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m) ok(m[1]);
    });
    child.on('exit', (code) => fail(new Error(`serve exited ${code}: ${err}`)));
  });
  const loop = (msg) =>
    new Promise((ok) => {
      if (msg === 'report') child.once('message', ok);
      child.send(msg);
      if (msg !== 'report') ok();
    });
  return {
    base,
    startLine: /listening on .*$/m.exec(err)?.[0] ?? '',
    loop,
    async stop() {
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      const m = /maxRSS=(\d+)/.exec(err);
      return m ? Math.round(Number(m[1]) / 1024) : NaN;
    },
  };
}

let clientNo = 0;
/** One scan request as caller `ip`; resolves with status and seconds. */
async function scanOnce(base, target, ip = `10.9.${(clientNo >> 8) & 255}.${clientNo++ & 255}`) {
  const t0 = performance.now();
  try {
    const r = await fetch(`${base}/api/public/v1/scan?url=${encodeURIComponent(target)}&fresh=1`, {
      headers: { 'x-forwarded-for': ip },
      signal: AbortSignal.timeout(180_000),
    });
    await r.arrayBuffer();
    return { status: r.status, sec: (performance.now() - t0) / 1000 };
  } catch {
    return { status: 0, sec: (performance.now() - t0) / 1000 };
  }
}

const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};

console.log(`bench/capacity on ${root}`);

// ---- 1. throughput ----
if (only.has(1)) {
  // One 200 ms site per client (64 loopback origins): the service caps concurrent requests to one
  // origin (politeness), so many clients scanning one origin measure that cap, not the service.
  const slowSites = [];
  for (let i = 0; i < 64; i++)
    slowSites.push(await fixture({ '*': (req, res) => res.writeHead(200, HTML).end(req.method === 'HEAD' ? undefined : page(1)) }, { delayMs: 200 }));
  const srv = await startServe();
  console.log(`\n1. throughput, each client scanning its own site that answers every request after 200 ms (${windowSec} s per level; ${srv.startLine})`);
  const rates = {};
  for (const clients of [2, 8, 24, 64]) {
    let done = 0;
    let refused = 0;
    let failed = 0;
    const until = Date.now() + windowSec * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        const ip = `10.1.${clients}.${c}`;
        for (let i = 0; Date.now() < until; i++) {
          const r = await scanOnce(srv.base, `${slowSites[c].origin}/c${clients}-${c}-${i}`, ip);
          if (r.status === 200) done++;
          else if (r.status === 429 || r.status === 503) {
            refused++;
            await new Promise((ok) => setTimeout(ok, 500));
          } else failed++;
        }
      }),
    );
    rates[clients] = (done * 60) / windowSec;
    console.log(`   ${String(clients).padStart(2)} clients: ${fmt(rates[clients], 0)} scans/min (${done} done, ${refused} refused 429/503, ${failed} failed)`);
  }
  console.log(`   ratio 24 vs 2 clients: ${fmt(rates[24] / rates[2], 2)}x (target >= 6x)`);
  // The same 24 clients on ONE origin: the per-origin request cap (politeness) is what bounds it.
  let oneOrigin = 0;
  const until = Date.now() + windowSec * 1000;
  await Promise.all(
    Array.from({ length: 24 }, async (_, c) => {
      for (let i = 0; Date.now() < until; i++)
        if ((await scanOnce(srv.base, `${slowSites[0].origin}/one-${c}-${i}`, `10.2.0.${c}`)).status === 200) oneOrigin++;
    }),
  );
  console.log(`   24 clients all scanning one origin: ${fmt((oneOrigin * 60) / windowSec, 0)} scans/min (bounded by the per-origin request cap)`);
  await srv.stop();
}

// ---- 2. head-of-line blocking ----
if (only.has(2)) {
  const healthy = await fixture({ '/': { headers: HTML, body: page(2) }, '*': NOT_FOUND });
  const slow6 = await fixture({ '*': (req, res) => res.writeHead(200, HTML).end(page(3)) }, { delayMs: 6_000 });
  const srv = await startServe();
  console.log(`\n2. a healthy site's scan time while scans of a 6 s-per-response origin run`);
  await scanOnce(srv.base, healthy.origin); // warm-up
  const idle = median(await Promise.all([0, 1, 2].map(async (i) => (await scanOnce(srv.base, `${healthy.origin}/?i=${i}`)).sec)));
  console.log(`   idle: ${fmt(idle, 2)} s`);
  for (const n of [6, 50]) {
    const slowRuns = Array.from({ length: n }, (_, i) => scanOnce(srv.base, `${slow6.origin}/s${n}-${i}`));
    await new Promise((ok) => setTimeout(ok, 1_000));
    const during = await scanOnce(srv.base, `${healthy.origin}/?during=${n}`);
    const slow = await Promise.all(slowRuns);
    const ok = slow.filter((r) => r.status === 200).length;
    console.log(
      `   while ${n} slow scans run: ${fmt(during.sec, 2)} s (status ${during.status}; ${fmt(during.sec / idle, 2)}x idle, target <= 1.5x); slow scans: ${ok}/${n} answered 200, longest ${fmt(Math.max(...slow.map((r) => r.sec)))} s`,
    );
  }
  await srv.stop();
}

// ---- 3. co-tenancy ----
if (only.has(3)) {
  const depth = 50_000;
  const deep = await fixture({
    '/': { headers: HTML, body: `<!doctype html><html><body>${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}</body></html>` },
    '*': NOT_FOUND,
  });
  const bigRobots = await fixture({
    '/robots.txt': {
      headers: { 'content-type': 'text/plain' },
      body: `User-agent: *\n${'Disallow: /a-long-path-that-goes-on-and-on\n'.repeat(Math.ceil((8 * 1024 * 1024) / 42))}`,
    },
    '/': { headers: HTML, body: page(4) },
    '*': NOT_FOUND,
  });
  const normal = await fixture({ '/': { headers: HTML, body: page(5) }, '*': NOT_FOUND });
  const srv = await startServe(['--workers', '1']);
  console.log(`\n3. co-tenancy on one worker thread (--workers 1): a ${depth.toLocaleString('en')}-deep page and an 8 MiB robots.txt`);
  await scanOnce(srv.base, normal.origin);
  const idle = median(await Promise.all([0, 1, 2, 3].map(async (i) => (await scanOnce(srv.base, `${normal.origin}/?idle=${i}`)).sec)));
  await srv.loop('reset');
  const hostile = [scanOnce(srv.base, deep.origin), scanOnce(srv.base, bigRobots.origin)];
  await new Promise((ok) => setTimeout(ok, 200));
  const during = await Promise.all([0, 1, 2, 3].map((i) => scanOnce(srv.base, `${normal.origin}/?during=${i}`)));
  const h = await Promise.all(hostile);
  const delay = await srv.loop('report');
  console.log(
    `   normal scans: idle median ${fmt(idle, 2)} s; beside the hostile pages median ${fmt(median(during.map((r) => r.sec)), 2)} s, max ${fmt(Math.max(...during.map((r) => r.sec)), 2)} s (statuses ${during.map((r) => r.status).join(',')})`,
  );
  console.log(`   hostile scans: deep page ${h[0].status} in ${fmt(h[0].sec)} s, big robots.txt ${h[1].status} in ${fmt(h[1].sec)} s`);
  console.log(`   server event-loop delay meanwhile: p50 ${delay.p50} ms, p99 ${delay.p99} ms (target < 50 ms), max ${delay.max} ms`);
  await srv.stop();
}

// ---- 4. memory ----
if (only.has(4)) {
  console.log(`\n4. memory`);
  if (!process.argv.includes('--batch-only')) {
    const slow = await fixture({ '*': (req, res) => res.writeHead(200, HTML).end(page(6)) }, { delayMs: 2_000 });
    const srv = await startServe();
    const runs = Array.from({ length: 64 }, (_, i) => scanOnce(srv.base, `${slow.origin}/m${i}`, `10.4.0.${i}`));
    const results = await Promise.all(runs);
    const rss = await srv.stop();
    console.log(
      `   serve with 64 scans asked at once: peak RSS ${rss} MiB (target <= 512 MiB); ${results.filter((r) => r.status === 200).length}/64 answered 200, longest ${fmt(Math.max(...results.map((r) => r.sec)))} s`,
    );
  }
  const batchArgs = (argOf('batch-args') ?? '').split(' ').filter(Boolean);

  const batchRss = {};
  for (const n of [100, 400]) {
    const origins = [];
    for (let i = 0; i < n; i++) origins.push((await fixture({ '/': { headers: HTML, body: page(i) }, '*': NOT_FOUND })).origin);
    const t0 = performance.now();
    const child = spawn(
      process.execPath,
      ['--import', join(here, 'bench/max-rss-preload.mjs'), BIN, 'scan', '--input', '-', '--json', '--no-config', ...batchArgs],
      { cwd: root, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdin.end(origins.join('\n') + '\n');
    const code = await new Promise((ok) => child.on('exit', ok));
    const m = /maxRSS=(\d+)/.exec(err);
    batchRss[n] = m ? Math.round(Number(m[1]) / 1024) : NaN;
    console.log(
      `   scan --input of ${n} distinct origins (${batchArgs.join(' ') || 'defaults'}): peak RSS ${batchRss[n]} MiB, ${fmt((performance.now() - t0) / 1000)} s, exit ${code}`,
    );
    for (const s of sites.splice(sites.length - n)) await s.close();
  }
  console.log(`   400 vs 100 origins: ${fmt(batchRss[400] / batchRss[100], 2)}x (target <= 1.25x, and <= 256 MiB)`);
}

// ---- 5. cached scans ----
if (only.has(5)) {
  const cachedSite = await fixture({ '/': { headers: HTML, body: page(7) }, '*': NOT_FOUND });
  const srv = await startServe();
  const url = `${srv.base}/api/public/v1/scan?url=${encodeURIComponent(cachedSite.origin)}`;
  await (await fetch(url)).arrayBuffer();
  const seconds = 5;
  let n = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (Date.now() < until) {
        const r = await fetch(url);
        await r.arrayBuffer();
        if (r.status === 200) n++;
      }
    }),
  );
  console.log(`\n5. cached scans: ${fmt(n / seconds, 0)} requests/s answered from the result cache (32 connections, ${seconds} s)`);
  await srv.stop();
}

for (const s of sites) await s.close();
