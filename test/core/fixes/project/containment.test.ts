/**
 * `fix` never reads or writes outside the static folder: the security review's card endpoints
 * (path climbs, query suffixes, absolute paths, drive letters) served by a real loopback site,
 * M5's merge path, symlinked files, folders, subfolders and loops, a FIFO, and ENOTDIR/EISDIR in
 * the middle of a plan. Each is checked on the real file system: files outside unchanged, their
 * content in no output, nothing created anywhere but the static folder.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixStep } from '../../../../src/core/schema.js';
import { detectFramework } from '../../../../src/core/fixes/project/frameworks.js';
import { type PlanCheck, planFixes } from '../../../../src/core/fixes/project/plan.js';
import { PathRefused, staticFileFor, unsafeSegment } from '../../../../src/core/fixes/project/project-files.js';
import { FixWriteError, writePlan } from '../../../../src/core/fixes/project/write.js';
import { runCli } from '../../../cli/run-cli.js';
import { type FixtureSite, startFixture } from '../../../helpers/fixture-server.js';
import { BARE_HTML } from './frameworks.js';
import { ESCAPE_ENDPOINTS as ENDPOINTS } from '../../../fixtures/escape-endpoints.mjs';

const SECRET = 'FAKE-SECRET-4f1c9e';
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** outer/{outside.json, outside.txt, project/{package.json, public/index.html, .git/hooks/}}: the project is a Next.js app. */
function layout(): { outer: string; dir: string } {
  const outer = mkdtempSync(join(tmpdir(), 'ai-ready-contain-'));
  made.push(outer);
  const dir = join(outer, 'project');
  for (const [f, t] of Object.entries({
    'outside.json': `{\n\t"auth": "${SECRET}"\n}\n`,
    'outside.txt': `export AWS_SECRET=${SECRET}\n`,
    'project/package.json': '{"dependencies":{"next":"^15.0.0","react":"^19.0.0"}}\n',
    'project/public/index.html': BARE_HTML,
    'project/.git/hooks/README': 'hooks\n',
  })) {
    mkdirSync(dirname(join(outer, f)), { recursive: true });
    writeFileSync(join(outer, f), t);
  }
  return { outer, dir };
}

/** Every file under a folder (symlinks listed, not followed) with its content, for before/after comparison. */
function tree(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(root, p), e.isFile() ? readFileSync(p, 'utf8') : `<${e.isSymbolicLink() ? 'symlink' : 'special'}>`);
    }
  };
  walk(root);
  return out;
}

/** What changed between two trees: only paths under `allowed` may differ. */
function changedOutside(before: Map<string, string>, after: Map<string, string>, allowed: string): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k) && !k.startsWith(`${allowed}/`));
}

describe('the MCP card path a hostile site names (F1), through the CLI on loopback', () => {
  let endpoint = '';
  it('writes and reads nothing outside public/ for any of the 20 endpoint forms', { timeout: 240_000 }, async () => {
    const hostile = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: BARE_HTML },
      '/.well-known/mcp/server-card.json': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify({ name: 'com.example/mcp', version: '1.0.0', remotes: [{ type: 'streamable-http', url: endpoint }] }));
      },
    });
    try {
      for (const e of ENDPOINTS) {
        endpoint = e;
        const { outer, dir } = layout();
        const before = tree(outer);
        const dry = await runCli(['fix', hostile.origin, '--dir', dir, '--only', 'A4', '--format', 'json'], { timeoutMs: 60_000 });
        // The agent prompt of the form that reached a file outside the project before (F1's dry-run read).
        const agent = e.includes('outside')
          ? [await runCli(['fix', hostile.origin, '--dir', dir, '--only', 'A4', '--format', 'agent'], { timeoutMs: 60_000 })]
          : [];
        const run = await runCli(['fix', hostile.origin, '--dir', dir, '--only', 'A4', '--write'], { timeoutMs: 60_000 });
        for (const r of [dry, ...agent, run]) {
          expect(r.stdout + r.stderr, e).not.toContain(SECRET);
          expect(r.code, `${e}: ${r.stderr}`).toBe(0);
        }
        const after = tree(outer);
        expect(changedOutside(before, after, 'project/public'), e).toEqual([]);
        expect(existsSync(join(dir, '.git/hooks/pre-commit')), e).toBe(false);
        // Only the catalog and the card, at their fixed places, whatever the endpoint.
        const created = [...after.keys()].filter((k) => !before.has(k)).sort();
        expect(
          created.every((k) => ['project/public/.well-known/ai-catalog.json', 'project/public/mcp/server-card'].includes(k)),
          `${e}: ${created}`,
        ).toBe(true);
      }
    } finally {
      await hostile.close();
    }
  });
});

