import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import { ScanResponse } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixture({
    '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><head><title>Hi</title></head><body><h1>Hi</h1></body></html>' },
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
  });
});
afterAll(() => site.close());

describe('scan engine smoke', () => {
  it('returns a valid v1 ScanResponse for a loopback site', async () => {
    const events: string[] = [];
    const r = await scan(site.origin, { onEvent: (e) => events.push(e.type) });
    expect(ScanResponse.parse(r)).toBeTruthy();
    expect(r.checks.find((c) => c.id === 'D1')?.status).toBe('pass');
    expect(events[0]).toBe('started');
    expect(events.at(-1)).toBe('finished');
    expect(events).toContain('probe');
    expect(events).toContain('check');
    expect(site.requests.filter((q) => q.path === '/robots.txt')).toHaveLength(1);
  });
  it('refuses loopback targets when the private-network guard is on, without fetching', async () => {
    const before = site.requests.length;
    await expect(scan(site.origin, { blockPrivateNetwork: true })).rejects.toMatchObject({ code: 'blocked-address' });
    expect(site.requests.length).toBe(before);
  });
});
