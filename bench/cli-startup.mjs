#!/usr/bin/env node
// Startup time of `ai-ready --version` and `ai-ready --help` next to a bare `node -e 0`.
// Target: within 1.5x of bare node (ink, react and the engine load lazily, only for a scan).
// Usage: npm run build && node bench/cli-startup.mjs [runs]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = `${root}bin/ai-ready.js`;
const runs = Number(process.argv[2] ?? 15);

function timeOf(args) {
  const times = [];
  for (let i = 0; i < runs + 2; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { stdio: 'ignore' });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
    if (i >= 2) times.push(ms); // two warm-up runs fill the file cache
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], min: times[0] };
}

const base = timeOf(['-e', '0']);
const rows = [
  ['node -e 0', base],
  ['ai-ready --version', timeOf([bin, '--version'])],
  ['ai-ready --help', timeOf([bin, '--help'])],
];
console.log(`${runs} runs each, median (min), node ${process.version}`);
for (const [name, t] of rows) {
  const ratio = t.median / base.median;
  console.log(`${name.padEnd(20)} ${t.median.toFixed(1).padStart(7)} ms (${t.min.toFixed(1)})  ${ratio.toFixed(2)}x${name === 'node -e 0' ? '' : ratio <= 1.5 ? '  ok' : '  over the 1.5x target'}`);
}
