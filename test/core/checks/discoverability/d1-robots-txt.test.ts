import { describe, expect, it } from 'vitest';
import { d1RobotsTxt } from '../../../../src/core/checks/discoverability/d1-robots-txt.js';
import { parseRobots } from '../../../../src/core/gather/robots.js';
import { ORIGIN, response, soft404, text } from '../../../helpers/responses.js';
import { outcomeProse } from '../../../helpers/outcome-prose.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const evalRobots = (res: ReturnType<typeof response>) => d1RobotsTxt.evaluate(parseRobots(res, ORIGIN), ctx);

describe('D1 robots.txt', () => {
  it('passes a text/plain file with a group', () => {
    const o = evalRobots(text('/robots.txt', 'User-agent: *\nDisallow: /admin\nSitemap: /sitemap.xml\n'));
    expect(o.status).toBe('pass');
    expect(o.code).toBe('D1/ok');
    expect(o.data).toMatchObject({ groups: 1, sitemaps: 1 });
    expect(o.evidence).toMatch(/\b1 group\b.*\b1 Sitemap\b/);
  });
  it('is partial when served with the wrong content type', () => {
    const o = evalRobots(text('/robots.txt', 'User-agent: *\nAllow: /\n', 'application/octet-stream'));
    expect(o.status).toBe('partial');
    expect(o.code).toBe('D1/wrong-type');
  });
  it('names a missing content type with its own code, and every outcome carries values only', () => {
    const none = evalRobots(response({ url: '/robots.txt', body: 'User-agent: *\nAllow: /\n' }));
    expect(none.code).toBe('D1/no-content-type');
    expect(none.evidence).toContain('served as no content type instead of text/plain');
    const outcomes = [
      none,
      evalRobots(text('/robots.txt', 'Sitemap: https://x/sitemap.xml\n', 'text/html; x')),
      evalRobots(text('/robots.txt', 'User-agent: GPTBot\nDisallow: /\n')),
      evalRobots(response({ url: '/robots.txt', status: 503 })),
    ];
    expect(outcomeProse(d1RobotsTxt, outcomes)).toEqual([]);
  });
  it('is partial with only a Sitemap line', () => {
    expect(evalRobots(text('/robots.txt', 'Sitemap: https://x/sitemap.xml\n')).status).toBe('partial');
  });
  it('fails on 404, soft 404 and 5xx (flagged critical)', () => {
    expect(evalRobots(response({ url: '/robots.txt', status: 404 })).status).toBe('fail');
    expect(evalRobots(soft404('/robots.txt')).status).toBe('fail');
    const five = evalRobots(response({ url: '/robots.txt', status: 503 }));
    expect(five.status).toBe('fail');
    expect(five.code).toBe('D1/unreachable');
  });
  it('adapts the fix guide to the platform', () => {
    const wp = d1RobotsTxt.fixGuide({ origin: ORIGIN, platform: 'wordpress', hosting: [] });
    expect(wp[0].code).toContain("add_filter('robots_txt'");
    const next = d1RobotsTxt.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] });
    expect(next[0].code).toContain('MetadataRoute.Robots');
    // The Sitemap line names the sitemap the scan found, in Next.js's syntax as in the neutral one.
    const found = d1RobotsTxt.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [], found: { sitemap: `${ORIGIN}/sitemap_index.xml` } });
    expect(found[0].code).toContain(`sitemap: '${ORIGIN}/sitemap_index.xml'`);
    expect(found[0].publish).toMatchObject({ kind: 'lines', path: '/robots.txt', content: `Sitemap: ${ORIGIN}/sitemap_index.xml\n` });
    const nginx = d1RobotsTxt.fixGuide({ origin: ORIGIN, platform: null, hosting: ['nginx'] });
    expect(nginx.some((s) => s.lang === 'nginx')).toBe(true);
  });
  it("names the directives Lighthouse's robots-txt audit flags (Content-Usage, Agentmap) without changing the verdict, and the alternative for each", () => {
    const o = evalRobots(
      text('/robots.txt', 'User-agent: *\nContent-Signal: ai-train=no\nContent-Usage: train-ai=n\nAllow: /\n\nAgentmap: /.well-known/ai-catalog.json\n'),
    );
    expect(o.code).toBe('D1/ok');
    expect(o.advisoryFindings?.map((n) => n.code)).toEqual([
      'D1/lighthouse-unknown-directives',
      'D1/lighthouse-alternative-content-usage',
      'D1/lighthouse-alternative-agentmap',
    ]);
    const { data } = o.advisoryFindings![0];
    expect(data).toEqual({ directives: 'content-usage (line 3), agentmap (line 6)' });
    expect(o.advisories?.[1]).toContain('`Content-Usage` response header');
    expect(o.advisories?.[2]).toContain('`<link rel>`');
    expect(outcomeProse(d1RobotsTxt, [o])).toEqual([]);
    // The template names the tool and the commit its rule was read at.
    expect(d1RobotsTxt.meta.advisories?.['D1/lighthouse-unknown-directives']).toContain('GoogleChrome/lighthouse core/audits/seo/robots-txt.js at 83f1c6fd0d');
    // content-signal is on Lighthouse's safelist: nothing to say.
    expect(evalRobots(text('/robots.txt', 'User-agent: *\nContent-Signal: ai-train=no\nCrawl-delay: 2\nAllow: /\n')).advisoryFindings ?? []).toEqual([]);
  });
});
