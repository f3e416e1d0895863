#!/usr/bin/env node
// ai-ready beside afdocs (the agent-docs-spec reference implementation) on the five checks
// agent-docs-spec 0.6.0 added: markdown-link-portability, single-fetch-completeness,
// page-size-transfer, embedded-data-serialization and bot-protection-interference.
// Serves each loopback docs site of test/fixtures/agent-docs-sites.mjs on 127.0.0.1, runs
// `ai-ready scan <site>/docs/guide --json --only C1,C2,C3,B4` and
// `afdocs check <site> --urls <site>/docs/guide --format json`, maps ai-ready's codes to the
// spec's pass/warn/fail, and prints, per variant and spec check, what the spec's text says
// (the variant's `spec`), what each tool said, and every disagreement.
// afdocs is installed from the npm registry into bench/.peers/ (git-ignored; once; never a
// project dependency): npm install --prefix bench/.peers --engine-strict=false afdocs@0.22.2
// (it declares Node >= 22 and runs on Node 20 for these checks). Every process runs under
// bench/loopback-only.mjs, which refuses any connection off loopback.
// Not part of `npm test`; prints a table, asserts nothing. Exit code 0 whatever the tools say.
// Usage: npm run build && node bench/afdocs.mjs [--only variant,...] [--version 0.22.2]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AGENT_DOCS_PAGE, AGENT_DOCS_VARIANTS } from '../test/fixtures/agent-docs-sites.mjs';
import { startFixture } from '../test/fixtures/serve.mjs';
import { benchEnv as env } from './machine-env.mjs';

const argOf = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const only = String(argOf('only', '')).split(',').filter(Boolean);
const version = argOf('version', '0.22.2');
const root = fileURLToPath(new URL('..', import.meta.url));
const peersDir = join(root, 'bench/.peers');
const guard = pathToFileURL(join(root, 'bench/loopback-only.mjs')).href;

/** The five spec checks, and the ai-ready codes that carry each (docs/agent-docs-spec.md). */
const SPEC_CHECKS = [
  'markdown-link-portability',
  'single-fetch-completeness',
  'page-size-transfer',
  'embedded-data-serialization',
  'bot-protection-interference',
];
const OUR_CODES = {
  'C2/root-relative-links': ['markdown-link-portability', 'warn'],
  'C2/path-relative-links': ['markdown-link-portability', 'fail'],
  'C1/root-relative-links': ['markdown-link-portability', 'warn'],
  'C1/path-relative-links': ['markdown-link-portability', 'fail'],
  'C2/paginated-fragile': ['single-fetch-completeness', 'warn'],
  'C2/paginated-broken': ['single-fetch-completeness', 'fail'],
  'C3/large-transfer': ['page-size-transfer', 'warn'],
  'C3/oversized-transfer': ['page-size-transfer', 'fail'],
  'C3/bulk-data': ['embedded-data-serialization', 'warn'],
  'C3/bulk-data-oversized': ['embedded-data-serialization', 'fail'],
  // B4 sees the scanned page (and whether robots.txt met the same wall): interference seen, at
  // least the spec's warn; fail only when the site-level probe was walled too (see ours()).
  'B4/challenge-success': ['bot-protection-interference', 'warn'],
  'B4/challenged': ['bot-protection-interference', 'warn'],
};
const RANK = { 'n/a': -1, skip: -1, pass: 0, warn: 1, fail: 2 };
/** The spec runs these only when markdown-url-support or content-negotiation passes. */
const NEEDS_MARKDOWN = ['markdown-link-portability', 'single-fetch-completeness'];

