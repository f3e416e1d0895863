import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// CLI tests spawn bin/ai-ready.js, which loads dist/: rebuild it once so tests never run stale code.
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, [require_tsup(root)], {
    cwd: root,
    env: { ...process.env, AI_READY_NO_DTS: '1' },
    stdio: 'pipe',
  });
}

function require_tsup(root: string): string {
  return `${root}node_modules/tsup/dist/cli-default.js`;
}
