#!/usr/bin/env node
// The security review's escape forms (/work/shared/research/security-2026-11-29.md, F1, F2) run
// against a built `ai-ready` CLI, counting those that read or wrote outside the static folder.
// Point it at an older checkout to show what the containment code (commit 7c04993) changed:
//   git worktree add /tmp/pre-containment 7c04993^ && (cd /tmp/pre-containment && npm run build)
//   node bench/fix-escapes.mjs --cli /tmp/pre-containment/bin/ai-ready.js
//   node bench/fix-escapes.mjs                      # this checkout's bin/ai-ready.js
// Forms: the 20 MCP card endpoints the review tried (path climbs, encoded climbs, query suffixes,
// drive letters and absolute paths), a climb to an absolute path outside the project (the dry-run
// read), and three symlinks (a file, a folder, a static site's subfolder). Each runs in a fresh
// temp layout `outer/{outside.json, outside.txt, project/...}`: an escape is any file outside the
// static folder created or changed, or the outside files' secret in any output (dry run, --format
// json, --format agent, --write). No --set: the same arguments work on older builds (a usage error
// would hide an escape). Hostile sites are node:http servers on 127.0.0.1; every CLI runs
// under bench/loopback-only.mjs. Prints one line per form and the totals; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startFixture } from '../test/fixtures/serve.mjs';
import { ESCAPE_ENDPOINTS as ENDPOINTS } from '../test/fixtures/escape-endpoints.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const argOf = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const cli = argOf('cli', join(root, 'bin/ai-ready.js'));
const guard = pathToFileURL(join(root, 'bench/loopback-only.mjs')).href;
const SECRET = 'FAKE-SECRET-4f1c9e';
const PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Widgets</title><meta name="description" content="Widgets."></head><body><h1>Hello</h1><p>A tiny page about widgets.</p></body></html>\n';

function run(args) {
  return new Promise((resolve) => {
    const env = { ...process.env, NO_COLOR: '1' };
    delete env.CI;
    const child = spawn(process.execPath, ['--import', guard, cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** Every file under a folder (symlinks listed, not followed), with its content. */
function tree(dir) {
  const out = new Map();
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(dir, p), e.isFile() ? readFileSync(p, 'utf8') : '<link>');
    }
  };
  walk(dir);
  return out;
}

/** outer/{outside.json, outside.txt, elsewhere/page.html, project/...}: `project` from `files`. */
function layout(files) {
  const outer = mkdtempSync(join(tmpdir(), 'ai-ready-escape-'));
  const all = {
    'outside.json': `{\n\t"auth": "${SECRET}"\n}\n`,
    'outside.txt': `export AWS_SECRET=${SECRET}\n`,
    'elsewhere/page.html': PAGE,
    'wk/.keep': '',
    ...Object.fromEntries(Object.entries(files).map(([f, t]) => [`project/${f}`, t])),
  };
  for (const [f, t] of Object.entries(all)) {
    mkdirSync(dirname(join(outer, f)), { recursive: true });
    writeFileSync(join(outer, f), t);
  }
  return { outer, dir: join(outer, 'project') };
}

const NEXT = { 'package.json': '{"dependencies":{"next":"^15.0.0","react":"^19.0.0"}}\n', 'public/index.html': PAGE, '.git/hooks/README': 'hooks\n' };
const STATIC = { 'index.html': PAGE, 'about.html': PAGE.replace('Hello', 'About') };

/** One form: a project, what the site serves, the fix arguments; returns whether it escaped and how. */
async function attempt({ files, staticDir, card: cardOf, prepare, fixArgs }) {
  const { outer, dir } = layout(files);
  prepare?.(outer, dir);
  const card = typeof cardOf === 'function' ? cardOf(outer) : cardOf;
  const site = await startFixture({
    '/': { headers: { 'content-type': 'text/html' }, body: PAGE },
    ...(card
      ? {
          '/.well-known/mcp/server-card.json': {
            headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
            body: JSON.stringify({ name: 'com.example/mcp', version: '1.0.0', remotes: [{ type: 'streamable-http', url: card }] }),
          },
        }
      : {}),
  });
  try {
    const before = tree(outer);
    const outs = [];
    for (const extra of [['--format', 'json'], ['--format', 'agent'], ['--write']])
      outs.push(await run(['fix', site.origin, '--dir', dir, ...fixArgs, ...extra]));
    const after = tree(outer);
    const inside = staticDir === '.' ? 'project/' : `project/${staticDir}/`;
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k) && !k.startsWith(inside));
    // The static site's own pages (project/*.html) are its static folder when staticDir is '.'.
    const read = outs.some((o) => o.out.includes(SECRET));
    // Whether the CLI said it refused something (a contained form that was tried, not skipped).
    const refused = outs.some((o) => /not followed|refused|not a plain path/.test(o.out.replace(/^loopback-only: .*$/gm, '')));
    const offLoopback = outs.some((o) => /^loopback-only: refused/m.test(o.out));
    return { escaped: changed.length > 0 || read, changed, read, refused, offLoopback, codes: outs.map((o) => o.code) };
  } finally {
    await site.close();
    rmSync(outer, { recursive: true, force: true });
  }
}

const forms = ENDPOINTS.map((e) => ({ name: `card endpoint ${e}`, files: NEXT, staticDir: 'public', card: e, fixArgs: ['--only', 'A4'] }));
forms.push({
  name: 'card endpoint climbing to an absolute path (outer/outside.json)',
  files: NEXT,
  staticDir: 'public',
  card: (outer) => `${'/.;.'.repeat(12)}${outer}/outside.json?`,
  fixArgs: ['--only', 'A4'],
});
forms.push({
  name: 'symlinked file public/robots.txt -> outer/outside.txt',
  files: NEXT,
  staticDir: 'public',
  prepare: (outer, dir) => symlinkSync(join(outer, 'outside.txt'), join(dir, 'public/robots.txt')),
  fixArgs: [],
});
forms.push({
  name: 'symlinked folder public/.well-known -> outer/wk',
  files: NEXT,
  staticDir: 'public',
  card: '/mcp',
  prepare: (outer, dir) => symlinkSync(join(outer, 'wk'), join(dir, 'public/.well-known')),
  fixArgs: [],
});
forms.push({
  name: 'symlinked subfolder of a static site docs -> outer/elsewhere',
  files: STATIC,
  staticDir: '.',
  prepare: (outer, dir) => symlinkSync(join(outer, 'elsewhere'), join(dir, 'docs')),
  fixArgs: [],
});

console.log(`CLI: ${cli}`);
let escaped = 0;
for (const f of forms) {
  const r = await attempt(f);
  if (r.escaped) escaped++;
  const how = r.escaped
    ? `ESCAPED (${[r.read ? 'outside secret in output' : '', r.changed.length ? `changed ${r.changed.join(', ')}` : ''].filter(Boolean).join('; ')})`
    : `contained${r.refused ? ' (refused, said so)' : ''}${r.offLoopback ? ' (tried to leave loopback: blocked)' : ''}`;
  console.log(`${how.padEnd(60)}  ${f.name}  [exit ${r.codes.join('/')}]`);
}
console.log(`\n${escaped} of ${forms.length} forms read or wrote outside the static folder`);
