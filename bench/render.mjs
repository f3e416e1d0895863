#!/usr/bin/env node
// Rendered mode side by side with Lighthouse 13's "Agentic Browsing" category, on the same
// loopback fixtures (test/fixtures/render-sites.mjs: tools, text and hints written by scripts).
// For each page: the WebMCP tools each tool saw in the browser, the llms.txt verdicts (Lighthouse
// llms-txt vs ai-ready D4) and the wall time of one run each (`lighthouse --only-categories=
// agentic-browsing` vs `ai-ready scan --render --pages 1`). Target: ai-ready at most 0.3x of
// Lighthouse's wall time. No asserts; loopback only.
//
// Lighthouse 13 needs Node >= 22.19: Node 22 comes from the npm package node@22 and Lighthouse
// from npm, both installed into a temporary directory outside the repository (never a
// dependency of ai-ready). LIGHTHOUSE_DIR reuses an install. When it cannot run, the reason is
// printed with ai-ready's own figures.
// Usage: npm run build && node bench/render.mjs [--runs 2]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixture } from '../test/fixtures/serve.mjs';
import { renderSiteRoutes } from '../test/fixtures/render-sites.mjs';

const argOf = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(argOf('runs') ?? 2);
const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(join(root, 'dist/cli.js'))) {
  console.error('bench/render: run `npm run build` first');
  process.exit(2);
}
const chrome = process.env.AI_READY_CHROME || ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
if (!chrome) {
  console.error('bench/render: no Chrome or Chromium (set AI_READY_CHROME)');
  process.exit(2);
}

/** Node 22 and Lighthouse 13 in a temp dir: { node, cli } or { error }. */
function lighthouse() {
  const dir = process.env.LIGHTHOUSE_DIR || join(tmpdir(), 'ai-ready-lighthouse-bench');
  const node = join(dir, 'node_modules/node/bin/node');
  const cli = join(dir, 'node_modules/lighthouse/cli/index.js');
  if (!existsSync(node) || !existsSync(cli)) {
    mkdirSync(dir, { recursive: true });
    if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"name":"lighthouse-bench","private":true}\n');
    console.error(`bench/render: installing node@22 and lighthouse@13 into ${dir} (once)...`);
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', 'node@22', 'lighthouse@13'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 600_000,
    });
    if (r.status !== 0)
      return { error: `npm install node@22 lighthouse@13 failed: ${(r.stderr || r.error?.message || '').trim().split('\n').slice(-2).join(' ')}` };
  }
  const v = spawnSync(node, ['--version'], { encoding: 'utf8' });
  if (v.status !== 0) return { error: `the Node 22 binary of npm's node@22 does not run here: ${v.stderr || v.error?.message}` };
  return { node, cli, version: v.stdout.trim() };
}

function timed(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err, ms: performance.now() - started }));
  });
}

async function runLighthouse(lh, url) {
  const outFile = join(tmpdir(), `ai-ready-lh-${process.pid}.json`);
  const r = await timed(lh.node, [
    lh.cli,
    url,
    '--only-categories=agentic-browsing',
    '--output=json',
    `--output-path=${outFile}`,
    `--chrome-path=${chrome}`,
    `--chrome-flags=--headless --enable-features=WebMCP${process.getuid?.() === 0 ? ' --no-sandbox' : ''}`,
    '--quiet',
  ]);
  if (r.code !== 0 || !existsSync(outFile)) return { ms: r.ms, error: (r.err || `exit ${r.code}`).trim().split('\n').pop() };
  const report = JSON.parse(readFileSync(outFile, 'utf8'));
  rmSync(outFile, { force: true });
  const items = report.audits['webmcp-registered-tools']?.details?.items ?? [];
  const tools = items
    .flatMap((section) => section.value?.items ?? [])
    .map((t) => String(t.tool ?? t.name ?? ''))
    .filter(Boolean);
  const llms = report.audits['llms-txt'];
  // Lighthouse: a 4xx is not applicable (absent), no H1 fails (invalid), otherwise passes.
  const llmsState = llms?.scoreDisplayMode === 'notApplicable' ? 'absent' : llms?.score === 1 ? 'valid' : 'invalid';
  return { ms: r.ms, tools: [...new Set(tools)].sort(), llms: llmsState };
}

