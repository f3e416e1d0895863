/**
 * `ai-ready fix` takes the flags it shares with `scan` from scan's declarations: for each, both
 * commands refuse the same values with the same usage error and accept the same values, and
 * `--help` gives both the same text. Both run the built CLI against a closed loopback port, so an
 * accepted value reaches the scan and ends in exit 3 (could not be scanned), a refused one in exit 2.
 */
import { closedPort } from '../../helpers/closed-port.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIX_FLAGS } from '../../../src/cli/fix-flags/index.js';
import { SCAN_FLAGS } from '../../../src/cli/scan-flags/index.js';
import { helpOf } from '../../../src/cli/scan-flags/commander.js';
import { PROJECTS, makeProject } from '../../core/fixes/project/frameworks.js';
import { type CliRun, runCli } from '../run-cli.js';

const STATIC = PROJECTS.find((p) => p.id === 'static')!;
const SHARED = FIX_FLAGS.filter((flag) => (SCAN_FLAGS as readonly unknown[]).includes(flag));

let target: string;
let dir: string;
beforeAll(async () => {
  target = `http://127.0.0.1:${await closedPort()}/`;
  dir = makeProject(STATIC);
});

/** fix's gates judge the preview --verify scans (a gate without it is a usage error of its own). */
const gated = (args: string[]) => (args.some((a) => a.startsWith('--min-')) ? ['--write', '--verify', target] : []);
const both = (args: string[]): Promise<[CliRun, CliRun]> =>
  Promise.all([
    runCli(['scan', target, ...args], { timeoutMs: 60_000 }),
    runCli(['fix', target, '--dir', dir, ...args, ...gated(args)], { timeoutMs: 60_000 }),
  ]);

/** The usage error without the command's prefix ("ai-ready: " for scan, "ai-ready fix: " for fix). */
const message = (run: CliRun) => run.stderr.trim().replace(/^ai-ready( fix)?: /, '');

describe('the flags fix shares with scan', () => {
  it('are scan’s own declarations: --pages, --only, --min-grade, --min-score, --no-color', () => {
    expect(SHARED.map((f) => f.option)).toEqual(['--only <ids>', '--pages <n>', '--min-grade <grade>', '--min-score <score>', '--no-color']);
  });

  const refused: Array<[string[], RegExp]> = [
    [['--pages', '0'], /^--pages must be an integer from 1 to 20 \(got "0"\)$/],
    [['--pages', '21'], /^--pages must be an integer from 1 to 20 \(got "21"\)$/],
    [['--pages', '2.5'], /^--pages must be an integer/],
    [['--pages', 'many'], /^--pages must be an integer/],
    [['--min-score', '101'], /^--min-score must be a number from 0 to 100 \(got "101"\)$/],
    [['--min-score=-1'], /^--min-score must be a number from 0 to 100 \(got "-1"\)$/],
    [['--min-grade', 'G'], /^--min-grade must be one of A, B, C, D, F \(got "G"\)$/],
    [['--only', 'Z9'], /^--only: unknown check "Z9"/],
    [['--only', 'D1,nope'], /^--only: unknown check "nope"/],
  ];
  for (const [args, expected] of refused)
    it(`both refuse ${args.join(' ')} with the same usage error`, { timeout: 60_000 }, async () => {
      const [scan, fix] = await both(args);
      for (const run of [scan, fix]) {
        expect(run.code, `${run.stderr}`).toBe(2);
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
        expect(run.stdout).toBe('');
      }
      expect(message(scan)).toMatch(expected);
      expect(message(fix)).toBe(message(scan));
    });

  const accepted = [
    ['--pages', '3'],
    ['--pages', '1'],
    ['--pages', '20'],
    ['--min-score', '87.5'],
    ['--min-grade', 'b'],
    ['--only', 'd1,B1'],
    ['--only', 'bot_access'],
    ['--no-color'],
  ];
  for (const args of accepted)
    it(`both accept ${args.join(' ')} and go on to scan`, { timeout: 60_000 }, async () => {
      const [scan, fix] = await both(args);
      for (const run of [scan, fix]) {
        expect(run.code, run.stderr).toBe(3);
        expect(run.stderr).not.toMatch(/must be|unknown check/);
      }
    });

  it('have the same help text in both --help', { timeout: 60_000 }, async () => {
    const [scanHelp, fixHelp] = (await Promise.all([runCli(['scan', '--help']), runCli(['fix', '--help'])])).map((r) => r.stdout.replace(/\s+/g, ' '));
    for (const flag of SHARED) {
      const line = `${flag.option} ${helpOf(flag)}`.replace(/\s+/g, ' ');
      expect(scanHelp).toContain(line);
      expect(fixHelp).toContain(line);
    }
  });
});

describe("fix's own --host", () => {
  it('takes the header hosts the packs declare, loaded only when it is settled, and refuses another with one usage line', { timeout: 60_000 }, async () => {
    const { HEADER_HOSTS } = await import('../../../src/core/fixes/project/headers-place.js');
    const run = await runCli(['fix', target, '--dir', dir, '--host', 'Bogus'], { timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(message(run)).toBe(`--host must be one of ${HEADER_HOSTS.join(', ')} (got "bogus")`);
  });
});
