/**
 * test/ mirrors src/ (docs/architecture.md, "Where tests live"): a module's tests are found at the
 * module's path under test/. The rule is proven on made-up trees first (a folder src/ lacks, a test
 * named after a module of another folder, a check id with no check module, a file of two checks),
 * then held on the tree.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declaredCrossCutting, layoutProblems, pathsUnder } from './test-layout.js';

const SRC = [
  'core/scan.ts',
  'core/net/http.ts',
  'core/gather/prefetch.ts',
  'core/checks/discoverability/d1-robots-txt.ts',
  'core/checks/discoverability/d2-sitemap.ts',
  'runner/job-queue.ts',
  'cli/commands/scan.ts',
  'cli/scan-flags/index.ts',
  'index.ts',
];
const CROSS = ['helpers', 'verdicts'];

describe('the test layout rule', () => {
  it('accepts tests at their module mirror, with an aspect, at a folder mirror, and in cross-cutting folders', () => {
    const tests = [
      'core/net/http.test.ts',
      'core/net/http-keepalive.test.ts',
      'core/gather/prefetch.test.ts',
      'core/no-duplicate-requests.test.ts',
      'core/checks/discoverability/d1-robots-txt.test.ts',
      'core/checks/tables/discoverability.ts',
      'runner/job-queue-fairness.test.ts',
      'cli/scan-flags/scan-flags.test.ts',
      'library-api.test.ts',
      'verdicts/anything-faces.test.ts',
      'helpers/faces.ts',
    ];
    expect(layoutProblems(tests, SRC, CROSS)).toEqual([]);
  });

  it('names a test in a folder src/ does not have', () => {
    expect(layoutProblems(['queue/admission.test.ts', 'checks/render/cases.test.ts'], SRC, CROSS)).toEqual([
      'test/queue/admission.test.ts: src/queue/ does not exist (put it in the mirror of the folder it tests, or in a declared cross-cutting folder)',
      'test/checks/render/cases.test.ts: src/checks/render/ does not exist (put it in the mirror of the folder it tests, or in a declared cross-cutting folder)',
    ]);
  });

  it('names a test named after a module of another folder, and where it belongs', () => {
    expect(layoutProblems(['core/prefetch.test.ts', 'core/http-post.test.ts', 'http.test.ts'], SRC, CROSS)).toEqual([
      'test/core/prefetch.test.ts: named after src/core/gather/prefetch.ts, so it belongs in test/core/gather/',
      'test/core/http-post.test.ts: named after src/core/net/http.ts, so it belongs in test/core/net/',
      'test/http.test.ts: named after src/core/net/http.ts, so it belongs in test/core/net/',
    ]);
  });

  it("names a test named after a subfolder of its folder, which belongs in that folder's mirror", () => {
    expect(layoutProblems(['cli/scan-flags.test.ts', 'core/gather.test.ts'], SRC, CROSS)).toEqual([
      'test/cli/scan-flags.test.ts: named after the folder src/cli/scan-flags/, so it belongs in test/cli/scan-flags/',
      'test/core/gather.test.ts: named after the folder src/core/gather/, so it belongs in test/core/gather/',
    ]);
  });

  it('names a test led by a check id whose check module is not in its folder', () => {
    expect(layoutProblems(['core/d1-robots-txt.test.ts', 'core/checks/discoverability/d1-d9.test.ts'], SRC, CROSS)).toEqual([
      'test/core/d1-robots-txt.test.ts: no check module d1-*.ts in src/core/',
      'test/core/d1-robots-txt.test.ts: named after src/core/checks/discoverability/d1-robots-txt.ts, so it belongs in test/core/checks/discoverability/',
      "test/core/checks/discoverability/d1-d9.test.ts: named after 2 checks (d1, d9): one file per check module, and a test of what they share at that module's mirror",
      'test/core/checks/discoverability/d1-d9.test.ts: no check module d9-*.ts in src/core/checks/discoverability/',
    ]);
  });

  it('names a test file of two checks, even when both check modules exist (one file per check)', () => {
    expect(layoutProblems(['core/checks/discoverability/d1-d2-robots.test.ts', 'core/checks/discoverability/d1-d2.test.ts'], SRC, CROSS)).toEqual([
      "test/core/checks/discoverability/d1-d2-robots.test.ts: named after 2 checks (d1, d2): one file per check module, and a test of what they share at that module's mirror",
      "test/core/checks/discoverability/d1-d2.test.ts: named after 2 checks (d1, d2): one file per check module, and a test of what they share at that module's mirror",
    ]);
    expect(layoutProblems(['core/checks/discoverability/d2-sitemap.test.ts', 'core/checks/discoverability/d1-robots-txt-groups.test.ts'], SRC, CROSS)).toEqual(
      [],
    );
  });
});

describe('the tests of this tree', () => {
  const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
  const crossCutting = declaredCrossCutting(doc);
  const testFiles = pathsUnder(fileURLToPath(new URL('..', import.meta.url)));

  it('reads the cross-cutting folders of docs/architecture.md, each a folder of test/', () => {
    expect(crossCutting).toEqual(['architecture', 'corpus', 'e2e', 'fixtures', 'fuzz', 'helpers', 'verdicts']);
    for (const folder of crossCutting) expect(testFiles, folder).toContain(folder);
  });

  it('mirror src/: every test outside them sits at the path of the folder or module it tests', () => {
    expect(layoutProblems(testFiles, pathsUnder(fileURLToPath(new URL('../../src', import.meta.url))), crossCutting)).toEqual([]);
  });

  it('are named at their real paths in docs/, README.md, src/ and bench/ (a moved test leaves no stale name)', () => {
    const repo = fileURLToPath(new URL('../..', import.meta.url));
    const texts = [
      'README.md',
      ...pathsUnder(`${repo}docs`).map((p) => `docs/${p}`),
      ...pathsUnder(`${repo}src`).map((p) => `src/${p}`),
      ...pathsUnder(`${repo}bench`).map((p) => `bench/${p}`),
    ].filter((p) => /\.(md|ts|tsx|mjs)$/.test(p));
    // The made-up misplaced test of the "Where tests live" section.
    const madeUp = ['test/core/sitemap.test.ts'];
    const named = texts.flatMap((p) => [...readFileSync(`${repo}${p}`, 'utf8').matchAll(/test\/[\w./-]+\.test\.tsx?/g)].map((m) => `${p}: ${m[0]}`));
    expect(named.length).toBeGreaterThan(20);
    const stale = named.filter((n) => {
      const path = n.split(': ')[1];
      return !madeUp.includes(path) && !existsSync(`${repo}${path}`);
    });
    expect(stale).toEqual([]);
  });
});
