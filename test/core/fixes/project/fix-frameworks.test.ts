/**
 * `ai-ready fix --write` on a small project of each framework, against a bare loopback site; the
 * project's static folder is then served the way a static host serves it (content type by
 * extension, `_headers` honoured) and re-scanned through the real CLI: every check the plan wrote
 * changes for, and that needs no owner data, passes; a second `fix --write` changes no file.
 * The flow is the owner's: scan the preview of the project, fix, re-scan the same preview (the
 * guides write the scanned origin into absolute URLs, as they would the live site's). Twice in a
 * row: the same origin serves the untouched copy again, and fix --write must change nothing.
 */
import { cpSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveFolder } from '../../../helpers/static-host.js';
import { runCli } from '../../../cli/run-cli.js';
import { BARE_HTML, PROJECTS, makeProject, type ProjectKind } from './frameworks.js';
import { tempDir } from '../../../helpers/temp-dir.js';

interface PlanJson {
  framework: { id: string; staticDir: string | null };
  checks: Array<{ id: string; changes: Array<{ file: string }>; needs: Array<{ value: string }>; conflicts: string[] }>;
  files: string[];
  written?: string[];
}

/**
 * KNOWN: checks whose written fix does not pass yet, each with its reason (none today; a guide that
 * needs the owner's values is not written, so it is not claimed). A check here that passes turns
 * this test red, so the table only shrinks.
 */
const KNOWN: Record<string, string> = {};

/** Per-framework exceptions, each with its reason (none today). */
const KNOWN_FOR: Record<string, Record<string, string>> = {};

const scores: Record<string, string> = {};
afterAll(() => console.log('fix: score of the served project before -> after fix --write:', scores));

function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const p = join(dir, f);
    if (statSync(p).isFile()) out.set(f, readFileSync(p, 'utf8'));
  }
  return out;
}

async function scanScore(origin: string): Promise<{ overallScore: number; checks: Array<{ id: string; status: string; code?: string }> }> {
  const run = await runCli(['scan', origin, '--json'], { timeoutMs: 60_000 });
  return JSON.parse(run.stdout);
}

async function fixWrite(origin: string, dir: string, extra: string[] = []): Promise<PlanJson> {
  const run = await runCli(['fix', origin, '--dir', dir, '--write', '--host', 'netlify', '--format', 'json', ...extra], { timeoutMs: 60_000 });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as PlanJson;
}

describe.each(PROJECTS.map((p) => [p.id, p] as [string, ProjectKind]))('fix --write: %s', (id, kind) => {
  it('detects the framework, writes the fixes, and the served project passes every check it wrote', { timeout: 120_000 }, async () => {
    const dir = makeProject(kind);
    // Served as deployed at the production origin some configs name (acme.test): the re-scan stays on loopback.
    const host = await serveFolder(join(dir, kind.served), { ...(kind.rendersHome ? { pages: { '/': BARE_HTML } } : {}), asDeployedFrom: 'https://acme.test' });
    try {
      const pristine = tempDir('ai-ready-fix-pristine-');
      cpSync(dir, pristine, { recursive: true });
      const before = (await scanScore(host.origin)).overallScore;
      const plan = await fixWrite(host.origin, dir);
      expect(plan.framework.id).toBe(kind.framework ?? id);
      expect(plan.written?.length).toBeGreaterThan(0);
      for (const f of plan.written ?? []) expect(f.startsWith(kind.served === '.' ? '' : `${kind.served}/`) || ['_config.yml'].includes(f)).toBe(true);
      const claimed = plan.checks.filter((c) => c.changes.length && !c.needs.length).map((c) => c.id);
      expect(claimed.length).toBeGreaterThan(0);

      const after = await scanScore(host.origin);
      scores[id] = `${before} -> ${after.overallScore}`;
      const passes = (c: string) => ['pass', 'info', 'na'].includes(after.checks.find((x) => x.id === c)?.status ?? '');
      const known = { ...KNOWN, ...KNOWN_FOR[id] };
      const notPassing = claimed.filter((c) => !passes(c) && !known[c]).map((c) => `${c} ${after.checks.find((x) => x.id === c)?.code}`);
      expect(notPassing).toEqual([]);
      expect(
        claimed.filter((c) => known[c] && passes(c)),
        'KNOWN checks that pass now: remove them from KNOWN',
      ).toEqual([]);
      expect(after.overallScore).toBeGreaterThan(before);

      // Twice in a row on the same site: the origin serves the project as it was, fix runs again.
      host.serve(join(pristine, kind.served));
      const files = snapshot(dir);
      const again = await fixWrite(host.origin, dir);
      expect(again.written).toEqual([]);
      expect(snapshot(dir)).toEqual(files);
    } finally {
      await host.close();
    }
  });
});

