import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { d3LinkHeaders, relationTier } from '../../../../src/core/checks/discoverability/d3-link-headers.js';
import { parseLinkHeader } from '../../../../src/core/gather/link-header.js';
import { d6InPageHints } from '../../../../src/core/checks/discoverability/d6-in-page-hints.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { ORIGIN, response } from '../../../helpers/responses.js';
import { gatherContext } from './ctx.js';
import { outcomeProse } from '../../../helpers/outcome-prose.js';
// The D3 and D6 guides link what other checks offer (meta.offers.link): the registry installs those links, as every face loads it.
import '../../../../src/core/checks/index.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/docs/page` };
const page = (link?: string) => response({ url: '/docs/page', headers: { 'content-type': 'text/html', ...(link ? { link } : {}) }, body: '<html></html>' });
const evalLink = (link: string | undefined, targets: Parameters<typeof d3LinkHeaders.evaluate>[0]['targets'] = []) => {
  const p = page(link);
  return d3LinkHeaders.evaluate({ page: p, links: parseLinkHeader(link, p.url), targets }, ctx);
};

describe('parseLinkHeader (RFC 8288)', () => {
  it('splits on commas outside <> and quotes, keeps params, resolves relative targets', () => {
    const links = parseLinkHeader(
      '</a,b>; rel="describedby"; title="x, y", <../api>; rel=service-desc; type="application/openapi+json", <https://cdn.test/z>; rel=preload',
      `${ORIGIN}/docs/page`,
    );
    expect(links).toHaveLength(3);
    expect(links[0]).toMatchObject({ href: '/a,b', target: `${ORIGIN}/a,b`, rels: ['describedby'], params: { title: 'x, y' } });
    expect(links[1]).toMatchObject({ target: `${ORIGIN}/api`, rels: ['service-desc'], params: { type: 'application/openapi+json' } });
    expect(links[2].target).toBe('https://cdn.test/z');
  });
  it('reads several relation types, lower-cases them, and keeps the first of repeated params', () => {
    const [l] = parseLinkHeader('</x>; rel="Alternate  describedby"; rel="ignored"; type=text/markdown', ORIGIN);
    expect(l.rels).toEqual(['alternate', 'describedby']);
  });
  it('decodes title* and escaped quotes, skips junk values', () => {
    const links = parseLinkHeader(`garbage, </t>; rel=help; title*=UTF-8''caf%C3%A9, </q>; rel=x; title="say \\"hi\\""`, ORIGIN);
    expect(links).toHaveLength(2);
    expect(links[0].params.title).toBe('café');
    expect(links[1].params.title).toBe('say "hi"');
  });
  it('tiers relations', () => {
    const [md, rss] = parseLinkHeader('</i.md>; rel=alternate; type="text/markdown; charset=utf-8", </feed>; rel=alternate; type=application/rss+xml', ORIGIN);
    expect(relationTier('alternate', md)).toBe('strong');
    expect(relationTier('alternate', rss)).toBe('weak');
    expect(relationTier('api-catalog', md)).toBe('strong');
    expect(relationTier('https://api.w.org/', md)).toBe('weak');
    expect(relationTier('preconnect', md)).toBe('ignored');
  });
});

describe('D3 evaluate', () => {
  it('passes a strong relation', () => {
    const o = evalLink('</.well-known/api-catalog>; rel="api-catalog"');
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('RFC 8288 (api-catalog)');
  });
  it('is partial with weak relations only (WordPress REST root)', () => {
    const o = evalLink('<https://site.test-fixture.dev/wp-json/>; rel="https://api.w.org/"');
    expect(o.status).toBe('partial');
    expect(o.code).toBe('D3/weak-only');
  });
  it('fails with no header or resource hints only', () => {
    expect(evalLink(undefined).status).toBe('fail');
    expect(evalLink('<https://fonts.test>; rel=preconnect, </app.js>; rel=modulepreload').status).toBe('fail');
    expect(evalLink('nonsense').code).toBe('D3/unparseable');
  });
  it('is partial when every strong same-origin target is broken, pass with an advisory when one works', () => {
    const link = '</.well-known/api-catalog>; rel="api-catalog", </llms.txt>; rel=describedby';
    const dead = (p: string) => ({ rel: 'x', url: `${ORIGIN}${p}`, probe: response({ url: p, method: 'HEAD', status: 404 }) });
    const ok = (p: string) => ({ rel: 'x', url: `${ORIGIN}${p}`, probe: response({ url: p, method: 'HEAD', status: 200 }) });
    const all = evalLink(link, [dead('/.well-known/api-catalog'), dead('/llms.txt')]);
    expect(all.status).toBe('partial');
    expect(all.details).toMatchObject({ broken: [`${ORIGIN}/.well-known/api-catalog`, `${ORIGIN}/llms.txt`] });
    const one = evalLink(link, [dead('/.well-known/api-catalog'), ok('/llms.txt')]);
    expect(one.status).toBe('pass');
    expect(one.advisoryFindings).toEqual([
      expect.objectContaining({ code: 'D3/some-broken-targets', data: { targets: `${ORIGIN}/.well-known/api-catalog (404)` } }),
    ]);
    const head405 = evalLink(link, [{ rel: 'x', url: `${ORIGIN}/llms.txt`, probe: response({ url: '/llms.txt', method: 'HEAD', status: 405 }) }]);
    expect(head405.status).toBe('pass');
    // The targets checked are probe fields, rendered as the lines people read.
    expect(all.data).toMatchObject({ total: 2, strong: 2, weak: 0, target1Url: '/.well-known/api-catalog', target2Status: 404 });
    expect(all.evidence).toContain('Targets checked: HEAD /.well-known/api-catalog → 404 no content-type; HEAD /llms.txt → 404 no content-type.');
    expect(outcomeProse(d3LinkHeaders, [all, one, head405, evalLink(undefined), evalLink('nonsense'), evalLink('</x>; rel=alternate')])).toEqual([]);
  });
  it('builds a platform-aware fix guide', () => {
    const nginx = d3LinkHeaders.fixGuide({ origin: ORIGIN, platform: null, hosting: ['nginx'] });
    expect(nginx.some((s) => s.lang === 'nginx' && s.code?.includes('rel="api-catalog"'))).toBe(true);
    const next = d3LinkHeaders.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] });
    expect(next.some((s) => s.code?.includes('async headers()'))).toBe(true);
    expect(next.at(-2)?.title).toBe('Verify');
  });
});

