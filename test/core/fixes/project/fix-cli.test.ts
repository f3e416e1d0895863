/**
 * `ai-ready fix` end to end through the built CLI, on loopback: an owner's robots.txt and llms.txt
 * keep every line, WordPress gets the guide and no file, --set / ai-ready.fix.json, --verify exit
 * codes, usage errors (exit 2, one line) and a site that cannot be scanned (exit 3).
 */
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { closedPort } from '../../../helpers/closed-port.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFolder, type StaticHost } from '../../../helpers/static-host.js';
import { runCli } from '../../../cli/run-cli.js';
import { BARE_HTML, PROJECTS, makeProject } from './frameworks.js';
import { tempDir } from '../../../helpers/temp-dir.js';

const STATIC = PROJECTS.find((p) => p.id === 'static')!;
const ASTRO = PROJECTS.find((p) => p.id === 'astro')!;

const OWNER_ROBOTS = `# Acme robots.txt, kept by the web team
User-agent: *
Disallow: /admin
Disallow: /cart   # checkout

# Our own rule for this one
User-agent: GPTBot
Disallow: /private
Sitemap: HOST/old-sitemap.xml`; // no final newline, as editors sometimes leave it

const OWNER_LLMS = `# Acme Widgets

> Widgets made in Lyon since 1990.

Our notes for language models.

## Docs
- [Catalog](HOST/index.html): every widget
`;

const lines = (t: string) =>
  t
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const fix = (args: string[]) => runCli(['fix', ...args], { timeoutMs: 60_000 });

let host: StaticHost;
beforeAll(async () => {
  host = await serveFolder(tempDir('ai-ready-fix-empty-'), { pages: { '/': BARE_HTML } });
});
afterAll(() => host?.close());

describe("the owner's files", () => {
  it('robots.txt and llms.txt keep every line, groups and comments included; the GPTBot group is left as the owner wrote it', {
    timeout: 120_000,
  }, async () => {
    const robots = OWNER_ROBOTS.replaceAll('HOST', host.origin);
    const llms = OWNER_LLMS.replaceAll('HOST', host.origin);
    const dir = makeProject(ASTRO, { 'public/robots.txt': robots, 'public/llms.txt': llms });
    host.serve(join(dir, 'public'));
    // The owner's decision, given: its record joins the owner's `User-agent: *` group, and nothing else does.
    const run = await fix([host.origin, '--dir', dir, '--write', '--host', 'netlify', '--set', 'contentSignal=search=yes, ai-train=no']);
    expect(run.code).toBe(0);
    const robotsAfter = readFileSync(join(dir, 'public/robots.txt'), 'utf8');
    const llmsAfter = readFileSync(join(dir, 'public/llms.txt'), 'utf8');
    expect(lines(robots).filter((l) => !lines(robotsAfter).includes(l))).toEqual([]);
    expect(lines(llms).filter((l) => !lines(llmsAfter).includes(l))).toEqual([]);
    expect(robotsAfter).not.toBe(robots); // the fix did add to it
    const star = robotsAfter.split('\n\n').find((g) => /^User-agent: \*$/m.test(g))!;
    expect(lines(star).filter((l) => !l.startsWith('#'))).toEqual([
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /cart   # checkout',
      'Content-Signal: search=yes, ai-train=no',
    ]);
    expect(llmsAfter.split('\n')[0]).toBe('# Acme Widgets');
    // The owner's GPTBot group still holds only the owner's rule (test/core/fixes/project/merge-text.test.ts: the conflict is reported).
    const gpt = robotsAfter.split('\n\n').filter((g) => /^User-agent: GPTBot$/m.test(g));
    expect(gpt).toHaveLength(1);
    expect(lines(gpt[0]).filter((l) => !l.startsWith('#'))).toEqual(['User-agent: GPTBot', 'Disallow: /private', `Sitemap: ${host.origin}/old-sitemap.xml`]);
  });
});

describe('WordPress', () => {
  it('writes no file and names the guide', { timeout: 60_000 }, async () => {
    host.serve(tempDir('ai-ready-fix-empty-'));
    const dir = tempDir('ai-ready-fix-wp-');
    writeFileSync(join(dir, 'wp-config.php'), "<?php define('DB_NAME', 'wp');\n");
    const before = readdirSync(dir, { recursive: true });
    const run = await fix([host.origin, '--dir', dir, '--write']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Project: WordPress/);
    expect(run.stdout).toMatch(
      /by hand: WordPress publishes through its admin, not project files\n\s+Follow the guide: ai-ready explain [A-Z]+\d+ --platform wordpress/,
    );
    expect(run.stdout).toMatch(/Nothing to write\./);
    expect(readdirSync(dir, { recursive: true })).toEqual(before);
  });
});