async function runAiReady(url) {
  const r = await timed(process.execPath, [join(root, 'bin/ai-ready.js'), 'scan', url, '--render', '--pages', '1', '--format', 'json', '--no-config'], {
    env: { ...process.env, AI_READY_CHROME: chrome, NO_COLOR: '1' },
  });
  if (!r.out.trim()) return { ms: r.ms, error: r.err.trim().split('\n').pop() };
  const result = JSON.parse(r.out);
  const byId = Object.fromEntries(result.checks.map((c) => [c.id, c]));
  // A7's evidence lists what the browser registered: "...: N tool(s): name: "description" (params); ...".
  const listed = /Registered in the browser after load: \d+ tool\(s\): (.*?)\. (?:The browser reports|Static reading)/.exec(byId.A7.evidence)?.[1] ?? '';
  const tools = listed
    ? listed
        .split('; ')
        .map((t) => t.split(/(?: \(form\))?: "/)[0])
        .sort()
    : [];
  // D4 is llms.txt: missing is "absent", a pass "valid", anything else (no H1...) "invalid".
  const llms = byId.D4.code === 'D4/missing' ? 'absent' : byId.D4.status === 'pass' ? 'valid' : 'invalid';
  return { ms: r.ms, tools, llms, a7: byId.A7.code, a11: byId.A11.code };
}

const withLlms = await startFixture(renderSiteRoutes());
const { '/llms.txt': _dropped, ...noLlmsRoutes } = renderSiteRoutes();
const withoutLlms = await startFixture(noLlmsRoutes);
const badLlms = await startFixture({
  ...noLlmsRoutes,
  '/llms.txt': { headers: { 'content-type': 'text/plain' }, body: 'Coast Air\n\nFlights along the coast.\n' },
});
const sites = [
  ['site-A', withLlms],
  ['site-B (no llms.txt)', withoutLlms],
  ['site-C (llms.txt without H1)', badLlms],
];
const pages = [`${withLlms.origin}/`, `${withLlms.origin}/declarative`, `${withLlms.origin}/navigator-only`, `${withoutLlms.origin}/`, `${badLlms.origin}/`];
const label = (url) => {
  const [name, site] = sites.find(([, s]) => url.startsWith(s.origin));
  return `${name}${url.slice(site.origin.length)}`;
};

const lh = lighthouse();
if (lh.error) console.log(`Lighthouse could not run: ${lh.error}\nai-ready figures only.\n`);
else console.log(`Lighthouse 13 on Node ${lh.version} (npm node@22), ${chrome}; ${runs} run(s) per page, median wall time\n`);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const url of pages) {
  const ours = [];
  const theirs = [];
  for (let i = 0; i < runs; i++) {
    ours.push(await runAiReady(url));
    if (!lh.error) theirs.push(await runLighthouse(lh, url));
  }
  const o = ours.at(-1);
  const t = theirs.at(-1);
  rows.push({
    page: label(url),
    aiReadyMs: Math.round(median(ours.map((r) => r.ms))),
    lighthouseMs: t ? Math.round(median(theirs.map((r) => r.ms))) : null,
    toolsAiReady: o.error ? `error: ${o.error}` : o.tools.join(',') || '(none)',
    toolsLighthouse: t ? (t.error ? `error: ${t.error}` : t.tools.join(',') || '(none)') : '-',
    llmsAiReady: o.llms,
    llmsLighthouse: t?.llms ?? '-',
    a7: o.a7,
  });
}
for (const [, site] of sites) await site.close();

console.table(rows);
const same = rows.every((r) => r.toolsLighthouse === '-' || (r.toolsAiReady === r.toolsLighthouse && r.llmsAiReady === r.llmsLighthouse));
const ours = rows.reduce((n, r) => n + r.aiReadyMs, 0);
const theirs = rows.reduce((n, r) => n + (r.lighthouseMs ?? 0), 0);
console.log(`\nai-ready scan --render --pages 1: ${(ours / 1000).toFixed(2)} s for ${rows.length} pages (full scan: every check, the page rendered once)`);
if (!lh.error) {
  console.log(`lighthouse --only-categories=agentic-browsing: ${(theirs / 1000).toFixed(2)} s`);
  console.log(
    `ratio: ${(ours / theirs).toFixed(2)}x of Lighthouse (target <= 0.3x); tool lists and llms.txt verdicts ${same ? 'agree on every page' : 'DIFFER (see the table)'}`,
  );
}
