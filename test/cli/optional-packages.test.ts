/**
 * The light install (issue 31.2): what only `serve` features and `--render` need are optional
 * peers, loaded through src/optional-package.ts. A package that is not installed gives one clear
 * message naming it and the `npm install` to run; `scan` works from the packed tarball installed
 * without any of them.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MissingPackageError, OPTIONAL_PACKAGES, assertInstalled, importOptional, requireOptional } from '../../src/optional-package.js';
import { servePackages } from '../../src/cli/feature-packages.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { ROOT } from './run-cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const NOT_INSTALLED = 'ai-ready-no-such-package-31';

/** Runs a command without blocking this process (whose event loop serves the fixture site). */
function run(
  cmd: string,
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; timeout: number },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { ...opts, encoding: 'utf8', maxBuffer: 64 << 20 }, (e, stdout, stderr) =>
      resolve({ status: e ? ((e as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

describe('the loader of optional packages', () => {
  it('names a missing package and the npm install to run, for import and require alike', async () => {
    const imported = await importOptional(NOT_INSTALLED, '--feature-x').catch((e: unknown) => e);
    expect(imported).toBeInstanceOf(MissingPackageError);
    expect((imported as Error).message).toContain(`--feature-x needs the optional package ${NOT_INSTALLED}`);
    expect((imported as Error).message).toContain(`npm install ${NOT_INSTALLED}`);
    expect((imported as Error).stack).toBeDefined();
    expect(() => requireOptional(NOT_INSTALLED, '--feature-x')).toThrow(MissingPackageError);
  });

  it('lists every missing package at once and passes installed ones', () => {
    expect(() => assertInstalled(['prom-client', 'pg'])).not.toThrow();
    let caught: unknown;
    try {
      assertInstalled(['prom-client', NOT_INSTALLED, `${NOT_INSTALLED}-2`], 'ai-ready serve');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MissingPackageError);
    expect((caught as MissingPackageError).packages).toEqual([NOT_INSTALLED, `${NOT_INSTALLED}-2`]);
    expect((caught as Error).message).toContain(`npm install ${NOT_INSTALLED} ${NOT_INSTALLED}-2`);
  });

  it('loads an installed optional package (its exports)', async () => {
    const prom = await importOptional<{ Registry?: unknown; default?: { Registry?: unknown } }>('prom-client');
    expect(prom.Registry ?? prom.default?.Registry).toBeTypeOf('function');
  });

  it('every optional package of package.json is an optional peer, a devDependency for the tests, and described', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    for (const name of Object.keys(OPTIONAL_PACKAGES)) {
      expect(pkg.peerDependencies[name], name).toBeTruthy();
      expect(pkg.peerDependenciesMeta[name], name).toEqual({ optional: true });
      expect(pkg.dependencies[name], name).toBeUndefined();
      if (name !== '@keyv/redis') expect(pkg.devDependencies[name], name).toBeTruthy();
    }
  });

  it('serve asks for the packages of the features its flags turn on', () => {
    expect(servePackages({})).toEqual(['sqlite3', '@keyv/sqlite']);
    expect(servePackages({ databaseUrl: 'postgres://x/y', metrics: true })).toEqual(['pg', 'pg-boss', '@keyv/postgres', 'prom-client']);
    expect(servePackages({ cacheUrl: 'redis://cache:6379', render: true })).toEqual(['sqlite3', '@keyv/redis', 'puppeteer-core', 'axe-core']);
  });
});

describe('the packed tarball installed without the optional packages', () => {
  let dir: string | undefined;
  let site: FixtureSite | undefined;
  afterAll(async () => {
    await site?.close();
  });

  it('scans a loopback site, and serve names the packages it lacks', async () => {
    dir = tempDir('ai-ready-light-');
    // dist/ was built by the test setup; the tarball is what `npm publish` would upload from it.
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as Array<{ filename: string }>;
    const project = join(dir, 'project');
    execFileSync('mkdir', [project]);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'light', private: true }));
    const install = spawnSync(
      'npm',
      ['install', join(dir, packed[0].filename), '--no-audit', '--no-fund', '--prefer-offline', '--omit=peer', '--omit=optional'],
      { cwd: project, encoding: 'utf8', timeout: 240_000 },
    );
    expect(install.status, install.stderr).toBe(0);
    expect(install.stderr).not.toMatch(/install-scripts/);
    for (const name of Object.keys(OPTIONAL_PACKAGES)) expect(existsSync(join(project, 'node_modules', name)), name).toBe(false);

    site = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html lang="en"><title>Light</title><h1>Light</h1><p>A page.</p></html>' },
    });
    const bin = join(project, 'node_modules', 'ai-ready', 'bin', 'ai-ready.js');
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.CI;
    const scan = await run(process.execPath, [bin, 'scan', site.origin, '--json'], { cwd: project, timeout: 60_000, env });
    expect(scan.status, scan.stderr).toBe(0);
    expect(JSON.parse(scan.stdout).url).toContain('127.0.0.1');

    const serve = await run(process.execPath, [bin, 'serve', '--port', '0', '--data-dir', join(dir, 'data')], { cwd: project, timeout: 30_000, env });
    expect(serve.status).toBe(2);
    expect(serve.stderr).toContain('npm install sqlite3 @keyv/sqlite');
    expect(serve.stderr).not.toMatch(/\n\s+at /);
  }, 300_000);
});
