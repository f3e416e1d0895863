#!/usr/bin/env node
// ai-ready next to its peers, whole process, side by side in one run. Installs afdocs, aiseo-audit
// and llms-txt-check from the npm registry into bench/.peers/ (git-ignored; once), serves the
// agent-ready fixture site on 127.0.0.1 with a per-response delay, then runs every tool in turn
// (paired: one run of each per round, the starting tool rotating) and prints, per delay, each
// tool's median/min/max wall time, its ratio to ai-ready (median of the per-round ratios) and the
// requests it made (counted at the fixture). Every process runs under bench/loopback-only.mjs,
// which refuses any DNS lookup or connection off loopback; refusals are counted and printed.
// Not part of `npm test`; prints figures, asserts nothing.
// Usage: npm run build && node bench/peers.mjs [--runs 10] [--delays 0,50] [--only afdocs,...] [--keep-env]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startFixture } from '../test/fixtures/serve.mjs';
import { agentReady } from '../test/fixtures/sites.mjs';
import { benchEnv as env, envNote } from './machine-env.mjs';

const argOf = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(argOf('runs', 10));
const delays = String(argOf('delays', '0,50')).split(',').map(Number);
const only = argOf('only', '')?.split(',').filter(Boolean) ?? [];
const root = fileURLToPath(new URL('..', import.meta.url));
const peersDir = join(root, 'bench/.peers');
const guard = pathToFileURL(join(root, 'bench/loopback-only.mjs')).href;

/** The peers: package, how to run it against a URL, and where its JSON lands. */
const PEERS = [
  {
    name: 'afdocs',
    pkg: 'afdocs',
    bin: 'afdocs',
    args: (u) => ['check', u, '--format', 'json', '--score', '--request-delay', '0', '--max-concurrency', '8', '-q'],
  },
  { name: 'aiseo-audit', pkg: 'aiseo-audit', bin: 'aiseo-audit', args: (u) => [`${u}/`, '--json'] },
  { name: 'llms-txt-check', pkg: 'llms-txt-check', bin: 'llms-txt-check', args: (u) => [u, '--json'] },
];

function installPeers() {
  const missing = PEERS.filter((p) => !existsSync(join(peersDir, 'node_modules', p.pkg, 'package.json')));
  if (!missing.length) return;
  mkdirSync(peersDir, { recursive: true });
  if (!existsSync(join(peersDir, 'package.json'))) writeFileSync(join(peersDir, 'package.json'), '{ "name": "ai-ready-bench-peers", "private": true }\n');
  console.log(`installing ${missing.map((p) => p.pkg).join(', ')} into bench/.peers/ ...`);
  // afdocs declares Node >= 22; engine-strict stays off so it installs on Node 20 and is tried anyway.
  const r = spawnSync('npm', ['install', '--prefix', peersDir, '--engine-strict=false', '--no-audit', '--no-fund', ...missing.map((p) => p.pkg)], {
    stdio: 'inherit',
  });
  if (r.status !== 0) console.error('bench/peers: npm install failed; the missing peers are skipped');
}

function binOf(peer) {
  const pkgDir = join(peersDir, 'node_modules', peer.pkg);
  if (!existsSync(join(pkgDir, 'package.json'))) return null;
  const meta = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const bin = typeof meta.bin === 'string' ? meta.bin : meta.bin?.[peer.bin];
  return bin ? { path: join(pkgDir, bin), version: meta.version, engines: meta.engines?.node } : null;
}

function run(tool, url) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', guard, tool.script, ...tool.args(url)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ ms: performance.now() - t0, code, out, err }));
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** True when the output is the tool's JSON report, i.e. the run did its job. */
function producedReport(r) {
  try {
    const first = r.out.trim().split('\n')[0].startsWith('{') ? r.out : r.out.slice(r.out.indexOf('{'));
    return typeof JSON.parse(first) === 'object';
  } catch {
    return false;
  }
}

if (!existsSync(join(root, 'dist/cli.js'))) {
  console.error('bench/peers: run `npm run build` first');
  process.exit(2);
}
installPeers();
const tools = [
  {
    name: 'ai-ready',
    version: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version,
    script: join(root, 'bin/ai-ready.js'),
    args: (u) => ['scan', u, '--json'],
  },
];
for (const p of PEERS) {
  if (only.length && !only.includes(p.name)) continue;
  const bin = binOf(p);
  if (!bin) console.log(`${p.name}: not installed, skipped`);
  else tools.push({ name: p.name, version: bin.version, engines: bin.engines, script: bin.path, args: p.args });
}

console.log(`peers: agent-ready fixture on 127.0.0.1, whole process (spawn to exit), ${runs} paired rounds, node ${process.version}${envNote}`);
for (const delayMs of delays) {
  const site = await startFixture((s) => agentReady(s.origin), { delayMs });
  const rows = new Map(tools.map((t) => [t.name, { times: [], requests: [], unique: [], codes: new Set(), refused: 0, reports: 0, lastErr: '' }]));
  try {
    for (const t of tools) await run(t, site.origin); // warm-up: file cache, JIT of the bench itself
    for (let round = 0; round < runs; round++) {
      for (let k = 0; k < tools.length; k++) {
        const t = tools[(round + k) % tools.length];
        const before = site.requests.length;
        const r = await run(t, site.origin);
        const reqs = site.requests.slice(before);
        const row = rows.get(t.name);
        row.times.push(r.ms);
        row.requests.push(reqs.length);
        row.unique.push(new Set(reqs.map((q) => `${q.method} ${q.path} ${q.accept}`)).size);
        row.codes.add(r.code);
        row.refused += (r.err.match(/^loopback-only: refused/gm) ?? []).length;
        if (producedReport(r)) row.reports++;
        else
          row.lastErr =
            r.err
              .trim()
              .split('\n')
              .filter((l) => !l.startsWith('loopback-only'))
              .slice(-1)[0] ?? '';
      }
    }
  } finally {
    await site.close();
  }
  const mine = rows.get('ai-ready').times;
  console.log(`\n${delayMs} ms per response`);
  console.log('| tool | median | min-max | requests (distinct) | ai-ready / tool (median of pairs) | exit codes | note |');
  console.log('|---|---|---|---|---|---|---|');
  for (const t of tools) {
    const row = rows.get(t.name);
    const ratio = t.name === 'ai-ready' ? '1.00' : median(row.times.map((ms, i) => mine[i] / ms)).toFixed(2);
    const notes = [];
    if (t.engines && !satisfiesNode(t.engines)) notes.push(`declares node ${t.engines}`);
    if (row.reports < runs) notes.push(`JSON report in ${row.reports}/${runs} runs${row.lastErr ? `: ${row.lastErr.slice(0, 120)}` : ''}`);
    if (row.refused) notes.push(`${row.refused} off-loopback attempts refused`);
    console.log(
      `| ${t.name} ${t.version} | ${fmt(median(row.times))} | ${fmt(Math.min(...row.times))}-${fmt(Math.max(...row.times))} | ${median(row.requests)} (${median(row.unique)}) | ${ratio} | ${[...row.codes].join(',')} | ${notes.join('; ')} |`,
    );
  }
}

/** Enough of semver for ">=22"-style engine ranges: is this Node at least that major? */
function satisfiesNode(range) {
  const m = /^>=\s*(\d+)/.exec(range.trim());
  return !m || Number(process.versions.node.split('.')[0]) >= Number(m[1]);
}
