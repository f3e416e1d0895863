#!/usr/bin/env node
// How files that real sites publish fare: serves every file of ../shared/realworld/files and
// ../shared/realworld2/files (the sets that exist) from one loopback fixture site per source
// repository and set, at the path the site publishes it under (public/, static/, docs/public/ and
// nbs/ are the frameworks' web roots; SOURCES.md names the rewrites a site serves), scans each site
// with the built CLI and prints one line per file and the checks that read it: status, code,
// evidence. The files name real hosts (card endpoints, catalog links), so scans must never leave
// loopback: as root the whole bench re-runs itself in a fresh network namespace holding only `lo`
// (unshare --net), and every scan also runs under bench/loopback-only.mjs, which refuses any DNS
// lookup or connection off loopback before a packet leaves. Without a namespace the preload alone
// keeps it on loopback; refusals are counted and printed.
// Not part of `npm test`; prints figures, asserts nothing.
// Usage: npm run build && node bench/realworld.mjs [--dir ../shared/realworld[,../shared/realworld2]]
//   [--markdown] [--kind robots,mcp] [--cli other/bin/ai-ready.js] [--all-checks-json out.json]
// --cli scans with another build (e.g. main's, to compare); --all-checks-json also writes every
// check's status and code for every site, for comparing two builds verdict by verdict.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchEnv as env } from './machine-env.mjs';

const argOf = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const root = fileURLToPath(new URL('..', import.meta.url));
// The shared reference files sit beside the checkout (../shared) or, from a git worktree one level
// deeper, at ../../shared; --dir names them explicitly.
const shared = [join(root, '../shared'), join(root, '../../shared')].find((d) => existsSync(join(d, 'realworld'))) ?? join(root, '../shared');
const corpusDirs = argOf('dir', `${join(shared, 'realworld')},${join(shared, 'realworld2')}`)
  .split(',')
  .filter(Boolean)
  .map((d) => resolve(d));
const markdown = process.argv.includes('--markdown');
const kinds = argOf('kind', '')?.split(',').filter(Boolean) ?? [];
const allChecksOut = argOf('all-checks-json', null);
const guard = pathToFileURL(join(root, 'bench/loopback-only.mjs')).href;
const cli = resolve(argOf('cli', join(root, 'bin/ai-ready.js')));

/** The checks that read each kind of file. */
const CHECKS_OF_KIND = {
  llms: ['D4'],
  'llms-full': ['D5'],
  robots: ['D1', 'B1', 'B2', 'B5'],
  a2a: ['A5'],
  mcp: ['A4'],
  skills: ['A6'],
  'api-catalog': ['A1'],
  'ai-catalog': ['A10'],
  'mcp-catalog': ['A4'],
  ard: ['A10'],
  'oauth-pr': ['A3'],
  ucp: ['M1'],
  'skills-aux': [],
};

/** Web roots of the frameworks the repositories use: the path under them is the served path. */
const WEB_ROOT = /^(?:docs\/public|public|static|nbs)\//;
/** Rewrites a site serves (SOURCES.md says so): the repository path, then the path it is served at. */
const REWRITES = { 'public/robots.www.txt': '/robots.txt' };

/** Content types a site would send for each published path. */
function contentType(path) {
  if (path.endsWith('.json') || path === '/.well-known/oauth-protected-resource' || path === '/.well-known/ucp') return 'application/json';
  if (path.endsWith('/api-catalog')) return 'application/linkset+json';
  if (path.endsWith('.md')) return 'text/markdown; charset=utf-8';
  if (path.endsWith('.txt')) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}

