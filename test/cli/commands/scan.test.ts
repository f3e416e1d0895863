/**
 * `ai-ready scan` end to end: the built CLI against loopback fixture sites. Assertions are on
 * what the result contains, not on which checks exist today.
 */
import { mkdtempSync, readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { closedPort } from '../../helpers/closed-port.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { ScanResponse, type ScanResult } from '../../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { evilRobotsSite, goodRobotsSite } from '../../format/scan-fixture.js';
import { runCli } from '../run-cli.js';
import { tempDir } from '../../helpers/temp-dir.js';

const ESC = /[\u001b\u009b\u0007]/;
let good: FixtureSite;
let evil: FixtureSite;
let noRobots: FixtureSite;
let deadUrl: string;
let tmp: string;
let goodResult: ScanResult;

beforeAll(async () => {
  good = await startFixture(goodRobotsSite());
  evil = await startFixture(evilRobotsSite());
  noRobots = await startFixture({ '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>x</title><h1>x</h1>' } });
  deadUrl = `http://127.0.0.1:${await closedPort()}/`;
  tmp = tempDir('ai-ready-cli-');
  const run = await runCli(['scan', good.origin, '--json']);
  expect(run.code).toBe(0);
  goodResult = ScanResponse.parse(JSON.parse(run.stdout));
});
afterAll(() => Promise.all([good, evil, noRobots].filter(Boolean).map((s) => s.close())));

