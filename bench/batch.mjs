#!/usr/bin/env node
// Batch benchmark: `ai-ready scan --input - --json` over 100, 400 and 1,600 loopback sites (one
// fixture server; each site is its own page path). Prints wall time, time to the first NDJSON
// line and the CLI's peak RSS (worker threads included). Targets (issue 39): peak RSS at 1,600
// sites at most 256 MiB and within 1.25x of 100 sites (results stream out and are not kept).
// No asserts; loopback only. BENCH_PRELOAD=<file> replaces bench/max-rss-preload.mjs (it must
// print the same `[bench] maxRSS=` line; a `[mem] ...` line it prints is shown per size).
// Usage: npm run build && node bench/batch.mjs [--sizes 100,400,1600] [--workers n]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixture } from '../test/fixtures/serve.mjs';

const argOf = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const sizes = (argOf('sizes') ?? '100,400,1600').split(',').map(Number);
const workers = argOf('workers');
const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(join(root, 'dist/cli.js'))) {
  console.error('bench/batch: run `npm run build` first');
  process.exit(2);
}

const page = (n) =>
  `<!doctype html><html lang="en"><head><title>Site ${n}</title><meta name="description" content="A bench site"></head><body><h1>Site ${n}</h1>${'<p>Some text for the content checks to read.</p>'.repeat(40)}</body></html>`;
const site = await startFixture({
  '*': (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path.startsWith('/s/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(req.method === 'HEAD' ? undefined : page(path.slice(3)));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  },
});

function runBatch(n) {
  const urls = Array.from({ length: n }, (_, i) => `${site.origin}/s/${i + 1}`).join('\n') + '\n';
  const args = [
    '--import',
    process.env.BENCH_PRELOAD ?? join(root, 'bench/max-rss-preload.mjs'),
    join(root, 'bin/ai-ready.js'),
    'scan',
    '--input',
    '-',
    '--json',
    '--no-config',
  ];
  if (workers) args.push('--workers', workers);
  return new Promise((resolve) => {
    const started = performance.now();
    let firstLineMs = null;
    let lines = 0;
    let partial = '';
    let stderr = '';
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => {
      partial += d;
      const parts = partial.split('\n');
      partial = parts.pop();
      if (parts.length && firstLineMs === null) firstLineMs = performance.now() - started;
      lines += parts.length;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      if (stderr.length > 1e6) stderr = stderr.slice(-1e5);
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), 30 * 60_000);
    child.on('close', (code) => {
      clearTimeout(killer);
      const rss = /\[bench\] maxRSS=(\d+)/.exec(stderr);
      const mem = /\[mem\] (.*)/.exec(stderr);
      if (mem) console.error(`bench/batch: ${n} sites: ${mem[1]}`);
      resolve({
        sites: n,
        exit: code,
        'lines out': lines,
        'wall s': ((performance.now() - started) / 1000).toFixed(1),
        'first line s': firstLineMs === null ? '-' : (firstLineMs / 1000).toFixed(2),
        'peak RSS MiB': rss ? (Number(rss[1]) / 1024).toFixed(0) : '?',
      });
    });
    child.stdin.end(urls);
  });
}

const rows = [];
for (const n of sizes) {
  const row = await runBatch(n);
  rows.push(row);
  console.error(`bench/batch: ${n} sites done`);
}
await site.close();
console.table(rows);
const by = Object.fromEntries(rows.map((r) => [r.sites, Number(r['peak RSS MiB'])]));
for (const n of sizes.filter((n) => n > 100 && by[n] && by[100]))
  console.log(`peak RSS ${n} / 100 sites: ${(by[n] / by[100]).toFixed(2)}x (target <= 1.25x)${n >= 1600 ? `; ${by[n]} MiB (target <= 256 MiB)` : ''}`);
