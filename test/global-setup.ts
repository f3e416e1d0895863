import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

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

// CLI tests spawn bin/ai-ready.js, which loads dist/: it is rebuilt when anything it is built from
// changed (a content hash stored beside it in dist/.source-hash), so tests never run stale code and
// an unchanged tree pays no rebuild (~3 s of a single-folder run).
// Declarations are slow to build; they are rebuilt only when missing (`npm install` builds them).
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
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
