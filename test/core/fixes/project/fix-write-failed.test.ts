/**
 * Exit 4 through the CLI: a real write failure on the write path (not the plan). The CLI runs
 * under a file size limit (RLIMIT_FSIZE through util-linux prlimit, SIGXFSZ ignored so the write
 * fails with EFBIG instead of killing the process): the dry run under the same limit plans every
 * file (it writes nothing), and --write fails on the first file larger than the limit. Tests run
 * as root, so a permission bit would not stop the write; a file size limit does.
 */
import { execFileSync, spawn } from 'node:child_process';
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFolder, type StaticHost } from '../../../helpers/static-host.js';
import { tempDir } from '../../../helpers/temp-dir.js';
import { BIN, ROOT, runCli, type CliRun } from '../../../cli/run-cli.js';
import { BARE_HTML, PROJECTS, makeProject } from './frameworks.js';

const STATIC = PROJECTS.find((p) => p.id === 'static')!;
const LIMIT = 4096;

const hasPrlimit = (() => {
  try {
    execFileSync('prlimit', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** `ai-ready <args>` with files limited to LIMIT bytes. */
function limitedCli(args: string[]): Promise<CliRun> {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', CI: undefined, AI_READY_COMPILE_CACHE: '0' };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'trap "" XFSZ; exec prlimit --fsize="$0" "$@"', String(LIMIT), process.execPath, BIN, ...args], {
      cwd: ROOT,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Every entry under `dir`: a folder, or a file with its bytes. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, rel);
    out[rel] = lstatSync(path).isDirectory() ? '<folder>' : readFileSync(path, 'latin1');
  }
  return out;
}

// A page whose own text is larger than the limit: its Markdown twin and llms-full.txt are too.
const LONG_PAGE = BARE_HTML.replace(
  '<p>A tiny page about widgets.</p>',
  `<main><h2>Our widgets</h2>${Array.from({ length: 80 }, (_, i) => `<p>Widget number ${i} is made of brass and sold in boxes of ${i + 2}.</p>`).join('')}</main>`,
);

let host: StaticHost;
beforeAll(async () => {
  host = await serveFolder(tempDir('ai-ready-fix-efbig-'));
});
afterAll(() => host?.close());

describe.skipIf(!hasPrlimit)('fix --write when a write fails', () => {
  it('exits 4 with one line naming the file and the cause, no stack trace, and writes nothing at all', { timeout: 180_000 }, async () => {
    const dir = makeProject(STATIC, { 'index.html': LONG_PAGE });
    host.serve(dir);
    const args = [host.origin, '--dir', dir, '--set', 'contentSignal=search=yes, ai-train=no'];

    // The plan is made under the same limit: planning writes nothing, so it succeeds.
    const dry = await limitedCli(['fix', ...args, '--format', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    const planned = (JSON.parse(dry.stdout) as { files: string[] }).files;

    const before = tree(dir);
    const run = await limitedCli(['fix', ...args, '--write']);
    expect(run.code, run.stderr).toBe(4);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    const failed = /^ai-ready fix: nothing written: (\S+): file too large \(over the file size limit\)$/.exec(lines[0]);
    expect(failed, lines[0]).not.toBeNull();
    expect(run.stderr).not.toMatch(/\n\s+at |Error:/);
    expect(run.stdout).toBe('');
    // Nothing half written: every file as it was, no temp file, no new folder.
    expect(tree(dir)).toEqual(before);

    // The same run without the limit writes every planned file: the one named is the first larger than the limit,
    // and the files before it (staged first, then taken back) are not.
    const ok = await runCli(['fix', ...args, '--write'], { timeoutMs: 90_000 });
    expect(ok.code, ok.stderr).toBe(0);
    const sizes = planned.map((f) => lstatSync(join(dir, f)).size);
    const first = sizes.findIndex((n) => n > LIMIT);
    expect(planned[first]).toBe(failed![1]);
    expect(first, planned.map((f, i) => `${f} ${sizes[i]}`).join('\n')).toBeGreaterThan(0);
  });
});
