/** Spawns the built CLI (dist is rebuilt by the global setup) with a clean, non-TTY environment. */
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = `${ROOT}bin/ai-ready.js`;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  opts: { env?: Record<string, string | undefined>; cwd?: string; stdin?: string; timeoutMs?: number } = {},
): Promise<CliRun> {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', CI: undefined, GITHUB_STEP_SUMMARY: undefined, ...opts.env };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd ?? ROOT, env: env as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 25_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(opts.stdin ?? '');
  });
}

/** Whether util-linux `script` is here: terminal tests run the CLI on its pseudo-terminal. */
export const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
