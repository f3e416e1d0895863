/**
 * `ai-ready scan` runs dist/scan-cli.cjs through bin/compile-cache.js, which keeps V8's code cache
 * on disk. What a user relies on: the report is the same with and without the cache, a cache is
 * written once (after a run that scanned) and then used, and a damaged or foreign cache file is
 * never trusted. Timings are measured in bench/, not here.
 */
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanResponse } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { agentReady } from '../fixtures/sites.mjs';
import { ROOT, runCli } from './run-cli.js';
import { tempDir } from '../helpers/temp-dir.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixture((s) => agentReady(s.origin));
});
afterAll(() => site?.close());

const freshDir = () => tempDir('ai-ready-compile-cache-');
const cacheFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.v8'));

/**
 * The verdicts of a report (timings, and the order in which concurrent live exchanges were
 * answered, change from run to run).
 */
function stable(stdout: string): unknown {
  const r = ScanResponse.parse(JSON.parse(stdout));
  return { score: r.overallScore, grade: r.grade, level: r.level, checks: r.checks.map((c) => [c.id, c.status, c.code, c.earned]) };
}

async function scanWith(dir: string, extra: Record<string, string | undefined> = {}) {
  return runCli(['scan', site.origin, '--json', '--pages', '1'], { env: { AI_READY_COMPILE_CACHE: dir, ...extra } });
}

describe('the scan bundle with a code cache', () => {
  it('writes one private cache after a scan, then reads it, and the report does not change', async () => {
    const dir = freshDir();
    const first = await scanWith(dir);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    const [file] = cacheFiles(dir);
    expect(cacheFiles(dir)).toHaveLength(1);
    expect(file).toMatch(new RegExp(`^scan-cli-\\w+-${process.version}-${process.arch}-\\d+-\\d+\\.v8$`));
    const written = statSync(join(dir, file));
    expect(written.size).toBeGreaterThan(100_000); // the bytecode of the functions the scan ran
    if (process.platform !== 'win32') {
      expect(written.mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o077).toBe(0);
    }

    const second = await scanWith(dir);
    expect(second.code).toBe(0);
    expect(second.stderr).toBe('');
    expect(stable(second.stdout)).toEqual(stable(first.stdout));
    // Accepted by V8, so left as it was: a rejected cache is written anew.
    const after = statSync(join(dir, file));
    expect(after.mtimeMs).toBe(written.mtimeMs);
    expect(after.ino).toBe(written.ino);
    expect(cacheFiles(dir)).toEqual([file]);
  });

  it('writes nothing after a usage error, or when caching is turned off', async () => {
    const dir = freshDir();
    const usage = await runCli(['scan', 'http://127.0.0.1:1/', '--min-grade', 'Z'], { env: { AI_READY_COMPILE_CACHE: dir } });
    expect(usage.code).toBe(2);
    expect(cacheFiles(dir)).toEqual([]);

    const off = await scanWith(dir, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(off.code).toBe(0);
    expect(cacheFiles(dir)).toEqual([]);
  });

  it('replaces a damaged cache file and still scans', async () => {
    const dir = freshDir();
    expect((await scanWith(dir)).code).toBe(0);
    const [file] = cacheFiles(dir);
    const path = join(dir, file);
    writeFileSync(path, Buffer.alloc(4096, 7), { mode: 0o600 }); // V8 refuses it: wrong magic number
    const run = await scanWith(dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(ScanResponse.parse(JSON.parse(run.stdout)).overallScore).toBeGreaterThan(0);
    const rewritten = readFileSync(path);
    expect(rewritten.length).toBeGreaterThan(100_000);
    expect(rewritten.equals(Buffer.alloc(4096, 7))).toBe(false);
  });

  it.skipIf(process.platform === 'win32')('never reads a cache file others may write', async () => {
    const dir = freshDir();
    expect((await scanWith(dir)).code).toBe(0);
    const [file] = cacheFiles(dir);
    const path = join(dir, file);
    const good = readFileSync(path);
    chmodSync(path, 0o666);
    const before = statSync(path);
    const run = await scanWith(dir);
    expect(run.code).toBe(0);
    // Not trusted, so treated as missing: a fresh private file took its place.
    const after = statSync(path);
    expect(after.ino).not.toBe(before.ino);
    expect(after.mode & 0o777).toBe(0o600);
    expect(readFileSync(path).length).toBeGreaterThan(good.length / 2);
  });
});

describe('the cache folder', () => {
  /** Runs a small CommonJS file through the loader in its own process (caches are written at exit). */
  const runThroughLoader = (file: string, dir: string) =>
    execFileSync(process.execPath, ['-e', `require(${JSON.stringify(`${ROOT}bin/compile-cache.js`)}).runWithCompileCache(${JSON.stringify(file)})`], {
      env: { ...process.env, AI_READY_COMPILE_CACHE: dir },
      encoding: 'utf8',
    });

  it('keeps one cache per installation, replaces an older build of the same one, and drops stale files', () => {
    const root = freshDir();
    const dir = join(root, 'cache');
    const bundle = join(root, 'one', 'scan-cli.cjs');
    const other = join(root, 'two', 'scan-cli.cjs');
    mkdirSync(join(root, 'one'));
    mkdirSync(join(root, 'two'));
    writeFileSync(bundle, 'function twice(x) { return 2 * x; }\nprocess.stdout.write(String(twice(21)) + " " + __filename);\n');
    copyFileSync(bundle, other);
    expect(runThroughLoader(bundle, dir)).toBe(`42 ${bundle}`);
    expect(runThroughLoader(other, dir)).toBe(`42 ${other}`);
    const both = cacheFiles(dir);
    expect(both).toHaveLength(2); // two installations: neither evicts the other

    // A rebuild of the first installation replaces its own cache only.
    writeFileSync(bundle, 'process.stdout.write("rebuilt");\n');
    expect(runThroughLoader(bundle, dir)).toBe('rebuilt');
    const after = cacheFiles(dir);
    expect(after).toHaveLength(2);
    expect(after.filter((f) => both.includes(f))).toHaveLength(1);

    // A cache untouched for 31 days goes when another is written.
    const stale = join(dir, 'scan-cli-gone-v0.0.0-x64-1-1.v8');
    writeFileSync(stale, 'old', { mode: 0o600 });
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    utimesSync(stale, old, old);
    writeFileSync(other, 'process.stdout.write("two rebuilt");\n');
    expect(runThroughLoader(other, dir)).toBe('two rebuilt');
    expect(cacheFiles(dir)).not.toContain('scan-cli-gone-v0.0.0-x64-1-1.v8');
    expect(cacheFiles(dir)).toHaveLength(2);
  });
});
