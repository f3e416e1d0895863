import { defineCheck } from '../types.js';
import type { RobotsArtifact } from '../../gather/robots.js';
import { describeProbe, excerpt } from '../../gather/classify.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';

const SPEC = ['https://www.rfc-editor.org/rfc/rfc9309'];
const LARGE = 500 * 1024;

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
  },
  gather: (ctx) => ctx.robots(),
  evaluate(robots) {
    const res = robots.probe;
    const probes = [res];
    const seen = describeProbe(res, new URL(res.requestedUrl).origin);
    if (res.error || (res.status !== null && res.status >= 500)) {
      return {
        status: 'fail',
        evidence: `${seen}. Critical: crawlers treat an unreachable robots.txt as "disallow everything".`,
        remediation: 'Make /robots.txt answer 200 (or 404) reliably: a 5xx or timeout makes crawlers assume the whole site is disallowed.',
        probes,
      };
    }
    if (robots.soft404) return { status: 'fail', evidence: `${seen}: an HTML page, not a robots.txt (soft 404).`, probes };
    if (!robots.found) return { status: 'fail', evidence: `${seen}: no robots.txt.`, probes };
    if (robots.totalLines > 0 && robots.invalidLines === robots.totalLines) {
      // A catch-all answering every path (200 "Not found" text, a JSON error): no robots.txt record at all.
      return { status: 'fail', evidence: `${seen}: not a robots.txt, none of its ${robots.totalLines} line(s) is a robots.txt record. Starts: "${excerpt(robots.text, 100)}"`, probes };
    }
    const agents = robots.groups.flatMap((g) => g.agents);
    const facts = `${robots.groups.length} group(s)${agents.length ? ` (${[...new Set(agents)].slice(0, 8).join(', ')}${agents.length > 8 ? ', …' : ''})` : ''}, ${robots.sitemaps.length} Sitemap line(s)`;
    const problems: string[] = [];
    if (!robots.groups.length) problems.push('no User-agent group');
    if (res.contentType !== 'text/plain') problems.push(`served as ${res.contentType ?? 'no content type'} instead of text/plain`);
    if (res.body.length > LARGE || res.truncated) problems.push('larger than 500 KiB (parsers may stop reading)');
    if (robots.totalLines > 0 && robots.invalidLines / robots.totalLines > 0.1)
      problems.push(`${robots.invalidLines} of ${robots.totalLines} lines unparseable`);
    if (!robots.text.trim()) return { status: 'fail', evidence: `${seen}: empty file.`, probes };
    if (problems.length) {
      return {
        status: 'partial',
        evidence: `${seen}; ${facts}; ${problems.join('; ')}. Starts: "${excerpt(robots.text, 100)}"`,
        remediation: `Fix /robots.txt: ${problems.join('; ')}.`,
        probes,
      };
    }
    return { status: 'pass', evidence: `${seen}; ${facts}.`, matched: 'RFC 9309', probes };
  },
  fixGuide(fx) {
    const content = `User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\nDisallow: /admin/\n\nSitemap: ${fx.origin}/sitemap.xml\n`;
    const platformStep =
      fx.platform === 'wordpress' || fx.platform === 'woocommerce'
        ? [
            {
              title: 'Edit robots.txt in WordPress',
              body: 'WordPress serves a virtual robots.txt. Edit it in your SEO plugin (Yoast: Tools → File editor; Rank Math: General Settings → Edit robots.txt; AIOSEO: Tools → Robots.txt Editor), or filter it in code:',
              code: `add_filter('robots_txt', function ($output) {\n  return ${JSON.stringify(content)};\n}, 99);`,
              lang: 'php',
            },
          ]
        : fx.platform === 'shopify'
          ? [
              {
                title: 'Customize templates/robots.txt.liquid',
                body: 'Online Store → Themes → Edit code → Add a new template → robots.txt. Keep Shopify\'s default groups and append yours:',
                code: `{% for group in robots.default_groups %}\n  {{- group.user_agent }}\n  {%- for rule in group.rules %}\n    {{ rule }}\n  {%- endfor %}\n  {%- if group.sitemap != blank %}\n    {{ group.sitemap }}\n  {%- endif %}\n{% endfor %}\n`,
                lang: 'liquid',
              },
            ]
          : fx.platform === 'nextjs'
            ? [
                {
                  title: 'Generate it with app/robots.ts',
                  code: `import type { MetadataRoute } from 'next';\n\nexport default function robots(): MetadataRoute.Robots {\n  return {\n    rules: [{ userAgent: '*', allow: '/', disallow: '/admin/' }],\n    sitemap: '${fx.origin}/sitemap.xml',\n  };\n}\n`,
                  lang: 'ts',
                },
              ]
            : fx.platform === 'squarespace'
              ? [
                  {
                    title: 'Squarespace generates robots.txt',
                    body: 'It cannot be edited; use Settings → Crawlers to choose what search engines and AI crawlers may do.',
                  },
                ]
              : serveFileSteps(fx, { path: '/robots.txt', contentType: 'text/plain; charset=utf-8', content, lang: 'text' });
    return [
      ...platformStep,
      { title: 'Add explicit AI crawler groups and a Content-Signal line', body: 'See checks B1 and B2 for the recommended groups.' },
      verifyStep(`curl -si ${fx.origin}/robots.txt | head -n 20`, 'Expect HTTP 200, Content-Type: text/plain, and your groups. It must never answer 5xx.'),
      specStep(SPEC),
    ];
  },
});
