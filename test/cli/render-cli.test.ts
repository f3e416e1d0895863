/** `ai-ready scan --render` as a user runs it: the built CLI against a loopback site. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { hasBrowser } from '../helpers/browser.js';
import { runCli } from './run-cli.js';
import { renderSiteRoutes } from '../fixtures/render-sites.mjs';

describe('scan --render', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture(renderSiteRoutes());
  });
  afterAll(() => site?.close());

  it.skipIf(!hasBrowser)(
    'finds the runtime-only tool and text a static read misses',
    async () => {
      const r = await runCli(['scan', `${site.origin}/`, '--render', '--pages', '1', '--format', 'json'], { timeoutMs: 60_000 });
      expect(r.stderr).toBe('');
      const result = JSON.parse(r.stdout);
      const byId = Object.fromEntries(result.checks.map((c: { id: string }) => [c.id, c]));
      expect(byId.A7.code).toBe('A7/rendered-ok');
      expect(byId.A7.evidence).toContain('find_flights');
      expect(byId.C3.code).toBe('C3/rendered-only');
      expect(byId.A11.status).toBe('partial');
    },
    70_000,
  );

  it('without --render, A11 is not applicable and no browser is needed', async () => {
    const r = await runCli(['scan', `${site.origin}/`, '--pages', '1', '--format', 'json'], { env: { PATH: '/nonexistent', AI_READY_CHROME: undefined } });
    expect(r.code).toBe(0);
    const a11 = JSON.parse(r.stdout).checks.find((c: { id: string }) => c.id === 'A11');
    expect(a11.status).toBe('na');
  });

  it('--render without a browser exits 2 and says how to install one', async () => {
    const none = await runCli(['scan', `${site.origin}/`, '--render'], { env: { PATH: '/nonexistent', AI_READY_CHROME: undefined } });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no Chrome or Chromium found on PATH.*apt-get install chromium/);
    expect(none.stdout).toBe('');
    const wrong = await runCli(['scan', `${site.origin}/`, '--render'], { env: { AI_READY_CHROME: '/nonexistent/chrome' } });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/AI_READY_CHROME=\/nonexistent\/chrome is not an executable file/);
    expect(site.requests.length).toBeGreaterThan(0); // from the scans above, none from these two
  });

  it.runIf(process.getuid?.() === 0)('--render as root with no unprivileged user to run the browser as exits 2 and names the ways out', async () => {
    const before = site.requests.length;
    const r = await runCli(['scan', `${site.origin}/`, '--render'], {
      env: { AI_READY_BROWSER_USER: 'no-such-user-ai-ready', AI_READY_CHROME_NO_SANDBOX: undefined },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/does not run the browser as root without its sandbox \(no user no-such-user-ai-ready to run it as\)/);
    expect(r.stderr).toMatch(/AI_READY_BROWSER_USER=<user>[\s\S]*AI_READY_CHROME_NO_SANDBOX=1/);
    expect(site.requests.length).toBe(before);
  });
});
