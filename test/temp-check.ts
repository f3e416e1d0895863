/**
 * Vitest global setup: the run gets its own temp dir (TMPDIR, inherited by the test workers and the
 * processes they spawn), and teardown fails the run naming every `ai-ready-*` entry a test left in
 * it, then removes the dir. A private dir rather than a before/after listing of the system temp
 * dir: other runs on the same machine create and remove `ai-ready-*` folders at the same time.
 *
 * Tolerated (listed as a warning, not a failure): `ai-ready-chrome-*`, the profile folder the
 * product's renderer (src/core/render/browser.ts) makes for each Chromium it launches; removing it
 * when the browser closes is the product's job, not a test's.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TOLERATED = /^ai-ready-chrome-/;

export default function setup(): () => void {
  const runDir = mkdtempSync(join(tmpdir(), 'ai-ready-test-run-'));
  // Open like the system temp dir (sticky, world-writable): embedded Postgres runs as another user.
  chmodSync(runDir, 0o1777);
  const systemTmp = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  return () => {
    const left = readdirSync(runDir).filter((name) => name.startsWith('ai-ready-'));
    rmSync(runDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    if (systemTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTmp;
    const tolerated = left.filter((name) => TOLERATED.test(name));
    const leaked = left.filter((name) => !TOLERATED.test(name));
    if (tolerated.length > 0) {
      console.warn(
        `temp check: ${tolerated.length} Chromium profile folder(s) left by the renderer (a product bug, see test/temp-check.ts): ${tolerated.slice(0, 5).join(', ')}`,
      );
    }
    if (leaked.length > 0) {
      process.exitCode = 1;
      throw new Error(
        `temp check: tests left ${leaked.length} temp folder(s): ${leaked.sort().join(', ')}. ` +
          'Make temp folders with tempDir() from test/helpers/temp-dir.ts, which removes them when the test or file ends.',
      );
    }
  };
}