function installAfdocs() {
  const meta = join(peersDir, 'node_modules/afdocs/package.json');
  if (existsSync(meta) && JSON.parse(readFileSync(meta, 'utf8')).version === version) return;
  mkdirSync(peersDir, { recursive: true });
  if (!existsSync(join(peersDir, 'package.json'))) writeFileSync(join(peersDir, 'package.json'), '{ "name": "ai-ready-bench-peers", "private": true }\n');
  console.log(`installing afdocs@${version} into bench/.peers/ ...`);
  const r = spawnSync('npm', ['install', '--prefix', peersDir, '--engine-strict=false', '--no-audit', '--no-fund', `afdocs@${version}`], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('bench/afdocs: npm install afdocs failed; compare by reading its check code instead (docs/agent-docs-spec.md)');
}

function run(script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', guard, script, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** ai-ready's verdict per spec check, from the codes and advisory codes of C2, C3 and B4. */
async function ours(origin) {
  const r = await run(join(root, 'bin/ai-ready.js'), ['scan', `${origin}${AGENT_DOCS_PAGE}`, '--json', '--only', 'C1,C2,C3,B4']);
  const verdicts = Object.fromEntries(SPEC_CHECKS.map((c) => [c, 'pass']));
  let result;
  try {
    result = JSON.parse(r.out);
  } catch {
    // A scan that stopped measured nothing; a stalled body is the tarpit the spec names (one
    // stalled response seen: interference, at least the spec's warn).
    const stalled = /body stalled until the timeout/.test(r.err);
    for (const c of SPEC_CHECKS) verdicts[c] = 'n/a';
    if (stalled) verdicts['bot-protection-interference'] = 'warn';
    return { verdicts, note: stalled ? 'scan stopped: stalled body' : `no JSON (${r.err.trim().split('\n').pop()})` };
  }
  const codes = result.checks.flatMap((c) => [c.code, ...(c.advisoryFindings ?? []).map((a) => a.code)]);
  for (const code of codes) {
    const hit = OUR_CODES[code];
    if (hit && RANK[hit[1]] > RANK[verdicts[hit[0]]]) verdicts[hit[0]] = hit[1];
  }
  const b4 = result.checks.find((c) => c.id === 'B4');
  if (b4?.details?.blocked && b4.details.siteLevelBlocked) verdicts['bot-protection-interference'] = 'fail';
  // C2 found no Markdown twin: the spec skips the checks that read served Markdown.
  const c2 = result.checks.find((c) => c.id === 'C2');
  if (c2 && c2.code !== 'C2/ok' && c2.code !== 'C2/wrong-type') for (const c of NEEDS_MARKDOWN) verdicts[c] = 'skip';
  return { verdicts, note: codes.filter((c) => OUR_CODES[c]).join(' ') };
}

async function theirs(script, origin) {
  const r = await run(script, [
    'check',
    origin,
    '--urls',
    `${origin}${AGENT_DOCS_PAGE}`,
    '--format',
    'json',
    '-q',
    '--request-delay',
    '0',
    '--network-context',
    'developer-machine',
    '--checks',
    ['markdown-url-support', 'content-negotiation', 'page-size-html', ...SPEC_CHECKS].join(','),
  ]);
  try {
    const results = JSON.parse(r.out).results;
    const byId = Object.fromEntries(results.map((x) => [x.id, x]));
    return { verdicts: Object.fromEntries(SPEC_CHECKS.map((c) => [c, byId[c]?.status ?? 'absent'])), messages: byId };
  } catch {
    return { verdicts: Object.fromEntries(SPEC_CHECKS.map((c) => [c, 'error'])), messages: {}, note: r.err.trim().split('\n').pop() };
  }
}

installAfdocs();
const afdocsBin = join(peersDir, 'node_modules/afdocs/bin/afdocs.mjs');
if (!existsSync(join(root, 'dist/scan-cli.cjs'))) throw new Error('run `npm run build` first (bench/afdocs.mjs runs bin/ai-ready.js)');
console.log(`agent-docs-spec 0.6.0: ai-ready (this tree) vs afdocs ${version}, loopback docs sites, node ${process.version}\n`);
const disagreements = [];
/** Where both tools agree and the text says otherwise. */
const agreedOff = [];
for (const [name, variant] of Object.entries(AGENT_DOCS_VARIANTS)) {
  if (only.length && !only.includes(name)) continue;
  const site = await startFixture((s) => variant.site(s.origin));
  try {
    const [a, b] = [await ours(site.origin), await theirs(afdocsBin, site.origin)];
    console.log(`${name}: ${variant.about}`);
    console.log(`  ai-ready codes: ${a.note || '(none of the five)'}`);
    for (const check of SPEC_CHECKS) {
      const text = variant.spec[check] ?? 'pass';
      const mine = a.verdicts[check];
      const peer = b.verdicts[check];
      const mark = mine === peer ? '' : '  <- disagree';
      console.log(`  ${check.padEnd(28)} text ${text.padEnd(5)} ai-ready ${mine.padEnd(5)} afdocs ${String(peer).padEnd(5)}${mark}`);
      if (mine === peer && mine !== text) agreedOff.push(`${name} / ${check}: both say ${mine}; the text says ${text}`);
      if (mine !== peer) {
        const follows = [mine === text ? 'ai-ready' : null, peer === text ? 'afdocs' : null].filter(Boolean).join(' and ') || 'neither';
        disagreements.push(
          `${name} / ${check}: ai-ready ${mine}, afdocs ${peer} (${b.messages[check]?.message ?? b.note ?? ''}); the text says ${text}: ${follows} follows it`,
        );
      }
    }
  } finally {
    await site.close();
  }
}
console.log(`\n${disagreements.length} disagreement(s):`);
for (const d of disagreements) console.log(`- ${d}`);
console.log(`\n${agreedOff.length} verdict(s) where both tools agree against the text:`);
for (const d of agreedOff) console.log(`- ${d}`);
