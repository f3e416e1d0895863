/** `ai-ready serve`, `keys` and `accounts` as a user runs them (spawned from bin/, built by global setup). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { plainSite } from '../../server/fixtures.js';
import { tempDir } from '../../helpers/temp-dir.js';

const run = promisify(execFile);
const BIN = join(process.cwd(), 'bin/ai-ready.js');
let dir: string;
let site: FixtureSite;

beforeAll(async () => {
  dir = tempDir('ai-ready-cli-');
  site = await startFixture(plainSite(), { delayMs: 300 });
});
afterAll(async () => {
  await site?.close();
});

const cli = (...args: string[]) => run(process.execPath, [BIN, ...args], { env: { ...process.env, AI_READY_DATA_DIR: dir }, timeout: 20_000 });

function startServe(extra: string[] = []): Promise<{ child: ChildProcess; url: string; stdout: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dir, '--allow-private-network', ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${err}`)), 20_000);
    child.stderr!.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], stdout: () => out });
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
}

const exited = (child: ChildProcess) => new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

describe('CLI', () => {
  it('creates, lists and revokes keys and sets account visibility while the server runs; SIGTERM drains', async () => {
    const { child, url, stdout } = await startServe();
    try {
      const created = await cli('keys', 'create', '--account', 'acme');
      const token = created.stdout.trim();
      expect(token).toMatch(/^air_[A-Za-z0-9_-]{43}$/);
      expect(created.stderr).toMatch(/not shown again/);

      const listed = await cli('keys', 'list');
      expect(listed.stdout).toContain('acme');
      expect(listed.stdout).toContain(token.slice(0, 12));
      expect(listed.stdout).not.toContain(token);

      await cli('accounts', 'set-visibility', 'acme', 'private');
      expect((await cli('accounts', 'list')).stdout).toMatch(/acme\s+private/);

      const scanned = await fetch(`${url}/api/public/v1/scan?url=${encodeURIComponent(site.origin)}`, { headers: { authorization: `Bearer ${token}` } });
      expect(scanned.status).toBe(200);
      const { shareId } = await scanned.json();
      expect((await fetch(`${url}/api/public/v1/report/${shareId}`)).status).toBe(404);

      await cli('keys', 'revoke', token.slice(0, 12));
      expect((await fetch(`${url}/api/public/v1/scan?url=${encodeURIComponent(site.origin)}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
        401,
      );

      // An in-flight scan (the fixture answers slowly) completes after SIGTERM.
      const inFlight = fetch(`${url}/api/public/v1/scan?url=${encodeURIComponent(site.origin)}&fresh=1`);
      await new Promise((r) => setTimeout(r, 150));
      const exit = exited(child);
      child.kill('SIGTERM');
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect((await res.json()).cached).toBe(false);
      expect(await exit).toBe(0);
      expect(stdout()).toMatch(/GET \/api\/public\/v1\/scan 200/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses bad flags with exit code 2', async () => {
    await expect(cli('serve', '--port', 'abc')).rejects.toMatchObject({ code: 2 });
    await expect(cli('keys', 'revoke', 'ab')).rejects.toMatchObject({ code: 2 });
    await expect(cli('accounts', 'set-visibility', 'nobody', 'private')).rejects.toMatchObject({ code: 2 });
    for (const bad of [
      ['--max-scans', '0'],
      ['--max-scans-per-client', '-1'],
      ['--max-scans-per-key', 'x'],
      ['--origin-concurrency', '1.5'],
    ]) {
      const e = await cli('serve', ...bad).catch((err: { code: number; stderr: string }) => err);
      expect(e).toMatchObject({ code: 2 });
      expect((e as { stderr: string }).stderr).toContain(`${bad[0]} must be an integer`);
    }
    // Metrics on a public address need a token: refused at start, before listening.
    const metricsDir = join(tempDir('ai-ready-metrics-'), 'data');
    const open = await cli('serve', '--host', '0.0.0.0', '--port', '0', '--metrics', '--data-dir', metricsDir).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(open).toMatchObject({ code: 2 });
    expect((open as { stderr: string }).stderr).toMatch(/--metrics.*needs --metrics-token/);
  });
});
