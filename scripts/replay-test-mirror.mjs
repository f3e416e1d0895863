// test/ mirrors src/ (branch test-mirror): the moves as rules, replayable on any later tree.
// A one-off migration tool, not part of the project: delete it once the moves are on main.
//   node scripts/replay-test-mirror.mjs replay
//     git mv every file the rules move (a file added later under a moved folder moves with it; a
//     test named after a module that a merged branch moved follows the module), then rewrite each
//     relative path literal in test/ and bench/ and each test path named in docs, README and comments.
//   node scripts/replay-test-mirror.mjs fix NEW OLD
//     NEW holds text written for OLD's place (the other side of a merge conflict, or a file git's
//     directory-rename detection moved): rewrite its relative paths for NEW.
//   node scripts/replay-test-mirror.mjs move OLD NEW
//     git mv OLD NEW and rewrite its relative paths (a test the layout test says is misplaced).
// Run from the repository root.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, relative, resolve } from 'node:path';

// Exact files first, then folder prefixes (a file added later under a moved folder moves with it).
const FILES = {
  'test/checks/render/cases.test.ts': 'test/core/render/cases.test.ts',
  'test/checks/content/jsonld.test.ts': 'test/core/gather/jsonld.test.ts',
  'test/checks/bot_access/scan-bot-access.test.ts': 'test/core/checks/bot-access-capabilities-in-scan.test.ts',
  'test/core/address-guard.test.ts': 'test/core/net/address-guard.test.ts',
  'test/core/d1-robots-txt.test.ts': 'test/core/checks/discoverability/d1-robots-txt.test.ts',
  'test/core/engine-names-no-check.test.ts': 'test/architecture/engine-names-no-check.test.ts',
  'test/core/http-keepalive.test.ts': 'test/core/net/http-keepalive.test.ts',
  'test/core/http-post.test.ts': 'test/core/net/http-post.test.ts',
  'test/core/http.test.ts': 'test/core/net/http.test.ts',
  'test/core/resolver.test.ts': 'test/core/net/resolver.test.ts',
  'test/core/json-output-escaping.test.ts': 'test/format/sanitize-json-escaping.test.ts',
  'test/core/library-api.test.ts': 'test/library-api.test.ts',
  'test/core/light-fetch.test.ts': 'test/core/gather/light-fetch.test.ts',
  'test/core/live-probe-budget.test.ts': 'test/core/gather/live-probe-budget.test.ts',
  'test/core/live-probe-parsers.test.ts': 'test/core/gather/live-probe-parsers.test.ts',
  'test/core/live-probe-unreached.test.ts': 'test/core/gather/live-probe-unreached.test.ts',
  // Since the request plan (branch plan) it tests the round trips of scan-schedule.ts.
  'test/core/prefetch.test.ts': 'test/core/scan-schedule.test.ts',
  'test/core/render-browser.test.ts': 'test/core/render/browser.test.ts',
  'test/core/render-session.test.ts': 'test/core/render/session.test.ts',
  'test/core/render-text.test.ts': 'test/core/render/c3-rendered.test.ts',
  'test/core/render-scan.test.ts': 'test/core/render/scan-rendering.test.ts',
  'test/core/render-dns.test.ts': 'test/core/render/guard-proxy-dns.test.ts',
  'test/core/render-hostile.test.ts': 'test/core/render/hostile-pages.test.ts',
  'test/core/render-webmcp-policy.test.ts': 'test/core/render/a7-rendered-policy.test.ts',
  'test/core/scoring.test.ts': 'test/core/scoring/scoring.test.ts',
  'test/core/standards.test.ts': 'test/core/standards/standards.test.ts',
  'test/queue/admission.test.ts': 'test/runner/job-queue-admission.test.ts',
  'test/queue/fairness.test.ts': 'test/runner/job-queue-fairness.test.ts',
  'test/queue/job-queue.test.ts': 'test/runner/job-queue.test.ts',
  'test/queue/multi-instance.test.ts': 'test/runner/job-queue-multi-instance.test.ts',
  'test/queue/cli.test.ts': 'test/cli/commands/worker.test.ts',
  'test/monitor/cli.test.ts': 'test/cli/commands/monitors.test.ts',
  'test/server/cli.test.ts': 'test/cli/commands/serve-keys-accounts.test.ts',
  'test/server/store.test.ts': 'test/store/sqlite/store.test.ts',
  'test/store/postgres.test.ts': 'test/store/postgres/postgres.test.ts',
  'test/store/sqlite-concurrency.test.ts': 'test/store/sqlite/concurrency.test.ts',
  'test/store/sqlite-upgrade.test.ts': 'test/store/sqlite/upgrade.test.ts',
  'test/mcp/tools.test.ts': 'test/mcp/tools/tools.test.ts',
  'test/cli/scan-cli.test.ts': 'test/cli/commands/scan.test.ts',
  'test/format/json-output-escaping.test.ts': 'test/format/sanitize-json-escaping.test.ts',
  'test/format/formats.test.ts': 'test/format/formats/formats.test.ts',
  'test/server/routes.test.ts': 'test/server/routes/routes.test.ts',
  // Added by branch cli-flags (not on test-mirror): a test of the folder src/cli/scan-flags/.
  'test/cli/scan-flags.test.ts': 'test/cli/scan-flags/scan-flags.test.ts',
};
const FOLDERS = [
  ['test/checks/render/', 'test/core/render/'],
  ['test/checks/', 'test/core/checks/'],
  ['test/fixes/', 'test/core/fixes/'],
  ['test/platform/', 'test/core/platform/'],
];

