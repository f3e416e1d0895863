/** `ai-ready worker` and `serve --workers 0`: clear usage errors, never a stack trace. */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../../bin/ai-ready.js', import.meta.url));

function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = { ...process.env, ...env };
  if (!env.AI_READY_DATABASE_URL) delete clean.AI_READY_DATABASE_URL;
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: clean, timeout: 30_000 }, (e, stdout, stderr) =>
      resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('ai-ready worker', () => {
  it('documents itself in --help', async () => {
    const help = await cli(['worker', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--database-url');
    expect(help.stdout).toContain('--concurrency');
    expect(help.stdout).toContain('--allow-private-network');
    expect(help.stdout).toContain('SIGTERM');
  });

  it('needs a database URL', async () => {
    const run = await cli(['worker']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^ai-ready worker: give --database-url/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a bad concurrency and a URL that is not Postgres', async () => {
    const bad = await cli(['worker', '--database-url', 'postgres://u@127.0.0.1:1/x', '--concurrency', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--concurrency must be an integer from 1 to 256');
    const notPg = await cli(['worker', '--database-url', 'mysql://u:secret@127.0.0.1/x']);
    expect(notPg.code).toBe(2);
    expect(notPg.stderr).toContain('must start with postgres://');
    expect(notPg.stderr).not.toContain('secret');
  });
});

describe('serve --workers 0', () => {
  it('is refused with the SQLite store, with the reason', async () => {
    const run = await cli(['serve', '--port', '0', '--workers', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--workers 0 (a web-only instance) needs the shared job queue of --database-url');
  });
});
