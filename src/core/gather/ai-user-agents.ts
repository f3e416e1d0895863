/**
 * B1's user-agent comparison: the page fetched again as the major AI crawlers and agents identify
 * themselves, beside the scanner's own honest request. robots.txt may allow GPTBot while a WAF or
 * server rule answers its user agent with 403: the site then says one thing and does another.
 *
 * Only the page is fetched per user agent, not robots.txt: a refusal by user agent shows on the
 * page, which is what a crawler comes for, and a robots.txt that varies by user agent is rare
 * cloaking that a spoofed request could not tell from a verified-bot rule anyway. Each request
 * reads a few KB (status, headers and the start of the body suffice to spot a challenge page).
 * These strings are sent only for this comparison; every other request carries ai-ready's own.
 */
import { BROWSER_ACCEPT, type FetchOptions, type FetchResult } from '../net/http.js';
import { CHALLENGE_MARKERS, challengeReason } from './classify.js';
import type { GatherContext } from './context.js';

export interface AiUserAgent {
  /** The robots.txt product token (one of AI_CRAWLERS), matched against the site's groups. */
  token: string;
  /** The full User-Agent header the vendor documents. */
  userAgent: string;
}

/**
 * The answer engines and user-requested fetchers of the major operators, plus the two training
 * crawlers sites most often block. Strings as the vendors publish them: OpenAI
 * https://platform.openai.com/docs/bots , Anthropic https://support.claude.com/en/articles/8896518 ,
 * Perplexity https://docs.perplexity.ai/guides/bots . Versions drift; WAF rules match the token.
 */
export const AI_USER_AGENTS: readonly AiUserAgent[] = [
  { token: 'GPTBot', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot' },
  { token: 'OAI-SearchBot', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot' },
  { token: 'ChatGPT-User', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot' },
  { token: 'ClaudeBot', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)' },
  { token: 'Claude-SearchBot', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +https://www.anthropic.com)' },
  { token: 'Claude-User', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)' },
  {
    token: 'PerplexityBot',
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  },
  {
    token: 'Perplexity-User',
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
  },
];

/** Enough for status, headers and a challenge page's title and script tags. */
export const UA_PROBE_MAX_BYTES = 4096;

/**
 * Statuses that refuse the client rather than describe the page: 402 is pay-per-crawl, 406 and
 * 451 are what some AI-blocking rules answer.
 */
const REFUSAL_STATUSES = new Set([401, 402, 403, 406, 429, 451, 503]);

/**
 * The request of one AI user agent: the page as a browser asks for it, a few KB read. The client
 * sends requests with their own user agent over separate, non-pooled connections (http.ts).
 */
export function uaProbeOptions(agent: AiUserAgent): FetchOptions & { accept: string; userAgent: string } {
  return { accept: BROWSER_ACCEPT, userAgent: agent.userAgent, maxBytes: UA_PROBE_MAX_BYTES };
}

/** The scanned URL once per AI user agent, as gatherUaAccess asks for it: declared by the check that compares them. */
export const AI_USER_AGENT_REQUESTS = AI_USER_AGENTS.map((agent) => ({ target: true as const, options: uaProbeOptions(agent) }));

export interface UaProbe extends AiUserAgent {
  res: FetchResult;
}

export interface UaAccessArtifact {
  /** The scanner's own answer for the page (its honest user agent). */
  honest: FetchResult;
  /** One per AI user agent; empty when the honest request was refused (a wall, B4's case). */
  probes: UaProbe[];
}

export type UaAnswer = { kind: 'served' } | { kind: 'refused'; reason: string } | { kind: 'unmeasured'; reason: string };

function challengeInBody(res: FetchResult): string | null {
  const head = res.text.slice(0, UA_PROBE_MAX_BYTES).toLowerCase();
  return CHALLENGE_MARKERS.find((m) => head.includes(m)) ?? null;
}

/** How the server answered one request, on its own terms. */
export function uaAnswer(res: FetchResult): UaAnswer {
  if (res.error) {
    // A reset after the request line was sent is a refusal; a timeout proves nothing either way.
    if (res.error.code === 'reset') return { kind: 'refused', reason: 'connection reset' };
    return { kind: 'unmeasured', reason: res.error.code };
  }
  const wall = challengeReason(res);
  if (wall) return { kind: 'refused', reason: wall };
  if (res.status !== null && REFUSAL_STATUSES.has(res.status)) return { kind: 'refused', reason: `HTTP ${res.status}` };
  return { kind: 'served' };
}

/**
 * The answer to an AI user agent compared with the honest one: a challenge page served with 200
 * counts as a refusal only when the honest request got a page without one.
 */
export function compareUaAnswer(res: FetchResult, honest: FetchResult): UaAnswer {
  const own = uaAnswer(res);
  if (own.kind !== 'served' || res.status === null || res.status >= 300) return own;
  const marker = challengeInBody(res);
  if (marker && !challengeInBody(honest)) return { kind: 'refused', reason: `HTTP ${res.status} challenge page ("${marker}")` };
  return own;
}

/**
 * The page once per AI user agent, unless the honest request was refused. The URL is the one the
 * scan asked for (redirects followed per request): the check declares them (AI_USER_AGENT_REQUESTS)
 * and the engine sends them with the page, so here they are usually already answered.
 */
export function gatherUaAccess(ctx: GatherContext): Promise<UaAccessArtifact> {
  return ctx.memo('ua-access', async () => {
    const honest = ctx.page();
    if (uaAnswer(honest).kind !== 'served') return { honest, probes: [] };
    const url = honest.requestedUrl;
    const probes = await Promise.all(AI_USER_AGENTS.map(async (agent) => ({ ...agent, res: await ctx.fetch(url, uaProbeOptions(agent)) })));
    return { honest, probes };
  });
}
