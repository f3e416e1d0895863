import { defineCheck, type SubFinding } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { challengeWall, wallText, type Wall } from '../../gather/classify.js';
import { successWall } from '../../gather/bot-interference.js';
import { probeData } from '../../gather/probe-facts.js';
import { specStep, throughHosts } from '../../fixes/platform-steps.js';
import { ROBOTS_REQUEST } from '../../gather/robots.js';

const SPEC = ['https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response/'];

/** Page-level checks that read the page response: with a wall in front of it they measure the wall. */
const PAGE_CHECKS = 'Link headers (D3), Markdown negotiation (C1), content without JavaScript (C3), structured data (C4), WebMCP (A7) and platform detection';

export interface AutomatedAccessArtifact {
  page: FetchResult;
  /** robots.txt, already fetched for D1: tells whether site-level probes met the same wall. */
  robots: FetchResult;
}

/** Whether automated clients are refused, and why (the wall or the status). */
export interface B4Details {
  blocked: boolean;
  reason?: string;
  siteLevelBlocked: boolean;
}

/** Non-scoring notes (meta.advisories). */
const ADVISORIES = {
  'B4/retry-after': 'The answer carried Retry-After: {retryAfter}.',
  'B4/site-level-wall': 'The well-known probes met a wall too ({robots:probe}, a {robotsWall} wall), so site-level checks may also be unmeasured.',
  'B4/no-impersonation':
    "ai-ready does not impersonate browsers (it sends vendor crawler user agents only for B1's comparison); verified agents may still be let through by " +
    'the same protection.',
} as const;

/** The wall, or the refusal status, as B4's sub-findings: the same words as classify.ts's wallText. */
const FINDINGS = {
  'B4/wall-cf-mitigated': 'Cloudflare challenge (cf-mitigated: challenge)',
  'B4/wall-aws-waf-challenge': 'AWS WAF challenge',
  'B4/wall-aws-waf-action': 'AWS WAF action {sign}',
  'B4/wall-challenge-marker': 'HTTP {status} challenge page ("{sign}")',
  'B4/wall-bot-cookies': 'HTTP {status} with bot-management cookies',
  'B4/wall-challenge-title': 'HTTP {status} challenge page (title "{sign}")',
  'B4/wall-challenge-script': 'HTTP {status} short page loading a challenge ("{sign}")',
  'B4/refused-401': 'asks for authentication',
  'B4/refused-403': 'refused the request',
  'B4/refused-429': 'rate-limited the request',
  'B4/refused-503': 'was unavailable',
} as const;
type B4Finding = keyof typeof FINDINGS;

function wallFinding(w: Wall): SubFinding<B4Finding> {
  return { code: `B4/wall-${w.kind}`, data: { status: w.status, ...(w.sign !== undefined ? { sign: w.sign } : {}) } };
}

const REFUSALS = [401, 403, 429, 503] as const;

