import { defineCheck, type SubFinding } from '../types.js';
import type { RobotsArtifact } from '../../gather/robots.js';
import { excerpt, isOk } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { platformWritesRobots, robotsLinesSteps } from '../bot_access/robots-fix.js';
import { recordValue, robotsText, type ContentSignalValue, type RobotsGroup, type RobotsSitemap } from '../../fixes/robots-rules.js';
import { ownerValue } from '../../fixes/site-content.js';
import type { PublishedValue } from '../../schema.js';
import { givenPreferences } from '../../fixes/owner-value-parse.js';
import {
  flaggedWithAlternative,
  lighthouseUnknownDirectives,
  TOOL_FLAG_ALTERNATIVES,
  TOOL_FLAGS_SENTENCE,
  toolFlagsData,
} from '../bot_access/robots-tool-flags.js';
import { ROBOTS_REQUEST } from '../../gather/robots.js';

const SPEC = ['https://www.rfc-editor.org/rfc/rfc9309'];
const LARGE = 500 * 1024;
/** What was found: the groups (with their agents) and the Sitemap lines. */
const FOUND = '{groups} group(s) ({agents}), {sitemaps} Sitemap line(s)';
/** The partial outcomes: what was found, then every problem (its first names the code). */
const PARTIAL = `{seen:probe}; ${FOUND}; {findings}. Starts: "{start}"`;
/** At most this many distinct agents are named in the evidence. */
const AGENTS_SHOWN = 8;
/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'D1/lighthouse-unknown-directives': `${TOOL_FLAGS_SENTENCE}.`,
  'D1/lighthouse-alternative-content-usage': `For content-usage, ${TOOL_FLAG_ALTERNATIVES['content-usage']}.`,
  'D1/lighthouse-alternative-agentmap': `For agentmap, ${TOOL_FLAG_ALTERNATIVES.agentmap}.`,
} as const;
type D1Advisory = keyof typeof ADVISORIES;

