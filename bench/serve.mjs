#!/usr/bin/env node
// Load benchmark of `ai-ready serve` with autocannon: report reads (JSON API and the HTML page)
// and cached scans, against a server process started from bin/ with a temp data dir and the
// rate limit off (--rate-limit 0: the limit is per IP and the bench is one IP). Prints req/s and
// latency percentiles; no asserts. Targets on a 2-core machine: report reads >= 5,000 req/s,
// cached scans >= 3,000 req/s, p99 < 25 ms. Loopback only; stops by itself.
// Usage: npm run build && node bench/serve.mjs [--duration 10] [--connections 20] [--log]
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
const duration = arg('duration', 10);
const connections = arg('connections', 20);
const withLog = process.argv.includes('--log');
const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(join(root, 'dist/cli.js'))) {
  console.error('bench/serve: run `npm run build` first');
  process.exit(2);
}

const dataDir = mkdtempSync(join(tmpdir(), 'ai-ready-bench-'));
const site = await startFixture((s) => agentReady(s.origin));
const args = ['bin/ai-ready.js', 'serve', '--port', '0', '--data-dir', dataDir, '--allow-private-network', '--rate-limit', '0'];
if (!withLog) args.push('--quiet');
const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', withLog ? 'ignore' : 'ignore', 'pipe'] });
const base = await new Promise((resolve, reject) => {
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
    const m = /listening on (http:\/\/\S+)/.exec(err);
    if (m) resolve(m[1]);
  });
  child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
});

function load(title, path, seconds = duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base + path, connections, duration: seconds, pipelining: 1 }, (err, r) => {
      if (err) return reject(err);
      resolve({
        title,
        'req/s': Math.round(r.requests.average),
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        'max ms': r.latency.max,
        non2xx: r.non2xx,
        errors: r.errors,
      });
    });
  });
}

try {
  const scanPath = `/api/public/v1/scan?url=${encodeURIComponent(site.origin)}`;
  const first = await fetch(base + scanPath);
  const { shareId, cached } = await first.json();
  if (!shareId || cached) throw new Error('the warm-up scan did not produce a fresh report');
  // Warm-up (JIT, caches), not reported.
  for (const p of [`/api/public/v1/report/${shareId}`, scanPath, `/r/${shareId}`]) await load('warm-up', p, 2);
  const rows = [];
  rows.push(await load('report read (GET /api/public/v1/report/:id)', `/api/public/v1/report/${shareId}`));
  rows.push(await load('cached scan (GET /api/public/v1/scan?url=...)', scanPath));
  rows.push(await load('report page (GET /r/:id, HTML)', `/r/${shareId}`));
  console.log(`ai-ready serve under autocannon: ${connections} connections, ${duration} s each, access log ${withLog ? 'on' : 'off'}`);
  console.table(rows);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await site.close();
  rmSync(dataDir, { recursive: true, force: true });
}
