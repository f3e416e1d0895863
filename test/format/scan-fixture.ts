/**
 * ScanResults for formatter tests, produced by the real engine against loopback fixture sites,
 * so the formatters are exercised on whatever checks the engine has today.
 */
import { scan } from '../../src/core/scan.js';
import { ScanResponse, type PageResult, type ScanResult } from '../../src/core/schema.js';
import { startFixture, type FixtureSite, type Route } from '../helpers/fixture-server.js';

/** Hostile text a site may put in a body that ends up quoted in evidence. */
export const HOSTILE_TEXT =
  '\u001b]0;pwned\u0007\u001b[2J\u001b[31mRED\u001b[0m <script>alert(1)</script> <img src=x onerror=alert(2)> [click](javascript:alert(3)) ${{ secrets.X }}';

/** A site whose robots.txt is served with a wrong content type, so D1 quotes its first bytes. */
export function evilRobotsSite(): Record<string, Route> {
  return {
    '/': {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<!doctype html><html><head><title>Evil</title></head><body><h1>Evil</h1></body></html>',
    },
    '/robots.txt': { headers: { 'content-type': 'application/x-evil' }, body: `User-agent: * ${HOSTILE_TEXT}\nAllow: /\n` },
  };
}

export function goodRobotsSite(): Record<string, Route> {
  return {
    '/': {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<!doctype html><html><head><title>Good</title></head><body><h1>Good</h1><p>Hello.</p></body></html>',
    },
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

/** A page URL a hostile site may list: table breaks, markup, backticks, bidi and C1 controls. */
export const HOSTILE_PATH = '/a|b/<img src=x onerror=alert(1)>/`code`/\u202eevil\u202c/\u009b31m/x';

/** A page URL that is not http(s) and carries raw markup, table breaks and controls. */
export const HOSTILE_URL = 'javascript:alert(1)//<script>x</script>|`tick`|\u202eevil\u202c\u009b31m';

/**
 * A site-scope pages[] in the PageResult shape, as the engine fills it: the target first, then
 * pages from the sitemap, llms.txt and links, two hostile URLs, one 404 and one fetch error.
 * The renderers are what is tested; the verdicts are made up to cover every status.
 */
export function withPages(result: ScanResult): ScanResult {
  const origin = new URL(result.finalUrl ?? result.url).origin;
  const v = (status: PageResult['checks'][string]['status'], code: string, evidence?: string) => ({ status, code, ...(evidence ? { evidence } : {}) });
  const pages: PageResult[] = [
    {
      url: result.finalUrl ?? result.url,
      source: 'target',
      status: 200,
      contentType: 'text/html; charset=utf-8',
      checks: {
        C1: v('fail', 'C1/no-markdown', 'no Markdown alternate'),
        C2: v('pass', 'C2/ok'),
        C3: v('pass', 'C3/ok'),
        C4: v('partial', 'C4/thin'),
        D3: v('pass', 'D3/ok'),
        D6: v('pass', 'D6/ok'),
        A7: v('na', 'A7/na'),
      },
    },
    {
      url: `${origin}/docs/getting-started/installation/on-a-very-long-path/with-many-segments/index.html?ref=sitemap`,
      source: 'sitemap',
      status: 200,
      contentType: 'text/html',
      checks: {
        C1: v('pass', 'C1/ok'),
        C2: v('pass', 'C2/ok'),
        C3: v('pass', 'C3/ok'),
        C4: v('pass', 'C4/ok'),
        D3: v('pass', 'D3/ok'),
        D6: v('pass', 'D6/ok'),
        A7: v('na', 'A7/na'),
      },
    },
    {
      url: `${origin}${HOSTILE_PATH}`,
      source: 'llms.txt',
      status: 200,
      contentType: 'text/html',
      checks: {
        C1: v('partial', 'C1/html-for-markdown', 'HTML served for text/markdown <b>x</b>'),
        C2: v('fail', 'C2/no-structure'),
        C3: v('pass', 'C3/ok'),
        C4: v('pass', 'C4/ok'),
        D3: v('info', 'D3/info'),
        D6: v('pass', 'D6/ok'),
        A7: v('na', 'A7/na'),
      },
    },
    {
      // Not a page of the origin and not http(s): shown whole, as text, never as a link.
      url: HOSTILE_URL,
      source: 'link',
      status: 200,
      checks: {
        C1: v('pass', 'C1/ok'),
        C2: v('pass', 'C2/ok'),
        C3: v('fail', 'C3/x', `evidence ${HOSTILE_TEXT}`),
        C4: v('pass', 'C4/ok'),
        D3: v('pass', 'D3/ok'),
        D6: v('pass', 'D6/ok'),
        A7: v('na', 'A7/na'),
      },
    },
    { url: `${origin}/gone`, source: 'link', status: 404, contentType: 'text/html', checks: {} },
    { url: `${origin}/slow`, source: 'link', status: null, error: 'timed out after 10 s', checks: {} },
  ];
  return ScanResponse.parse({ ...result, scope: 'site', pages });
}
