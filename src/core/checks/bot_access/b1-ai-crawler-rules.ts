import { defineCheck, type SubFinding } from '../types.js';
import { ROBOTS_REQUEST, type RobotsArtifact, type RobotsGroup } from '../../gather/robots.js';
import { probeData } from '../../gather/probe-facts.js';
import { AI_CRAWLERS, AI_CRAWLERS_VERSION, MAJOR_OPERATORS, normalizeAgentToken, type AiCrawler, type CrawlerCategory } from '../../gather/ai-crawlers.js';
import { verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { robotsLinesSteps } from './robots-fix.js';
import type { RobotsGroup as RulesGroup } from '../../fixes/robots-rules.js';
import { givenValue } from '../../fixes/owner-value-parse.js';
import { ownerValue } from '../../fixes/site-content.js';
import { AI_USER_AGENT_REQUESTS, gatherUaAccess, type UaAccessArtifact } from '../../gather/ai-user-agents.js';
import { UA_ADVISORIES, UA_REMEDIES, uaFindings, uaRefusedSteps, type UaFindings } from './b1-ua-access.js';

const SPEC = ['https://www.rfc-editor.org/rfc/rfc9309', 'https://github.com/ai-robots-txt/ai.robots.txt'];

/** Effective access of a token to `/`: allowed, blocked, or allowed at `/` with some paths disallowed. */
export type RootAccess = 'allowed' | 'restricted' | 'blocked';

export interface TokenAccess extends AiCrawler {
  access: RootAccess;
  /** Which group decided: the token's own group(s), the `*` group, or no group at all. */
  via: 'own group' | '*' | 'no group';
}

const ANSWER: CrawlerCategory[] = ['search', 'user'];
/**
 * Classic web-search crawlers feed AI features too, but leaving only them open does not make a
 * site citable by the AI answer engines (ChatGPT search, Claude, Perplexity): they do not count
 * toward B1's pass rule.
 */
const WEB_SEARCH = new Set(['googlebot', 'bingbot', 'applebot']);
const POLICY: CrawlerCategory[] = ['train', 'control'];

function namesToken(g: RobotsGroup, token: string): boolean {
  const want = token.toLowerCase();
  return g.agents.some((a) => normalizeAgentToken(a) === want);
}

/** RFC 9309 group selection for one token, with robots-parser deciding the longest-match rule for `/`. */
export function tokenAccess(robots: RobotsArtifact, crawler: AiCrawler): TokenAccess {
  const own = robots.groups.filter((g) => namesToken(g, crawler.token));
  const star = robots.groups.filter((g) => g.agents.some((a) => a.trim() === '*'));
  const applicable = own.length ? own : star;
  const via = own.length ? 'own group' : star.length ? '*' : 'no group';
  const rules = applicable.flatMap((g) => g.rules);
  // A group naming the token with no rules allows everything (RFC 9309); robots-parser would fall back to `*`.
  if (own.length && !rules.length) return { ...crawler, access: 'allowed', via };
  if (!robots.isAllowed('/', crawler.token)) return { ...crawler, access: 'blocked', via };
  const someDisallowed = rules.some((r) => r.field === 'disallow' && r.value.trim() !== '');
  return { ...crawler, access: someDisallowed ? 'restricted' : 'allowed', via };
}

/** The path (and query) of the scanned page, as robots.txt rules match it. */
function pagePath(pageUrl: string): string {
  try {
    const u = new URL(pageUrl);
    return u.pathname + u.search;
  } catch {
    return '/';
  }
}

function crawlerOf(token: string): AiCrawler {
  return AI_CRAWLERS.find((c) => c.token === token) ?? { token, operator: 'unknown', category: 'other' };
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'B1/retired-token-named':
    '{tokens} is retired: rules for it do not reach ClaudeBot, Claude-SearchBot or Claude-User; name those instead (ai.robots.txt still lists it for ' +
    "blocking; Anthropic's crawler page documents only those three).",
  'B1/retired-tokens-named':
    '{tokens} are retired: rules for them do not reach ClaudeBot, Claude-SearchBot or Claude-User; name those instead (ai.robots.txt still lists them ' +
    "for blocking; Anthropic's crawler page documents only those three).",
  'B1/user-fetchers-blocked':
    'User-initiated fetchers ({tokens}) may not apply robots.txt to visits a person asked for; blocking them mostly removes your pages from those answers.',
  'B1/peer-passes-any-star':
    'isitagentready.com passes any robots.txt with a `*` group; ai-ready marks it partial when every AI answer engine is blocked from `/`.',
  ...UA_ADVISORIES,
} as const;
type B1Advisory = keyof typeof ADVISORIES;

/** The user-agent comparison's line, advisories and details for outcomes decided before it. */
function uaExtras(ua: UaFindings | null): { advisories?: Array<SubFinding<B1Advisory>>; details?: Record<string, unknown> } {
  if (!ua) return {};
  return { advisories: [ua.lineNote, ...ua.advisories], details: ua.details };
}

function listNames(items: TokenAccess[], max = 8): string {
  const shown = items.slice(0, max).map((t) => (t.via === 'own group' ? `${t.token} (own group)` : t.token));
  return shown.join(', ') + (items.length > max ? ` +${items.length - max} more` : '');
}

/** One category band as fields: `<prefix>Allowed`, `<prefix>Restricted`, `<prefix>Blocked`, each a token list or "none". */
function band(prefix: string, items: TokenAccess[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const access of ['allowed', 'restricted', 'blocked'] as RootAccess[]) {
    const these = items.filter((t) => t.access === access);
    out[`${prefix}${access[0].toUpperCase()}${access.slice(1)}`] = these.length ? listNames(these) : 'none';
  }
  return out;
}

/** What robots.txt tells the AI crawlers, as every outcome past "no rules" words it. */
const RULES =
  '{seen:probe}; {groups} group(s), {starGroups} `*` group(s), {named} of {total} AI tokens named. ' +
  'Answer engines and user fetches: allowed {answerAllowed}; restricted {answerRestricted}; blocked {answerBlocked}. ' +
  'Training and opt-out tokens (blocking training is a policy choice, not scored): ' +
  'allowed {policyAllowed}; restricted {policyRestricted}; blocked {policyBlocked}. ' +
  'Agents: allowed {agentsAllowed}; restricted {agentsRestricted}; blocked {agentsBlocked}.';

/** Why there are no crawler rules (B1/no-robots's sub-findings). */
const FINDINGS = {
  'B1/absent': 'no robots.txt',
  'B1/soft-404': 'an HTML page, not a robots.txt (soft 404)',
} as const;

/**
 * The notes on the token table (retired Anthropic tokens, blocked user fetchers), and whether the
 * retired tokens are a trap: only they are named while the current Claude crawlers fall to a `*`
 * group that keeps them from `/` or the scanned page.
 */
function tokenNotes(robots: RobotsArtifact, table: TokenAccess[], pageUrl: string) {
  const advisories: Array<SubFinding<B1Advisory>> = [];
  const retiredNamed = table.filter((t) => t.category === 'retired' && t.via === 'own group');
  let retiredTrap = false;
  if (retiredNamed.length) {
    const current = table.filter((t) => t.operator === 'Anthropic' && t.category !== 'retired' && t.category !== 'agent');
    const currentNamed = current.some((t) => t.via === 'own group');
    // Judged by effective access to the pages (`/` and the scanned page), not by the presence of
    // a Disallow: a `*` group of `Allow: /` plus `Disallow: /_next/` lets Claude read every page.
    const pagePaths = [...new Set(['/', pagePath(pageUrl)])];
    retiredTrap = !currentNamed && current.some((t) => t.via === '*' && pagePaths.some((p) => !robots.isAllowed(p, t.token)));
    advisories.push({
      code: retiredNamed.length > 1 ? 'B1/retired-tokens-named' : 'B1/retired-token-named',
      data: { tokens: retiredNamed.map((t) => t.token).join(', ') },
    });
  }
  const blockedUser = table.filter((t) => t.category === 'user' && t.access === 'blocked');
  if (blockedUser.length) advisories.push({ code: 'B1/user-fetchers-blocked', data: { tokens: listNames(blockedUser, 4) } });
  return { advisories, retiredTrap };
}

/** robots.txt, plus the page as AI user agents got it (absent in unit tests of the rules alone). */
export type B1Artifact = RobotsArtifact & { uaAccess?: UaAccessArtifact };

export const b1AiCrawlerRules = defineCheck<B1Artifact>()({
  meta: {
    id: 'B1',
    name: 'AI crawler rules in robots.txt',
    dimension: 'bot_access',
    // robots.txt and the page as each AI user agent go out with the page.
    requests: [ROBOTS_REQUEST, ...AI_USER_AGENT_REQUESTS],
    tier: 'essential',
    weight: 10,
    level: { rung: 2 },
    anchorKey: 'robotsTxtAiRules',
    specUrls: SPEC,
    standards: ['rfc9309', 'aiRobotsTxt'],
    summary:
      'For each known AI crawler and agent token, the robots.txt group that applies to it (RFC 9309) and whether it may fetch `/`; then the page ' +
      'fetched as eight AI crawlers and agents (GPTBot, OAI-SearchBot, ChatGPT-User, ClaudeBot, Claude-SearchBot, Claude-User, PerplexityBot, ' +
      "Perplexity-User) against the scanner's own answer. Passes when at least one AI search or user-initiated agent of a major operator can read " +
      'the site and the server does not refuse a user agent robots.txt allows.',
    why:
      'Answer engines (ChatGPT search, Claude, Perplexity, Google AI features) only cite pages their crawlers may fetch. Blocking training crawlers ' +
      'is a policy choice and is never penalised.',
    remediation:
      'Add explicit robots.txt groups for AI crawlers: allow answer engines and user-requested fetches (OAI-SearchBot, ChatGPT-User, Claude-SearchBot, ' +
      'Claude-User, PerplexityBot) and decide on training crawlers (GPTBot, ClaudeBot, Google-Extended, CCBot) explicitly.',
    remedies: {
      'B1/publish-robots': 'Publish /robots.txt with a `User-agent: *` group and explicit AI crawler groups.',
      'B1/allow-answer-engines':
        'Allow at least the AI answer engines (OAI-SearchBot, Claude-SearchBot, PerplexityBot) and user-requested fetchers (ChatGPT-User, ' +
        'Claude-User) to fetch `/`; keep training crawlers blocked if you wish.',
      'B1/replace-retired-tokens': 'Replace anthropic-ai / Claude-Web with ClaudeBot (training), Claude-SearchBot (search) and Claude-User (user fetches).',
      ...UA_REMEDIES,
    },
    codes: {
      'B1/no-robots': 'no robots.txt (or an HTML page instead), so no AI crawler rules',
      'B1/no-groups': 'robots.txt has no User-agent group',
      'B1/all-blocked': 'partial: every AI answer engine and user-initiated agent of a major operator is blocked from /',
      'B1/retired-tokens':
        'partial: only retired Anthropic tokens are named while the current Claude crawlers fall to a `*` group that keeps them from `/` or the scanned page',
      'B1/ua-refused':
        'partial: robots.txt allows an AI crawler, but the server refuses its user agent (403/401/429/503, a challenge page or a reset) where the ' +
        "scanner's own request got the page",
      'B1/ok': 'AI answer engines may fetch the site (training crawlers may be blocked: a policy choice)',
    },
    messages: {
      'B1/ok': RULES,
      'B1/no-robots': '{seen:probe}: {findings}, so no AI crawler rules (see D1).',
      'B1/no-groups': '{seen:probe}: robots.txt has no User-agent group, so it expresses no crawler rules.',
      'B1/all-blocked': `${RULES} Every AI search and user-initiated agent of a major operator is blocked from /: the site cannot be cited in AI answers.`,
      'B1/retired-tokens':
        `${RULES} Only retired Anthropic tokens are named; ` + 'the current Claude crawlers fall to a `*` group that keeps them from `/` or the scanned page.',
      'B1/ua-refused':
        "robots.txt allows {allowed}, but the server refuses their user agent(s): {refused}, where the scanner's own request got {honestStatus}. " +
        `A user-agent rule (WAF, bot protection or server config) contradicts robots.txt. ${RULES}`,
    },
    findings: FINDINGS,
    advisories: ADVISORIES,
  },
  async gather(ctx) {
    const [robots, uaAccess] = await Promise.all([ctx.robots(), gatherUaAccess(ctx)]);
    return { ...robots, uaAccess };
  },
  evaluate(robots, { pageUrl }) {
    const ua = uaFindings((token) => tokenAccess(robots, crawlerOf(token)).access, robots.uaAccess);
    const res = robots.probe;
    const probes = [res];
    const seen = probeData(res, new URL(res.requestedUrl).origin);
    if (!robots.found) {
      return {
        status: 'fail',
        code: 'B1/no-robots',
        data: seen,
        findings: [{ code: robots.soft404 ? 'B1/soft-404' : 'B1/absent' }],
        remedy: 'B1/publish-robots',
        probes,
        ...uaExtras(ua),
      };
    }
    if (!robots.groups.length) {
      return { status: 'fail', code: 'B1/no-groups', data: seen, probes, ...uaExtras(ua) };
    }
    const table = AI_CRAWLERS.map((cr) => tokenAccess(robots, cr));
    const named = table.filter((t) => t.via === 'own group');
    const answer = table.filter((t) => ANSWER.includes(t.category));
    const policy = table.filter((t) => POLICY.includes(t.category));
    const agents = table.filter((t) => t.category === 'agent');
    const majorOpen = answer.filter((t) => MAJOR_OPERATORS.has(t.operator) && t.access !== 'blocked' && !WEB_SEARCH.has(t.token.toLowerCase()));
    const starGroups = robots.groups.filter((g) => g.agents.some((a) => a.trim() === '*')).length;
    const rules = {
      ...seen,
      groups: robots.groups.length,
      starGroups,
      named: named.length,
      total: table.length,
      ...band('answer', answer),
      ...band('policy', policy),
      ...band('agents', agents),
    };
    const { advisories, retiredTrap } = tokenNotes(robots, table, pageUrl);
    if (ua) advisories.push(ua.lineNote, ...ua.advisories);
    const details = {
      tokenListVersion: AI_CRAWLERS_VERSION,
      tokens: table.map(({ token, operator, category, access, via, anchor }) => ({ token, operator, category, access, via, ...(anchor ? { anchor } : {}) })),
      ...(ua ? ua.details : {}),
    };
    const matched = `RFC 9309 group matching; AI crawler list ${AI_CRAWLERS_VERSION}`;

    if (!majorOpen.length) {
      advisories.push({ code: 'B1/peer-passes-any-star' });
      return {
        status: 'partial',
        code: 'B1/all-blocked',
        data: rules,
        remedy: 'B1/allow-answer-engines',
        matched,
        advisories,
        probes,
        details,
      };
    }
    if (ua?.contradictions.length) {
      return {
        status: 'partial',
        code: 'B1/ua-refused',
        data: { ...rules, ...ua.verdict },
        ...ua.remedy,
        matched,
        advisories,
        probes,
        details,
      };
    }
    if (retiredTrap) {
      return {
        status: 'partial',
        code: 'B1/retired-tokens',
        data: rules,
        remedy: 'B1/replace-retired-tokens',
        matched,
        advisories,
        probes,
        details,
      };
    }
    return { status: 'pass', code: 'B1/ok', data: rules, matched, advisories, probes, details };
  },
  fixGuide(fx) {
    if (fx.outcome?.code === 'B1/ua-refused') return [...uaRefusedSteps(fx), specStep(SPEC)];
    // Who may crawl is the owner's decision: the training group is written only from the owner's
    // answer (--set aiTraining=block|allow); the answer-engine group is an example to adapt by hand
    // (a site with no robots.txt lets them in already; D1 writes the file).
    const training = givenValue(fx, 'aiTraining') as 'block' | 'allow' | undefined;
    const trainingAgents = ['GPTBot', 'ClaudeBot', 'Google-Extended', 'Applebot-Extended', 'CCBot'];
    const answerEngines: RulesGroup = {
      comment: 'Answer engines and user-requested fetches: allowed',
      userAgents: ['OAI-SearchBot', 'ChatGPT-User', 'Claude-SearchBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User'],
      allow: ['/'],
    };
    const trainingSteps = training
      ? robotsLinesSteps(
          fx,
          {
            purpose: 'ai-crawlers',
            groups: [
              {
                comment: `Model training: ${training === 'block' ? 'blocked' : 'allowed'} (the owner's choice)`,
                userAgents: trainingAgents,
                ...(training === 'block' ? { disallow: ['/'] } : { allow: ['/'] }),
              },
            ],
          },
          // The decision is written as groups (Disallow or Allow for each training crawler), not as its word.
          { source: 'owner', values: [ownerValue('aiTraining', undefined)] },
        )
      : robotsLinesSteps(
          fx,
          { purpose: 'ai-crawlers', groups: [{ comment: 'Model training: your decision', userAgents: trainingAgents, disallow: ['/'] }] },
          { source: 'example', needs: ['aiTraining'] },
        ).map((step, i) =>
          i === 0
            ? { ...step, body: `Whether training crawlers may crawl is your decision: give it with \`--set aiTraining=block\` (or allow). ${step.body ?? ''}` }
            : step,
        );
    return [
      ...trainingSteps,
      ...robotsLinesSteps(fx, { purpose: 'ai-crawlers', groups: [answerEngines] }, { source: 'example' })
        .slice(0, 1)
        .map((step) => ({ ...step, title: `If you block everyone: let answer engines in (${step.title.charAt(0).toLowerCase()}${step.title.slice(1)})` })),
      verifyStep(
        sh`curl -s ${fx.origin}/robots.txt | grep -i -A3 -E 'user-agent: *(OAI-SearchBot|ChatGPT-User|Claude|PerplexityBot|GPTBot|\\*)'`,
        'Answer engines must reach `/` (Allow, or no Disallow covering /); training crawlers as you decided.',
      ),
      specStep(SPEC),
    ];
  },
});
