import { describe, expect, it } from 'vitest';
import { b1AiCrawlerRules, tokenAccess } from '../../../../src/core/checks/bot_access/b1-ai-crawler-rules.js';
import { parseRobots } from '../../../../src/core/gather/robots.js';
import { AI_CRAWLERS, AI_CRAWLERS_VERSION } from '../../../../src/core/gather/ai-crawlers.js';
import { ORIGIN, notFound, response, soft404, text } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const robotsOf = (body: string) => parseRobots(text('/robots.txt', body), ORIGIN);
const run = (body: string) => b1AiCrawlerRules.evaluate(robotsOf(body), ctx);
const crawler = (token: string) => AI_CRAWLERS.find((c) => c.token === token)!;
/** The advisories' codes, in order. */
const noted = (o: ReturnType<typeof run>) => (o.advisoryFindings ?? []).map((a) => a.code);
const tokens = (o: ReturnType<typeof run>) => (o.details as { tokens: Array<{ token: string; access: string; via: string }> }).tokens;

describe('B1 AI crawler rules', () => {
  it('passes a wildcard-only robots.txt (anchor parity) and reports tokens as following *', () => {
    const o = run('User-agent: *\nDisallow: /admin/\n');
    expect(o.status).toBe('pass');
    const gpt = tokens(o).find((t) => t.token === 'OAI-SearchBot')!;
    expect(gpt).toMatchObject({ access: 'restricted', via: '*' });
    expect(o.matched).toContain('RFC 9309');
  });

  it('never penalises blocking training crawlers, but says so', () => {
    const o = run('User-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    expect(o.status).toBe('pass');
    expect(o.evidence).toMatch(/blocked GPTBot \(own group\)/);
    expect(o.evidence).toContain('policy choice');
    expect(tokens(o).find((t) => t.token === 'ClaudeBot')!.access).toBe('blocked');
    expect(tokens(o).find((t) => t.token === 'Claude-SearchBot')!).toMatchObject({ access: 'allowed', via: '*' });
  });

  it('is partial when every AI answer engine is blocked from /', () => {
    const o = run('User-agent: *\nDisallow: /\n');
    expect(o.status).toBe('partial');
    expect(o.code).toBe('B1/all-blocked');
    expect(noted(o)).toEqual(['B1/user-fetchers-blocked', 'B1/peer-passes-any-star']);
  });

  it('passes when a blocking * is opened for named answer engines', () => {
    const o = run('User-agent: *\nDisallow: /\n\nUser-agent: OAI-SearchBot\nAllow: /\n');
    expect(o.status).toBe('pass');
    expect(tokens(o).find((t) => t.token === 'OAI-SearchBot')).toMatchObject({ access: 'allowed', via: 'own group' });
    expect(tokens(o).find((t) => t.token === 'PerplexityBot')).toMatchObject({ access: 'blocked', via: '*' });
  });

  it('is partial when only retired Anthropic tokens are named and current ones fall to a restrictive *', () => {
    const o = run('User-agent: anthropic-ai\nUser-agent: Claude-Web\nAllow: /\n\nUser-agent: OAI-SearchBot\nAllow: /\n\nUser-agent: *\nDisallow: /\n');
    expect(o.status).toBe('partial');
    expect(o.code).toBe('B1/retired-tokens');
    expect(o.advisoryFindings?.[0]).toMatchObject({ code: 'B1/retired-tokens-named', data: { tokens: 'anthropic-ai, Claude-Web' } });
  });

  it('only advises about retired tokens when * lets current Claude bots in', () => {
    const o = run('User-agent: anthropic-ai\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings).toEqual([expect.objectContaining({ code: 'B1/retired-token-named', data: { tokens: 'anthropic-ai' } })]);
  });

  it('judges the retired-token rule by access to the pages, not by the presence of a Disallow (issue 23: Disallow: /_next/)', () => {
    const body =
      'User-agent: OAI-SearchBot\nAllow: /\n\nUser-agent: PerplexityBot\nAllow: /\n\nUser-agent: anthropic-ai\nUser-agent: Claude-Web\nAllow: /\n\nUser-agent: *\nAllow: /\nDisallow: /_next/\n';
    const o = run(body);
    expect(o.status).toBe('pass');
    expect(o.code).toBe('B1/ok');
    expect(tokens(o).find((t) => t.token === 'Claude-SearchBot')).toMatchObject({ access: 'restricted', via: '*' });
    expect(noted(o)).toEqual(['B1/retired-tokens-named']);
    // The same * group keeping the scanned page from Claude is still the trap.
    const onDocs = b1AiCrawlerRules.evaluate(robotsOf(body.replace('Disallow: /_next/', 'Disallow: /docs/')), {
      origin: ORIGIN,
      pageUrl: `${ORIGIN}/docs/start`,
    });
    expect(onDocs.code).toBe('B1/retired-tokens');
    expect(run(body.replace('Disallow: /_next/', 'Disallow: /docs/')).code).toBe('B1/ok');
  });

  it('fails without robots.txt, on a soft 404 and without groups', () => {
    expect(b1AiCrawlerRules.evaluate(parseRobots(notFound('/robots.txt'), ORIGIN), ctx).status).toBe('fail');
    const soft = b1AiCrawlerRules.evaluate(parseRobots(soft404('/robots.txt'), ORIGIN), ctx);
    expect(soft.status).toBe('fail');
    expect(soft.evidence).toMatch(/soft 404/);
    expect(run('Sitemap: https://x.test/sitemap.xml\n').status).toBe('fail');
  });

  it('treats a named group without rules as allowing everything (RFC 9309), not as the * group', () => {
    const r = robotsOf('User-agent: PerplexityBot\nCrawl-delay: 5\n\nUser-agent: *\nDisallow: /\n');
    expect(tokenAccess(r, crawler('PerplexityBot'))).toMatchObject({ access: 'allowed', via: 'own group' });
  });

  it('merges consecutive User-agent lines into one group, blank line or not', () => {
    const r = robotsOf('User-agent: PerplexityBot\n\nUser-agent: *\nDisallow: /\n');
    expect(tokenAccess(r, crawler('PerplexityBot'))).toMatchObject({ access: 'blocked', via: 'own group' });
  });

  it('matches tokens case-insensitively and ignores version suffixes', () => {
    const r = robotsOf('User-agent: gptbot/1.1\nDisallow: /\n');
    expect(tokenAccess(r, crawler('GPTBot'))).toMatchObject({ access: 'blocked', via: 'own group' });
    expect(tokenAccess(r, crawler('OAI-SearchBot'))).toMatchObject({ access: 'allowed', via: 'no group' });
  });

  it('keeps a 5xx robots.txt as the receipt so the engine can judge it', () => {
    const o = b1AiCrawlerRules.evaluate(parseRobots(response({ url: '/robots.txt', status: 503 }), ORIGIN), ctx);
    expect(o.status).toBe('fail');
    expect(o.probes?.[0].status).toBe(503);
  });

  it('adapts the fix to the platform', () => {
    const fx = (platform: string | null, hosting: string[] = []) => b1AiCrawlerRules.fixGuide({ origin: ORIGIN, platform, hosting });
    expect(fx('wordpress')[0].code).toContain("add_filter('robots_txt'");
    expect(fx('shopify')[0].code).toContain('robots.default_groups');
    expect(fx('squarespace')[0].body).toMatch(/Crawlers/);
    expect(fx('nextjs')[0].code).toContain('MetadataRoute.Robots');
    expect(fx('nuxt')[0].code).toContain('@nuxtjs/robots');
    expect(fx(null, ['cloudflare']).some((s) => /Cloudflare/.test(s.title))).toBe(true);
    const generic = fx(null);
    // The training group is the owner's decision (an example until --set aiTraining); answer engines an example to adapt.
    expect(generic[0].code).toContain('User-agent: GPTBot');
    expect(generic[0].source).toBe('example');
    expect(generic.find((s) => s.code?.includes('User-agent: OAI-SearchBot'))?.source).toBe('example');
    expect(generic.at(-2)!.code).toContain(`curl -s '${ORIGIN}/robots.txt'`);
    expect(generic.at(-1)!.body).toContain('rfc9309');
  });
});

describe('B1: classic web search does not stand in for AI answer engines', () => {
  it('is partial when only Googlebot, Bingbot and Applebot may read the site', () => {
    const answerBots = AI_CRAWLERS.filter((c) => c.category === 'search' || c.category === 'user')
      .map((c) => c.token)
      .filter((t) => !['Googlebot', 'Bingbot', 'Applebot'].includes(t));
    const body = `${answerBots.map((t) => `User-agent: ${t}`).join('\n')}\nDisallow: /\n\nUser-agent: *\nAllow: /\n`;
    const o = run(body);
    expect(o.status).toBe('partial');
    const t = tokens(o);
    expect(t.find((x) => x.token === 'Googlebot')?.access).toBe('allowed');
    expect(t.find((x) => x.token === 'OAI-SearchBot')?.access).toBe('blocked');
  });
});

describe('B1: the token list follows ai.robots.txt robots.json (read 2026-11-25)', () => {
  const detail = (o: ReturnType<typeof run>, token: string) =>
    (o.details as { tokens: Array<{ token: string; operator: string; category: string; access: string; via: string }> }).tokens.find((t) => t.token === token);

  it('reads tokens added from robots.json with their operator and category', () => {
    const o = run('User-agent: Kimi-User\nUser-agent: ExaSearchBot\nUser-agent: Code\nUser-agent: webzio-extended\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    expect(o.code).toBe('B1/ok');
    expect((o.details as { tokenListVersion: string }).tokenListVersion).toBe(AI_CRAWLERS_VERSION);
    expect(detail(o, 'Kimi-User')).toMatchObject({ operator: 'Moonshot AI', category: 'user', access: 'blocked', via: 'own group' });
    expect(detail(o, 'ExaSearchBot')).toMatchObject({ category: 'search', access: 'blocked', via: 'own group' });
    expect(detail(o, 'Code')).toMatchObject({ operator: 'GitHub', category: 'agent', access: 'blocked', via: 'own group' });
    // robots.json spells it both ways; RFC 9309 matching is case-insensitive, so one token.
    expect(detail(o, 'Webzio-Extended')).toMatchObject({ access: 'blocked', via: 'own group' });
  });

  it('lists each robots.txt token once (robots.json case variants and /version keys collapse)', () => {
    const normalized = AI_CRAWLERS.map((c) => c.token.toLowerCase().replace(/\/.*$/, '').trim());
    expect(new Set(normalized).size).toBe(AI_CRAWLERS.length);
    // A deliberate snapshot: the count pins the list to its reading, so a stray edit is seen.
    expect(
      AI_CRAWLERS.length,
      `the crawler list changed: a new reading of robots.json is a new AI_CRAWLERS_VERSION (src/core/gather/ai-crawlers.ts, ` +
        `now ${AI_CRAWLERS_VERSION}); bump it and set this count to the new list's length`,
    ).toBe(164);
  });

  it('does not count enterprise crawlers of major operators as answer engines', () => {
    const o = run(
      'User-agent: amazon-kendra\nUser-agent: bedrockbot\nUser-agent: AzureAI-SearchBot\nUser-agent: Google-Firebase\nAllow: /\n\nUser-agent: *\nDisallow: /\n',
    );
    expect(o.status).toBe('partial');
    expect(o.code).toBe('B1/all-blocked');
    expect(detail(o, 'AzureAI-SearchBot')).toMatchObject({ category: 'other', access: 'allowed', via: 'own group' });
  });

  it('counts a new major-operator user fetcher (NotebookLM) toward the pass rule', () => {
    const o = run('User-agent: NotebookLM\nAllow: /\n\nUser-agent: *\nDisallow: /\n');
    expect(o.code).toBe('B1/ok');
    expect(detail(o, 'NotebookLM')).toMatchObject({ operator: 'Google', category: 'user', access: 'allowed' });
  });

  it('still treats anthropic-ai and Claude-Web as retired although robots.json lists them', () => {
    expect(crawler('anthropic-ai').category).toBe('retired');
    expect(crawler('Claude-Web').category).toBe('retired');
  });
});
