/**
 * The shared report page /r/<id> renders through the same HTML and markdown formatters, so a
 * stored site-scope report shows its per-page table there too (real server, real store).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import type { ScanResult } from '../../src/core/schema.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { startServer, type TestServer } from '../server/helpers/server.js';
import { goodRobotsSite, scanFixture, withPages } from './scan-fixture.js';

let site: FixtureSite;
let srv: TestServer;
let sampled: ScanResult;
beforeAll(async () => {
  const scanned = await scanFixture(goodRobotsSite());
  site = scanned.site;
  sampled = withPages(scanned.result);
  srv = await startServer({ workers: 0 });
});
afterAll(async () => {
  await srv?.destroy();
  await site?.close();
});

describe('/r/<id> of a site-scope report', () => {
  it('shows the per-page table in HTML and markdown, escaped', async () => {
    const report = await srv.store.saveReport({ result: sampled, isPublic: true, accountId: null });
    const res = await srv.get(`/r/${report.id}`);
    expect(res.status).toBe(200);
    const $ = cheerio.load(await res.text());
    expect($('section.pages tbody tr').length).toBe(sampled.pages!.length);
    expect($('section.pages td.page').first().text()).toBe('/');
    expect($('a[href^="javascript:"], script').length).toBe(0);
    const md = await (await srv.get(`/r/${report.id}`, { headers: { accept: 'text/markdown' } })).text();
    expect(md).toContain('| Page | Source | HTTP | C1 | C2 | C3 | C4 | D3 | D6 | A7 |');
    expect(md).toContain('| /gone | link | 404 | ⚠ HTTP 404 |');
  });
});
