/**
 * The web UI tells a cached result from a new one (issue 31.1), in headless Chromium: the home
 * page shows progress as a count of checks with the current step (no line twice), a cached answer
 * opens the report saying how old it is, "Scan again now" gets a fresh scan that the history
 * counts, and cached answers do not spend the caller's allowance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startServer, type TestServer } from './helpers/server.js';
import { startFixture, type FixtureSite, type Route } from '../helpers/fixture-server.js';
import { hasBrowser, launchBrowser, type TestBrowser } from '../helpers/browser.js';
import * as sites from '../fixtures/sites.mjs';

describe.skipIf(!hasBrowser)('home page: cached and fresh results', () => {
  let srv: TestServer;
  let site: FixtureSite;
  let routes: Record<string, Route>;
  let chrome: TestBrowser;
  beforeAll(async () => {
    // Slow enough answers that the progress is seen while the scan runs.
    site = await startFixture((s) => (routes = sites.agentReady(s.origin) as Record<string, Route>), { delayMs: 40 });
    // Two scans a minute: cached answers must not use them up.
    srv = await startServer({ workers: 0, rateLimit: 2 });
    chrome = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await chrome?.close();
    await srv?.destroy();
    await site?.close();
  });

  /** Types the URL (fresh or not), submits, and returns the page once the report has opened. */
  async function scanFromHome(page: Page, opts: { fresh?: boolean } = {}): Promise<{ snapshots: Array<{ count: string; lines: string[] }> }> {
    await page.goto(srv.url, { waitUntil: 'load' });
    await page.type('input[name=url]', site.origin);
    if (opts.fresh) await page.click('#fresh');
    const snapshots: Array<{ count: string; lines: string[] }> = [];
    const opened = page.waitForNavigation({ timeout: 45_000 });
    await page.click('#scan button[type=submit]');
    // Watch the progress while it runs (until the report opens).
    let navigated = false;
    void opened.then(() => (navigated = true));
    while (!navigated) {
      const snap = await page
        .evaluate(() => ({
          count: document.getElementById('count')?.hidden ? '' : (document.getElementById('count')?.textContent ?? ''),
          lines: [...document.querySelectorAll('#progress li')].map((li) => li.textContent ?? ''),
        }))
        .catch(() => null);
      if (snap) snapshots.push(snap);
      await new Promise((r) => setTimeout(r, 30));
    }
    await opened;
    return { snapshots };
  }

  const reportId = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;
  const freshness = (page: Page) =>
    page.$eval('[data-freshness]', (el) => ({
      cached: el.hasAttribute('data-cached'),
      text: el.textContent ?? '',
      rescan: (el.querySelector('a[data-rescan]') as HTMLAnchorElement).href,
    }));

  it('says when a result is cached and how old it is; "Scan again now" gets a fresh one the history counts', async () => {
    const page = (await chrome.open(srv.url)).page;
    // 1. A first scan: live progress as a count of checks with the current step, no line twice.
    const first = await scanFromHome(page);
    const counted = first.snapshots.map((s) => s.count).filter((c) => /^\d+ of \d+ checks done · \S/.test(c));
    expect(counted.length).toBeGreaterThan(0);
    for (const s of first.snapshots) expect(new Set(s.lines).size).toBe(s.lines.length);
    const firstId = reportId(page);
    expect(new URL(page.url()).search).toBe('');
    const f1 = await freshness(page);
    expect(f1.cached).toBe(false);
    expect(f1.text).toMatch(/Scanned \d+ seconds? ago/);
    const score1 = Number(await page.$eval('[data-score]', (el) => el.getAttribute('data-score')));

    // 2. The same URL again: the cached answer, said to be cached, with its age.
    await scanFromHome(page);
    expect(reportId(page)).toBe(firstId);
    expect(new URL(page.url()).searchParams.get('cached')).toBe('1');
    const f2 = await freshness(page);
    expect(f2.cached).toBe(true);
    expect(f2.text).toMatch(/cached result.*scan made \d+ seconds? ago/);
    expect(f2.text).toMatch(/for 5 minutes/);

    // 3. The site changes (its agent files are gone); "Scan again now" asks for a fresh scan.
    for (const path of ['/llms.txt', '/robots.txt', '/.well-known/api-catalog']) delete routes[path];
    expect(new URL(f2.rescan).searchParams.get('fresh')).toBe('1');
    await page.click('a[data-rescan]');
    // Home (which starts the fresh scan by itself), then a report other than the first.
    const until = Date.now() + 45_000;
    while (!(new URL(page.url()).pathname.startsWith('/r/') && reportId(page) !== firstId) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await page.waitForSelector('[data-freshness]');
    const freshId = reportId(page);
    expect(freshId).not.toBe(firstId);
    expect((await freshness(page)).cached).toBe(false);
    const score2 = Number(await page.$eval('[data-score]', (el) => el.getAttribute('data-score')));
    expect(score2).toBeLessThan(score1);

    // 4. The history counts both scans, the new score latest.
    await page.goto(`${srv.url}/d/${encodeURIComponent(new URL(site.origin).host)}`, { waitUntil: 'load' });
    expect(await page.$$eval('table[data-history] tbody tr', (rows) => rows.map((r) => r.getAttribute('data-report')))).toEqual([freshId, firstId]);

    // 5. Two engine runs used the allowance of two; the cached re-check was free. A third fresh scan is refused, in words.
    await page.goto(srv.url, { waitUntil: 'load' });
    await page.type('input[name=url]', site.origin);
    await page.click('#fresh');
    await page.click('#scan button[type=submit]');
    await page.waitForFunction(() => document.getElementById('status')?.className === 'error', { timeout: 15_000 });
    expect(await page.$eval('#status', (el) => el.textContent ?? '')).toMatch(/limit|retry/i);
    // ...while the cached result is still served.
    const again = await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}`);
    expect(again.status).toBe(200);
    expect((await again.json()).shareId).toBe(freshId);
    await page.close();
  }, 120_000);
});
