/** serve --render's browser comes back when it dies; scans then reach the new one. */
import { describe, expect, it } from 'vitest';
import { hasBrowser } from '../helpers/browser.js';
import { SharedBrowser } from '../../src/core/render/shared-browser.js';
import { RenderSession } from '../../src/core/render/session.js';
import { startFixture } from '../helpers/fixture-server.js';

describe.skipIf(!hasBrowser)('SharedBrowser', () => {
  it('is launched again after it is killed, with a new endpoint that renders', async () => {
    const logs: string[] = [];
    const shared = await SharedBrowser.launch({ log: (l) => logs.push(l) });
    const site = await startFixture({ '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>t</title><p id="x">static</p><script>x.textContent = "rendered"</script>' } });
    try {
      const first = shared.endpoint;
      process.kill((shared as unknown as { current: { browser: { process(): { pid: number } } } }).current.browser.process().pid, 'SIGKILL');
      await expect.poll(() => shared.launches, { timeout: 30_000, interval: 100 }).toBe(2);
      expect(shared.endpoint).not.toBe(first);
      expect(logs.join('\n')).toMatch(/exited; launching it again/);
      const session = await RenderSession.open({ endpoint: shared.endpoint });
      try {
        expect((await session.render(`${site.origin}/`)).html).toContain('rendered');
      } finally {
        await session.close();
      }
    } finally {
      await shared.close();
      await site.close();
    }
  }, 60_000);

  it('disposes a context its scan left behind (a stopped worker drops the connection, not the context)', async () => {
    const shared = await SharedBrowser.launch({ maxContextAgeMs: 500, sweepEveryMs: 200 });
    try {
      const { default: puppeteer } = await import('puppeteer-core');
      const worker = await puppeteer.connect({ browserWSEndpoint: shared.endpoint });
      const ctx = await worker.createBrowserContext();
      await ctx.newPage();
      await worker.disconnect();
      await expect.poll(() => shared.swept, { timeout: 40_000, interval: 100 }).toBeGreaterThanOrEqual(1);
      const check = await puppeteer.connect({ browserWSEndpoint: shared.endpoint });
      const cdp = await check.target().createCDPSession();
      expect((await cdp.send('Target.getBrowserContexts')).browserContextIds).toEqual([]);
      await check.disconnect();
    } finally {
      await shared.close();
    }
  }, 60_000);
});
