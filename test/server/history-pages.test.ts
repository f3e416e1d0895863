/**
 * The pictures of a domain's history in a real headless browser: the domain page's chart (one
 * point per visible scan), the compare page, the badges against badge-maker's SVG, and the
 * visibility rules (anonymous viewers see public reports only; no badge for private reports).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startFixture, type FixtureSite, type Route } from '../helpers/fixture-server.js';
import { launchBrowser, findChrome, type TestBrowser } from '../helpers/browser.js';
import { startServer, type TestServer } from './helpers/server.js';
import { plainSite } from './fixtures.js';
import * as sites from '../fixtures/sites.mjs';
import { renderBadge } from '../../src/format/badge.js';
import { CompareResponse } from '../../src/service/index.js';

const SHOTS = process.env.AI_READY_SCREENSHOTS ?? '';

let site: FixtureSite;
let routes: Record<string, Route>;
let privateSite: FixtureSite;
let srv: TestServer;
let browser: TestBrowser | undefined;
let token: string;
const ids: string[] = [];
const scores: number[] = [];
let privateId: string;
let privateOnlyId: string;
/** The history keys: host and port (each fixture listens on its own loopback port). */
let host: string;
let privateHost: string;
let other: FixtureSite;
let otherId: string;

async function scan(url: string, headers: Record<string, string> = {}, extra = ''): Promise<{ shareId: string; overallScore: number }> {
  const res = await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(url)}&fresh=1${extra}`, { headers });
  expect(res.status).toBe(200);
  return res.json();
}

beforeAll(async () => {
  site = await startFixture((s) => {
    routes = { ...plainSite() };
    void s;
    return routes;
  });
  privateSite = await startFixture(plainSite());
  other = await startFixture(plainSite());
  host = new URL(site.origin).host;
  privateHost = `localhost:${privateSite.port}`;
  srv = await startServer({ rateLimit: 0 });
  ({ token } = await srv.store.createApiKey('owner'));
  // Three public scans of one site that gets better between the first and the second.
  for (let i = 0; i < 3; i++) {
    if (i === 1) Object.assign(routes, sites.agentReady(site.origin));
    const r = await scan(site.origin);
    ids.push(r.shareId);
    scores.push(r.overallScore);
  }
  privateId = (await scan(site.origin, { authorization: `Bearer ${token}` }, '&isPublic=false')).shareId;
  // "localhost" names the other fixture: a domain whose only report is private.
  privateOnlyId = (await scan(privateSite.origin.replace('127.0.0.1', 'localhost'), { authorization: `Bearer ${token}` }, '&isPublic=false')).shareId;
  // Another server on the same host name, another port: another site, with a history of its own.
  otherId = (await scan(other.origin)).shareId;
  if (findChrome()) browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await srv?.destroy();
  await site?.close();
  await privateSite?.close();
  await other?.close();
});

const auth = () => ({ authorization: `Bearer ${token}` });

describe('the domain page', () => {
  it('charts one point per public scan, lists them with deltas, and has no console error', async () => {
    if (!browser) return expect.fail('no Chromium: set AI_READY_CHROME');
    expect(scores[1]).toBeGreaterThan(scores[0]);
    const { page, errors } = await browser.open(`${srv.url}/d/${host}`);
    const chart = await page.$eval('svg[data-chart="history"]', (el) => ({
      points: el.getAttribute('data-points'),
      overall: el.querySelectorAll('circle[data-series="overall"]').length,
      role: el.getAttribute('role'),
      title: el.querySelector('title')?.textContent,
      reports: [...el.querySelectorAll('circle[data-series="overall"]')].map((c) => c.getAttribute('data-report')),
    }));
    expect(chart.points).toBe('3');
    expect(chart.overall).toBe(3);
    expect(chart.role).toBe('img');
    expect(chart.title).toContain('127.0.0.1');
    // Oldest on the left.
    expect(chart.reports).toEqual(ids);
    const rows = await page.$$eval('table[data-history] tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-report')));
    expect(rows).toEqual([...ids].reverse());
    expect(rows).not.toContain(privateId);
    const delta = await page.$eval(
      `tr[data-report="${ids[1]}"] td.num.up, tr[data-report="${ids[1]}"] td.num.down, tr[data-report="${ids[1]}"] td.num.same`,
      (td) => td.textContent,
    );
    expect(delta).toBe(`+${scores[1] - scores[0]}`);
    // The text table beside the chart carries the same numbers.
    expect(await page.$$eval('table[data-chart-table="history"] tbody tr', (t) => t.length)).toBe(3);
    expect(await page.$eval('svg[data-chart="dimensions"]', (el) => Number(el.getAttribute('data-points')))).toBeGreaterThan(0);
    // The badge image on the page loads (same origin, allowed by the CSP).
    expect(await page.$eval('img[alt^="AI readiness badge"]', (img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'domain-light.png'), fullPage: true });
      const dark = await browser.open(`${srv.url}/d/${host}`, { colorScheme: 'dark' });
      await dark.page.screenshot({ path: join(SHOTS, 'domain-dark.png'), fullPage: true });
      await dark.page.close();
      const narrow = await browser.open(`${srv.url}/d/${host}`, { colorScheme: 'dark', width: 420 });
      await narrow.page.screenshot({ path: join(SHOTS, 'domain-narrow-dark.png'), fullPage: false });
      await narrow.page.close();
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("adds the owner's private scans for the owner's key only", async () => {
    const anonymous = await (await srv.get(`/d/${host}`)).text();
    expect(anonymous).not.toContain(privateId);
    const owner = await (await srv.get(`/d/${host}`, { headers: auth() })).text();
    expect(owner).toContain(privateId);
    expect(owner).toMatch(/data-points="4"/);
    const md = await (await srv.get(`/d/${host}`, { headers: { accept: 'text/markdown' } })).text();
    expect(md).toContain(`/r/${ids[2]}`);
    expect(md).not.toContain(privateId);
  });

  it('looks like nothing was ever scanned when every report of the domain is private', async () => {
    const res = await srv.get(`/d/${privateHost}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(privateOnlyId);
    const owner = await srv.get(`/d/${privateHost}`, { headers: auth() });
    expect(owner.status).toBe(200);
    expect(await owner.text()).toContain(privateOnlyId);
    expect((await srv.get('/d/not_a%20host')).status).toBe(404);
  });

  it('is linked from the report page, which shows the dimension chart with no console error', async () => {
    if (!browser) return expect.fail('no Chromium: set AI_READY_CHROME');
    const { page, errors } = await browser.open(`${srv.url}/r/${ids[0]}`);
    expect(await page.$eval('svg[data-chart="dimensions"]', (el) => el.getAttribute('role'))).toBe('img');
    expect(await page.$$eval('table[data-chart-table="dimensions"] tbody tr', (t) => t.length)).toBeGreaterThan(0);
    await Promise.all([page.waitForNavigation(), page.click('a[data-history-link]')]);
    expect(new URL(page.url()).pathname).toBe(`/d/${host}`);
    expect(await page.$eval('svg[data-chart="history"]', (el) => el.getAttribute('data-points'))).toBe('3');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is linked from every shared report page, which shows the badge snippet when public', async () => {
    const html = await (await srv.get(`/r/${ids[0]}`)).text();
    expect(html).toContain(`href="${srv.url}/d/${host}"`);
    expect(html).toContain(`[![AI readiness](${srv.url}/d/${host}/badge.svg)](${srv.url}/d/${host})`);
    const priv = await (await srv.get(`/r/${privateId}`, { headers: auth() })).text();
    expect(priv).toContain(`href="${srv.url}/d/${host}"`);
    expect(priv).not.toContain('badge.svg');
  });
});

