/**
 * The fix crawl on loopback sites: page and time limits, robots.txt Disallow, links to other
 * origins never followed, redirects (loops, to another origin), the sitemap's pages.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../src/core/net/http.js';
import { crawlSite } from '../../../src/core/gather/site-crawl.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';

const sites: FixtureSite[] = [];
const clients: HttpClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of sites.splice(0)) await s.close();
});

const html = (title: string, body: string) => ({
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html><head><title>${title}</title></head><body><main>${body}</main></body></html>`,
});

async function site(routes: Parameters<typeof startFixture>[0], opts: Parameters<typeof startFixture>[1] = {}): Promise<FixtureSite> {
  const s = await startFixture(routes, opts);
  sites.push(s);
  return s;
}

function crawl(start: string, o: { maxPages?: number; maxMs?: number } = {}) {
  const http = new HttpClient({});
  clients.push(http);
  return crawlSite({ fetch: (u, opts) => http.fetch(u, opts), start, agent: 'ai-ready', ...o });
}

/** Every page links to two new pages: a site without end. */
const endless = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void => {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/robots.txt' || path.endsWith('.xml')) {
    res.writeHead(404).end();
    return;
  }
  const n = Number(path.slice(3)) || 0;
  const page = html(`Page ${n}`, `<a href="/p-${2 * n + 1}">a</a> <a href="/p-${2 * n + 2}">b</a>`);
  res.writeHead(200, page.headers).end(page.body);
};

describe('crawlSite', () => {
  it('stops at the page limit and says so', async () => {
    const s = await site({ '*': endless });
    const r = await crawl(`${s.origin}/`, { maxPages: 7 });
    expect(r.pages).toHaveLength(7);
    expect(r.stoppedBy).toBe('pages');
    // The queue is read a few at a time: it asked for little more than the limit.
    expect(s.requests.filter((q) => q.path.startsWith('/p-') || q.path === '/').length).toBeLessThanOrEqual(7 + 4);
  });

  it('stops at the time limit and says so', async () => {
    const s = await site({ '*': endless }, { delayMs: 150 });
    const r = await crawl(`${s.origin}/`, { maxMs: 1200 });
    expect(r.stoppedBy).toBe('time');
    expect(r.pages.length).toBeLessThan(50);
  });

  it('reads every page of a small site, and pages only the sitemap lists (production URLs mapped to this origin)', async () => {
    const s = await site({
      '/': html('Home', '<a href="/a">A</a>'),
      '/a': html('A', '<a href="/">home</a>'),
      '/only-in-sitemap': html('Hidden', 'listed'),
      '/sitemap.xml': {
        headers: { 'content-type': 'application/xml' },
        body: '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://prod.test/only-in-sitemap</loc></url></urlset>',
      },
    });
    const r = await crawl(`${s.origin}/`);
    expect(r.stoppedBy).toBeNull();
    expect(r.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/a', '/only-in-sitemap']);
    expect(r.sitemap).toBe(`${s.origin}/sitemap.xml`);
  });

  it('obeys robots.txt for its user agent', async () => {
    const s = await site({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private/\n\nUser-agent: ai-ready\nDisallow: /members\n' },
      '/': html('Home', '<a href="/members">m</a> <a href="/private/x">p</a> <a href="/open">o</a>'),
      '/members': html('Members', ''),
      '/private/x': html('Private', ''),
      '/open': html('Open', ''),
    });
    const r = await crawl(`${s.origin}/`);
    expect(r.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/open', '/private/x']);
    expect(s.requests.some((q) => q.path === '/members')).toBe(false);
    expect(r.disallowed).toBe(1);
  });

  it('never follows a link to another origin, and drops a page that redirects there', async () => {
    const other = await site({ '*': html('Other', 'elsewhere') });
    const s = await site({
      '/': html('Home', `<a href="${other.origin}/x">x</a> <a href="/away">away</a> <a href="/ok">ok</a>`),
      '/away': { status: 302, headers: { location: `${other.origin}/landing` } },
      '/ok': html('Ok', ''),
    });
    const r = await crawl(`${s.origin}/`);
    expect(r.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/ok']);
    expect(other.requests.some((q) => q.path === '/x')).toBe(false);
    expect(r.pages.every((p) => p.url.startsWith(s.origin))).toBe(true);
  });

  it('survives a redirect loop', async () => {
    const s = await site({
      '/': html('Home', '<a href="/loop">l</a> <a href="/after">a</a>'),
      '/loop': { status: 302, headers: { location: '/loop2' } },
      '/loop2': { status: 302, headers: { location: '/loop' } },
      '/after': html('After', ''),
    });
    const r = await crawl(`${s.origin}/`);
    expect(r.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/after']);
  });
});
