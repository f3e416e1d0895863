import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { VERSION } from '../../src/version.js';
import { startFixture } from '../helpers/fixture-server.js';
import { goodRobotsSite } from '../format/scan-fixture.js';
import { BIN, ROOT, runCli } from './run-cli.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Every module dist/cli.js loads before any command runs: its static import closure, bundled packages included. */
function staticClosure(): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const walk = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const src = readFileSync(`${ROOT}dist/${file}`, 'utf8');
    for (const m of src.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm)) {
      const spec = m[1] ?? m[2];
      if (spec.startsWith('./')) walk(spec.slice(2));
      else packages.add(spec.replace(/^node:/, ''));
    }
    // Packages bundled into dist (tsup.config.ts) show up as esbuild's path comments.
    for (const m of src.matchAll(/^\/\/ \S*node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)) packages.add(m[1]);
  };
  walk('cli.js');
  return { files: [...files], packages: [...packages] };
}

describe('startup', () => {
  it('--help and --version load neither ink nor react (nor the engine) before a command runs', () => {
    const { packages } = staticClosure();
    expect(packages).toContain('commander');
    for (const heavy of ['ink', 'react', 'react/jsx-runtime', 'chalk', 'zod', 'undici', 'cheerio', 'h3']) expect(packages).not.toContain(heavy);
  });

  it('--version prints the version; --help documents the exit codes', async () => {
    const v = await runCli(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toBe(VERSION);
    const h = await runCli(['scan', '--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/Exit codes: 0 ok, 1 below a threshold, 2 usage or invalid input, 3 a target could not be scanned/);
    for (const f of ['--format', '--min-grade', '--fail-on', '--baseline', '--input', '--concurrency', '--profile']) expect(h.stdout).toContain(f);
  });
});

describe('explain', () => {
  it('prints what a check looks for, why, and its fix guide; --platform adapts it', async () => {
    const generic = await runCli(['explain', 'd1']);
    expect(generic.code).toBe(0);
    expect(generic.stdout).toContain('D1 · robots.txt');
    expect(generic.stdout).toContain('What it looks for');
    expect(generic.stdout).toContain('Why it matters');
    expect(generic.stdout).toContain('How to fix it');
    const wp = await runCli(['explain', 'D1', '--platform', 'wordpress']);
    expect(wp.stdout).toContain('How to fix it on WordPress');
    expect(wp.stdout).not.toBe(generic.stdout.replace('How to fix it', 'How to fix it on WordPress'));
    expect(wp.stdout).not.toMatch(/\u001b/);
  });

  it('every host with steps of its own gets them (caddy, iis, github-pages, not only the big six)', async () => {
    const generic = (await runCli(['explain', 'D1'])).stdout;
    for (const [name, marker] of [
      ['caddy', 'Caddyfile'],
      ['iis', 'web.config'],
      ['vercel', 'Vercel'],
    ] as const) {
      const run = await runCli(['explain', 'D1', '--platform', name]);
      expect(run.code, name).toBe(0);
      expect(run.stdout, name).toContain(marker);
      expect(generic).not.toContain(marker);
    }
    // Display names work too.
    expect((await runCli(['explain', 'D1', '--platform', 'Next.js'])).stdout).toContain('How to fix it on Next.js');
  });

  it('an unknown --platform is a usage error; a known one without own steps says the steps are generic', async () => {
    const typo = await runCli(['explain', 'D1', '--platform', 'wordpres']);
    expect(typo.code).toBe(2);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toContain('unknown --platform "wordpres"');
    expect(typo.stderr).toContain('wordpress');
    const svelte = await runCli(['explain', 'D1', '--platform', 'sveltekit']);
    expect(svelte.code).toBe(0);
    expect(svelte.stdout).toContain('these are the generic ones');
  });

  it('reads well: "1 point", and spec links are not listed twice', async () => {
    const a10 = await runCli(['explain', 'A10']);
    expect(a10.stdout).toMatch(/· 1 point · content sites: scored where published\n/);
    const d1 = await runCli(['explain', 'D1']);
    expect(d1.stdout.match(/rfc9309/g)).toHaveLength(1);
  });

  it('an unknown check is a usage error listing the known ids', async () => {
    const run = await runCli(['explain', 'Q42']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown check "Q42"');
    expect(run.stderr).toContain('D1');
  });
});

describe('GitHub Action', () => {
  const action = parseYaml(readFileSync(`${ROOT}action.yml`, 'utf8'));

  it('is a composite action with the url, min-grade and format inputs', () => {
    expect(action.runs.using).toBe('composite');
    for (const input of ['url', 'min-grade', 'format']) expect(action.inputs[input]).toBeDefined();
    expect(action.inputs.url.required).toBe(true);
  });

  it('its scan step runs the CLI, gates on min-grade and posts the markdown summary', async () => {
    const site = await startFixture(goodRobotsSite());
    try {
      const step = action.runs.steps.find((s: { id?: string }) => s.id === 'scan');
      const dir = tempDir('ai-ready-action-');
      const summary = join(dir, 'step-summary.md');
      const output = join(dir, 'github-output');
      writeFileSync(summary, '');
      writeFileSync(output, '');
      // GitHub runs a composite step's script as `bash --noprofile --norc -eo pipefail <file>`.
      const script = join(dir, 'step.sh');
      writeFileSync(script, step.run);
      const run = (inputs: Record<string, string>) =>
        new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
          const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
            cwd: dir,
            env: {
              PATH: process.env.PATH,
              AI_READY_CMD: `${process.execPath} ${BIN}`,
              RUNNER_TEMP: dir,
              GITHUB_STEP_SUMMARY: summary,
              GITHUB_OUTPUT: output,
              NO_COLOR: '1',
              INPUT_URL: site.origin,
              INPUT_MIN_GRADE: '',
              INPUT_MIN_SCORE: '',
              INPUT_FAIL_ON: '',
              INPUT_FORMAT: 'github',
              INPUT_OUTPUT_FILE: 'ai-ready-report',
              INPUT_PROFILE: 'auto',
              INPUT_VERSION: 'latest',
              ...inputs,
            },
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (d) => (stdout += d));
          child.stderr.on('data', (d) => (stderr += d));
          const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
          child.on('close', (status) => {
            clearTimeout(timer);
            resolve({ status, stdout, stderr });
          });
        });
      const ok = await run({ INPUT_MIN_GRADE: 'F' });
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/^::notice /m);
      expect(readFileSync(summary, 'utf8')).toContain('<!-- ai-ready-report -->');
      expect(readFileSync(output, 'utf8')).toContain('exit-code=0');

      const sarif = await run({ INPUT_FORMAT: 'sarif', INPUT_OUTPUT_FILE: join(dir, 'out.sarif'), INPUT_MIN_GRADE: 'A', INPUT_MIN_SCORE: '100' });
      const score = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8')).runs[0].properties.overallScore;
      expect(sarif.status).toBe(score === 100 ? 0 : 1);
      expect(readFileSync(output, 'utf8')).toContain(`report-file=${join(dir, 'out.sarif')}`);
      expect(readFileSync(summary, 'utf8').match(/<!-- ai-ready-report -->/g)).toHaveLength(2);

      // A later run that scans nothing must not re-post the earlier summary left in RUNNER_TEMP.
      const gone = await startFixture({});
      await gone.close();
      const dead = await run({ INPUT_URL: gone.origin, INPUT_FORMAT: 'md', INPUT_OUTPUT_FILE: join(dir, 'out.md') });
      expect(dead.status).toBe(3);
      expect(readFileSync(summary, 'utf8').match(/<!-- ai-ready-report -->/g)).toHaveLength(2);
    } finally {
      await site.close();
    }
  });
});
