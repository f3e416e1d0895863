/**
 * The live view on a real terminal: `script` gives the CLI a pseudo-terminal (util-linux; the test
 * is skipped where it is missing). The progress is drawn, then erased, and the report printed once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { agentReady } from '../fixtures/sites.mjs';
import { BIN, ROOT, hasScript } from './run-cli.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixture((s) => agentReady(s.origin), { delayMs: 30 });
});
afterAll(() => site?.close());

function onTerminal(args: string, size = 'cols 120 rows 40'): Promise<{ code: number; out: string }> {
  const env = { ...process.env, TERM: 'xterm-256color' } as NodeJS.ProcessEnv;
  delete env.CI;
  delete env.NO_COLOR;
  return new Promise((resolve) => {
    execFile(
      'script',
      ['-qfec', `stty ${size}; "${process.execPath}" "${BIN}" ${args}`, '/dev/null'],
      { cwd: ROOT, env, timeout: 25_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout) => resolve({ code: (err as { code?: number } | null)?.code ?? 0, out: stdout }),
    );
  });
}

describe.skipIf(!hasScript)('pretty output on a terminal', () => {
  it('shows live progress, erases it, then prints the report exactly once', async () => {
    const { code, out } = await onTerminal(`scan ${site.origin}`);
    expect(code).toBe(0);
    const erase = '\u001b[2K';
    expect(out).toContain('Scanning');
    expect(out).toContain(erase);
    const reportAt = out.indexOf('ai-ready report for');
    expect(reportAt).toBeGreaterThan(out.lastIndexOf(erase));
    expect(out.split('ai-ready report for').length - 1).toBe(1);
    expect(out.slice(reportAt)).not.toContain('Scanning');
    expect(out.slice(reportAt)).toMatch(/\u001b\[\d+m/); // colour on a terminal
  });

  it('--no-color on a terminal: the same report with no escape sequence at all', async () => {
    const { code, out } = await onTerminal(`scan ${site.origin} --no-color`);
    expect(code).toBe(0);
    expect(out).toContain('ai-ready report for');
    expect(out).not.toMatch(/\u001b/);
  });

  // Ink clears the screen and the scrollback (ESC[2J ESC[3J) on every frame once its view is as
  // tall as the terminal: the view must fit a short terminal, and stay off when no height is known.
  const CLEAR_SCREEN = /\u001b\[2J|\u001b\[3J/;

  it('a short terminal: the live view fits, never clears the screen, the report is printed once', async () => {
    const { code, out } = await onTerminal(`scan ${site.origin}`, 'cols 60 rows 6');
    expect(code).toBe(0);
    expect(out).toContain('Scanning');
    expect(out).not.toMatch(CLEAR_SCREEN);
    expect(out.split('ai-ready report for').length - 1).toBe(1);
  });

  it('a terminal that reports no height gets the report without a live view', async () => {
    const { code, out } = await onTerminal(`scan ${site.origin}`, 'cols 0 rows 0');
    expect(code).toBe(0);
    expect(out).not.toContain('Scanning');
    expect(out).not.toMatch(CLEAR_SCREEN);
    expect(out.split('ai-ready report for').length - 1).toBe(1);
  });
});
