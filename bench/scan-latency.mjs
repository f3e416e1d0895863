#!/usr/bin/env node
// Scan latency benchmark: a fixture site with every response delayed by 100 ms, scanned through
// the CLI. Prints wall time, the number of requests and wall/100 ms (the sequential depth).
// Target: a full scan in at most 4 x 100 ms plus process start. A warm in-process scan (modules
// already loaded) shows the round trips alone. Loopback only; stops by itself.
// --pages n is passed to the scan (site scope; default 5 as the CLI's); --site docs uses the
// multi-page docs fixture (a marketing home, /docs pages in llms.txt and the sitemap), so all
// 5 pages are really sampled.
// Usage: npm run build && node bench/scan-latency.mjs [--runs 3] [--delay 100] [--pages 5] [--site agent-ready|docs] [--keep-env]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startFixture } from '../test/fixtures/serve.mjs';
import { agentReady, docsOnlyNegotiation } from '../test/fixtures/sites.mjs';
import { benchEnv, envNote } from './machine-env.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const runs = arg('runs', 3);
const pages = arg('pages', 5);
const siteName = (() => {
  const i = process.argv.indexOf('--site');
  return i > 0 ? process.argv[i + 1] : 'agent-ready';
})();
const SITES = { 'agent-ready': agentReady, docs: docsOnlyNegotiation };
if (!SITES[siteName]) throw new Error(`--site must be one of ${Object.keys(SITES).join(', ')}`);
const delayMs = arg('delay', 100);
const root = fileURLToPath(new URL('..', import.meta.url));

function time(cmd, args) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const spawnedAt = Date.now();
    const child = spawn(cmd, args, { cwd: root, env: benchEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - t0, spawnedAt, code, out, err }));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const starts = [];
for (let i = 0; i < runs; i++) starts.push((await time(process.execPath, ['bin/ai-ready.js', '--version'])).ms);
const processStart = median(starts);

const site = await startFixture((s) => SITES[siteName](s.origin), { delayMs });
const rows = [];
const warm = {};
try {
  for (let i = 0; i < runs; i++) {
    const before = site.requests.length;
    const r = await time(process.execPath, ['bin/ai-ready.js', 'scan', site.origin, '--json', '--pages', String(pages)]);
    if (r.code !== 0) throw new Error(`scan exited ${r.code}: ${r.err}`);
    const result = JSON.parse(r.out);
    const firstRequest = site.requests[before].at - r.spawnedAt;
    // Round trips on the wire: the last request of the scan arrived this many delays after the first.
    const lastRequest = site.requests.at(-1).at - site.requests[before].at;
    rows.push({
      sampled: result.pages?.length ?? 1,
      wire: lastRequest / delayMs + 1,
      wall: r.ms,
      firstRequest,
      requests: site.requests.length - before,
      score: result.overallScore,
      level: result.level,
      engineMs: result.durationMs,
    });
  }
  // The same scan in this process, twice: the second runs with every module already loaded, so its
  // time is round trips, not module loading (what a long-running serve or batch worker sees).
  const { scan } = await import('../dist/index.js');
  for (const label of ['cold', 'warm']) {
    const before = site.requests.length;
    const result = await scan(site.origin, { pages });
    const arrivals = site.requests.slice(before).map((q) => q.at);
    warm[label] = { engineMs: result.durationMs, wire: (arrivals.at(-1) - arrivals[0]) / delayMs + 1 };
  }
} finally {
  await site.close();
}

const wall = median(rows.map((r) => r.wall));
const engine = median(rows.map((r) => r.engineMs));
const startup = median(rows.map((r) => r.firstRequest));
console.log(`scan-latency: ${siteName} fixture, --pages ${pages} (${rows[0].sampled} sampled), ${delayMs} ms per response, ${runs} runs (median)${envNote}`);
console.log(`  node + ai-ready --version:                 ${processStart.toFixed(0)} ms`);
console.log(`  CLI start-up to its first request:         ${startup} ms`);
console.log(`  wall time (CLI scan, spawn to exit):       ${wall.toFixed(0)} ms`);
console.log(`  engine durationMs (scan() call):           ${engine} ms`);
console.log(`  requests per scan:                         ${rows[0].requests}`);
console.log(`  sequential depth, engine / ${delayMs} ms:          ${(engine / delayMs).toFixed(2)}`);
console.log(`  sequential depth, (wall - start-up) / ${delayMs}:  ${((wall - startup) / delayMs).toFixed(2)}`);
console.log(`  round trips on the wire (last request - first) / ${delayMs} + 1: ${median(rows.map((r) => r.wire)).toFixed(2)}`);
console.log(
  `  in process, modules loaded (warm): engine ${warm.warm.engineMs} ms = ${(warm.warm.engineMs / delayMs).toFixed(2)} x delay, ${warm.warm.wire.toFixed(2)} round trips on the wire`,
);
console.log(`  result: score ${rows[0].score}, level ${rows[0].level}`);
const budget = 4 * delayMs + startup;
console.log(`  target: wall <= 4 x ${delayMs} ms + process start-up (${startup} ms) = ${budget} ms -> ${wall <= budget ? 'met' : 'NOT met'}`);
