/**
 * Batches from a list (issue 31.4): no listener warnings past 10 sites, a progress line that says
 * which input finished, bad lines refused with their line numbers, and an unquoted multi-word
 * target refused once, before any scan.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literalHostBlock } from '../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { runCli } from './run-cli.js';
import { tempDir } from '../helpers/temp-dir.js';

let site: FixtureSite;
let dir: string;

beforeAll(async () => {
  const page = { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html lang="en"><title>p</title><h1>p</h1><a href="/p1">p1</a></html>' };
  site = await startFixture(Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`/p${i}`, page])));
  dir = tempDir('ai-ready-batch-');
});
afterAll(async () => {
  await site.close();
});

describe('scan --input', () => {
  it('scans 14 sites without a MaxListenersExceededWarning; each progress line names its input', async () => {
    const list = Array.from({ length: 14 }, (_, i) => `${site.origin}/p${i}`).join('\n');
    const run = await runCli(['scan', '--input', '-', '--format', 'json'], { stdin: list, timeoutMs: 90_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(14);
    expect(run.stderr).not.toContain('MaxListenersExceededWarning');
    const progress = run.stderr.split('\n').filter((l) => /^\[\d+\/14 done\] input \d+: /.test(l));
    expect(progress).toHaveLength(14);
    // Every input appears once, whatever order the sites finished in.
    const inputs = progress.map((l) => Number(/input (\d+):/.exec(l)![1])).sort((a, b) => a - b);
    expect(inputs).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    for (const l of progress) {
      const n = Number(/input (\d+):/.exec(l)![1]);
      expect(l).toContain(`${site.origin}/p${n - 1}:`);
    }
  }, 120_000);

  it('refuses a list with bad lines, naming each with its line number, and scans nothing', async () => {
    const file = join(dir, 'urls.txt');
    writeFileSync(file, [`${site.origin}/p0`, 'not a url', '# a comment', '', 'http://[::1', `${site.origin}/p1`].join('\n'));
    const before = site.requests.length;
    const run = await runCli(['scan', '--input', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file}:2: not a url`);
    expect(run.stderr).toContain(`${file}:5: http://[::1`);
    expect(run.stderr).not.toContain(`${file}:1:`);
    expect(run.stdout).toBe('');
    expect(site.requests.length).toBe(before);
  });

  it('takes an unquoted multi-word target as one usage error', async () => {
    const run = await runCli(['scan', 'not', 'a', 'url']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"not a url" is not a URL');
  });
});

describe('the refusal to scan a private address', () => {
  it('names --allow-private-network (classified without connecting)', () => {
    expect(literalHostBlock(new URL('http://127.0.0.1:8080/'))).toContain('--allow-private-network');
    expect(literalHostBlock(new URL('http://10.1.2.3/'))).toContain('--allow-private-network');
  });
});
