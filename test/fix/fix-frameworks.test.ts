/**
 * `ai-ready fix --write` on a small project of each framework, against a bare loopback site; the
 * project's static folder is then served the way a static host serves it (content type by
 * extension, `_headers` honoured) and re-scanned through the real CLI: every check the plan wrote
 * changes for, and that needs no owner data, passes; a second `fix --write` changes no file.
 * The flow is the owner's: scan the preview of the project, fix, re-scan the same preview (the
 * guides write the scanned origin into absolute URLs, as they would the live site's). Twice in a
 * row: the same origin serves the untouched copy again, and fix --write must change nothing.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveFolder } from '../helpers/static-host.js';
import { runCli } from '../cli/run-cli.js';
import { BARE_HTML, PROJECTS, makeProject, type ProjectKind } from './frameworks.js';

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
    const host = await serveFolder(join(dir, kind.served), kind.rendersHome ? { pages: { '/': BARE_HTML } } : {});
    try {
      const pristine = mkdtempSync(join(tmpdir(), 'ai-ready-fix-pristine-'));
      cpSync(dir, pristine, { recursive: true });
      const before = (await scanScore(host.origin)).overallScore;
      const plan = await fixWrite(host.origin, dir);
      expect(plan.framework.id).toBe(id);
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
