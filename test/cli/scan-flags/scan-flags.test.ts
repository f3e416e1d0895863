/**
 * Scan flags are declarations (src/cli/scan-flags/): a list of them gives the commander options,
 * the config file's schema and the flag > config > default resolution. A made-up flag in a list of
 * this test's own shows the registry picks a new flag up; the real list is held to what `scan`,
 * `demo` and ai-ready.config.json accepted before the declarations existed.
 */
import { spawnSync } from 'node:child_process';
import { Command } from 'commander';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createProgram } from '../../../src/cli/program.js';
import { ConfigFile, describeIssues } from '../../../src/cli/config-schema.js';
import { resolveScanSettings, type ScanFlags, type ScanSettings } from '../../../src/cli/scan-settings.js';
import { UsageError } from '../../../src/cli/usage-error.js';
import { SCAN_FLAGS, addFlagOptions, defineFlag, resolveFlags, toNumber } from '../../../src/cli/scan-flags/index.js';
import type { ScanFlag } from '../../../src/cli/scan-flags/define.js';
import { helpOf } from '../../../src/cli/scan-flags/commander.js';
import { configSchema, describeIssues as describeAgainst, expected, schemaOf } from '../../../src/cli/scan-flags/schema.js';
import { timeout } from '../../../src/cli/scan-flags/scope.js';
import { BIN, ROOT } from '../run-cli.js';

// A flag no command has: one file's worth of declaration and one line in a list.
const retries = defineFlag({
  name: 'retries',
  option: '--retries <n>',
  help: 'attempts per request: 0-5 (default: 2)',
  value: ({ z }) => z.number().int().min(0).max(5),
  fromText: toNumber,
  config: true,
  default: 2,
});
const label = defineFlag({ name: 'label', option: '--label <text>', help: 'a name for the run', value: ({ z }) => z.string().min(1) });
const REGISTRY = [retries, label] as const;

const typedAll = () => true;
const typedNone = () => false;

describe('a flag declared in a registry', () => {
  it('becomes a commander option with its spelling and help', () => {
    const cmd = addFlagOptions(new Command('try').exitOverride(), REGISTRY);
    expect(cmd.helpInformation()).toMatch(/--retries <n>\s+attempts per request: 0-5 \(default: 2\)/);
    cmd.parse(['--retries', '3', '--label', 'nightly'], { from: 'user' });
    expect(cmd.opts()).toEqual({ retries: '3', label: 'nightly' });
    expect(cmd.getOptionValueSource('retries')).toBe('cli');
  });

  it('is a config key when it says so, held to its schema; the others are unknown keys', () => {
    const schema = configSchema(REGISTRY);
    expect(schema.safeParse({ retries: 4 }).success).toBe(true);
    const tooMany = schema.safeParse({ retries: 9 });
    expect(tooMany.success).toBe(false);
    expect(describeAgainst(schema, tooMany.error!)).toBe('  retries: must be an integer from 0 to 5');
    const cliOnly = schema.safeParse({ label: 'x' });
    expect(describeAgainst(schema, cliOnly.error!)).toBe('  unknown key "label" (allowed: retries)');
  });

  it('lands in the settings: typed flag, else config, else default', async () => {
    expect(await resolveFlags(REGISTRY, { retries: '4' }, typedAll, {})).toEqual({ retries: 4, label: undefined });
    expect(await resolveFlags(REGISTRY, {}, typedNone, { retries: 1 })).toEqual({ retries: 1, label: undefined });
    expect(await resolveFlags(REGISTRY, {}, typedNone, {})).toEqual({ retries: 2, label: undefined });
    expect((await resolveFlags(REGISTRY, { retries: '0' }, typedAll, { retries: 5 })).retries).toBe(0);
    // A value commander holds that the user did not type (a default) is not the user's.
    expect((await resolveFlags(REGISTRY, { retries: '5' }, typedNone, { retries: 3 })).retries).toBe(3);
    // A key the config file does not take is not read from it.
    expect((await resolveFlags(REGISTRY, {}, typedNone, { label: 'from file' })).label).toBeUndefined();
    expectTypeOf<Awaited<ReturnType<typeof resolveFlags<typeof REGISTRY>>>>().toEqualTypeOf<{ retries: number; label: string | undefined }>();
  });

  it('refuses a typed value out of its range with a usage error naming the flag and the text', async () => {
    for (const text of ['9', '-1', '1.5', 'two', '']) {
      const refused = resolveFlags(REGISTRY, { retries: text }, typedAll, {});
      await expect(refused).rejects.toBeInstanceOf(UsageError);
      await expect(refused).rejects.toThrow(`--retries must be an integer from 0 to 5 (got "${text}")`);
    }
  });
});