// Steps as a guide marks what is true of the site: fix writes site and owner steps only.
const check = (id: string, steps: FixStep[]): PlanCheck => ({
  id,
  name: id,
  status: 'fail',
  weight: 5,
  earned: 0,
  fixGuide: steps.map((s) => ({ source: 'site' as const, ...s })),
});
const robotsStep: FixStep = { title: 'robots', publish: { kind: 'lines', path: '/robots.txt', content: 'User-agent: *\nDisallow: /drafts/\n' } };
const fileStep = (path: string, content = '{"a":1}'): FixStep => ({ title: 'file', publish: { kind: 'file', path, contentType: 'application/json', content } });
const plan = (dir: string, steps: FixStep[]) =>
  planFixes({ url: 'http://127.0.0.1:1/', checks: [check('X1', steps)] }, { dir, framework: detectFramework(dir) });

describe('paths in the plan (F10: M5 merge path and any operation)', () => {
  it('refuses climbs and queries as conflicts, reading nothing outside (dry run)', () => {
    const { outer, dir } = layout();
    // Unreadable to detect an open: chmod 000 is no bar to root, so the content check below is what proves it.
    for (const path of [
      '/openapi.json?/../../package.json',
      '/openapi.json?/../../../outside.json',
      '/../outside.json',
      '/a/../../../outside.json',
      '/./x.json',
    ]) {
      const p = plan(dir, [{ title: 'merge', publish: { kind: 'merge', path, content: '{"x-payment-info":{}}' } }]);
      expect(p.files, path).toEqual([]);
      expect(p.checks[0].conflicts.join('\n'), path).toMatch(/not a plain path under the static folder/);
      expect(JSON.stringify(p)).not.toContain(SECRET);
    }
    expect(readFileSync(join(outer, 'outside.json'), 'utf8')).toContain(SECRET);
  });

  it('keeps any URL path inside the static folder, or refuses it (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.constantFrom('public', '.', 'static', 'docs/public'), (urlPath, staticDir) => {
        let file: string;
        try {
          file = staticFileFor(staticDir, urlPath);
        } catch (e) {
          expect(e).toBeInstanceOf(PathRefused);
          return;
        }
        expect(posix.normalize(file)).toBe(file);
        expect(file.split('/')).not.toContain('..');
        expect(file.startsWith('/')).toBe(false);
        if (staticDir !== '.') expect(file.startsWith(`${staticDir}/`)).toBe(true);
        expect(unsafeSegment(file)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('symlinks and special files (F2, F5)', () => {
  it('a symlinked file is neither read nor written through', () => {
    const { outer, dir } = layout();
    symlinkSync(join(outer, 'outside.txt'), join(dir, 'public/robots.txt'));
    const p = plan(dir, [robotsStep]);
    expect(p.files).toEqual([]);
    expect(p.checks[0].conflicts.join('\n')).toMatch(/symlink: not followed/);
    expect(JSON.stringify(p)).not.toContain(SECRET);
    expect(readFileSync(join(outer, 'outside.txt'), 'utf8')).toBe(`export AWS_SECRET=${SECRET}\n`);
  });

  it('a symlinked folder is not written into', () => {
    const { outer, dir } = layout();
    mkdirSync(join(outer, 'wk'));
    symlinkSync(join(outer, 'wk'), join(dir, 'public/.well-known'));
    const p = plan(dir, [fileStep('/.well-known/ai-catalog.json')]);
    expect(p.files).toEqual([]);
    expect(readdirSync(join(outer, 'wk'))).toEqual([]);
  });

  it('a static site walk skips symlinked subfolders and loops', () => {
    const outer = mkdtempSync(join(tmpdir(), 'ai-ready-contain-'));
    made.push(outer);
    const dir = join(outer, 'site');
    mkdirSync(join(outer, 'elsewhere'), { recursive: true });
    mkdirSync(dir);
    writeFileSync(join(outer, 'elsewhere/page.html'), BARE_HTML);
    writeFileSync(join(dir, 'index.html'), BARE_HTML);
    symlinkSync(join(outer, 'elsewhere'), join(dir, 'docs'));
    symlinkSync('.', join(dir, 'loop'));
    const step: FixStep = { title: 'html', publish: { kind: 'html', path: '/', where: 'head', content: '<meta name="x" content="y">' } };
    const p = plan(dir, [step]);
    expect(p.files.map((f) => f.file)).toEqual(['index.html']);
    writePlan(dir, p);
    expect(readFileSync(join(outer, 'elsewhere/page.html'), 'utf8')).toBe(BARE_HTML);
  });

  it('a FIFO is refused, never opened (no hang), on plan and on write', { timeout: 20_000 }, () => {
    const { dir } = layout();
    execFileSync('mkfifo', [join(dir, 'public/robots.txt')]);
    const p = plan(dir, [robotsStep]);
    expect(p.files).toEqual([]);
    expect(p.checks[0].conflicts.join('\n')).toMatch(/FIFO/);
    // A plan made before the FIFO appeared is refused at write time, nothing written.
    const { dir: dir2 } = layout();
    const p2 = plan(dir2, [robotsStep, fileStep('/a.json')]);
    execFileSync('mkfifo', [join(dir2, 'public/robots.txt')]);
    expect(() => writePlan(dir2, p2)).toThrow(/nothing written: public\/robots.txt.*FIFO/);
    expect(existsSync(join(dir2, 'public/a.json'))).toBe(false);
  });
});

describe('writes are all or nothing (F5)', () => {
  it('ENOTDIR mid-plan: nothing written, no temp file left, a one-line reason', () => {
    const { dir } = layout();
    const p = plan(dir, [robotsStep, fileStep('/.well-known/agent-skills/x/index.json')]);
    writeFileSync(join(dir, 'public/.well-known'), 'a file where a folder goes\n');
    let err: unknown;
    try {
      writePlan(dir, p);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FixWriteError);
    expect((err as Error).message).toMatch(/^nothing written: public\/\.well-known\/agent-skills\/x\/index\.json: .*not a folder$/);
    expect(existsSync(join(dir, 'public/robots.txt'))).toBe(false);
    expect(readdirSync(join(dir, 'public')).sort()).toEqual(['.well-known', 'index.html']);
  });

  it('EISDIR mid-plan: nothing written', () => {
    const { dir } = layout();
    const p = plan(dir, [fileStep('/a.json'), robotsStep]);
    mkdirSync(join(dir, 'public/robots.txt'));
    expect(() => writePlan(dir, p)).toThrow(/nothing written: public\/robots.txt: is a folder/);
    expect(existsSync(join(dir, 'public/a.json'))).toBe(false);
  });

  it('keeps the mode of a file it replaces and writes through no symlink swapped in after planning', () => {
    const { outer, dir } = layout();
    writeFileSync(join(dir, 'public/robots.txt'), 'User-agent: *\nDisallow: /x/\n');
    chmodSync(join(dir, 'public/robots.txt'), 0o640);
    const p = plan(dir, [robotsStep]);
    writePlan(dir, p);
    expect(statSync(join(dir, 'public/robots.txt')).mode & 0o777).toBe(0o640);
    const p2 = plan(dir, [{ ...robotsStep, publish: { kind: 'lines', path: '/robots.txt', content: 'User-agent: *\nDisallow: /y/\n' } }]);
    rmSync(join(dir, 'public/robots.txt'));
    symlinkSync(join(outer, 'outside.txt'), join(dir, 'public/robots.txt'));
    expect(() => writePlan(dir, p2)).toThrow(/symlink: not followed/);
    expect(readFileSync(join(outer, 'outside.txt'), 'utf8')).toBe(`export AWS_SECRET=${SECRET}\n`);
  });
});

describe('the CLI on a special file', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture({ '/': { headers: { 'content-type': 'text/html' }, body: BARE_HTML } });
  });
  afterAll(() => site?.close());

  it('does not hang on a FIFO: refused as a conflict, no stack trace', { timeout: 60_000 }, async () => {
    const { dir } = layout();
    execFileSync('mkfifo', [join(dir, 'public/robots.txt')]);
    const run = await runCli(['fix', site.origin, '--dir', dir, '--only', 'D1', '--write'], { timeoutMs: 60_000 });
    // Refused at planning: reported as conflicts, nothing to write, exit 0.
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/conflict: public\/robots\.txt: is a FIFO: refused/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
