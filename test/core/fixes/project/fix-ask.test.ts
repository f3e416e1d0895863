/**
 * `ai-ready fix` on a terminal asks for the owner's decisions (contentSignal, contentUsage,
 * aiTraining), through a real pseudo-terminal (util-linux `script`), against a loopback site and a
 * temp project: the robots.txt written carries exactly the policy answered, Enter writes none, a
 * bad answer is explained and asked again, and the answers come back as a shell-quoted --set line.
 * Off a terminal, in CI, with --no-input or --format json, nothing is asked and the steps stay
 * listed as needing the values.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shq } from '../../../../src/core/fixes/shell.js';
import { serveFolder, type StaticHost } from '../../../helpers/static-host.js';
import { tempDir } from '../../../helpers/temp-dir.js';
import { BIN, hasScript, runCli } from '../../../cli/run-cli.js';
import { PROJECTS, makeProject } from './frameworks.js';

const STATIC = PROJECTS.find((p) => p.id === 'static')!;
const TRAINING_AGENTS = ['GPTBot', 'ClaudeBot', 'Google-Extended', 'Applebot-Extended', 'CCBot'];

interface TerminalRun {
  code: number | null;
  /** Everything the terminal showed, escape sequences and carriage returns removed. */
  screen: string;
}

/**
 * Runs `ai-ready <args>` on a pseudo-terminal; each time the screen shows the next prompt (a
 * pattern, searched after the previous answer), types its answer and Enter.
 */
function onTerminal(args: string[], answers: Array<[RegExp, string]>, env: Record<string, string> = {}): Promise<TerminalRun> {
  const command = [process.execPath, BIN, ...args].map(shq).join(' ');
  const childEnv: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', TERM: 'dumb', CI: undefined, GITHUB_STEP_SUMMARY: undefined, ...env };
  for (const k of Object.keys(childEnv)) if (childEnv[k] === undefined) delete childEnv[k];
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], { env: childEnv as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let raw = '';
    let cursor = 0;
    const pending = [...answers];
    const clean = (t: string) => t.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
    child.stdout.on('data', (d) => {
      raw += d;
      const screen = clean(raw);
      while (pending.length) {
        const m = pending[0][0].exec(screen.slice(cursor));
        if (!m) break;
        cursor += m.index + m[0].length;
        child.stdin.write(`${pending.shift()![1]}\r`);
      }
    });
    child.stderr.on('data', (d) => (raw += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code, screen: clean(raw) });
    });
  });
}

const policyLines = (robots: string) =>
  robots
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^(content-signal|content-usage)\s*:/i.test(l));
const agentsIn = (robots: string) => [...robots.matchAll(/^User-agent:\s*(\S+)/gim)].map((m) => m[1]);

let host: StaticHost;
beforeAll(async () => {
  host = await serveFolder(tempDir('ai-ready-fix-ask-'));
});
afterAll(() => host?.close());

