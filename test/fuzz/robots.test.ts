import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRobots } from '../../src/core/gather/robots.js';
import { ORIGIN, response } from '../helpers/responses.js';
import { RUNS, isAbsoluteHttp, textFrom } from './arbitraries.js';

const TOKENS = [
  'User-agent: ',
  'user-agent:',
  'Allow: ',
  'Disallow: ',
  'Sitemap: ',
  'Crawl-delay: 10',
  'Content-Signal: search=yes, ai-train=no',
  '*',
  'GPTBot',
  'ClaudeBot',
  '/',
  '/private/',
  '$',
  '\n',
  '\r\n',
  '# comment',
  'https://x.test/s.xml',
  '/sitemap.xml',
  'javascript:alert(1)',
  'ftp://h/s.xml',
  'http://[',
  ':',
  'Host: x',
];
const robots = (body: string) => parseRobots(response({ url: '/robots.txt', headers: { 'content-type': 'text/plain' }, body }), ORIGIN);

describe('robots.txt parser, fuzzed', () => {
  it('never throws; sitemaps are absolute http(s); counts stay consistent; isAllowed answers a boolean', () => {
    fc.assert(
      fc.property(
        textFrom(TOKENS, 80),
        fc.constantFrom('/', '/private/x', '/%zz', '/a?b=c'),
        fc.constantFrom('GPTBot', '*', 'x\u202e'),
        (body, path, agent) => {
          const r = robots(body);
          expect(r.sitemaps.every(isAbsoluteHttp)).toBe(true);
          expect(new Set(r.sitemaps).size).toBe(r.sitemaps.length);
          expect(r.invalidLines).toBeLessThanOrEqual(r.totalLines);
          expect(r.groups.every((g) => g.agents.length > 0)).toBe(true);
          expect(typeof r.isAllowed(path, agent)).toBe('boolean');
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a 100,000-line file of groups and "nested" comment markers finishes', () => {
    const body = 'User-agent: *\n'.repeat(50_000) + `Disallow: /${'#'.repeat(100_000)}\n` + 'Sitemap: /s.xml\n'.repeat(50_000);
    const r = robots(body);
    expect(r.groups).toHaveLength(1);
    expect(r.sitemaps).toEqual([`${ORIGIN}/s.xml`]);
  });
});
