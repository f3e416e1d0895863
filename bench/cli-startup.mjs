#!/usr/bin/env node
// Startup time of `ai-ready --version`, `--help` and `scan --help` next to a bare `node -e 0`,
// paired: each round runs them all in turn, and the ratio is the median of the per-round ratios,
// so a shared machine's drifting load cancels out. Target: within 1.2x of bare node (--version
// answers from package.json in bin/, the helps from the texts the build rendered in dist/help;
// neither loads the ES module CLI). `explain --help` has no prebuilt text: it shows what loading
// the CLI costs.
// Usage: npm run build && node bench/cli-startup.mjs [runs] [--keep-env]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchEnv, envNote } from './machine-env.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = `${root}bin/ai-ready.js`;
const runs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 15);
const commands = [
  ['node -e 0', ['-e', '0']],
  ['ai-ready --version', [bin, '--version']],
  ['ai-ready --help', [bin, '--help']],
  ['ai-ready scan --help', [bin, 'scan', '--help']],
  ['ai-ready explain -h', [bin, 'explain', '--help']],
];

function once(args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: 'ignore', env: benchEnv });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const times = commands.map(() => []);
for (let round = 0; round < runs + 2; round++) {
  const t = commands.map(([, args]) => once(args));
  if (round >= 2) t.forEach((ms, i) => times[i].push(ms)); // two warm-up rounds fill the file cache
}
console.log(`${runs} paired rounds, median (min), node ${process.version}${envNote}`);
commands.forEach(([name], i) => {
  const ratio = median(times[i].map((ms, k) => ms / times[0][k]));
  const verdict = i === 0 || name.includes('explain') ? '' : ratio <= 1.2 ? '  ok' : '  over the 1.2x target';
  console.log(`${name.padEnd(22)} ${median(times[i]).toFixed(1).padStart(7)} ms (${Math.min(...times[i]).toFixed(1)})  ${ratio.toFixed(2)}x${verdict}`);
});
