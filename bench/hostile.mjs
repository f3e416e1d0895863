#!/usr/bin/env node
// Hostile-page benchmark: a loopback page of 50,000 nested <div>s.
// 1. `ai-ready serve` (worker pool) scans it while the bench measures the server's event-loop
//    delay (perf_hooks.monitorEventLoopDelay, preloaded into the server) and times report reads.
//    Target: event-loop delay p99 < 50 ms.
// 2. `ai-ready scan` of that page, on the main thread (the single-site default) and with
//    --workers 1: wall time, exit code and peak RSS. Targets: < 10 s and < 256 MB.
// Prints figures, no asserts. Loopback only; starts and stops its own servers.
// Usage: npm run build && node bench/hostile.mjs [--depth 50000]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixture } from '../test/fixtures/serve.mjs';

const argOf = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const depth = Number(argOf('depth') ?? 50_000);
const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(join(root, 'dist/cli.js'))) {
  console.error('bench/hostile: run `npm run build` first');
  process.exit(2);
}

const NOT_FOUND = { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
const deep = await startFixture({
  '/': { headers: { 'content-type': 'text/html' }, body: `<!doctype html><html><body>${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}</body></html>` },
  '*': NOT_FOUND,
});
const plain = await startFixture({ '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>x</title><h1>x</h1>' }, '*': NOT_FOUND });

// ---- 1. the server ----
const dataDir = mkdtempSync(join(tmpdir(), 'ai-ready-bench-hostile-'));
const server = spawn(
  process.execPath,
  [
    '--import',
    join(root, 'bench/event-loop-preload.mjs'),
    join(root, 'bin/ai-ready.js'),
    'serve',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--allow-private-network',
    '--rate-limit',
    '0',
    '--quiet',
  ],
  { cwd: root, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
);
const base = await new Promise((resolve, reject) => {
  let err = '';
  server.stderr.on('data', (d) => {
    err += d;
    const m = /listening on (http:\/\/\S+)/.exec(err);
    if (m) resolve(m[1]);
  });
  server.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
});
const loopDelay = () =>
  new Promise((resolve) => {
    server.once('message', resolve);
    server.send('report');
  });
const scanUrl = (target) => `${base}/api/public/v1/scan?url=${encodeURIComponent(target)}&fresh=1`;

const { shareId } = await (await fetch(scanUrl(plain.origin))).json();
server.send('reset');
const t0 = performance.now();
let hostileDone = false;
const hostile = fetch(scanUrl(deep.origin)).then(async (r) => {
  hostileDone = true;
  const body = await r.json();
  return { status: r.status, detail: body.detail ?? `score ${body.score ?? body.overallScore}`, seconds: (performance.now() - t0) / 1000 };
});
const reads = [];
while (!hostileDone) {
  const t = performance.now();
  const r = await fetch(`${base}/api/public/v1/report/${shareId}`);
  await r.arrayBuffer();
  reads.push({ ms: performance.now() - t, ok: r.status === 200 });
  await new Promise((r) => setTimeout(r, 100));
}
const answer = await hostile;
const delay = await loopDelay();
const sorted = reads.map((r) => r.ms).sort((a, b) => a - b);
const pct = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1) : '-');
const alive = (await fetch(`${base}/healthz`)).status === 200;
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

console.log(`\nserve, ${depth}-deep page scanned in the pool:`);
console.table([
  {
    'hostile answer': `${answer.status} after ${answer.seconds.toFixed(1)} s`,
    'loop delay p50 ms': delay.p50,
    'loop delay p99 ms': delay.p99,
    'loop delay max ms': delay.max,
    'report reads': `${reads.filter((r) => r.ok).length}/${reads.length} ok`,
    'read p50 ms': pct(50),
    'read p99 ms': pct(99),
    'alive after': alive,
  },
]);
console.log(`hostile answer: ${String(answer.detail).slice(0, 160)}`);
console.log('target: event-loop delay p99 < 50 ms');

// ---- 2. the CLI ----
function cliScan(extra) {
  return new Promise((resolve) => {
    const t = performance.now();
    const child = spawn(
      process.execPath,
      ['--import', join(root, 'bench/max-rss-preload.mjs'), join(root, 'bin/ai-ready.js'), 'scan', deep.origin, '--json', '--no-config', ...extra],
      {
        cwd: root,
        env: { ...process.env, NO_COLOR: '1' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const killer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      const rss = /\[bench\] maxRSS=(\d+)/.exec(err);
      const message = err.split('\n').find((l) => l.startsWith('ai-ready:') || /Error/.test(l)) ?? '';
      resolve({
        run: `scan ${extra.join(' ') || '(main thread)'}`,
        exit: code ?? signal,
        'wall s': ((performance.now() - t) / 1000).toFixed(1),
        'peak RSS MiB': rss ? (Number(rss[1]) / 1024).toFixed(0) : '?',
        message: message.slice(0, 90),
      });
    });
  });
}
const cli = [await cliScan([]), await cliScan(['--workers', '1'])];
console.log(`\nCLI scan of the ${depth}-deep page:`);
console.table(cli);
console.log('targets: < 10 s wall, < 256 MB peak RSS');
await Promise.all([deep.close(), plain.close()]);
