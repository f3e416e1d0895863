/** `ai-ready monitors add|list|remove` on a temp data dir (the built CLI; nothing is scanned). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { tempDir } from '../../helpers/temp-dir.js';

const BIN = resolve(__dirname, '../../../bin/ai-ready.js');
let dir: string;

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((res) => {
    execFile(process.execPath, [BIN, ...args], { env: { ...process.env, AI_READY_DATA_DIR: dir }, timeout: 20_000 }, (err, stdout, stderr) =>
      res({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(() => {
  dir = tempDir('ai-ready-moncli-');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ai-ready monitors', () => {
  it('adds, lists and removes monitors', async () => {
    const added = await cli(
      'monitors',
      'add',
      'ai-ready.dev',
      '--account',
      'ops',
      '--every',
      '6h',
      '--min-grade',
      'b',
      '--webhook',
      'https://hooks.ai-ready.dev/x',
    );
    expect(added.code).toBe(0);
    const id = added.stdout.trim();
    expect(id).toMatch(/^mon_[a-z0-9]{12}$/);
    expect(added.stderr).toMatch(/Webhook secret .*whsec_/);

    const listed = await cli('monitors', 'list', '--json');
    const rows = JSON.parse(listed.stdout);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, account: 'ops', url: 'https://ai-ready.dev/', interval: '6h', minGrade: 'B', lastStatus: null });
    expect(listed.stdout).not.toContain('whsec_');
    expect((await cli('monitors', 'list')).stdout).toContain(`${id}  ops  every 6h  grade>=B`);

    expect((await cli('monitors', 'remove', id)).code).toBe(0);
    expect(JSON.parse((await cli('monitors', 'list', '--json')).stdout)).toEqual([]);
    const again = await cli('monitors', 'remove', id);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('no monitor');
  });

  it('refuses bad input with exit code 2 and no stack trace', async () => {
    for (const args of [
      ['add', 'ai-ready.dev', '--account', 'ops', '--every', '1m'],
      ['add', 'ai-ready.dev', '--account', 'ops', '--min-score', '101'],
      ['add', 'www.example.com', '--account', 'ops'],
      ['add', 'ai-ready.dev', '--account', 'ops', '--webhook', 'javascript:alert(1)'],
    ]) {
      const res = await cli('monitors', ...args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toMatch(/^ai-ready monitors: /);
      expect(res.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