describe('one history per host and port', () => {
  const otherHost = () => new URL(other.origin).host;

  it('keeps two servers on one host name (two loopback ports) apart', async () => {
    expect(other.port).not.toBe(site.port);
    const mine = await (await srv.get(`/d/${host}`, { headers: { accept: 'text/markdown' } })).text();
    expect(mine).not.toContain(otherId);
    const theirs = await srv.get(`/d/${otherHost()}`, { headers: { accept: 'text/markdown' } });
    expect(theirs.status).toBe(200);
    const md = await theirs.text();
    expect(md).toContain(`/r/${otherId}`);
    for (const id of ids) expect(md).not.toContain(id);
    // The bare host name is no site of its own: nothing was scanned on its default port.
    expect((await srv.get('/d/127.0.0.1')).status).toBe(404);
  });

  it('takes the port with a plain or a percent-encoded colon, and refuses a port out of range', async () => {
    const plain = await (await srv.get(`/d/127.0.0.1:${other.port}`, { headers: { accept: 'text/markdown' } })).text();
    const encoded = await srv.get(`/d/127.0.0.1%3A${other.port}`, { headers: { accept: 'text/markdown' } });
    expect(encoded.status).toBe(200);
    expect(await encoded.text()).toBe(plain);
    expect((await srv.get(`/d/127.0.0.1%3a${other.port}/badge.svg`)).status).toBe(200);
    expect((await srv.get('/d/127.0.0.1:65536')).status).toBe(404);
    expect((await srv.get('/d/127.0.0.1:80:80')).status).toBe(404);
  });

  it('links the report page, the badge snippet and the domain page to the host with its port', async () => {
    const html = await (await srv.get(`/r/${otherId}`)).text();
    expect(html).toContain(`href="${srv.url}/d/${otherHost()}"`);
    expect(html).toContain(`[![AI readiness](${srv.url}/d/${otherHost()}/badge.svg)](${srv.url}/d/${otherHost()})`);
    const page = await srv.get(`/d/${otherHost()}`);
    expect(page.headers.get('link')).toContain(`/d/${otherHost()}`);
    expect(await page.text()).toContain(`<img src="/d/${otherHost()}/badge.svg"`);
    const latest = await (await srv.get(`/api/public/v1/report/${otherId}`)).json();
    expect(await (await srv.get(`/d/${otherHost()}/badge.svg`)).text()).toBe(await renderBadge({ overallScore: latest.score, grade: latest.grade }));
  });
});

