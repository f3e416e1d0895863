import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// CLI tests spawn bin/ai-ready.js, which loads dist/: rebuild it once so tests never run stale code.
// Declarations are slow to build; they are rebuilt only when missing (`npm install` builds them).
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const withTypes = !existsSync(`${root}dist/index.d.ts`);
  execFileSync(process.execPath, [`${root}node_modules/tsup/dist/cli-default.js`], {
    cwd: root,
    env: { ...process.env, ...(withTypes ? {} : { AI_READY_NO_DTS: '1' }) },
    stdio: 'pipe',
  });
}
