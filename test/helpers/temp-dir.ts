/**
 * Temp folders for tests, removed when the test (or, made outside a test, the file) ends. Every
 * test that needs a folder takes it from here rather than calling mkdtemp: test/setup-temp-dirs.ts
 * removes what a file made, and the global teardown (test/temp-check.ts) fails the run naming
 * any `ai-ready-*` entry still left in the run's temp dir.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** Folders made outside a test (file top level, beforeAll): removed after the file's last test. */
const madeByFile = new Set<string>();

function remove(dir: string): void {
  // maxRetries: a child process a test spawned may still be closing a file in it on a busy machine.
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  madeByFile.delete(dir);
}

/**
 * A new folder `<tmpdir>/<prefix>XXXXXX` (prefix like 'ai-ready-plan-'). Made inside a test or a
 * beforeEach hook, it goes when that test finishes; made anywhere else, when the file's tests end.
 */
export function tempDir(prefix: string): string {
  if (!prefix.startsWith('ai-ready-')) throw new Error(`tempDir: prefix "${prefix}" must start with ai-ready- (the leak check looks for it)`);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  madeByFile.add(dir);
  try {
    onTestFinished(() => remove(dir));
  } catch {
    // Not inside a test: the file-level sweep (removeFileTempDirs) removes it.
  }
  return dir;
}

/** Removes every folder tempDir made for the current file; test/setup-temp-dirs.ts runs it afterAll. */
export function removeFileTempDirs(): void {
  for (const dir of [...madeByFile]) remove(dir);
}
