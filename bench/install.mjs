#!/usr/bin/env node
/**
 * What installing ai-ready costs a newcomer: the packed tarball installed in an empty folder with an
 * empty npm cache, (1) as `npx ai-ready scan` gets it (optional peers not installed), (2) with
 * every optional package of `serve` and `--render`, and (3) Lighthouse the same way, for scale.
 * Prints, per install: packages added (npm's own count), MB on disk, seconds.
 *
 *   node bench/install.mjs                 all three
 *   node bench/install.mjs light full      some of them (light, full, lighthouse)
 *
 * The registry is reached through npm's ordinary client (--prefer-offline within the fresh cache).
 * Figures depend on the network and the machine: they are printed, never asserted.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const optional = Object.keys(pkg.peerDependenciesMeta ?? {}).filter((n) => pkg.peerDependenciesMeta[n].optional && n !== '@keyv/redis');
const asked = process.argv.slice(2);
const wanted = (name) => asked.length === 0 || asked.includes(name);

/** Bytes of a folder, files only (what `du` reports, without block rounding). */
function sizeOf(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

function install(key, label, specs, allowScripts = undefined) {
  const dir = mkdtempSync(join(tmpdir(), `ai-ready-install-${key}-`));
  const cache = join(dir, '.npm-cache');
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty', private: true, ...(allowScripts ? { allowScripts } : {}) }));
  const started = process.hrtime.bigint();
  const run = spawnSync('npm', ['install', ...specs, '--no-audit', '--no-fund', '--prefer-offline', '--cache', cache], { cwd: project, encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    throw new Error(`${label}: npm install exited ${run.status}`);
  }
  const added = Number(/added (\d+) packages?/.exec(run.stdout + run.stderr)?.[1] ?? NaN);
  const mb = sizeOf(join(project, 'node_modules')) / 1e6;
  const warnings = (run.stdout + run.stderr).split('\n').filter((l) => /npm warn/i.test(l));
  rmSync(dir, { recursive: true, force: true });
  const r = { label, added, mb, seconds, warnings };
  report(r);
  return r;
}

const results = [];
if (wanted('light') || wanted('full')) {
  const packDir = mkdtempSync(join(tmpdir(), 'ai-ready-pack-'));
  // The build `npm pack` and `npm publish` run (prepack), then the tarball it would upload.
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const tarball = join(packDir, packed[0].filename);
  process.stdout.write(`tarball ${packed[0].filename}: ${(packed[0].size / 1e6).toFixed(2)} MB packed, ${packed[0].entryCount} files\n`);
  if (wanted('light')) results.push(install('light', 'ai-ready (scan: no optional packages)', [tarball]));
  if (wanted('full')) {
    const specs = optional.map((n) => `${n}@${pkg.peerDependencies[n]}`);
    results.push(install('full', `ai-ready + ${optional.join(' ')}`, [tarball, ...specs], { sqlite3: true }));
  }
  rmSync(packDir, { recursive: true, force: true });
}
if (wanted('lighthouse')) results.push(install('lighthouse', 'lighthouse (latest)', ['lighthouse']));

/** One install's figures, printed as soon as it is measured. */
function report(r) {
  process.stdout.write(
    `${r.label}: ${r.added} packages, ${r.mb.toFixed(1)} MB, ${r.seconds.toFixed(1)} s${r.warnings.length ? ` (${r.warnings.length} npm warnings: ${r.warnings.slice(0, 3).join(' | ')})` : ''}\n`,
  );
}
