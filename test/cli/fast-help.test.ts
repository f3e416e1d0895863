/**
 * `ai-ready --help` is answered by bin/help.js from texts the build rendered (dist/help), without
 * loading the CLI. These tests hold those texts to what commander prints from the current source,
 * at every terminal width, through a pipe and on a real terminal, so the fast path cannot drift.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { HELP_FORMS, MAX_WIDTH, helpRenderer } from '../../src/cli/help-texts.js';
import { BIN, ROOT, hasScript, runCli } from './run-cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const { prebuiltHelp } = createRequire(import.meta.url)('../../bin/help.js') as { prebuiltHelp: (args: string[], columns?: number) => string | null };
const forms = Object.values(HELP_FORMS).flat();

describe('prebuilt help texts', () => {
  it.each(forms.map((f) => [f.join(' '), f]))('"%s" equals commander at every width', async (_name, form) => {
    const render = helpRenderer(form as string[]);
    for (const width of [undefined, ...Array.from({ length: MAX_WIDTH + 21 }, (_, i) => i), 1000]) {
      const expected = await render(width);
      expect(expected.exitCode).toBe(0);
      expect(prebuiltHelp(form as string[], width), `width ${width}`).toBe(expected.stdout);
    }
  });

  it('has nothing for other command lines, which the CLI answers', () => {
    for (const args of [['explain', '--help'], ['--help', '--json'], ['help', 'nosuch'], ['scan', 'x'], ['nosuch'], []])
      expect(prebuiltHelp(args, 80)).toBeNull();
  });
});

describe('the bin prints them', () => {
  it.each(forms.map((f) => [f.join(' '), f]))('"%s" through a pipe: the 80-column text, exit 0', async (_name, form) => {
    const run = await runCli(form as string[]);
    expect(run).toEqual({ code: 0, stdout: (await helpRenderer(form as string[])(undefined)).stdout, stderr: '' });
  });

  it('commands without a prebuilt text and mistakes still go to the CLI', async () => {
    const explain = await runCli(['explain', '--help']);
    expect(explain.code).toBe(0);
    expect(explain.stdout).toMatch(/^Usage: ai-ready explain/);
    const unknown = await runCli(['help', 'nosuch']);
    expect(unknown.code).toBe(2);
    const typo = await runCli(['scna']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/unknown command 'scna'/);
  });
});

function onTerminal(args: string, cols: number): Promise<string> {
  const env = { ...process.env, TERM: 'xterm-256color' } as NodeJS.ProcessEnv;
  delete env.NO_COLOR;
  return new Promise((resolve, reject) => {
    execFile(
      'script',
      ['-qfec', `stty cols ${cols} rows 40; "${process.execPath}" "${BIN}" ${args}`, '/dev/null'],
      { cwd: ROOT, env, timeout: 20_000 },
      (err, stdout) => (err ? reject(err) : resolve(stdout.replace(/\r\n/g, '\n'))),
    );
  });
}

/** A copy of bin/ beside a stand-in dist/ holding only help texts (and no CLI), to see which path answers. */
function standIn(withHelp: boolean): { bin: string; done: () => void } {
  const dir = tempDir('ai-ready-fast-help-');
  cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ version: '0.0.0-test' }));
  if (withHelp) {
    mkdirSync(join(dir, 'dist', 'help'), { recursive: true });
    writeFileSync(
      join(dir, 'dist', 'help', 'index.json'),
      JSON.stringify({
        forms: { '--help': 'main' },
        targets: {
          main: [
            [0, 'narrow.txt'],
            [100, 'wide.txt'],
          ],
        },
      }),
    );
    writeFileSync(join(dir, 'dist', 'help', 'narrow.txt'), 'NARROW\n');
    writeFileSync(join(dir, 'dist', 'help', 'wide.txt'), 'WIDE\n');
  }
  return { bin: join(dir, 'bin', 'ai-ready.js'), done: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('the fast path', () => {
  it('answers without the CLI, picking the text by width (80 through a pipe)', () => {
    const s = standIn(true);
    try {
      const r = spawnSync(process.execPath, [s.bin, '--help'], { encoding: 'utf8' });
      expect([r.status, r.stdout, r.stderr]).toEqual([0, 'NARROW\n', '']);
      if (hasScript) {
        const tty = execFileSync('script', ['-qfec', `stty cols 120 rows 40; "${process.execPath}" "${s.bin}" --help`, '/dev/null'], { encoding: 'utf8' });
        expect(tty.replace(/\r\n/g, '\n')).toBe('WIDE\n');
      }
    } finally {
      s.done();
    }
  });

  it('falls back to the CLI when dist/help is missing', () => {
    const s = standIn(false);
    try {
      const r = spawnSync(process.execPath, [s.bin, '--help'], { encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/could not load the CLI/);
    } finally {
      s.done();
    }
  });
});

describe.skipIf(!hasScript)('on a terminal', () => {
  it.each([
    [['--help'], 60],
    [['--help'], 123],
    [['scan', '--help'], 72],
  ] as const)('%s at %i columns wraps as commander does', async (form, cols) => {
    expect(await onTerminal(form.join(' '), cols)).toBe((await helpRenderer(form)(cols)).stdout);
  });
});
