/**
 * The one "is this report public" rule (docs/server.md): anonymous scans are always public
 * (`isPublic` applies to API-key calls only); an account's scans follow `isPublic` when sent,
 * else the account's default. Checked through the ScanService door and through the faces that
 * used to carry their own copies of the rule (the stdio MCP scanner, monitors).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { ScanService, reportIsPublic } from '../../src/service/index.js';
import { createLocalScanner } from '../../src/mcp/local-scanner.js';
import { normalizeTarget } from '../../src/core/target.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import * as sites from '../fixtures/sites.mjs';
import { tempDir } from '../helpers/temp-dir.js';

let dir: string;
let store: Store;
let site: FixtureSite;
let service: ScanService;

beforeAll(async () => {
  dir = tempDir('ai-ready-visibility-');
  store = await openStore(dir);
  site = await startFixture((s) => sites.agentReady(s.origin));
  service = new ScanService({ store, allowPrivateNetwork: true, cacheTtlMs: 60_000, scanDeadlineMs: 20_000 });
});
afterAll(async () => {
  await service?.close();
  await site?.close();
  await store?.close();
});

describe('reportIsPublic', () => {
  const account = (v: 'public' | 'private') => ({ id: 'a', name: 'a', defaultVisibility: v, createdAt: '' });
  it('is the whole rule', () => {
    expect(reportIsPublic(null)).toBe(true);
    expect(reportIsPublic(null, false)).toBe(true);
    expect(reportIsPublic(account('private'))).toBe(false);
    expect(reportIsPublic(account('public'))).toBe(true);
    expect(reportIsPublic(account('private'), true)).toBe(true);
    expect(reportIsPublic(account('public'), false)).toBe(false);
  });
});

describe('the ScanService applies it to every caller', () => {
  it('keeps an anonymous scan public even when it asks for private', async () => {
    const url = normalizeTarget(site.origin).href;
    const { report } = await service.scan(url, { account: null, fresh: true, isPublic: false });
    expect(report?.isPublic).toBe(true);
    expect(report?.accountId).toBeNull();
  });

  it('follows an account default, and its isPublic override', async () => {
    const url = normalizeTarget(site.origin).href;
    const carol = await store.createAccount('carol', 'private');
    expect((await service.scan(url, { account: carol, fresh: true })).report?.isPublic).toBe(false);
    expect((await service.scan(url, { account: carol, fresh: true, isPublic: true })).report?.isPublic).toBe(true);
  });

  it('is the same rule on the stdio MCP scanner (anonymous: public)', async () => {
    const scanner = createLocalScanner({ store, engine: { deadlineMs: 20_000 } });
    const anonymous = await scanner({ url: site.origin, account: null, isPublic: false });
    expect((await store.getReport(anonymous.shareId!))?.isPublic).toBe(true);
    const dave = await store.createAccount('dave', 'private');
    const owned = await scanner({ url: site.origin, account: dave });
    expect((await store.getReport(owned.shareId!))?.isPublic).toBe(false);
  });
});
