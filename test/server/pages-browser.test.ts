/**
 * The service's own pages in a real browser (headless Chromium): the home page scan with live
 * progress, the shared report page it opens, and the OAuth consent page. No console errors, the
 * progress shows while the scan runs, and the pages' links lead somewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { startServer, type TestServer } from './helpers/server.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { hasBrowser, startBrowser } from '../helpers/browser.js';
import type { LaunchedBrowser } from '../../src/core/render/browser.js';
import * as sites from '../fixtures/sites.mjs';

/** Console errors and uncaught exceptions of a page, collected from the start. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Same-origin links of the page, each fetched: none may answer an error. */
async function brokenLinks(page: Page, origin: string): Promise<string[]> {
  const hrefs: string[] = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
  const local = [...new Set(hrefs.filter((h) => h.startsWith(origin)).map((h) => h.split('#')[0]))];
  expect(local.length).toBeGreaterThan(0);
  const broken: string[] = [];
  for (const h of local) {
    const res = await fetch(h);
    if (res.status >= 400) broken.push(`${h} -> ${res.status}`);
  }
  return broken;
}

describe.skipIf(!hasBrowser)('the service pages in headless Chromium', () => {
  let srv: TestServer;
  let site: FixtureSite;
  let chrome: LaunchedBrowser;
  beforeAll(async () => {
    // Each answer waits a little, so the scan lasts long enough for its progress to be seen.
    site = await startFixture((s) => sites.agentReady(s.origin), { delayMs: 60 });
    srv = await startServer({ workers: 0, rateLimit: 0 });
    chrome = await startBrowser();
  }, 60_000);
  afterAll(async () => {
    await chrome?.close();
    await srv?.destroy();
    await site?.close();
  });

  it('home page: a scan shows live progress, then opens the shared report, whose links work', async () => {
    const page = await chrome.browser.newPage();
    const errors = watchErrors(page);
    await page.goto(srv.url, { waitUntil: 'load' });
    expect(await page.title()).toMatch(/ai-ready/);
    await page.type('input[name=url]', site.origin);
    const opened = page.waitForNavigation({ timeout: 45_000 });
    await page.click('#scan button[type=submit]');
    // Read in the same evaluation that sees the first progress line: a fast scan may navigate to
    // the report right after it, destroying the context a second evaluation would run in.
    const seen = await page.waitForFunction(() => (document.querySelector('#progress li') ? (document.getElementById('status')?.textContent ?? '') : false), {
      timeout: 20_000,
    });
    const status = String(await seen.jsonValue());
    expect(status).toMatch(/^Scanning |Score \d+\/100/);
    await opened;
    expect(new URL(page.url()).pathname).toMatch(/^\/r\/[a-z0-9]+$/);
    expect(await page.$eval('body', (b) => b.textContent ?? '')).toMatch(/\d+\s*\/\s*100|Score/i);
    expect(await brokenLinks(page, new URL(srv.url).origin)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('home page: a refused scan is shown as an error, not a crash', async () => {
    const page = await chrome.browser.newPage();
    const errors = watchErrors(page);
    await page.goto(srv.url, { waitUntil: 'load' });
    await page.type('input[name=url]', 'not a url at all');
    await page.click('#scan button[type=submit]');
    await page.waitForFunction(() => document.getElementById('status')?.className === 'error', { timeout: 10_000 });
    expect(await page.$eval('#status', (el) => el.textContent ?? '')).toBeTruthy();
    // The 400 of the scan request is the browser's own network console line, nothing else.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await page.close();
  });

  it('OAuth consent page: approving with an API key sends the client its code', async () => {
    const REDIRECT = 'http://127.0.0.1:9/callback';
    const key = (await srv.store.createApiKey('alice')).token;
    const reg = await srv.post('/oauth/register', { client_name: 'Browser <b>test</b>', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
    expect(reg.status).toBe(201);
    const clientId = (await reg.json()).client_id as string;
    const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
    const authorize = `${srv.baseUrl}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256', state: 'st8' })}`;

    const page = await chrome.browser.newPage();
    const errors = watchErrors(page);
    // The client's redirect URI has no server: the browser's request to it is answered here.
    await page.setRequestInterception(true);
    let callback: URL | null = null;
    page.on('request', (r) => {
      if (r.url().startsWith(REDIRECT)) {
        callback = new URL(r.url());
        void r.respond({ status: 200, contentType: 'text/plain', body: 'ok' });
      } else void r.continue();
    });
    await page.goto(authorize, { waitUntil: 'load' });
    const text = await page.$eval('body', (b) => b.textContent ?? '');
    expect(text).toContain('Browser <b>test</b>'); // the client's name shown as text, not markup
    expect(await page.$('b')).toBeNull();
    await page.type('#api_key', key);
    await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
    expect(callback).not.toBeNull();
    expect(callback!.searchParams.get('state')).toBe('st8');
    expect(callback!.searchParams.get('code')).toBeTruthy();
    expect(errors).toEqual([]);
    await page.close();
  });
});
