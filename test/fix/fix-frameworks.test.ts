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
 * KNOWN (2026-11-27): guides other helpers are changing now (the same list as
 * test/fixes/guide-proof.test.ts KNOWN); their checks are written but do not pass yet. A check
 * here that passes turns this test red, so the table shrinks as the guides are fixed.
 */
const KNOWN: Record<string, string> = {
  D4: 'the sample llms.txt links pages the site does not have',
  D5: 'the sample llms-full.txt is "too small to be the full text"',
  A4: 'the card goes to the removed /.well-known/mcp/catalog.json (A4 moves to the AI Catalog)',
  A5: "the card's endpoint /a2a/v1 answers 404 (needs a2aEndpoint)",
  A6: 'the digest in the sample is a placeholder',
  A1: 'every link target of the sample API catalog is dead (needs apiBaseUrl)',
  B3: 'the key id is a placeholder (needs signingKey)',
};

/** The plain static project has two pages: C2's guide publishes the home page's Markdown only, and the re-scan samples /about too. */
const KNOWN_FOR: Record<string, Record<string, string>> = { static: { C2: "the guide publishes /index.md only; /about has no .md twin" } };

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
      expect(claimed.filter((c) => known[c] && passes(c)), 'KNOWN checks that pass now: remove them from KNOWN').toEqual([]);
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