describe('D3 gather (loopback)', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture({
      '/': {
        headers: {
          'content-type': 'text/html',
          link: '</llms.txt>; rel=describedby, </a>; rel=service-doc, </b>; rel=service-desc, </c>; rel=status, <https://other.test/x>; rel=service-meta',
        },
        body: '<html></html>',
      },
      '/llms.txt': { headers: { 'content-type': 'text/plain' }, body: '# Site\n' },
    });
  });
  afterAll(() => site.close());
  it('checks at most 3 same-origin strong targets with HEAD, never other hosts', async () => {
    const c = await gatherContext(`${site.origin}/`);
    const a = await d3LinkHeaders.gather(c);
    expect(a.targets).toHaveLength(3);
    const heads = site.requests.filter((r) => r.method === 'HEAD');
    expect(heads.map((r) => r.path)).toEqual(expect.arrayContaining(['/llms.txt', '/a', '/b']));
    expect(heads).toHaveLength(3);
    const o = d3LinkHeaders.evaluate(a, { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings?.map((n) => n.code)).toEqual(['D3/some-broken-targets']);
    expect(o.advisoryFindings?.[0].data?.targets).toContain(`${site.origin}/a (404)`);
  });
});

describe('D3 hostile targets', () => {
  it('does not count javascript: or data: targets', () => {
    const link = '<javascript:alert(1)>; rel="service-desc", <data:text/plain,x>; rel=describedby';
    const p = response({ url: '/', headers: { 'content-type': 'text/html', link }, body: '' });
    const o = d3LinkHeaders.evaluate({ page: p, links: parseLinkHeader(link, p.url), targets: [] }, { origin: ORIGIN, pageUrl: `${ORIGIN}/` });
    expect(o.status).toBe('fail');
  });
});

// llmstxt.org v2 (AnswerDotAI/llms-txt nbs/index.qmd at 61bbcf99): rel="describedby" "points to the
// llms.txt file that covers" the page; "/docs/llms.txt covers everything in /docs/".
describe('D3 and D6: rel="describedby" to llms.txt (llms.txt v2, loopback)', () => {
  let site: FixtureSite;
  const md = (body: string) => ({ headers: { 'content-type': 'text/markdown' }, body });
  const page = (link: string, head = '') => ({
    headers: { 'content-type': 'text/html', link },
    body: `<html><head>${head}</head><body><main>Docs</main></body></html>`,
  });
  beforeAll(async () => {
    site = await startFixture({
      '/llms.txt': md('# Co\n\n## Docs\n- [A](/a.md)\n'),
      '/docs/llms.txt': md('# Docs\n\n## Docs\n- [B](/docs/b.md)\n'),
      '/docs/right': page(
        '</docs/llms.txt>; rel="describedby", </docs/right.md>; rel="alternate"; type="text/markdown"',
        '<link rel="describedby" href="/docs/llms.txt">',
      ),
      '/docs/root-named': page('</llms.txt>; rel="describedby"', '<link rel="describedby" href="/llms.txt">'),
      '/blog/post': page('</docs/llms.txt>; rel="describedby"', '<link rel="describedby" href="/docs/llms.txt">'),
    });
  });
  afterAll(() => site.close());
  const judge = async (path: string) => {
    const c = await gatherContext(`${site.origin}${path}`);
    const ctx = { origin: site.origin, pageUrl: `${site.origin}${path}` };
    return [d3LinkHeaders.evaluate(await d3LinkHeaders.gather(c), ctx), d6InPageHints.evaluate(await d6InPageHints.gather(c), ctx)];
  };
  it('passes the header and the <link> naming the most specific llms.txt, without a scope advisory', async () => {
    for (const o of await judge('/docs/right')) {
      expect(o.status).toBe('pass');
      expect((o.advisoryFindings ?? []).filter((n) => n.code.includes('/describedby-'))).toEqual([]);
    }
  });
  it('says when describedby names a less specific llms.txt than the one covering the page', async () => {
    for (const o of await judge('/docs/root-named')) {
      expect(o.status).toBe('pass');
      expect(o.advisoryFindings).toEqual([
        expect.objectContaining({
          code: `${o.code.split('/')[0]}/describedby-less-specific`,
          data: { target: '/llms.txt', page: '/docs/root-named', specific: '/docs/llms.txt' },
        }),
      ]);
    }
  });
  it('says when describedby names an llms.txt that does not cover the page', async () => {
    for (const o of await judge('/blog/post'))
      expect(o.advisoryFindings).toContainEqual(
        expect.objectContaining({ code: `${o.code.split('/')[0]}/describedby-not-covering`, data: { target: '/docs/llms.txt', page: '/blog/post' } }),
      );
  });
});