export const b4AutomatedAccess = defineCheck<AutomatedAccessArtifact>()({
  meta: {
    id: 'B4',
    name: 'Reachable by automated clients',
    dimension: 'bot_access',
    requests: [ROBOTS_REQUEST],
    tier: 'bonus',
    weight: 0,
    specUrls: SPEC,
    standards: ['challengePages', 'agentDocsSpec'],
    summary:
      'Whether the page answered an honest automated client, or a bot wall (challenge page, CAPTCHA, 401/403/429/503) stood in front of it. ' +
      'Informational only, never scored.',
    why: 'Agents fetch pages without a browser; a challenge page in front of the content hides everything else from them, and from this scan.',
    remediation: 'Let verified AI agents and crawlers through the bot protection (allow-list them or verify Web Bot Auth signatures) for public pages.',
    codes: {
      'B4/challenged': 'info: the page answered with a bot challenge (a wall), so page checks are unmeasured',
      'B4/refused': 'info: the page answered 401, 403, 429 or 503 without a recognisable challenge',
      'B4/challenge-success':
        'info: a challenge page served with a success status (agent-docs-spec bot-protection-interference): agents read the wall as the page',
      'B4/open': 'info: the page answered an automated client without a challenge',
    },
    messages: {
      'B4/challenged': `{seen:probe}: {findings}. The site refused an automated client, so ${PAGE_CHECKS} could not be measured from this page.`,
      'B4/refused':
        `{seen:probe}: the page {findings} without a recognisable challenge page. Automated clients may be refused; ${PAGE_CHECKS} rest on ` + `this response.`,
      'B4/challenge-success':
        '{seen:probe}: {findings}. A challenge served as a success looks like content to an agent, which reads the wall as the page; ' +
        `serve challenges with a 4xx/5xx status (a 429 with Retry-After), or let agents through, so ${PAGE_CHECKS} measure the page.`,
      'B4/open':
        '{seen:probe}: the page answered an automated client without a challenge. ' +
        'Per-crawler blocking by user agent is compared in B1; blocking by IP address cannot be tested from outside.',
    },
    findings: FINDINGS,
    // The sign of a wall is what the site sent: a header value, a page title, a marker of its body.
    quoted: ['sign'],
    advisories: ADVISORIES,
  },
  async gather(ctx) {
    const robots = await ctx.robots();
    return { page: ctx.page(), robots: robots.probe };
  },
  evaluate({ page, robots }) {
    const origin = new URL(page.requestedUrl).origin;
    const seen = probeData(page, origin);
    const wall = challengeWall(page);
    const robotsWall = challengeWall(robots);
    const probes = [page, robots];
    const notes: Array<SubFinding<keyof typeof ADVISORIES>> = [];
    const retryAfter = page.headers['retry-after'];
    if (retryAfter && (wall || REFUSALS.includes(page.status as never))) notes.push({ code: 'B4/retry-after', data: { retryAfter } });
    if (robotsWall) notes.push({ code: 'B4/site-level-wall', data: { ...probeData(robots, origin, 'robots'), robotsWall: robotsWall.kind } });
    const siteLevelBlocked = !!robotsWall;
    if (wall) {
      return {
        status: 'info',
        code: 'B4/challenged',
        data: seen,
        findings: [wallFinding(wall)],
        advisories: [...notes, { code: 'B4/no-impersonation' }],
        probes,
        details: { blocked: true, reason: wallText(wall), siteLevelBlocked } as B4Details,
      };
    }
    const success = successWall(page);
    if (success) {
      return {
        status: 'info',
        code: 'B4/challenge-success',
        data: seen,
        findings: [wallFinding(success)],
        advisories: [...notes, { code: 'B4/no-impersonation' }],
        probes,
        details: { blocked: true, reason: wallText(success), siteLevelBlocked } as B4Details,
      };
    }
    const status = page.status ?? 0;
    const refusal = REFUSALS.find((s) => s === status);
    if (refusal) {
      return {
        status: 'info',
        code: 'B4/refused',
        data: seen,
        findings: [{ code: `B4/refused-${refusal}` }],
        ...(notes.length ? { advisories: notes } : {}),
        probes,
        details: { blocked: true, reason: `HTTP ${status}`, siteLevelBlocked },
      };
    }
    return {
      status: 'info',
      code: 'B4/open',
      data: seen,
      ...(notes.length ? { advisories: notes } : {}),
      probes,
      details: { blocked: false, siteLevelBlocked },
    };
  },
  fixGuide(fx) {
    // A host in front of the site (Cloudflare's bot management) names its own setting for the first step.
    return throughHosts(
      fx,
      'botProtection',
      [
        {
          title: 'Let verified agents through your bot protection',
          body:
            'In your WAF or bot-management product, allow-list verified AI crawlers and agents (published IP ranges, reverse DNS, or Web Bot Auth ' +
            'signatures) for public content instead of challenging every non-browser client.',
        },
        {
          title: 'Check from a terminal',
          body: 'A plain automated request should get the page, not a challenge:',
          code: `curl -sI ${fx.origin}/ | head -n 5`,
          lang: 'sh',
        },
        specStep(SPEC),
      ],
      undefined,
    );
  },
});
