/** Sub-findings reach the v1 result: each problem of a partial outcome with its own code. */
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import { CheckResult } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';

const open: FixtureSite[] = [];
afterAll(async () => Promise.all(open.map((s) => s.close())));

describe('findings in the scan result', () => {
  it('lists the sub-findings of robots.txt with their codes, the first naming the outcome', async () => {
    const site = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body><h1>Hi</h1></body></html>' },
      '/robots.txt': { headers: { 'content-type': 'application/octet-stream' }, body: 'Sitemap: /s.xml\nnonsense line\n' },
    });
    open.push(site);
    const result = await scan(site.origin, { only: ['D1'], deadlineMs: 10_000 });
    const d1 = result.checks.find((c) => c.id === 'D1')!;
    expect(d1).toMatchObject({ status: 'partial', code: 'D1/no-groups' });
    expect(d1.findings?.map((f) => f.code)).toEqual(['D1/no-groups', 'D1/wrong-type', 'D1/unparseable-lines']);
    expect(d1.findings?.[1].text).toBe('served as application/octet-stream instead of text/plain');
    expect(CheckResult.safeParse(d1).success).toBe(true);
  });
});
