import { defineCheck } from '../types.js';
import type { RobotsArtifact } from '../../gather/robots.js';
import { describeProbe, excerpt, isOk } from '../../gather/classify.js';
import { fixTarget, serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { robotsLinesSteps } from '../bot_access/robots-fix.js';

const SPEC = ['https://www.rfc-editor.org/rfc/rfc9309'];
const LARGE = 500 * 1024;
/** Platforms that generate robots.txt themselves: lines are added to theirs, not a file served. */
const PLATFORM_ROBOTS = new Set(['wordpress', 'woocommerce', 'shopify', 'squarespace', 'nextjs', 'nuxt']);

export const d1RobotsTxt = defineCheck<RobotsArtifact>({
  meta: {
    id: 'D1',
    name: 'robots.txt',
    dimension: 'discoverability',
    tier: 'essential',
    weight: 10,
    anchorKey: 'robotsTxt',
    specUrls: SPEC,
    summary: 'GET /robots.txt must answer 200 text/plain with at least one User-agent group (RFC 9309).',
    why: 'Every crawler and agent reads robots.txt first; a 5xx makes crawlers treat the whole site as disallowed, and it is where sitemaps and AI rules are declared.',
    remediation: 'Serve a plain-text /robots.txt with explicit User-agent groups and a Sitemap line.',
    codes: {
      'D1/unreachable': 'robots.txt answered 5xx or not at all (crawlers then assume everything is disallowed)',
      'D1/soft-404': 'an HTML page answered instead of a robots.txt',
      'D1/missing': 'no robots.txt (404 or similar)',
      'D1/not-robots': 'a 200 answer none of whose lines is a robots.txt record (a catch-all route)',
      'D1/empty': 'robots.txt is empty',
      'D1/no-groups': 'partial: no User-agent group (first of the problems found)',
      'D1/wrong-type': 'partial: not served as text/plain',
      'D1/too-large': 'partial: over 500 KiB',
      'D1/unparseable-lines': 'partial: over 10% of the lines cannot be parsed',
      'D1/ok': 'a valid robots.txt with User-agent groups',
    },
  },
  gather: (ctx) => ctx.robots(),
  evaluate(robots) {
    const res = robots.probe;
    const probes = [res];
    const seen = describeProbe(res, new URL(res.requestedUrl).origin);
    if (res.error || (res.status !== null && res.status >= 500)) {
      return {
        status: 'fail',
        code: 'D1/unreachable',
        evidence: `${seen}. Critical: crawlers treat an unreachable robots.txt as "disallow everything".`,
        remediation: 'Make /robots.txt answer 200 (or 404) reliably: a 5xx or timeout makes crawlers assume the whole site is disallowed.',
        probes,
      };
    }
    if (robots.soft404) return { status: 'fail', code: 'D1/soft-404', evidence: `${seen}: an HTML page, not a robots.txt (soft 404).`, probes };
    // A 0-byte 200 is a file that exists and says nothing, not a missing one.
    if (isOk(res) && res.body.length === 0) return { status: 'fail', code: 'D1/empty', evidence: `${seen}: empty file.`, probes };
    if (!robots.found) return { status: 'fail', code: 'D1/missing', evidence: `${seen}: no robots.txt.`, probes };
    if (robots.totalLines > 0 && robots.invalidLines === robots.totalLines) {
      // A catch-all answering every path (200 "Not found" text, a JSON error): no robots.txt record at all.
      return { status: 'fail', code: 'D1/not-robots', evidence: `${seen}: not a robots.txt, none of its ${robots.totalLines} line(s) is a robots.txt record. Starts: "${excerpt(robots.text, 100)}"`, probes };
    }
    const agents = robots.groups.flatMap((g) => g.agents);
    const facts = `${robots.groups.length} group(s)${agents.length ? ` (${[...new Set(agents)].slice(0, 8).join(', ')}${agents.length > 8 ? ', …' : ''})` : ''}, ${robots.sitemaps.length} Sitemap line(s)`;
    // The first problem names the outcome code.
    const problems: string[] = [];
    const codes: Array<'D1/no-groups' | 'D1/wrong-type' | 'D1/too-large' | 'D1/unparseable-lines'> = [];
    const problem = (code: (typeof codes)[number], text: string) => (codes.push(code), problems.push(text));
    if (!robots.groups.length) problem('D1/no-groups', 'no User-agent group');
    if (res.contentType !== 'text/plain') problem('D1/wrong-type', `served as ${res.contentType ?? 'no content type'} instead of text/plain`);
    if (res.body.length > LARGE || res.truncated) problem('D1/too-large', 'larger than 500 KiB (parsers may stop reading)');
    if (robots.totalLines > 0 && robots.invalidLines / robots.totalLines > 0.1)
      problem('D1/unparseable-lines', `${robots.invalidLines} of ${robots.totalLines} lines unparseable`);
    if (!robots.text.trim()) return { status: 'fail', code: 'D1/empty', evidence: `${seen}: empty file.`, probes };
    if (problems.length) {
      return {
        status: 'partial',
        code: codes[0],
        evidence: `${seen}; ${facts}; ${problems.join('; ')}. Starts: "${excerpt(robots.text, 100)}"`,
        remediation: `Fix /robots.txt: ${problems.join('; ')}.`,
        probes,
      };
    }
    return { status: 'pass', code: 'D1/ok', evidence: `${seen}; ${facts}.`, matched: 'RFC 9309', probes };
  },
  fixGuide(fx) {
    // The Sitemap line names the sitemap the scan found; with none found it waits for one (D2).
    const sitemap = fx.found?.sitemap;
    const sitemapLine = sitemap === null ? `# Sitemap: ${fx.origin}/sitemap.xml  (uncomment once you publish it, see check D2)\n` : `Sitemap: ${sitemap ?? `${fx.origin}/sitemap.xml`}\n`;
    const content = `User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\nDisallow: /admin/\n\n${sitemapLine}`;
    // Where the platform generates robots.txt itself, lines are added the way B1, B2 and B5 add
    // theirs (one source: robots-fix.ts); elsewhere the whole file is served.
    const platformStep = PLATFORM_ROBOTS.has(fixTarget(fx))
      ? robotsLinesSteps(fx, {
          snippet: sitemapLine,
          rulesOnly: true,
          nextRules: `[{ userAgent: '*', allow: '/', disallow: '/admin/' }]`,
          nuxtConfig: `{\n    groups: [{ userAgent: ['*'], allow: ['/'], disallow: ['/admin/'] }],\n    sitemap: [${JSON.stringify(sitemap ? new URL(sitemap).pathname : '/sitemap.xml')}],\n  }`,
          squarespace: 'Use Settings → Crawlers to choose what search engines and AI crawlers may do.',
          cloudflare: "Cloudflare's managed robots.txt (AI Crawl Control → Manage robots.txt) serves a robots.txt with AI rules even where the platform's own file falls short.",
        })
      : serveFileSteps(fx, { path: '/robots.txt', contentType: 'text/plain; charset=utf-8', content, lang: 'text' });
    return [
      ...platformStep,
      { title: 'Add explicit AI crawler groups and a Content-Signal line', body: 'See checks B1 and B2 for the recommended groups.' },
      verifyStep(`curl -si ${fx.origin}/robots.txt | head -n 20`, 'Expect HTTP 200, Content-Type: text/plain, and your groups. It must never answer 5xx.'),
      specStep(SPEC),
    ];
  },
});