describe('badges', () => {
  it("serves a public report's badge as badge-maker draws it, with caching headers and ETag revalidation", async () => {
    const report = await (await srv.get(`/api/public/v1/report/${ids[1]}`)).json();
    const res = await srv.get(`/r/${ids[1]}/badge.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const svg = await res.text();
    expect(svg).toBe(await renderBadge({ overallScore: report.score, grade: report.grade }));
    expect(svg).toContain(`${report.score} ${report.grade}`);
    const again = await srv.get(`/r/${ids[1]}/badge.svg`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it("follows the domain's latest public scan", async () => {
    const latest = await (await srv.get(`/api/public/v1/report/${ids[2]}`)).json();
    const svg = await (await srv.get(`/d/${host}/badge.svg`)).text();
    expect(svg).toBe(await renderBadge({ overallScore: latest.score, grade: latest.grade }));
  });

  it('has none for a private report (even for its owner) or a domain whose reports are all private', async () => {
    expect((await srv.get(`/r/${privateId}/badge.svg`)).status).toBe(404);
    expect((await srv.get(`/r/${privateId}/badge.svg`, { headers: auth() })).status).toBe(404);
    expect((await srv.get(`/d/${privateHost}/badge.svg`)).status).toBe(404);
    expect((await srv.get(`/d/${privateHost}/badge.svg`, { headers: auth() })).status).toBe(404);
    expect((await srv.get('/r/zzzzzzzz/badge.svg')).status).toBe(404);
  });
});

describe('compare', () => {
  it('returns the comparison as JSON on v1', async () => {
    const res = await srv.get(`/api/public/v1/compare?from=${ids[0]}&to=${ids[1]}`);
    expect(res.status).toBe(200);
    const body = CompareResponse.parse(await res.json());
    expect(body.from.id).toBe(ids[0]);
    expect(body.to.id).toBe(ids[1]);
    expect(body.scoreDelta).toBe(scores[1] - scores[0]);
    expect(body.sameRubric).toBe(true);
    expect(body.fixedFindings.length).toBeGreaterThan(0);
    expect(body.changed.length).toBeGreaterThanOrEqual(body.fixedFindings.length);
    expect(body.dimensions.length).toBeGreaterThan(0);
    expect(body.htmlUrl).toBe(`${srv.url}/compare?from=${ids[0]}&to=${ids[1]}`);
    const back = CompareResponse.parse(await (await srv.get(`/api/public/v1/compare?from=${ids[1]}&to=${ids[0]}`)).json());
    expect(back.scoreDelta).toBe(-body.scoreDelta);
    expect(back.newFindings.map((f) => f.id).sort()).toEqual(body.fixedFindings.map((f) => f.id).sort());
  });

  it('is described in /openapi.json', async () => {
    const doc = await (await srv.get('/openapi.json')).json();
    expect(doc.paths['/api/public/v1/compare'].get.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/CompareResponse');
    expect(Object.keys(doc.components.schemas.CompareResponse.properties)).toEqual(
      expect.arrayContaining(['scoreDelta', 'dimensions', 'newFindings', 'fixedFindings', 'changed']),
    );
  });

  it('keeps private reports private and answers bad input with problems', async () => {
    const hidden = await srv.get(`/api/public/v1/compare?from=${ids[0]}&to=${privateId}`);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await srv.get(`/api/public/v1/compare?from=${ids[0]}&to=${privateId}`, { headers: auth() })).status).toBe(200);
    expect((await srv.get(`/api/public/v1/compare?from=${ids[0]}&to=${privateId}`, { headers: { authorization: 'Bearer air_wrong' } })).status).toBe(401);
    expect((await (await srv.get(`/api/public/v1/compare?from=${ids[0]}`)).json()).type).toBe(`${srv.url}/problems/missing-parameter`);
    expect((await (await srv.get(`/api/public/v1/compare?from=${ids[0]}&to=..%2F`)).json()).type).toBe(`${srv.url}/problems/invalid-parameter`);
    expect((await srv.get(`/compare?from=${ids[0]}&to=${privateId}`)).status).toBe(404);
  });

  it('shows the same comparison as a page in the browser', async () => {
    if (!browser) return expect.fail('no Chromium: set AI_READY_CHROME');
    const { page, errors } = await browser.open(`${srv.url}/compare?from=${ids[0]}&to=${ids[1]}`);
    expect(await page.$eval('[data-score-delta]', (el) => el.textContent)).toBe(`+${scores[1] - scores[0]}`);
    expect(await page.$$eval('[data-findings="fixed"] li', (li) => li.length)).toBeGreaterThan(0);
    expect(await page.$$eval('svg[data-chart="dimensions"]', (s) => s.length)).toBe(2);
    if (SHOTS) {
      await page.screenshot({ path: join(SHOTS, 'compare-light.png'), fullPage: true });
      const dark = await browser.open(`${srv.url}/compare?from=${ids[0]}&to=${ids[1]}`, { colorScheme: 'dark' });
      await dark.page.screenshot({ path: join(SHOTS, 'compare-dark.png'), fullPage: true });
      await dark.page.close();
      const report = await browser.open(`${srv.url}/r/${ids[1]}`, { colorScheme: 'dark' });
      await report.page.screenshot({ path: join(SHOTS, 'report-dark.png'), fullPage: false });
      await report.page.close();
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