/** SOURCES.md's table: kind, repository and path of every file of one set. */
function readSources(corpusDir) {
  const rows = [];
  const set = corpusDir.split('/').filter(Boolean).at(-1);
  for (const line of readFileSync(join(corpusDir, 'SOURCES.md'), 'utf8').split('\n')) {
    const m = /^\| ([a-z0-9-]+) \| \[([^\]]+)\]\([^)]*\) \| `([^`]+)` \|/.exec(line);
    if (!m) continue;
    const [, kind, repo, path] = m;
    const file = join(corpusDir, 'files', kind, `${repo.replace('/', '__')}__${path.replaceAll('/', '_')}`);
    if (!existsSync(file)) continue;
    const served = REWRITES[path] ?? '/' + path.replace(WEB_ROOT, '');
    rows.push({ set, kind, repo, path, served, file });
  }
  return rows;
}

/** One loopback site per repository: its files at their paths, a plain home page at /. */
function startSite(files) {
  const byPath = new Map(files.map((f) => [f.served, f]));
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const f = byPath.get(path);
    if (f) {
      res.writeHead(200, { 'content-type': contentType(path) });
      res.end(req.method === 'HEAD' ? undefined : readFileSync(f.file));
      return;
    }
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><html lang="en"><head><title>Fixture</title></head><body><main><h1>Fixture</h1><p>Real files served on loopback.</p></main></body></html>',
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

function scan(url) {
  return new Promise((ok) => {
    const child = spawn(process.execPath, ['--import', guard, cli, 'scan', url, '--json', '--pages', '1', '--timeout', '20'], {
      env: { ...env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const refused = (err.match(/loopback-only: refused/g) ?? []).length;
      try {
        ok({ code, result: JSON.parse(out), refused });
      } catch {
        ok({ code, result: null, refused, error: err.trim().split('\n').slice(-1)[0] || `exit ${code}` });
      }
    });
  });
}

const clip = (s, n) => (s.length > n ? s.slice(0, n - 1) + '…' : s);
const cell = (s) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** Re-run inside a network namespace with only loopback, where the machine lets us make one. */
function reExecIsolated() {
  if (process.env.AI_READY_REALWORLD_NETNS || process.getuid?.() !== 0) return;
  const probe = spawnSync('unshare', ['--net', 'ip', 'link', 'set', 'lo', 'up'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) return;
  const args = process.argv
    .slice(1)
    .map((a) => `'${a.replaceAll("'", "'\\''")}'`)
    .join(' ');
  const r = spawnSync('unshare', ['--net', 'sh', '-c', `ip link set lo up && exec '${process.execPath}' ${args}`], {
    stdio: 'inherit',
    env: { ...process.env, AI_READY_REALWORLD_NETNS: '1' },
  });
  process.exit(r.status ?? 1);
}

async function main() {
  const dirs = corpusDirs.filter((d) => existsSync(join(d, 'SOURCES.md')));
  if (!dirs.length) {
    console.log(`No real-world corpus at ${corpusDirs.join(', ')} (SOURCES.md missing): nothing to do.`);
    return;
  }
  if (!existsSync(join(cli, '../../dist/scan-cli.cjs'))) {
    console.error('Build first: npm run build');
    process.exit(2);
  }
  reExecIsolated();
  const isolation = process.env.AI_READY_REALWORLD_NETNS
    ? 'network namespace with loopback only + loopback-only preload'
    : 'loopback-only preload (no namespace: not root or unshare unavailable)';
  const rows = dirs.flatMap(readSources);
  const repos = new Map();
  for (const r of rows) repos.set(`${r.set} ${r.repo}`, [...(repos.get(`${r.set} ${r.repo}`) ?? []), r]);

  const lines = [];
  const allChecks = [];
  let refusedTotal = 0;
  for (const [key, files] of repos) {
    const repo = files[0].repo;
    const judged = files.filter((f) => (CHECKS_OF_KIND[f.kind] ?? []).length && (!kinds.length || kinds.includes(f.kind)));
    if (!judged.length) continue;
    const server = await startSite(files);
    const url = `http://127.0.0.1:${server.address().port}/`;
    const { result, refused, error } = await scan(url);
    server.close();
    refusedTotal += refused;
    for (const c of result?.checks ?? []) allChecks.push({ site: key, check: c.id, status: c.status, code: c.code ?? '' });
    for (const f of judged) {
      for (const id of CHECKS_OF_KIND[f.kind]) {
        const check = result?.checks?.find((c) => c.id === id);
        lines.push({
          set: f.set,
          file: `${repo} ${f.path}`,
          kind: f.kind,
          check: id,
          status: check?.status ?? 'error',
          code: check?.code ?? '',
          evidence: check?.evidence ?? error ?? 'no result',
        });
      }
    }
  }

  for (const set of new Set(lines.map((l) => l.set))) {
    const of = lines.filter((l) => l.set === set);
    if (markdown) {
      console.log(`\n### ${set}\n`);
      console.log('| file | check | status | code | evidence |');
      console.log('|---|---|---|---|---|');
      for (const l of of) console.log(`| ${cell(l.file)} | ${l.check} | ${l.status} | \`${l.code}\` | ${cell(clip(l.evidence, 160))} |`);
    } else {
      console.log(`\n== ${set}`);
      for (const l of of) console.log(`${l.check.padEnd(4)} ${l.status.padEnd(8)} ${l.code.padEnd(28)} ${l.file}\n      ${clip(l.evidence, 220)}`);
    }
  }
  if (allChecksOut) writeFileSync(allChecksOut, JSON.stringify(allChecks, null, 1));
  const byStatus = lines.reduce((m, l) => m.set(l.status, (m.get(l.status) ?? 0) + 1), new Map());
  console.log(`\n${lines.length} verdicts over ${rows.length} files (${repos.size} sites): ${[...byStatus].map(([s, n]) => `${s} ${n}`).join(', ')}`);
  console.log(`isolation: ${isolation}; off-loopback attempts refused: ${refusedTotal}`);
}

await main();