export const d1RobotsTxt = defineCheck<RobotsArtifact>()({
  meta: {
    id: 'D1',
    name: 'robots.txt',
    dimension: 'discoverability',
    requests: [ROBOTS_REQUEST],
    tier: 'essential',
    weight: 10,
    level: { rung: 1 },
    anchorKey: 'robotsTxt',
    specUrls: SPEC,
    standards: ['rfc9309'],
    summary: 'GET /robots.txt must answer 200 text/plain with at least one User-agent group (RFC 9309).',
    why:
      'Every crawler and agent reads robots.txt first; a 5xx makes crawlers treat the whole site as disallowed, ' +
      'and it is where sitemaps and AI rules are declared.',
    remediation: 'Serve a plain-text /robots.txt with explicit User-agent groups and a Sitemap line.',
    remedies: {
      'D1/answer-reliably': 'Make /robots.txt answer 200 (or 404) reliably: a 5xx or timeout makes crawlers assume the whole site is disallowed.',
      'D1/fix-problems': 'Fix /robots.txt: {findings}.',
    },
    codes: {
      'D1/unreachable': 'robots.txt answered 5xx or not at all (crawlers then assume everything is disallowed)',
      'D1/soft-404': 'an HTML page answered instead of a robots.txt',
      'D1/missing': 'no robots.txt (404 or similar)',
      'D1/not-robots': 'a 200 answer none of whose lines is a robots.txt record (a catch-all route)',
      'D1/empty': 'robots.txt is empty',
      'D1/no-groups': 'partial: no User-agent group (first of the problems found)',
      'D1/wrong-type': 'partial: not served as text/plain',
      'D1/no-content-type': 'partial: served without a content type',
      'D1/too-large': 'partial: over 500 KiB',
      'D1/unparseable-lines': 'partial: over 10% of the lines cannot be parsed',
      'D1/ok': 'a valid robots.txt with User-agent groups',
    },
    messages: {
      'D1/unreachable': '{seen:probe}. Critical: crawlers treat an unreachable robots.txt as "disallow everything".',
      'D1/soft-404': '{seen:probe}: an HTML page, not a robots.txt (soft 404).',
      'D1/missing': '{seen:probe}: no robots.txt.',
      'D1/not-robots': '{seen:probe}: not a robots.txt, none of its {lines} line(s) is a robots.txt record. Starts: "{start}"',
      'D1/empty': '{seen:probe}: empty file.',
      // No group means no agents to name.
      'D1/no-groups': '{seen:probe}; 0 group(s), {sitemaps} Sitemap line(s); {findings}. Starts: "{start}"',
      'D1/wrong-type': PARTIAL,
      'D1/no-content-type': PARTIAL,
      'D1/too-large': PARTIAL,
      'D1/unparseable-lines': PARTIAL,
      'D1/ok': `{seen:probe}; ${FOUND}.`,
    },
    findings: {
      'D1/no-groups': 'no User-agent group',
      'D1/wrong-type': 'served as {type} instead of text/plain',
      'D1/no-content-type': 'served as no content type instead of text/plain',
      'D1/too-large': 'larger than 500 KiB (parsers may stop reading)',
      'D1/unparseable-lines': '{invalid} of {total} lines unparseable',
    },
    advisories: ADVISORIES,
    /** The site's own words: the first bytes of the file and the User-agent names it declares. */
    quoted: ['start', 'agents'],
  },
  gather: (ctx) => ctx.robots(),
  evaluate(robots) {
    const res = robots.probe;
    const probes = [res];
    const seen = probeData(res, new URL(res.requestedUrl).origin);
    if (res.error || (res.status !== null && res.status >= 500)) {
      return {
        status: 'fail',
        code: 'D1/unreachable',
        data: seen,
        remedy: 'D1/answer-reliably',
        probes,
      };
    }
    if (robots.soft404) return { status: 'fail', code: 'D1/soft-404', data: seen, probes };
    // A 0-byte 200 is a file that exists and says nothing, not a missing one.
    if (isOk(res) && res.body.length === 0) return { status: 'fail', code: 'D1/empty', data: seen, probes };
    if (!robots.found) return { status: 'fail', code: 'D1/missing', data: seen, probes };
    const start = excerpt(robots.text, 100);
    if (robots.totalLines > 0 && robots.invalidLines === robots.totalLines) {
      // A catch-all answering every path (200 "Not found" text, a JSON error): no robots.txt record at all.
      return { status: 'fail', code: 'D1/not-robots', data: { ...seen, lines: robots.totalLines, start }, probes };
    }
    const agents = robots.groups.flatMap((g) => g.agents);
    const shown = [...new Set(agents)].slice(0, AGENTS_SHOWN).join(', ') + (agents.length > AGENTS_SHOWN ? ', …' : '');
    const found = { groups: robots.groups.length, agents: shown, sitemaps: robots.sitemaps.length };
    // Every problem is a sub-finding; the first names the outcome code.
    const findings: Array<SubFinding<'D1/no-groups' | 'D1/wrong-type' | 'D1/no-content-type' | 'D1/too-large' | 'D1/unparseable-lines'>> = [];
    if (!robots.groups.length) findings.push({ code: 'D1/no-groups' });
    if (!res.contentType) findings.push({ code: 'D1/no-content-type' });
    else if (res.contentType !== 'text/plain') findings.push({ code: 'D1/wrong-type', data: { type: res.contentType } });
    if (res.body.length > LARGE || res.truncated) findings.push({ code: 'D1/too-large' });
    if (robots.totalLines > 0 && robots.invalidLines / robots.totalLines > 0.1)
      findings.push({ code: 'D1/unparseable-lines', data: { invalid: robots.invalidLines, total: robots.totalLines } });
    if (!robots.text.trim()) return { status: 'fail', code: 'D1/empty', data: seen, probes };
    // RFC 9309 §2.2.4 lets crawlers ignore records they do not know; Lighthouse fails on them instead.
    const directives = lighthouseUnknownDirectives(robots.text);
    const flagged = toolFlagsData(directives);
    const advisories: Array<SubFinding<D1Advisory>> = flagged
      ? [
          { code: 'D1/lighthouse-unknown-directives', data: { directives: flagged.directives } },
          ...flaggedWithAlternative(directives).map((d) => ({ code: `D1/lighthouse-alternative-${d}` as const })),
        ]
      : [];
    if (findings.length) {
      return {
        status: 'partial',
        code: findings[0].code,
        data: { ...seen, ...found, start },
        findings,
        remedy: 'D1/fix-problems',
        advisories,
        probes,
      };
    }
    return { status: 'pass', code: 'D1/ok', data: { ...seen, ...found }, matched: 'RFC 9309', advisories, probes };
  },
  fixGuide(fx) {
    // Only what is true of the site: everyone may crawl (what no robots.txt already means), the
    // sitemap the site serves (or the one fix found for it), and the policy records the owner chose.
    // No invented Disallow paths; no Content-Signal the owner did not give.
    const sitemapUrl = fx.site?.sitemap?.value ?? fx.found?.sitemap ?? null;
    const sitemaps: RobotsSitemap[] = sitemapUrl ? [{ url: sitemapUrl }] : [];
    const signals = givenPreferences(fx, 'contentSignal') as ContentSignalValue | undefined;
    const everyone: RobotsGroup = { userAgents: ['*'], allow: ['/'] };
    const source = signals ? 'owner' : 'site';
    const values: PublishedValue[] = [
      ...(sitemapUrl
        ? [{ name: 'sitemap', value: sitemapUrl, source: fx.site?.sitemap?.source ?? ('site' as const), from: fx.site?.sitemap?.from ?? 'found by the scan' }]
        : []),
      ...(signals ? [ownerValue('contentSignal', recordValue({ field: 'Content-Signal', value: signals }))] : []),
    ];
    // Where the platform generates robots.txt itself, lines are added the way B1, B2 and B5 add
    // theirs (one source: robots-fix.ts); elsewhere the whole file is served.
    const platformStep = platformWritesRobots(fx)
      ? robotsLinesSteps(
          fx,
          { purpose: 'robots-file', groups: [], sitemaps, baseGroups: [everyone] },
          { source: 'site', values: values.filter((v) => v.name === 'sitemap') },
        )
      : serveFileSteps(fx, {
          path: '/robots.txt',
          contentType: 'text/plain; charset=utf-8',
          content: robotsText({
            groups: [{ ...everyone, ...(signals ? { records: [{ field: 'Content-Signal' as const, value: signals }] } : {}) }],
            sitemaps,
          }),
          lang: 'text',
          source,
          values,
        });
    return [
      ...platformStep,
      {
        title: 'Decide on AI crawler groups and a Content-Signal line',
        body:
          'Your decisions, written only from your answers: `--set aiTraining=block|allow` (check B1), ' +
          '`--set contentSignal="search=yes, ai-input=yes, ai-train=no"` (B2), `--set contentUsage="train-ai=n, search=y"` (B5), with your own values.',
      },
      verifyStep(sh`curl -si ${fx.origin}/robots.txt | head -n 20`, 'Expect HTTP 200, Content-Type: text/plain, and your groups. It must never answer 5xx.'),
      specStep(SPEC),
    ];
  },
});
