/**
 * A launch that cannot strand the service (security review 2026-11-29, F6): which browsers are
 * refused and how, what a user namespace without `nobody` gets, and the `ai-ready-chrome-*`
 * folders: removed on SIGTERM/SIGINT, swept after a SIGKILL (only those whose process is dead).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserIdentity, RootBrowserError, renderRefusal, uidMapped } from '../../../src/core/render/browser.js';
import { behaviourWarning, parseProduct, parseVersionOutput } from '../../../src/core/render/browser-version.js';
import { PID_FILE, PROFILE_PREFIX, sweepStaleProfiles } from '../../../src/core/render/profile-home.js';
import { hasBrowser } from '../../helpers/browser.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { BIN } from '../../cli/run-cli.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'ai-ready-launch-test-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the browser version', () => {
  it('reads name and version from --version and from the DevTools product', () => {
    expect(parseVersionOutput('Chromium 150.0.7871.100 built on Debian GNU/Linux 12 (bookworm)\n')).toEqual({
      name: 'Chromium',
      version: '150.0.7871.100',
      major: 150,
    });
    expect(parseVersionOutput('Google Chrome 156.0.8078.108 \n')).toMatchObject({ name: 'Google Chrome', major: 156 });
    expect(parseVersionOutput('not a browser')).toBeNull();
    expect(parseProduct('Chrome/150.0.7871.100')).toEqual({ name: 'Chrome', version: '150.0.7871.100', major: 150 });
    expect(parseProduct('HeadlessChrome/156.0.8078.108')).toMatchObject({ major: 156 });
  });

  it('an older browser is refused, naming the version found and how to get a newer one', () => {
    const fake = join(tempDir(), 'chromium');
    writeFileSync(fake, '#!/bin/sh\necho "Chromium 140.0.7339.80 built on Debian"\n');
    chmodSync(fake, 0o755);
    const why = renderRefusal({ ...process.env, AI_READY_CHROME: fake, AI_READY_CHROME_NO_SANDBOX: '1' });
    expect(why).toContain(`${fake} is Chromium 140.0.7339.80`);
    expect(why).toMatch(/needs Chrome or Chromium 150 or later/);
    expect(why).toMatch(/apt-get install chromium|AI_READY_CHROME/);
    expect(why).not.toContain('\n');
  });

  it('a supported version that differs from the text gets a one-line warning; the newest known none', () => {
    const w150 = behaviourWarning({ name: 'Chromium', version: '150.0.7871.100', major: 150 });
    expect(w150).toContain('Chromium 150.0.7871.100');
    expect(w150).toContain('navigator.modelContext');
    expect(w150).toContain('Origin-Agent-Cluster: ?0');
    expect(w150).not.toContain('\n');
    expect(behaviourWarning({ name: 'Chromium', version: '156.0.8078.108', major: 156 })).toBeNull();
  });
});

describe('root in a user namespace where nobody is not mapped', () => {
  it('reads /proc/self/uid_map ranges', () => {
    expect(uidMapped(65534, '         0          0 4294967295\n')).toBe(true);
    expect(uidMapped(65534, '         0          0          1\n')).toBe(false);
    expect(uidMapped(65534, '0 1000 1\n1 100000 65536\n')).toBe(true);
    expect(uidMapped(65534, null)).toBe(true);
  });

  it('is refused with the ways out; AI_READY_CHROME_NO_SANDBOX=1 runs it without its sandbox', () => {
    const env = { PATH: '/usr/bin:/bin' };
    const map = '0 0 1\n';
    expect(() => browserIdentity(env, 0, map)).toThrow(RootBrowserError);
    expect(() => browserIdentity(env, 0, map)).toThrow(
      /uid 65534 \(nobody\) is not mapped in this user namespace.*AI_READY_BROWSER_USER.*AI_READY_CHROME_NO_SANDBOX=1/,
    );
    expect(browserIdentity({ ...env, AI_READY_CHROME_NO_SANDBOX: '1' }, 0, map)).toEqual({ kind: 'root-no-sandbox' });
  });

  const canUnshare = process.platform === 'linux' && process.getuid?.() === 0 && spawnSync('unshare', ['-rnm', 'true']).status === 0;
  it.runIf(canUnshare)(
    'unshare -rnm: serve starts without --render, and --render is refused with one line',
    async () => {
      const run = (args: string[], waitFor: RegExp | null) =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const inner = `ip link set lo up && exec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} ${args.map((a) => JSON.stringify(a)).join(' ')}`;
          const child = spawn('unshare', ['-rnm', 'sh', '-c', inner], { env: { ...process.env, NO_COLOR: '1', AI_READY_CHROME_NO_SANDBOX: undefined } });
          let stderr = '';
          const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
          child.stderr.on('data', (d) => {
            stderr += d;
            if (waitFor?.test(stderr)) child.kill('SIGTERM');
          });
          child.on('close', (code) => {
            clearTimeout(timer);
            resolve({ code, stderr });
          });
        });
      const plain = await run(['serve', '--port', '0', '--data-dir', tempDir()], /listening on/);
      expect(plain.stderr).toMatch(/ai-ready serve: listening on http:\/\/127\.0\.0\.1:\d+/);
      const render = await run(['serve', '--render', '--port', '0', '--data-dir', tempDir()], null);
      expect(render.code).toBe(2);
      expect(render.stderr).toMatch(/--render: .*uid 65534 \(nobody\) is not mapped in this user namespace/);
      expect(render.stderr).toMatch(/AI_READY_BROWSER_USER.*AI_READY_CHROME_NO_SANDBOX=1/);
      expect(render.stderr.trim().split('\n')).toHaveLength(1);
    },
    70_000,
  );
});

describe('the ai-ready-chrome-* folders', () => {
  it('a sweep removes the folders whose process is dead and keeps the live ones and those without a pid file', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(dead.stdout);
    const make = (name: string, pid?: number) => {
      const home = join(dir, `${PROFILE_PREFIX}${name}`);
      mkdirSync(join(home, 'profile'), { recursive: true });
      if (pid !== undefined) writeFileSync(join(home, PID_FILE), String(pid));
      return home;
    };
    const stale = make('stale', deadPid);
    const live = make('live', process.ppid);
    const unknown = make('unknown');
    expect(sweepStaleProfiles(dir)).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(unknown)).toBe(true);
  });

  describe.skipIf(!hasBrowser || process.platform !== 'linux')('a CLI scan killed mid-render', () => {
    let site: FixtureSite;
    beforeAll(async () => {
      site = await startFixture({
        '/slow': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>slow</title><link rel="stylesheet" href="/slow.css"><p>hi</p>' },
        // The page waits on this stylesheet for 20 s: the scan is mid-render while the test signals it.
        '/slow.css': async (_req: unknown, res: import('node:http').ServerResponse) => {
          await new Promise((r) => setTimeout(r, 20_000));
          if (!res.destroyed) res.end('p{}');
        },
      });
    });
    afterAll(() => site?.close());

    const scanning = (tmp: string) => {
      const child = spawn(process.execPath, [BIN, 'scan', `${site.origin}/slow`, '--render', '--pages', '1', '--format', 'json'], {
        env: { ...process.env, NO_COLOR: '1', TMPDIR: tmp },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      return { child, closed };
    };
    /** A temp folder like /tmp (sticky, open): as root, the browser runs as nobody and must reach its profile. */
    const sharedTemp = () => {
      const d = tempDir();
      chmodSync(d, 0o1777);
      return d;
    };
    const folders = (tmp: string) => readdirSync(tmp).filter((n) => n.startsWith(PROFILE_PREFIX));
    const waitForFolder = async (tmp: string, old: string[] = []) => {
      const fresh = () => folders(tmp).filter((n) => !old.includes(n));
      for (let i = 0; i < 200 && !fresh().length; i++) await new Promise((r) => setTimeout(r, 100));
      // The browser is up once its profile has more than our Preferences in it.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(folders(tmp)).toHaveLength(1);
    };

    it.each(['SIGTERM', 'SIGINT'] as const)(
      '%s: the folder is removed',
      async (signal) => {
        const tmp = sharedTemp();
        const { child, closed } = scanning(tmp);
        await waitForFolder(tmp);
        child.kill(signal);
        await closed;
        expect(folders(tmp)).toEqual([]);
      },
      60_000,
    );

    it('SIGKILL leaves it; the next launch sweeps it', async () => {
      const tmp = sharedTemp();
      const first = scanning(tmp);
      await waitForFolder(tmp);
      const [left] = folders(tmp);
      first.child.kill('SIGKILL');
      await first.closed;
      // Its browser notices the closed DevTools pipe and exits; give it the moment.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(folders(tmp)).toEqual([left]);
      const second = scanning(tmp);
      await waitForFolder(tmp, [left]);
      expect(folders(tmp)).not.toContain(left);
      second.child.kill('SIGTERM');
      await second.closed;
      expect(folders(tmp)).toEqual([]);
    }, 90_000);
  });
});
