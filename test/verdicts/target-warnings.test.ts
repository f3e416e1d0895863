/**
 * A target that answers 404 (a typo'd path) still gets a report, but every format says so; the
 * exit code stays a matter of the thresholds. Real CLI against a real fixture site on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { runCli } from '../cli/run-cli.js';
import { FORMAT_NAMES } from '../../src/format/names.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixture({
    '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>Home</title><h1>Home</h1>' },
  });
});
afterAll(async () => {
  await site?.close();
});

describe('a target that answers 404', () => {
  it('is reported with a warning in every format, exit 0 without thresholds', async () => {
    for (const format of FORMAT_NAMES) {
      const run = await runCli(['scan', `${site.origin}/docs/typo`, '--format', format]);
      expect(run.code, `${format}: ${run.stderr}`).toBe(0);
      // Markdown escapes the parentheses.
      expect(run.stdout.replace(/\\/g, ''), format).toMatch(/was not found \(HTTP 404\)/);
    }
  });

  it('a threshold still decides the exit code', async () => {
    const run = await runCli(['scan', `${site.origin}/docs/typo`, '--format', 'json', '--min-score', '90']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).warnings.join(' ')).toMatch(/HTTP 404/);
  });

  it('a live page gets no such warning', async () => {
    const run = await runCli(['scan', site.origin, '--format', 'json']);
    expect(JSON.parse(run.stdout).warnings.join(' ')).not.toMatch(/HTTP 404/);
  });
});

describe('an https scan of a plain-http site', () => {
  it('says the site does not speak TLS and suggests http://, for a URL and a bare host', async () => {
    const host = new URL(site.origin).host;
    for (const target of [`https://${host}/`, host]) {
      const run = await runCli(['scan', target, '--format', 'json']);
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr).toMatch(/does not speak TLS \(HTTPS\)/);
      expect(run.stderr).toContain(`Scan http://${host}/ instead`);
      expect(run.stderr).not.toMatch(/wrong version number|ssl3_get_record/i);
    }
  });
});
