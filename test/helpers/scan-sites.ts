/**
 * Scans of fixture sites for end-to-end tests: each site is served on 127.0.0.1, scanned by the
 * real engine, its result checked against the v1 schema, and every server closed after the file.
 */
import { afterAll } from 'vitest';
import { scan, type ScanOptions } from '../../src/core/scan.js';
import { ScanResponse, type CheckResult, type ScanResult } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from './fixture-server.js';
import type { SiteDefinition } from '../fixtures/sites.mjs';

/** Call at the top of a test file: returns scanSite(def, opts), whose servers close after the file. */
export function useFixtureScans(): (def: SiteDefinition, opts?: ScanOptions) => Promise<{ site: FixtureSite; result: ScanResult }> {
  const open: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });
  return async (def, opts = {}) => {
    const site = await startFixture((s) => def(s.origin));
    open.push(site);
    const result = await scan(site.origin, opts);
    ScanResponse.parse(result);
    return { site, result };
  };
}

/** The result of one check, or a clear failure when the scan has none. */
export function checkOf(r: ScanResult, id: string): CheckResult {
  const c = r.checks.find((x) => x.id === id);
  if (!c) throw new Error(`check ${id} missing`);
  return c;
}
