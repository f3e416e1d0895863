/**
 * ScanResults for formatter tests, produced by the real engine against loopback fixture sites,
 * so the formatters are exercised on whatever checks the engine has today.
 */
import { scan } from '../../src/core/scan.js';
import { ScanResponse, type ScanResult } from '../../src/core/schema.js';
import { startFixture, type FixtureSite, type Route } from '../helpers/fixture-server.js';

/** Hostile text a site may put in a body that ends up quoted in evidence. */
export const HOSTILE_TEXT = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mRED\u001b[0m <script>alert(1)</script> <img src=x onerror=alert(2)> [click](javascript:alert(3)) ${{ secrets.X }}';

/** A site whose robots.txt is served with a wrong content type, so D1 quotes its first bytes. */
export function evilRobotsSite(): Record<string, Route> {
  return {
    '/': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<!doctype html><html><head><title>Evil</title></head><body><h1>Evil</h1></body></html>' },
    '/robots.txt': { headers: { 'content-type': 'application/x-evil' }, body: `User-agent: * ${HOSTILE_TEXT}\nAllow: /\n` },
  };
}

export function goodRobotsSite(): Record<string, Route> {
  return {
    '/': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<!doctype html><html><head><title>Good</title></head><body><h1>Good</h1><p>Hello.</p></body></html>' },
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
  };
}

export async function scanFixture(routes: Record<string, Route>): Promise<{ site: FixtureSite; result: ScanResult }> {
  const site = await startFixture(routes);
  try {
    const result = ScanResponse.parse(await scan(site.origin, { deadlineMs: 20_000 }));
    return { site, result };
  } catch (e) {
    await site.close();
    throw e;
  }
}
