/**
 * The service's pages on a phone (issue 31.5): at 390 px the report, history and compare pages
 * scroll only vertically, chart text stays legible, and the report renders its Markdown.
 * Screenshots go to AI_READY_SHOTS when set (for a person to look at).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startServer, type TestServer } from './helpers/server.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { hasBrowser, launchBrowser, type TestBrowser } from '../helpers/browser.js';
import * as sites from '../fixtures/sites.mjs';

const SHOTS = process.env.AI_READY_SHOTS;

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** What sticks out past the viewport: the widest offenders, for a readable failure. */
async function overflow(page: Page): Promise<{ scrollWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    // Inside a box that scrolls on its own (a wide table in its scroller) is fine.
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
      }
      return false;
    };
    const offenders = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > vw + 1 && !clipped(el))
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, offenders };
  });
}

/** The smallest rendered font size of chart text, in CSS px. */
async function smallestChartText(page: Page): Promise<number> {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll('svg.chart text')].filter(
      (t) => t.getClientRects().length > 0 && (t.closest('svg') as SVGSVGElement).getClientRects().length > 0,
    );
    const sizes = shown.map((t) => {
      const svg = t.closest('svg') as SVGSVGElement;
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return parseFloat(getComputedStyle(t).fontSize) * scale;
    });
    return sizes.length ? Math.min(...sizes) : Infinity;
  });
}

describe.skipIf(!hasBrowser)('pages at 390 px', () => {
  let srv: TestServer;
  let ready: FixtureSite;
  let bare: FixtureSite;
  let chrome: TestBrowser;
  const ids: string[] = [];
  let bareId = '';
  beforeAll(async () => {
    ready = await startFixture((s) => sites.agentReady(s.origin));
    bare = await startFixture((s) => sites.bare(s.origin));
    srv = await startServer({ workers: 0, rateLimit: 0 });
    for (let i = 0; i < 3; i++) {
      const res = await srv.get(`/api/public/v1/scan?fresh=1&url=${encodeURIComponent(ready.origin)}`);
      ids.push((await res.json()).shareId);
    }
    bareId = (await (await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(bare.origin)}`)).json()).shareId;
    chrome = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await chrome?.close();
    await srv?.destroy();
    await ready?.close();
    await bare?.close();
  });

  const pages = () => [
    ['report-ready', `/r/${ids[2]}`],
    ['report-bare', `/r/${bareId}`],
    ['history', `/d/${encodeURIComponent(new URL(ready.origin).host)}`],
    ['compare', `/compare?from=${ids[0]}&to=${ids[2]}`],
    ['home', '/'],
  ];

  it('no page scrolls sideways and chart text is legible', async () => {
    const found: unknown[] = [];
    for (const [name, path] of pages()) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, errors } = await chrome.open(srv.url + path, { width: 390, colorScheme });
        const o = await overflow(page);
        const text = await smallestChartText(page);
        if (o.scrollWidth > 390 || o.offenders.length || text < 11 || errors.length) found.push({ name, colorScheme, ...o, text, errors });
        await shoot(page, `${name}-390-${colorScheme}`);
        await page.close();
      }
    }
    expect(found).toEqual([]);
  }, 90_000);

  it('compare shows the two scans side by side where there is room, stacked on a phone', async () => {
    const tops = async (width: number) => {
      const { page } = await chrome.open(`${srv.url}/compare?from=${ids[0]}&to=${ids[2]}`, { width });
      await shoot(page, `compare-${width}`);
      const r = await page.$$eval('figure[data-side]', (fs) => fs.map((f) => Math.round(f.getBoundingClientRect().top)));
      await page.close();
      return r;
    };
    const wide = await tops(1000);
    expect(wide).toHaveLength(2);
    expect(wide[0]).toBe(wide[1]);
    const narrow = await tops(390);
    expect(narrow[1]).toBeGreaterThan(narrow[0]);
  }, 60_000);
});
