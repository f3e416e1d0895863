#!/usr/bin/env node
// Load benchmark of the history pictures of `ai-ready serve`: a domain page charting 100 scans
// (the most it shows), the compare page, the compare JSON and the domain badge. A server process
// is started from bin/ with a temp data dir and the rate limit off; 100 fresh scans of a loopback
// fixture fill the history. Prints req/s and latency percentiles; no asserts. Loopback only.
// Usage: npm run build && node bench/history.mjs [--duration 5] [--connections 10] [--scans 100]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startFixture } from '../test/fixtures/serve.mjs';
import { agentReady } from '../test/fixtures/sites.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const duration = arg('duration', 5);
const connections = arg('connections', 10);
const scans = arg('scans', 100);
const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(join(root, 'dist/cli.js'))) {
  console.error('bench/history: run `npm run build` first');
  process.exit(2);
}

const dataDir = mkdtempSync(join(tmpdir(), 'ai-ready-bench-history-'));
const site = await startFixture((s) => agentReady(s.origin));
const child = spawn(
  process.execPath,
  ['bin/ai-ready.js', 'serve', '--port', '0', '--data-dir', dataDir, '--allow-private-network', '--rate-limit', '0', '--quiet', '--workers', '1'],
  {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  },
);
const base = await new Promise((resolve, reject) => {
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
    const m = /listening on (http:\/\/\S+)/.exec(err);
    if (m) resolve(m[1]);
  });
  child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
});

function load(title, path) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base + path, connections, duration, pipelining: 1 }, (err, r) => {
      if (err) return reject(err);
      resolve({ title, 'req/s': Math.round(r.requests.average), 'p50 ms': r.latency.p50, 'p99 ms': r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

try {
  const ids = [];
  const started = performance.now();
  for (let i = 0; i < scans; i++) {
    const res = await fetch(`${base}/api/public/v1/scan?url=${encodeURIComponent(site.origin)}&fresh=1&pages=1`);
    ids.push((await res.json()).shareId);
  }
  console.log(`${scans} scans stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const page = await (await fetch(`${base}/d/127.0.0.1`)).text();
  console.log(`domain page: ${(page.length / 1024).toFixed(0)} KiB, ${(page.match(/data-series="overall" data-report/g) ?? []).length} points`);
  const rows = [];
  rows.push(await load(`domain page /d/<host> (${scans} scans)`, '/d/127.0.0.1'));
  rows.push(await load('compare page /compare', `/compare?from=${ids[0]}&to=${ids[ids.length - 1]}`));
  rows.push(await load('compare JSON /api/public/v1/compare', `/api/public/v1/compare?from=${ids[0]}&to=${ids[ids.length - 1]}`));
  rows.push(await load('domain badge /d/<host>/badge.svg', '/d/127.0.0.1/badge.svg'));
  console.table(rows);
} finally {
  child.kill('SIGTERM');
  await site.close();
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
