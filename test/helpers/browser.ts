/**
 * A real headless browser for page tests: Chromium through puppeteer-core, found from
 * AI_READY_CHROME or `chromium` / `google-chrome` on PATH (Debian's /usr/bin/chromium in CI).
 * Each launch gets a fresh profile directory, removed on close; nothing talks beyond loopback.
 */
import { accessSync, constants, rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findBrowser, launchBrowser as launchEngineBrowser, type LaunchedBrowser } from '../../src/core/render/browser.js';
import { tempDir } from './temp-dir.js';

/** Whether a system browser is installed (CI installs one, so browser tests never skip there). */
export const hasBrowser = findBrowser() !== null;

/** The engine's own launcher (rendered mode's flags and guard proxy), for the render tests. */
export function startBrowser(): Promise<LaunchedBrowser> {
  return launchEngineBrowser();
}

/** The browser executable, or null when none is installed (tests then skip with a reason). */
export function findChrome(): string | null {
  const fromEnv = process.env.AI_READY_CHROME;
  if (fromEnv) return fromEnv;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
      const candidate = join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}

export interface TestBrowser {
  browser: Browser;
  /** A new page that records console errors, page errors and failed requests in `errors`. */
  open(url: string, opts?: { colorScheme?: 'light' | 'dark'; width?: number }): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  const executablePath = findChrome();
  if (!executablePath) throw new Error('no Chromium found: set AI_READY_CHROME or put chromium on PATH');
  const profile = tempDir('ai-ready-chrome-');
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    userDataDir: profile,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
  });
  return {
    browser,
    async open(url, opts = {}) {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${String(err)}`));
      page.on('requestfailed', (r) => errors.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
      await page.setViewport({ width: opts.width ?? 1000, height: 900 });
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: opts.colorScheme ?? 'light' }]);
      await page.goto(url, { waitUntil: 'load' });
      return { page, errors };
    },
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
