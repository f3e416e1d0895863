import { defineCheck } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { challengeReason, describeProbe } from '../../gather/classify.js';
import { challengeServedAsSuccess } from '../../gather/bot-interference.js';
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
  'B4/no-impersonation':
    "ai-ready does not impersonate browsers (it sends vendor crawler user agents only for B1's comparison); verified agents may still be let through by the same protection.",
} as const;

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
      'Whether the page answered an honest automated client, or a bot wall (challenge page, CAPTCHA, 401/403/429/503) stood in front of it. Informational only, never scored.',
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
      'B4/challenged': '{seen}: {wall}{retry}. The site refused an automated client, so {pageChecks} could not be measured from this page.{siteLevel}',
      'B4/refused':
        '{seen}: the page {why}{retry} without a recognisable challenge page. Automated clients may be refused; {pageChecks} rest on this response.{siteLevel}',
      'B4/challenge-success':
        '{seen}: {wall}. A challenge served as a success looks like content to an agent, which reads the wall as the page; serve challenges with a 4xx/5xx status (a 429 with Retry-After), or let agents through, so {pageChecks} measure the page.{siteLevel}',
      'B4/open':
        '{seen}: the page answered an automated client without a challenge.{siteLevel} Per-crawler blocking by user agent is compared in B1; blocking by IP address cannot be tested from outside.',
    },
    advisories: ADVISORIES,
  },
  async gather(ctx) {
    const robots = await ctx.robots();
    return { page: ctx.page(), robots: robots.probe };
  },
  evaluate({ page, robots }) {
    const origin = new URL(page.requestedUrl).origin;
    const seen = describeProbe(page, origin);
    const wall = challengeReason(page);
    const robotsWall = challengeReason(robots);
    const probes = [page, robots];
    const retry = page.headers['retry-after'] ? ` (Retry-After: ${page.headers['retry-after']})` : '';
    const siteLevel = robotsWall
      ? ` The well-known probes met a wall too (${describeProbe(robots, origin)}: ${robotsWall}), so site-level checks may also be unmeasured.`
      : '';
    if (wall) {
      return {
        status: 'info',
        code: 'B4/challenged',
        data: { seen, wall, retry, pageChecks: PAGE_CHECKS, siteLevel },
        advisories: [{ code: 'B4/no-impersonation' }],
        probes,
        details: { blocked: true, reason: wall, siteLevelBlocked: !!robotsWall } as B4Details,
      };
    }
    const successWall = challengeServedAsSuccess(page);
    if (successWall) {
      return {
        status: 'info',
        code: 'B4/challenge-success',
        data: { seen, wall: successWall, pageChecks: PAGE_CHECKS, siteLevel },
        advisories: [{ code: 'B4/no-impersonation' }],
        probes,
        details: { blocked: true, reason: successWall, siteLevelBlocked: !!robotsWall } as B4Details,
      };
    }
    const status = page.status ?? 0;
    if ([401, 403, 429, 503].includes(status)) {
      const why =
        status === 401 ? 'asks for authentication' : status === 403 ? 'refused the request' : status === 429 ? 'rate-limited the request' : 'was unavailable';
      return {
        status: 'info',
        code: 'B4/refused',
        data: { seen, why, retry, pageChecks: PAGE_CHECKS, siteLevel },
        probes,
        details: { blocked: true, reason: `HTTP ${status}`, siteLevelBlocked: !!robotsWall },
      };
    }
    return {
      status: 'info',
      code: 'B4/open',
      data: { seen, siteLevel },
      probes,
      details: { blocked: false, siteLevelBlocked: !!robotsWall },
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
          body: 'In your WAF or bot-management product, allow-list verified AI crawlers and agents (published IP ranges, reverse DNS, or Web Bot Auth signatures) for public content instead of challenging every non-browser client.',
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