describe('owner values', () => {
  it('--set and ai-ready.fix.json are validated against the known names; a value a guide does not take yet is still reported as needed', {
    timeout: 60_000,
  }, async () => {
    const dir = makeProject(STATIC, { 'ai-ready.fix.json': JSON.stringify({ values: { siteName: 'Acme' } }) });
    host.serve(dir);
    const run = await fix([host.origin, '--dir', dir, '--set', 'pageContent=## Home\n\nAcme makes widgets.', '--format', 'json']);
    expect(run.code).toBe(0);
    const plan = JSON.parse(run.stdout) as { checks: Array<{ needs: Array<{ value: string; givenButUnused?: boolean }> }> };
    const needs = plan.checks.flatMap((c) => c.needs);
    // Both values are taken: siteName by the guides that name the site, pageContent by D5; C1 and C3 (server and
    // build behaviour) ask for no page text. Neither is listed as needed, or as given but unused.
    expect(needs.some((x) => x.value === 'siteName' || x.value === 'pageContent')).toBe(false);
    const notGiven = needs.filter((x) => x.value !== 'pageContent' && x.value !== 'siteName');
    expect(notGiven.length).toBeGreaterThan(0);
    for (const n of notGiven) expect(n.givenButUnused).toBeUndefined();

    for (const [bad, why] of [
      ['mcpEndpoint=javascript:alert(1)', /--set: mcpEndpoint must be an http\(s\) URL/],
      ['pageUrls=https://acme.example/ file:///etc/passwd', /--set: pageUrls must be http\(s\) URLs/],
      ['signingKey={"kty":"OKP","crv":"Ed25519","x":"AA","d":"AA"}', /--set: signingKey holds a private key member/],
    ] as const) {
      const r = await fix([host.origin, '--dir', dir, '--set', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr.trim().split('\n'), bad).toHaveLength(1);
      expect(r.stderr).toMatch(why);
    }

    const unknown = await fix([host.origin, '--dir', dir, '--set', 'favouriteColour=blue']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toMatch(/unknown value "favouriteColour"/);
    writeFileSync(join(dir, 'ai-ready.fix.json'), '{ "values": { "nope": "x" } }');
    const badFile = await fix([host.origin, '--dir', dir]);
    expect(badFile.code).toBe(2);
    expect(badFile.stderr).toMatch(/ai-ready\.fix\.json: unknown value "nope"/);
  });
});

describe('--verify', () => {
  it('exits 0 when every written fix passes on the preview, 1 when one still fails or a gate is missed', { timeout: 180_000 }, async () => {
    const dir = makeProject(STATIC);
    const pristine = tempDir('ai-ready-fix-pristine-');
    cpSync(dir, pristine, { recursive: true });
    host.serve(dir);
    const ok = await fix([host.origin, '--dir', dir, '--write', '--only', 'D1,B1,B2', '--verify', host.origin]);
    expect(ok.stdout).toMatch(/D1\s+fixed/);
    expect(ok.stdout).toMatch(/Every written fix passes on the preview/);
    expect(ok.code).toBe(0);

    const gate = await fix([host.origin, '--dir', dir, '--write', '--only', 'D1', '--verify', host.origin, '--min-score', '100']);
    expect(gate.stdout).toMatch(/gate: /);
    expect(gate.code).toBe(1);

    // A preview that does not serve what was written: the fix still fails there.
    const elsewhere = await serveFolder(pristine);
    try {
      const dir2 = makeProject(STATIC);
      host.serve(dir2);
      const still = await fix([host.origin, '--dir', dir2, '--write', '--only', 'D1', '--verify', elsewhere.origin]);
      expect(still.stdout).toMatch(/D1\s+STILL FAILING/);
      expect(still.code).toBe(1);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('errors', () => {
  it('usage errors exit 2 with one line and no stack trace', { timeout: 60_000 }, async () => {
    const empty = tempDir('ai-ready-fix-nothing-');
    writeFileSync(join(empty, 'notes.txt'), 'hello\n');
    const dir = makeProject(STATIC);
    const cases: Array<[string[], RegExp]> = [
      [[host.origin, '--dir', join(empty, 'missing')], /does not exist/],
      [[host.origin, '--dir', empty], /could not tell which framework/],
      [[host.origin, '--dir', dir, '--format', 'xml'], /--format must be one of/],
      [[host.origin, '--dir', dir, '--host', 'geocities'], /--host must be one of/],
      [[host.origin, '--dir', dir, '--verify', host.origin], /--verify re-scans what --write wrote/],
      [[host.origin, '--dir', dir, '--min-score', '90'], /--min-score judges the preview that --verify scans/],
    ];
    for (const [args, message] of cases) {
      const run = await fix(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stdout).toBe('');
    }
    expect(existsSync(join(dir, 'robots.txt'))).toBe(false);
  });

  it('a site that cannot be scanned exits 3', { timeout: 60_000 }, async () => {
    const dir = makeProject(STATIC);
    const run = await fix([`http://127.0.0.1:${await closedPort()}/`, '--dir', dir, '--write']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/could not be scanned/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(dir, 'robots.txt'))).toBe(false);
  });
});

describe('--format agent', () => {
  it('fix and scan print a prompt with codes, paths, NEEDED values and the re-check command', { timeout: 60_000 }, async () => {
    const dir = makeProject(STATIC);
    host.serve(dir);
    const fixPrompt = await fix([host.origin, '--dir', dir, '--format', 'agent']);
    const scanPrompt = await runCli(['scan', host.origin, '--format', 'agent'], { timeoutMs: 60_000 });
    for (const run of [fixPrompt, scanPrompt]) {
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^# Make http:\/\/127\.0\.0\.1:\d+\/ agent-ready/);
      expect(run.stdout).toMatch(/## D1 robots\.txt — fail \(D1\/missing\)/);
      expect(run.stdout).toContain(`npx ai-ready scan '${host.origin}/' --only 'D1'`);
      expect(run.stdout).toMatch(/NEEDED from the owner: \w+/);
      expect(run.stdout).toContain('robots.txt');
    }
    expect(scanPrompt.stdout).toContain('Publish `/robots.txt`');
    expect(fixPrompt.stdout).toContain('Create `robots.txt`');
  });
});
