import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/** Everything dist/ is built from: src/, the build config and the installed dependency versions. */
function sourceHash(root: string): string {
  const hash = createHash('sha256');
  const add = (file: string) => hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) add(path);
    }
  };
  walk(join(root, 'src'));
  for (const file of ['tsup.config.ts', 'package.json', 'package-lock.json']) if (existsSync(join(root, file))) add(join(root, file));
  return hash.digest('hex');
}

/** Rebuilds dist/ when anything it is built from changed (a content hash stored in dist/.source-hash). */
function buildDist(root: string): void {
  const stamp = join(root, 'dist', '.source-hash');
  const hash = sourceHash(root);
  const withTypes = !existsSync(join(root, 'dist', 'index.d.ts'));
  const built = !withTypes && existsSync(join(root, 'dist', 'cli.js')) && existsSync(join(root, 'dist', 'scan-cli.cjs'));
  if (built && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  execFileSync(process.execPath, [`${root}node_modules/tsup/dist/cli-default.js`], {
    cwd: root,
    env: { ...process.env, ...(withTypes ? {} : { AI_READY_NO_DTS: '1' }) },
    stdio: 'pipe',
  });
  writeFileSync(stamp, hash);
}

/**
 * What makes a file need dist/: it spawns the CLI (bin/ai-ready.js loads dist/), imports the
 * package by its name (package.json "exports" point into dist/) or names a built file (the
 * runner's worker threads load dist/scan-worker.js, the CLI's progress view dist/progress.js).
 * Read in code with its comments removed.
 */
const NEEDS_DIST = /bin\/ai-ready\.js|\bdist\/|(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]ai-ready['"]/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const codeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The file an import specifier names: TypeScript sources are imported by their .js names. */
function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && !c.endsWith('/')) ?? null;
}

/** Whether `file` or anything it imports (local files, transitively) needs dist/. */
function reachesDist(file: string, seen: Set<string>): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  let code: string;
  try {
    code = codeOf(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
  if (NEEDS_DIST.test(code)) return true;
  for (const [, spec] of code.matchAll(IMPORT)) {
    const target = resolveImport(file, spec);
    if (target && reachesDist(target, seen)) return true;
  }
  return false;
}

/**
 * The test files this run selected (vitest's command-line filters), or null for a whole run. The
 * filters are vitest's internal field: should a later vitest keep them elsewhere, every run
 * counts as whole and builds, as before.
 */
async function selectedFiles(project: TestProject): Promise<string[] | null> {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  if (!filters?.length) return null;
  return (await project.globTestFiles(filters)).testFiles;
}

// CLI tests spawn bin/ai-ready.js, which loads dist/, and the runner's workers load dist/: it is
// rebuilt when anything it is built from changed, so tests never run stale code. A run of selected
// files that reach neither (one check's folder while its code is being edited) skips the check
// and the ~3 s rebuild; a later run that needs dist/ rebuilds it then (watch mode: on rerun).
// Declarations are slow to build; they are rebuilt only when missing (`npm install` builds them).
export default async function setup(project: TestProject): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const needed = (files: string[]) => {
    const seen = new Set<string>();
    return files.some((f) => reachesDist(f, seen));
  };
  const files = await selectedFiles(project);
  if (files === null || needed(files)) buildDist(root);
  project.onTestsRerun((specs) => {
    if (needed(specs.map((s) => s.moduleId))) buildDist(root);
  });
}