const root = process.cwd();
const abs = (p) => resolve(root, p);
const rel = (p) => relative(root, p);
/** Where a repository path (relative) goes under the rules, or itself. */
function mapped(path) {
  if (FILES[path]) return FILES[path];
  for (const [from, to] of FOLDERS) if (path.startsWith(from)) return to + path.slice(from.length);
  return path;
}
const mapAbs = (p) => abs(mapped(rel(p)));

/**
 * A moved test named after a module (`c3-rendered.test.ts`) that the tree keeps in another folder
 * of the same top folder (a branch merged before the replay moved the module) follows the module.
 */
function followModule(testPath, srcFiles) {
  const m = /^test\/(.+)\/(([^/]+)\.test\.tsx?)$/.exec(testPath);
  if (!m) return testPath;
  const [, folder, file, stem] = m;
  const parts = stem.split('.')[0].split('-');
  const prefixes = parts.map((_, i) => parts.slice(0, parts.length - i).join('-'));
  const moduleOf = (f) => f.replace(/^src\//, '').replace(/\.tsx?$/, '');
  const mods = srcFiles.filter((f) => /^src\/.*\.tsx?$/.test(f) && !f.endsWith('.d.ts')).map(moduleOf);
  const own = mods.filter((x) => dirname(x) === folder).map((x) => x.slice(folder.length + 1));
  if (prefixes.some((p) => own.includes(p) || p === folder.split('/').at(-1))) return testPath;
  const area = folder.split('/')[0];
  const hit = prefixes.map((p) => mods.filter((x) => (x.startsWith(`${area}/`)) && x.endsWith(`/${p}`))).find((h) => h.length === 1);
  return hit ? `test/${dirname(hit[0])}/${file}` : testPath;
}

function candidates(p) {
  const out = [p];
  if (p.endsWith('.js')) out.push(`${p.slice(0, -3)}.ts`, `${p.slice(0, -3)}.tsx`);
  if (p.endsWith('.mjs')) out.push(`${p.slice(0, -4)}.mts`);
  return out;
}

/** `text` was written at `from`; it now lives at `to`. `exists` says whether a path is real (old or new tree). */
function rewritePaths(text, from, to, exists) {
  let changed = 0;
  const next = text.replace(/(['"`])(\.{1,2}\/[^'"`\n$]*|\.{1,2})(?=['"`]|\$\{)/g, (m, q, spec, at) => {
    // A bare '.' or '..' is a path only as new URL's first argument (elsewhere it is punctuation).
    if (!spec.includes('/') && !text.slice(Math.max(0, at - 8), at).endsWith('new URL(')) return m;
    const target = resolve(dirname(from), spec);
    let real = candidates(target).find((c) => exists(c));
    let isDir = real && exists(real) === 'dir';
    if (!real) {
      // The target may exist only at its new place (a merge's other side, written before the move).
      real = candidates(target).find((c) => exists(mapAbs(c)));
      if (!real) return m;
      isDir = exists(mapAbs(real)) === 'dir';
    }
    const movedReal = isDir ? real : mapAbs(real);
    const newTarget = isDir ? target : movedReal.slice(0, movedReal.length - extname(real).length) + extname(target);
    let out = relative(dirname(to), newTarget) || '.';
    if (!out.startsWith('.')) out = `./${out}`;
    if (spec.endsWith('/') && !out.endsWith('/')) out += '/';
    if (out === spec) return m;
    changed++;
    return q + out;
  });
  return { next, changed };
}

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Test paths named in prose and comments: exact files, then folders. */
function rewriteNames(text, moves) {
  let s = text;
  for (const [a, b] of [...moves].sort((x, y) => y[0].length - x[0].length)) s = s.replace(new RegExp(`(?<![\\w./-])${esc(a)}(?![\\w.-])`, 'g'), b);
  for (const [a, b] of FOLDERS) s = s.replace(new RegExp(`(?<![\\w./-])${esc(a)}`, 'g'), b);
  for (const [a, b] of FOLDERS) s = s.replace(new RegExp(`(?<![\\w./-])${esc(a.slice(0, -1))}(?![\\w/.-])`, 'g'), b.slice(0, -1));
  return s;
}

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' });
const [mode, ...args] = process.argv.slice(2);
if (mode === 'replay') {
  const tracked = git('ls-files').trim().split('\n');
  for (const [a, b] of Object.entries(FILES)) FILES[a] = followModule(b, tracked);
  const moves = tracked.filter((f) => f.startsWith('test/') && mapped(f) !== f).map((f) => [f, mapped(f)]);
  for (const [a, b] of moves) if (b !== FILES[a] && FILES[a] === undefined && followModule(b, tracked) !== b) console.warn(`${a}: ${b} is named after a module elsewhere`);
  const clash = moves.filter(([, b]) => existsSync(abs(b)));
  if (clash.length) throw new Error(`already there: ${clash.map(([, b]) => b).join(', ')}`);
  const existsOld = (p) => (existsSync(p) ? (statSync(p).isDirectory() ? 'dir' : 'file') : false);
  const code = tracked.filter((f) => /^(test|bench)\/.*\.(ts|tsx|mts|mjs|cjs|js)$/.test(f) && !f.startsWith('test/corpus/sites/') && f !== 'test/architecture/layers.test.ts');
  const writes = [];
  for (const f of code) {
    const { next, changed } = rewritePaths(readFileSync(abs(f), 'utf8'), abs(f), mapAbs(abs(f)), existsOld);
    writes.push([mapped(f), next, changed]);
  }
  for (const [a, b] of moves) {
    mkdirSync(dirname(abs(b)), { recursive: true });
    git('mv', a, b);
  }
  for (const [f, next, changed] of writes) if (changed) writeFileSync(abs(f), next);
  const prose = git('ls-files').trim().split('\n').filter((f) => /\.(ts|tsx|mts|mjs|md)$/.test(f) && !f.startsWith('test/corpus/sites/') && !f.startsWith('test/architecture/test-layout') && !f.endsWith('replay-test-mirror.mjs'));
  for (const f of prose) {
    const text = readFileSync(abs(f), 'utf8');
    // Every rule's path, not only this run's moves: text merged in later may name a file moved earlier.
    const next = rewriteNames(text, [...moves, ...Object.entries(FILES)]);
    if (next !== text) writeFileSync(abs(f), next);
  }
  console.log(`${moves.length} files moved; ${writes.filter((w) => w[2]).length} files' paths rewritten`);
} else if (mode === 'fix' || mode === 'move') {
  const [to, from] = mode === 'move' ? [args[1], args[0]] : args;
  if (mode === 'move') {
    mkdirSync(dirname(abs(to)), { recursive: true });
    git('mv', from, to);
  }
  const existsNow = (p) => (existsSync(p) ? (statSync(p).isDirectory() ? 'dir' : 'file') : false);
  const { next, changed } = rewritePaths(readFileSync(abs(to), 'utf8'), abs(from), abs(to), existsNow);
  const named = rewriteNames(next, Object.entries(FILES));
  writeFileSync(abs(to), named);
  console.log(`${to}: ${changed} path(s) rewritten`);
} else {
  console.error('usage: node scripts/replay-test-mirror.mjs replay | fix NEW OLD | move OLD NEW');
  process.exit(2);
}
