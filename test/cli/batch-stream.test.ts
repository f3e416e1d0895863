/**
 * Batches through the worker pool: reports stream out as sites finish (a site held back by the
 * test cannot delay the others' lines), and a site whose worker dies is reported with its reason
 * and exit 3 while the batch goes on.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanResponse } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { BIN, ROOT, runCli } from './run-cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const PAGE = { headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>x</title><h1>Hello</h1><p>text</p>' };
const NOT_FOUND = { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };

let fast1: FixtureSite;
let fast2: FixtureSite;
let held: FixtureSite;
let huge: FixtureSite;
let release!: () => void;
const released = new Promise<void>((r) => (release = r));
let tmp: string;

beforeAll(async () => {
  fast1 = await startFixture({ '/': PAGE, '*': NOT_FOUND });
  fast2 = await startFixture({ '/': PAGE, '*': NOT_FOUND });
  // The home page of this site answers only when the test says so.
  held = await startFixture({
    '/': async (_req: IncomingMessage, res: ServerResponse) => {
      await released;
      res.writeHead(200, PAGE.headers);
      res.end(PAGE.body);
    },
    '*': NOT_FOUND,
  });
  // 2 MB of flat elements: more than a 32 MB worker heap can parse.
  huge = await startFixture({
    '/': { headers: { 'content-type': 'text/html' }, body: `<html><body>${'<i>a</i>'.repeat(250_000)}</body></html>` },
    '*': NOT_FOUND,
  });
  tmp = tempDir('ai-ready-batch-');
});

afterAll(async () => {
  release();
  await Promise.all([fast1?.close(), fast2?.close(), held?.close(), huge?.close()]);
});

/** The lines of NDJSON output that have their newline (the last piece may still be arriving). */
const completeLines = (text: string) => text.split('\n').slice(0, -1).filter(Boolean);

describe('scan --input through the worker pool', () => {
  it('writes each NDJSON line as its site finishes, before a slower site is done', async () => {
    const child = spawn(process.execPath, [BIN, 'scan', '--input', '-', '--json', '--workers', '3', '--markdown-summary', join(tmp, 'summary.md')], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', CI: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end(`${held.origin}\n${fast1.origin}\n${fast2.origin}\n`);
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    try {
      // Both fast sites are written while the held site's page has not even been answered.
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (d) => {
          stdout += d;
          // Complete lines only: a report (~80 KB) reaches the pipe in several chunks.
          if (completeLines(stdout).length >= 2) resolve();
        });
        child.on('close', () => resolve());
      });
      const early = completeLines(stdout).map((l) => ScanResponse.parse(JSON.parse(l)).url);
      expect(early.sort()).toEqual([`${fast1.origin}/`, `${fast2.origin}/`].sort());
      // The markdown summary streams too: both finished sections are already in the file.
      const partial = readFileSync(join(tmp, 'summary.md'), 'utf8');
      expect(partial.match(/^### AI readiness of/gm)).toHaveLength(2);
      release();
      expect(await exited).toBe(0);
      const lines = stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(3);
      expect(ScanResponse.parse(JSON.parse(lines[2])).url).toBe(`${held.origin}/`);
      expect(stderr).toMatch(/\[3\/3 done\] input \d: /);
      const summary = readFileSync(join(tmp, 'summary.md'), 'utf8');
      expect(summary.startsWith('<!-- ai-ready-report -->')).toBe(true);
      expect(summary.match(/^### AI readiness of/gm)).toHaveLength(3);
      expect(summary).toMatch(/### All sites\n\n\| URL \| Score/);
    } finally {
      clearTimeout(killer);
      child.kill('SIGKILL');
    }
  });

  it('a site whose worker runs out of heap is reported (exit 3, reason); the others are written', async () => {
    const run = await runCli(['scan', huge.origin, fast1.origin, fast2.origin, '--json', '--workers', '2', '--worker-heap-mb', '32'], { timeoutMs: 60_000 });
    expect(run.code).toBe(3);
    const urls = run.stdout
      .trimEnd()
      .split('\n')
      .map((l) => ScanResponse.parse(JSON.parse(l)).url);
    expect(urls.sort()).toEqual([`${fast1.origin}/`, `${fast2.origin}/`].sort());
    expect(run.stderr).toContain(`ai-ready: ${huge.origin} could not be scanned: the scan ran out of memory`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('pretty batches write a section per site and end with the summary table, failures included', async () => {
    const run = await runCli(['scan', huge.origin, fast1.origin, '--workers', '2', '--worker-heap-mb', '32'], { timeoutMs: 60_000 });
    expect(run.code).toBe(3);
    expect(run.stdout.match(/ai-ready report for/g)).toHaveLength(1);
    expect(run.stdout).toMatch(/SCORE\s+GRADE\s+LEVEL/);
    expect(run.stdout).toMatch(/error\s+the scan ran out of memory/);
  });

  it('--workers 0 runs the batch on the main thread; bad values are usage errors', async () => {
    const run = await runCli(['scan', fast1.origin, fast2.origin, '--json', '--workers', '0']);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(2);
    for (const bad of [
      ['--workers', '-1'],
      ['--workers', 'x'],
      ['--worker-heap-mb', '8'],
    ]) {
      const r = await runCli(['scan', fast1.origin, ...bad]);
      expect(r.code, bad.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^ai-ready: --worker/);
    }
  });
});