describe('the scan flags', () => {
  const longs = (cmd: Command) => cmd.options.map((o) => o.long);
  const commandOf = (name: string) => createProgram([name]).commands.find((c) => c.name() === name)!;

  it('give `scan` its options, in the order of the registry', () => {
    // Derived from SCAN_FLAGS (a new flag needs no edit here): every declared spelling, its negation after it.
    const declared = SCAN_FLAGS.flatMap((f: ScanFlag) => [f.option, f.negation?.option])
      .filter((o): o is string => !!o)
      .map((o) => o.split(/[ ,]+/).find((w) => w.startsWith('--'))!);
    expect(declared).toContain('--format');
    expect(longs(commandOf('scan'))).toEqual(declared);
  });

  it('give `demo` the report flags, with the same help as `scan`', () => {
    const demo = commandOf('demo');
    const scan = commandOf('scan');
    expect(longs(demo)).toEqual(['--format', '--verbose', '--summary', '--no-color']);
    for (const option of demo.options) expect(option.description).toBe(scan.options.find((o) => o.long === option.long)!.description);
  });

  it('give the config file its keys (strict, the allowed keys listed)', () => {
    // Derived: the flags declared with `config: true`, and the file's own $schema.
    const inConfig = SCAN_FLAGS.filter((f: ScanFlag) => f.config).map((f) => f.name);
    expect(inConfig).toContain('timeout');
    expect(Object.keys(ConfigFile.shape).sort()).toEqual(['$schema', ...inConfig].sort());
    const typo = ConfigFile.safeParse({ minScroe: 70 });
    expect(describeIssues(typo.error!)).toMatch(/^ {2}unknown key "minScroe" \(allowed: urls, format, [\w, ]*timeout[\w, ]*\)$/);
  });

  it('name the nested key a config value is refused at, and what it takes', () => {
    const speed = ConfigFile.safeParse({ minDimension: { speed: 3, content: 101 } });
    expect(describeIssues(speed.error!).split('\n')).toEqual([
      '  minDimension.content: must be a number from 0 to 100',
      '  unknown key "speed" in minDimension (allowed: discoverability, content, bot_access, capabilities, commerce)',
    ]);
  });

  it('keep the usage errors of the typed flags', async () => {
    const cases: Array<[ScanFlags, string]> = [
      [{ pages: '0' }, '--pages must be an integer from 1 to 20 (got "0")'],
      [{ timeout: 'soon' }, '--timeout must be a number from 1 to 600 (got "soon")'],
      [{ format: 'pdf' }, '--format must be one of pretty, json, md, html, sarif, junit, github, agent (got "pdf")'],
      [{ profile: 'blog' }, '--profile must be one of auto, content, app, commerce (got "blog")'],
      [{ minGrade: 'e' }, '--min-grade must be one of A, B, C, D, F (got "e")'],
      [{ minLevel: '2.5' }, '--min-level must be an integer from 0 to 5 (got "2.5")'],
      [{ workers: '65' }, '--workers must be an integer from 0 to 64 (got "65")'],
      [{ workerHeapMb: '16' }, '--worker-heap-mb must be an integer from 32 to 16384 (got "16")'],
      [{ minDimension: 'speed=50' }, '--min-dimension must be one of discoverability, content, bot_access, capabilities, commerce (got "speed")'],
      [{ minDimension: 'bot_access' }, '--min-dimension takes dimension=score pairs, e.g. bot_access=80 (got "bot_access")'],
      [{ minDimension: 'content=abc' }, '--min-dimension content must be a number from 0 to 100 (got "abc")'],
      [{ json: true, format: 'md' }, '--json is --format json: do not combine it with another --format'],
      [{ failOnRegression: '5' }, '--fail-on-regression needs --baseline <file>'],
    ];
    for (const [flags, message] of cases) {
      const typed = (name: string) => name in flags;
      await expect(resolveScanSettings([], { ...flags, config: false }, typed), message).rejects.toThrow(message);
    }
    const given: ScanFlags = { config: false, json: true, timeout: '30', minDimension: 'Bot_Access=80' };
    const s = await resolveScanSettings(['a.example'], given, (name) => name in given);
    expect([s.format, s.deadlineMs, s.thresholds.minDimension, s.pages, s.urls]).toEqual(['json', 30_000, { bot_access: 80 }, 5, ['a.example']]);
  });

  it('hold a flag and its config key to one range', async () => {
    const range = expected(schemaOf(timeout));
    expect(range).toBe('a number from 1 to 600');
    await expect(resolveFlags(SCAN_FLAGS, { timeout: '601' }, (n) => n === 'timeout', {})).rejects.toThrow(`--timeout must be ${range} (got "601")`);
    for (const seconds of [0.5, 601]) expect(describeIssues(ConfigFile.safeParse({ timeout: seconds }).error!)).toBe(`  timeout: must be ${range}`);
    expect(ConfigFile.safeParse({ timeout: 600 }).success).toBe(true);
  });

  it('say in --help the ranges and defaults that their schemas and declarations hold', () => {
    const held: string[] = [];
    for (const flag of SCAN_FLAGS) {
      const help = helpOf(flag);
      const range = /\b(\d+)-(\d+)\b/.exec(help);
      const must = expected(schemaOf(flag)) ?? '';
      if (range && must.includes(' from ')) {
        expect(must, flag.name).toMatch(new RegExp(`from ${range[1]} to ${range[2]}$`));
        held.push(`${flag.name} range`);
      }
      const stated = /\(default: ([^;)]+)/.exec(help);
      if (stated && flag.default !== undefined) {
        expect(stated[1], flag.name).toBe(String(flag.default));
        held.push(`${flag.name} default`);
      }
    }
    expect(held).toEqual(
      expect.arrayContaining(['format default', 'profile default', 'pages range', 'pages default', 'timeout default', 'minScore range', 'minLevel range']),
    );
  });

  it('type the settings from the declarations', () => {
    expectTypeOf<ScanSettings['pages']>().toEqualTypeOf<number>();
    expectTypeOf<ScanSettings['render']>().toEqualTypeOf<boolean>();
    expectTypeOf<ScanSettings['minScore']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ScanSettings['format']>().toEqualTypeOf<'pretty' | 'json' | 'md' | 'html' | 'sarif' | 'junit' | 'github' | 'agent'>();
  });

  it('build the options of `scan` without loading zod (built dist)', () => {
    // zod sets this global when it loads; the trap reports it.
    const trap = `data:text/javascript,${encodeURIComponent(
      "let v; Object.defineProperty(globalThis, '__zod_globalConfig', { configurable: true, set(x) { v = x; process.stderr.write('zod loaded'); }, get() { return v; } });",
    )}`;
    // Commander reads every declared option (--pages takes its value) before it meets the unknown
    // one; the live --help is not used here: it loads the registry for the checks it lists.
    const run = spawnSync(process.execPath, ['--import', trap, BIN, 'scan', '--pages', '3', '--fail-on-regression', '5', '--no-such-flag'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("error: unknown option '--no-such-flag'\n(run with --help for usage)\n");
    // The trap works: a typed value is validated with zod.
    const typed = spawnSync(process.execPath, ['--import', trap, BIN, 'scan', '--no-config', '--pages', '0'], { cwd: ROOT, encoding: 'utf8' });
    expect(typed.stderr).toContain('zod loaded');
  });
});