describe('output', () => {
  it('--json (alias of --format json) prints the v1 ScanResponse', () => {
    expect(goodResult.url).toBe(`${good.origin}/`);
    expect(goodResult.checks.length).toBeGreaterThan(0);
    // Typed details reach the output: B1 read `User-agent: * / Allow: /` for every AI token.
    const b1 = goodResult.checks.find((c) => c.id === 'B1')!;
    expect(b1.details?.tokens).toEqual(expect.arrayContaining([expect.objectContaining({ token: 'GPTBot', access: 'allowed', via: '*' })]));
  });

  it('non-TTY output with NO_COLOR is plain text without any escape sequence, even from a hostile site', async () => {
    const run = await runCli(['scan', evil.origin, '--verbose']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Score ');
    expect(run.stdout).toContain('robots.txt');
    expect(run.stdout).toContain('<script>alert(1)</script>');
    expect(run.stdout).not.toMatch(ESC);
    expect(run.stderr).not.toMatch(ESC);
  });

  it('CI=true alone also gives plain text', async () => {
    const run = await runCli(['scan', good.origin], { env: { NO_COLOR: undefined, CI: 'true' } });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(ESC);
  });

  it('--format html --output writes one self-contained page with every check', async () => {
    const file = join(tmp, 'report.html');
    const run = await runCli(['scan', good.origin, '--format', 'html', '--output', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const $ = cheerio.load(readFileSync(file, 'utf8'));
    expect($('article.check').length).toBe(goodResult.checks.length);
    expect($('script').length).toBe(0);
  });

  it('--format github prints annotations and appends the summary to GITHUB_STEP_SUMMARY', async () => {
    const summary = join(tmp, 'summary.md');
    writeFileSync(summary, 'before\n');
    const run = await runCli(['scan', noRobots.origin, '--format', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^::notice /m);
    expect(run.stdout).toMatch(/^::error title=D1 /m);
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('before\n<!-- ai-ready-report -->')).toBe(true);
  });

  it('--format sarif and junit print their documents', async () => {
    const sarif = await runCli(['scan', noRobots.origin, '--format', 'sarif']);
    expect(JSON.parse(sarif.stdout).version).toBe('2.1.0');
    const junit = await runCli(['scan', noRobots.origin, '--format', 'junit']);
    expect(junit.stdout).toMatch(/^<\?xml /);
    expect(junit.stdout).toContain('<failure');
  });
});

describe('exit codes for each threshold', () => {
  it('without thresholds the exit code is 0 whatever the score', async () => {
    expect((await runCli(['scan', noRobots.origin])).code).toBe(0);
  });

  it('--min-score', async () => {
    const s = goodResult.overallScore;
    expect((await runCli(['scan', good.origin, '--min-score', String(s)])).code).toBe(0);
    if (s < 100) {
      const run = await runCli(['scan', good.origin, '--min-score', String(s + 1)]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('below --min-score');
    }
  });

  it('--min-grade', async () => {
    expect((await runCli(['scan', good.origin, '--min-grade', 'F'])).code).toBe(0);
    const above = { A: null, B: 'A', C: 'B', D: 'C', F: 'D' }[goodResult.grade!];
    if (above) expect((await runCli(['scan', good.origin, '--min-grade', above.toLowerCase()])).code).toBe(1);
  });

  it('--min-level', async () => {
    expect((await runCli(['scan', good.origin, '--min-level', String(goodResult.level)])).code).toBe(0);
    if (goodResult.level < 5) expect((await runCli(['scan', good.origin, '--min-level', String(goodResult.level + 1)])).code).toBe(1);
  });

  it('--fail-on a check id and a tier', async () => {
    // No robots.txt: D1 (essential) fails.
    const byId = await runCli(['scan', noRobots.origin, '--fail-on', 'd1', '--format', 'json']);
    expect(byId.code).toBe(1);
    expect(byId.stderr).toContain('--fail-on D1: D1 robots.txt failed');
    expect(ScanResponse.parse(JSON.parse(byId.stdout)).url).toBe(`${noRobots.origin}/`);
    expect((await runCli(['scan', noRobots.origin, '--fail-on', 'essential'])).code).toBe(1);
    expect((await runCli(['scan', good.origin, '--fail-on', 'D1'])).code).toBe(0);
  });

  it('bad threshold values and unknown checks are usage errors (2)', async () => {
    for (const args of [
      ['--min-score', '101'],
      ['--min-grade', 'E'],
      ['--min-level', '2.5'],
      ['--fail-on', 'Z99'],
      ['--format', 'xml'],
      ['--profile', 'shop'],
    ]) {
      const run = await runCli(['scan', good.origin, ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^ai-ready: /);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect((await runCli(['scan', 'http://exa mple.com'])).code).toBe(2);
    expect((await runCli(['scan'])).code).toBe(2);
  });
});

describe('batch', () => {
  it('one unreachable URL among good ones: the good ones are reported, the exit code is 3', async () => {
    const run = await runCli(['scan', good.origin, deadUrl, noRobots.origin, '--format', 'json', '--concurrency', '2']);
    expect(run.code).toBe(3);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.map((l) => ScanResponse.parse(JSON.parse(l)).url).sort()).toEqual([`${good.origin}/`, `${noRobots.origin}/`].sort());
    expect(run.stderr).toMatch(new RegExp(`ai-ready: ${deadUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/? could not be fetched`));
    expect(run.stderr).toMatch(/\[3\/3 done\] input \d: /);
  });

  it('--input - reads URLs from stdin; pretty output ends with a summary table', async () => {
    const run = await runCli(['scan', '--input', '-'], { stdin: `# sites\n${good.origin}\n\n${noRobots.origin}\n` });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('URL');
    expect(run.stdout).toMatch(/SCORE\s+GRADE\s+LEVEL/);
    expect(run.stdout.match(/ai-ready report for/g)).toHaveLength(2);
  });

  it('--input <file> with --format html writes one file per URL', async () => {
    const list = join(tmp, 'urls.txt');
    writeFileSync(list, `${good.origin}\n${noRobots.origin}\n`);
    const dir = mkdtempSync(join(tmp, 'html-'));
    const run = await runCli(['scan', '--input', list, '--format', 'html', '--output', join(dir, 'r.html')]);
    expect(run.code).toBe(0);
    expect(readdirSync(dir).sort()).toHaveLength(2);
    expect((await runCli(['scan', good.origin, noRobots.origin, '--format', 'html'])).code).toBe(2);
  });
});

describe('config file', () => {
  const withConfig = (content: string) => {
    const dir = mkdtempSync(join(tmp, 'cfg-'));
    writeFileSync(join(dir, 'ai-ready.config.json'), content);
    return dir;
  };

  it('is found in the working directory; flags win over it', async () => {
    const dir = withConfig(JSON.stringify({ urls: [good.origin], minScore: 100, format: 'json' }));
    const fromFile = await runCli(['scan'], { cwd: dir });
    expect(ScanResponse.parse(JSON.parse(fromFile.stdout)).url).toBe(`${good.origin}/`);
    expect(fromFile.code).toBe(goodResult.overallScore < 100 ? 1 : 0);
    const flagWins = await runCli(['scan', '--min-score', '0', '--format', 'md'], { cwd: dir });
    expect(flagWins.code).toBe(0);
    expect(flagWins.stdout.startsWith('<!-- ai-ready-report -->')).toBe(true);
    expect((await runCli(['scan', '--no-config', good.origin], { cwd: dir })).stdout).toContain('Score ');
  });

  it('mistakes are reported clearly with exit 2', async () => {
    const cases: Array<[string, RegExp]> = [
      ['{ "minScore": 70, }', /not valid JSON/],
      ['{ "minScroe": 70 }', /unknown key "minScroe"/],
      ['{ "minScore": "seventy" }', /minScore: /],
      ['{ "format": "pdf" }', /format: /],
    ];
    for (const [content, message] of cases) {
      const run = await runCli(['scan', good.origin], { cwd: withConfig(content) });
      expect(run.code, content).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toContain('ai-ready.config.json');
    }
    const missing = await runCli(['scan', good.origin, '--config', join(tmp, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read config file');
  });
});

describe('baselines', () => {
  it('saves, compares, fails on a regression, and refuses to compare across rubric versions', async () => {
    const file = join(tmp, 'baseline.json');
    const save = await runCli(['scan', good.origin, '--save-baseline', file]);
    expect(save.code).toBe(0);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.sites[`${good.origin}/`].rubricVersion).toBe(goodResult.rubricVersion);

    const same = await runCli(['scan', good.origin, '--baseline', file, '--fail-on-regression', '0']);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/baseline: .* \(\+?0\)/);

    saved.sites[`${good.origin}/`].overallScore = goodResult.overallScore + 10;
    writeFileSync(file, JSON.stringify(saved));
    const worse = await runCli(['scan', good.origin, '--baseline', file, '--fail-on-regression', '5']);
    expect(worse.code).toBe(1);
    expect(worse.stdout).toContain('score dropped 10 points');

    saved.sites[`${good.origin}/`].rubricVersion = '1999.1.1';
    writeFileSync(file, JSON.stringify(saved));
    const other = await runCli(['scan', good.origin, '--baseline', file, '--fail-on-regression', '5']);
    expect(other.code).toBe(0);
    expect(other.stdout).toContain('cannot compare');

    expect((await runCli(['scan', good.origin, '--fail-on-regression', '5'])).code).toBe(2);
    writeFileSync(file, '{"not":"a baseline"}');
    expect((await runCli(['scan', good.origin, '--baseline', file])).code).toBe(2);
    expect(existsSync(file)).toBe(true);
  });
});

describe('output files', () => {
  it('a missing --output folder is a usage error found before anything is scanned', async () => {
    const before = noRobots.requests.length;
    for (const flag of ['--output', '--markdown-summary', '--save-baseline']) {
      const run = await runCli(['scan', noRobots.origin, flag, join(tmp, 'no-such-folder', 'out.txt')]);
      expect(run.code, flag).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^ai-ready: ${flag} .*no-such-folder.* does not exist`));
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    const folder = await runCli(['scan', noRobots.origin, '--json', '--output', tmp]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain('is a folder');
    expect(noRobots.requests.length).toBe(before);
  });
});

describe('batch output keeps its shape when a site is down', () => {
  it('the same site written two ways is scanned once', async () => {
    const before = noRobots.requests.filter((r) => r.path === '/robots.txt').length;
    const run = await runCli(['scan', noRobots.origin, `${noRobots.origin}/`, '--json']);
    expect(run.code).toBe(0);
    expect(ScanResponse.parse(JSON.parse(run.stdout)).url).toBe(`${noRobots.origin}/`);
    expect(noRobots.requests.filter((r) => r.path === '/robots.txt').length).toBe(before + 1);
  });

  it('--format json stays NDJSON when only one site of a batch could be scanned', async () => {
    const run = await runCli(['scan', noRobots.origin, deadUrl, '--format', 'json']);
    expect(run.code).toBe(3);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(ScanResponse.parse(JSON.parse(lines[0])).url).toBe(`${noRobots.origin}/`);
  });

  it('--input with one URL is a batch too: one JSON object on one line', async () => {
    const run = await runCli(['scan', '--input', '-', '--json'], { stdin: `${noRobots.origin}\n` });
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(ScanResponse.parse(JSON.parse(run.stdout)).url).toBe(`${noRobots.origin}/`);
  });

  it('--format html numbers the files by input position, whatever failed before', async () => {
    const dir = mkdtempSync(join(tmp, 'html-dead-'));
    const run = await runCli(['scan', deadUrl, noRobots.origin, '--format', 'html', '--output', join(dir, 'r.html')]);
    expect(run.code).toBe(3);
    expect(readdirSync(dir)).toEqual([`r-2-127.0.0.1_${noRobots.port}.html`]);
  });
});
