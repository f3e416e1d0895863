/**
 * The terminal's pictures: `--baseline` deltas in the pretty and markdown reports, `--badge`,
 * and the pretty report wrapped at word boundaries on a real 110-column pseudo-terminal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { switchableSite } from '../mcp/helpers.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { BIN, ROOT, hasScript, runCli } from './run-cli.js';
import { renderBadge } from '../../src/format/badge.js';
import { tempDir } from '../helpers/temp-dir.js';

let fixture: { site: FixtureSite; use(kind: 'agentReady' | 'bare'): void };
let dir: string;
beforeAll(async () => {
  fixture = await switchableSite();
  dir = tempDir('ai-ready-pictures-');
});
afterAll(async () => {
  await fixture?.site.close();
});

describe('scan --baseline', () => {
  it('shows the score, dimension and check deltas in the pretty and markdown reports', async () => {
    fixture.use('bare');
    const base = join(dir, 'base.json');
    const saved = await runCli(['scan', fixture.site.origin, '--format', 'json', '--save-baseline', base]);
    expect(saved.code).toBe(0);
    const before = JSON.parse(saved.stdout);
    const file = JSON.parse(readFileSync(base, 'utf8'));
    expect(Object.values(file.sites)[0]).toHaveProperty('dimensions.discoverability', before.dimensions.discoverability.score);

    fixture.use('agentReady');
    const md = join(dir, 'summary.md');
    const pretty = await runCli(['scan', fixture.site.origin, '--baseline', base, '--markdown-summary', md]);
    expect(pretty.code).toBe(0);
    const after = /Score (\d+)\/100/.exec(pretty.stdout)![1];
    expect(pretty.stdout).toContain('Since the baseline');
    expect(pretty.stdout).toContain(`${before.overallScore} -> ${after} (+${Number(after) - before.overallScore})`);
    expect(pretty.stdout).toMatch(/Discoverability\s+\d+ -> +\d+ \(\+\d+\)/);
    expect(pretty.stdout).toMatch(/Fixed \(\d+\)/);
    expect(pretty.stdout).toMatch(/Checks that changed \(\d+\)/);
    const summary = readFileSync(md, 'utf8');
    expect(summary).toContain(`### Since the baseline: ${before.overallScore} -> ${after}`);
    expect(summary).toMatch(/\| Discoverability \| \d+ \| \d+ \| \+\d+ \|/);

    const markdown = await runCli(['scan', fixture.site.origin, '--baseline', base, '--format', 'md']);
    expect(markdown.stdout).toContain('### Since the baseline:');
  });

  it('shows them in a batch for the sites the baseline has, and only those', async () => {
    fixture.use('agentReady');
    const base = join(dir, 'base.json');
    const batch = await runCli(['scan', fixture.site.origin, `${fixture.site.origin}/other`, '--baseline', base, '--format', 'md', '--workers', '0']);
    expect(batch.code).toBe(0);
    expect(batch.stdout.match(/Since the baseline:/g)).toHaveLength(1);
    const pretty = await runCli(['scan', fixture.site.origin, `${fixture.site.origin}/other`, '--baseline', base, '--workers', '0']);
    expect(pretty.stdout.match(/Since the baseline/g)).toHaveLength(1);
  });
});

describe('scan --badge', () => {
  it('writes the SVG badge of the score and grade', async () => {
    fixture.use('agentReady');
    const svg = join(dir, 'badge.svg');
    const run = await runCli(['scan', fixture.site.origin, '--format', 'json', '--badge', svg]);
    expect(run.stderr).not.toContain('ai-ready:');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(readFileSync(svg, 'utf8')).toBe(await renderBadge(result));
    expect(run.stderr).toContain(`Report written to ${svg}`);
  });

  it('refuses several URLs and an unwritable path with a usage error', async () => {
    const two = await runCli(['scan', fixture.site.origin, `${fixture.site.origin}/x`, '--badge', join(dir, 'b.svg')]);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('--badge');
    const nowhere = await runCli(['scan', fixture.site.origin, '--badge', join(dir, 'missing-dir', 'b.svg')]);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain('--badge');
  });
});

describe.skipIf(!hasScript)('the pretty report on a 110-column terminal', () => {
  it('wraps at word boundaries', async () => {
    fixture.use('bare');
    const env = { ...process.env, TERM: 'xterm-256color' } as NodeJS.ProcessEnv;
    delete env.CI;
    delete env.NO_COLOR;
    const out = await new Promise<string>((resolve) => {
      execFile(
        'script',
        ['-qfec', `stty cols 110 rows 40; "${process.execPath}" "${BIN}" scan ${fixture.site.origin}`, '/dev/null'],
        { cwd: ROOT, env, timeout: 25_000, maxBuffer: 16 << 20 },
        (_e, stdout) => resolve(stdout),
      );
    });
    const report = stripVTControlCharacters(out.slice(out.indexOf('ai-ready report for'))).replace(/\r/g, '');
    const lines = report.split('\n');
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) if (line.length > 110) expect(line.trim().includes(' ') && !/^\s*│ /.test(line)).toBe(false);
    expect(report).toContain('text/markdown');
    expect(report.toLowerCase()).toContain('capabilities');
  });
});
