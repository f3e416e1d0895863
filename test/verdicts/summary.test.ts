/**
 * `--summary` (score, dimensions, top fixes only) through the real CLI, and the block-digit score
 * repeated as copyable text in the coloured report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { runCli } from '../cli/run-cli.js';
import { renderTextReport, SUMMARY_FIXES } from '../../src/format/text.js';
import type { ScanResult } from '../../src/core/schema.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixture({
    '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html lang="en"><title>Home</title><h1>Home</h1><p>Words.</p></html>' },
  });
});
afterAll(async () => {
  await site?.close();
});

describe('--summary', () => {
  it('prints score, dimensions and the top fixes only', async () => {
    const full = await runCli(['scan', site.origin, '--no-color']);
    const short = await runCli(['scan', site.origin, '--no-color', '--summary']);
    expect(short.code, short.stderr).toBe(0);
    expect(short.stdout).toMatch(/Score \d+\/100 {3}Grade [A-F]/);
    expect(short.stdout).toContain('Dimensions');
    expect(short.stdout).toMatch(new RegExp(`Top fixes \\(${SUMMARY_FIXES} of \\d+\\)`));
    expect(short.stdout).not.toContain('How to fix');
    const fixLines = short.stdout.split('\n').filter((l) => /^ {2}[✗◐~!x-] [A-Z]\d+ /.test(l) || /\[(essential|recommended|bonus), /.test(l));
    expect(fixLines.length).toBe(SUMMARY_FIXES);
    expect(short.stdout.split('\n').length * 3).toBeLessThan(full.stdout.split('\n').length);
  });

  it('is a usage error with a machine format', async () => {
    const run = await runCli(['scan', site.origin, '--summary', '--format', 'json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--summary shapes the pretty report only/);
  });
});

describe('the coloured report', () => {
  it('repeats the block-digit score as copyable text', () => {
    const r = { url: 'https://site.dev/', overallScore: 87, grade: 'B', level: 3, levelName: 'Agent-Readable', checks: [] } as unknown as ScanResult;
    const text = renderTextReport(r, { color: true }).replace(/\x1b\[[0-9;]*m/g, '');
    expect(text).toContain('Score 87/100   Grade B   Level 3 · Agent-Readable');
  });
});