describe.skipIf(!hasScript)('fix asks on a terminal', () => {
  it('writes exactly the policy answered; a bad answer is explained and asked again; the answers come back as --set flags', { timeout: 120_000 }, async () => {
    const dir = makeProject(STATIC);
    host.serve(dir);
    const run = await onTerminal(
      ['fix', host.origin, '--dir', dir, '--write'],
      [
        [/contentSignal \(Enter skips\): /, 'search=maybe'],
        [/contentSignal \(Enter skips\): /, 'search=yes, ai-train=no'],
        [/contentUsage \(Enter skips\): /, ''],
        [/aiTraining \(Enter skips\): /, 'block'],
      ],
    );
    expect(run.code, run.screen).toBe(0);
    // Each question shows the forms its value takes.
    expect(run.screen).toContain('search=yes|no, ai-input=yes|no, ai-train=yes|no, use=immediate|reference|full');
    expect(run.screen).toContain('train-ai=y|n, ai-use=y|n, search=y|n');
    expect(run.screen).toMatch(/block \(.*\) or allow/);
    expect(run.screen).toMatch(/Not taken: contentSignal takes search=yes or no \("maybe" is not one\)/);
    expect(run.screen.match(/contentSignal \(Enter skips\): /g)).toHaveLength(2);
    expect(run.screen).toContain(`--set 'contentSignal=search=yes, ai-train=no' --set 'aiTraining=block'`);
    // The skipped value's step stays listed as needing it.
    expect(run.screen).toMatch(/needs your contentUsage/);
    expect(run.screen).not.toMatch(/needs your (contentSignal|aiTraining)/);

    const robots = readFileSync(join(dir, 'robots.txt'), 'utf8');
    expect(policyLines(robots)).toEqual(['Content-Signal: search=yes, ai-train=no']);
    for (const agent of TRAINING_AGENTS) expect(agentsIn(robots)).toContain(agent);
    const training = robots.split(/\n\s*\n/).find((g) => /User-agent: GPTBot/.test(g))!;
    expect(training).toMatch(/^Disallow: \/$/m);
  });

  it('Enter at every question writes no policy line and lists each step as needing its value', { timeout: 120_000 }, async () => {
    const dir = makeProject(STATIC);
    host.serve(dir);
    const run = await onTerminal(
      ['fix', host.origin, '--dir', dir, '--write'],
      [
        [/contentSignal \(Enter skips\): /, ''],
        [/contentUsage \(Enter skips\): /, ''],
        [/aiTraining \(Enter skips\): /, ''],
      ],
    );
    expect(run.code, run.screen).toBe(0);
    for (const value of ['contentSignal', 'contentUsage', 'aiTraining']) expect(run.screen).toMatch(new RegExp(`needs your ${value}`));
    expect(run.screen).not.toContain('--set');
    const robots = existsSync(join(dir, 'robots.txt')) ? readFileSync(join(dir, 'robots.txt'), 'utf8') : '';
    expect(policyLines(robots)).toEqual([]);
    for (const agent of TRAINING_AGENTS) expect(agentsIn(robots)).not.toContain(agent);
  });

  it('Ctrl-C at a question stops with exit 130 and one line, and writes nothing', { timeout: 120_000 }, async () => {
    const dir = makeProject(STATIC);
    host.serve(dir);
    const before = readdirSync(dir, { recursive: true }).sort();
    const run = await onTerminal(['fix', host.origin, '--dir', dir, '--write'], [[/contentSignal \(Enter skips\): /, '\u0003']]);
    expect(run.code, run.screen).toBe(130);
    expect(run.screen).toContain('ai-ready fix: interrupted at a question: nothing written');
    expect(run.screen).not.toMatch(/\n\s+at /);
    expect(readdirSync(dir, { recursive: true }).sort()).toEqual(before);
  });

  it('never asks with --no-input, with CI=true or with --format json, even on a terminal', { timeout: 180_000 }, async () => {
    const dir = makeProject(STATIC);
    host.serve(dir);
    for (const [args, env] of [
      [['--no-input'], {}],
      [[], { CI: 'true' }],
      [['--format', 'json'], {}],
    ] as Array<[string[], Record<string, string>]>) {
      const run = await onTerminal(['fix', host.origin, '--dir', dir, ...args], [], env);
      expect(run.code, run.screen).toBe(0);
      expect(run.screen).not.toContain('Enter skips');
      expect(run.screen).toMatch(/contentSignal/); // listed as needed (the text plan or the JSON plan)
    }
  });
});

describe('fix off a terminal', () => {
  it('asks nothing (answers on stdin are not read) and lists the decisions as needed', { timeout: 60_000 }, async () => {
    const dir = makeProject(STATIC);
    host.serve(dir);
    const run = await runCli(['fix', host.origin, '--dir', dir, '--write'], { stdin: 'search=yes, ai-train=no\n\nblock\n', timeoutMs: 60_000 });
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toContain('Enter skips');
    for (const value of ['contentSignal', 'contentUsage', 'aiTraining']) expect(run.stdout).toMatch(new RegExp(`needs your ${value}`));
    const robots = existsSync(join(dir, 'robots.txt')) ? readFileSync(join(dir, 'robots.txt'), 'utf8') : '';
    expect(policyLines(robots)).toEqual([]);
  });
});