/**
 * The owner's values (`--set`): with the site's name, its pages and their text, llms.txt and
 * llms-full.txt are written with the owner's content, and the checks that link to llms.txt (D3 Link
 * header, D6 in-page hint) follow; without them those steps stay unwritten and name the values.
 */
const withValues: Record<string, string> = {};
afterAll(() => console.log('fix: score of the served project before -> fix --write -> fix --write with --set values:', withValues));

describe.each(['static', 'nextjs'].map((id) => [id, PROJECTS.find((p) => p.id === id)!] as [string, ProjectKind]))('fix --write --set: %s', (id, kind) => {
  it('siteName, pageUrls and pageContent make D4, D5, D3 (and D6 in a static folder) written and passing, and the score rises above the fix without them', {
    timeout: 180_000,
  }, async () => {
    const dir = makeProject(kind);
    const pristine = tempDir('ai-ready-fix-pristine-');
    cpSync(dir, pristine, { recursive: true });
    const about = BARE_HTML.replace('Hello', 'About');
    const host = await serveFolder(join(dir, kind.served), { pages: kind.rendersHome ? { '/': BARE_HTML, '/about': about } : {} });
    try {
      const o = host.origin;
      const before = (await scanScore(o)).overallScore;
      const plain = await fixWrite(o, dir);
      for (const c of ['D4', 'D5']) expect(plain.checks.find((x) => x.id === c)?.needs.length, `${c} without values`).toBeGreaterThan(0);
      const withoutValues = (await scanScore(o)).overallScore;

      // The same project as it was, fixed with the owner's values.
      const own = tempDir('ai-ready-fix-own-');
      cpSync(pristine, own, { recursive: true });
      host.serve(join(own, kind.served));
      const set = [
        '--set',
        'siteName=Acme Widgets',
        '--set',
        `pageUrls=${o}/ ${o}/about`,
        '--set',
        'pageContent=## Home\n\nAcme Widgets makes small widgets for home workshops.\n\n## About\n\nAcme Widgets is a family business founded in 1998.\n',
      ];
      const plan = await fixWrite(o, own, set);
      const claimed = plan.checks.filter((c) => c.changes.length && !c.needs.length).map((c) => c.id);
      // D6 is HTML in the page: written into a static folder's pages; a framework that renders the page gets the guide.
      const expected = kind.rendersHome ? ['D4', 'D5', 'D3'] : ['D4', 'D5', 'D3', 'D6'];
      for (const c of expected) expect(claimed, `${c} is written with the values`).toContain(c);
      const llms = readFileSync(join(own, kind.served, 'llms.txt'), 'utf8');
      expect(llms).toMatch(/^# Acme Widgets\n/);
      expect(llms).toContain(`(${o}/about)`);
      const after = await scanScore(o);
      const status = (c: string) => after.checks.find((x) => x.id === c)?.status;
      for (const c of expected) expect(status(c), `${c} ${after.checks.find((x) => x.id === c)?.code}`).toBe('pass');
      withValues[id] = `${before} -> ${withoutValues} -> ${after.overallScore}`;
      expect(after.overallScore).toBeGreaterThan(withoutValues);
    } finally {
      await host.close();
    }
  });
});
