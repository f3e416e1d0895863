/**
 * The rule of docs/architecture.md, "Where tests live": a test of `src/<path>/<module>.ts` is
 * `test/<path>/<module>.test.ts` (or `<module>-<aspect>.test.ts`), a test of a whole folder sits
 * in that folder's mirror, and only the declared cross-cutting folders of test/ hold tests of no
 * one folder. Support modules (no `.test.`) sit beside the tests that use them and are not judged.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, sep } from 'node:path';

/** `| \`test/<folder>\` | role |` rows of the "Where tests live" table: the cross-cutting folders. */
export function declaredCrossCutting(markdown: string): string[] {
  return [...markdown.matchAll(/^\| `test\/([\w-]+)\/?` \| [^|]+ \|$/gm)].map((m) => m[1]);
}

/** Paths under `dir` (files and folders), relative to it, with `/` separators. */
export function pathsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => p.split(sep).join('/'));
}

const TEST_FILE = /\.test\.tsx?$/;
const MODULE = /\.tsx?$/;
const CHECK_ID = /^[a-z]\d{1,2}$/;

/** The module names of one folder: `src/core/net/http.ts` -> `http` in `core/net`. */
function modulesByFolder(srcFiles: string[]): Map<string, Set<string>> {
  const byFolder = new Map<string, Set<string>>();
  for (const file of srcFiles) {
    if (!MODULE.test(file) || file.endsWith('.d.ts')) continue;
    const folder = dirname(file);
    if (!byFolder.has(folder)) byFolder.set(folder, new Set());
    byFolder.get(folder)?.add(basename(file).replace(MODULE, ''));
  }
  return byFolder;
}

/** Every folder of src/, the parents of a file's folder included ('.' is src/ itself). */
function foldersOf(srcFiles: string[]): Set<string> {
  const out = new Set(['.']);
  for (const file of srcFiles) for (let d = dirname(file); d !== '.'; d = dirname(d)) out.add(d);
  return out;
}

/** `http-keepalive` -> [`http-keepalive`, `http`]: the names a test may be named after, longest first. */
function namePrefixes(stem: string): string[] {
  const parts = stem.split('-');
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('-'));
}

/**
 * Where each misplaced test file is wrong. `testFiles` are relative to test/, `srcFiles` to src/.
 * A test outside the cross-cutting folders must sit in a folder that exists under src/; a test
 * whose name (or a leading part of it, up to a `-`) is neither a module of its folder nor the
 * folder's own name, but a subfolder or a module of another folder of the same top folder of src/
 * (all of src/ for test/'s own root), belongs in that folder's mirror; and a name led by a check id
 * (`d4-llms-txt`) needs a check module of that id in its folder and names no second check: tests
 * of two checks (`d4-d5-llms`) are two files, and what the checks share is tested at the mirror of
 * the module that holds it (`test/core/gather/llms-txt.test.ts`).
 */
export function layoutProblems(testFiles: string[], srcFiles: string[], crossCutting: string[]): string[] {
  const problems: string[] = [];
  const folders = foldersOf(srcFiles);
  const modules = modulesByFolder(srcFiles);
  for (const file of testFiles) {
    if (!TEST_FILE.test(file)) continue;
    const folder = dirname(file);
    if (crossCutting.includes(file.split('/')[0]) && folder !== '.') continue;
    if (!folders.has(folder)) {
      problems.push(`test/${file}: src/${folder}/ does not exist (put it in the mirror of the folder it tests, or in a declared cross-cutting folder)`);
      continue;
    }
    const stem = basename(file).replace(TEST_FILE, '').split('.')[0];
    const own = modules.get(folder) ?? new Set<string>();
    const ids = stem.split('-').filter((part, i, all) => CHECK_ID.test(part) && all.slice(0, i).every((p) => CHECK_ID.test(p)));
    if (ids.length > 1) {
      problems.push(
        `test/${file}: named after ${ids.length} checks (${ids.join(', ')}): one file per check module, and a test of what they share at that module's mirror`,
      );
    }
    for (const id of ids) {
      if (![...own].some((m) => m.startsWith(`${id}-`))) problems.push(`test/${file}: no check module ${id}-*.ts in src/${folder}/`);
    }
    const prefixes = namePrefixes(stem);
    // Named after a module of its folder, or after the folder itself (a test of the whole folder).
    if (prefixes.some((p) => own.has(p) || (folder !== '.' && p === basename(folder)))) continue;
    const subfolder = prefixes.find((p) => folders.has(folder === '.' ? p : `${folder}/${p}`));
    if (subfolder) {
      const mirror = folder === '.' ? subfolder : `${folder}/${subfolder}`;
      problems.push(`test/${file}: named after the folder src/${mirror}/, so it belongs in test/${mirror}/`);
      continue;
    }
    const area = folder.split('/')[0];
    const elsewhere = [...modules]
      .filter(([f]) => f !== folder && (folder === '.' || f === area || f.startsWith(`${area}/`)))
      .flatMap(([f, names]) => prefixes.filter((p) => names.has(p)).map((p) => `${f}/${p}`));
    if (elsewhere.length > 0) {
      const module = elsewhere.sort((a, b) => basename(b).length - basename(a).length)[0];
      problems.push(`test/${file}: named after src/${module}.ts, so it belongs in test/${dirname(module)}/`);
    }
  }
  return problems;
}
