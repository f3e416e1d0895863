/**
 * B1's AI user-agent comparison: the classifier of one answer, the verdict and its evidence, the
 * fix guide by hosting, and the memo key that keeps an AI-UA fetch apart from the honest one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proseInData } from '../../../helpers/data-prose.js';
import fc from 'fast-check';
import { b1AiCrawlerRules, type B1Artifact } from '../../../../src/core/checks/bot_access/b1-ai-crawler-rules.js';
import { AI_USER_AGENTS, compareUaAnswer, gatherUaAccess, uaAnswer, UA_PROBE_MAX_BYTES } from '../../../../src/core/gather/ai-user-agents.js';
import { AI_CRAWLERS } from '../../../../src/core/gather/ai-crawlers.js';
import { parseRobots } from '../../../../src/core/gather/robots.js';
import { CHALLENGE_MARKERS } from '../../../../src/core/gather/classify.js';
import { USER_AGENT } from '../../../../src/version.js';
import { HttpClient, type FetchResult } from '../../../../src/core/net/http.js';
import { notFound, ORIGIN, response, text } from '../../../helpers/responses.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { gatherContext } from '../discoverability/ctx.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const HOME = text('/', '<!doctype html><html><body><h1>Home</h1></body></html>', 'text/html');
const FORBIDDEN = response({ status: 403, headers: { 'content-type': 'text/html' }, body: '<h1>Forbidden</h1>' });

function artifact(robotsBody: string | null, answers: Record<string, FetchResult>): B1Artifact {
  const probe = robotsBody === null ? notFound('/robots.txt') : text('/robots.txt', robotsBody);
  return { ...parseRobots(probe, ORIGIN), uaAccess: { honest: HOME, probes: AI_USER_AGENTS.map((a) => ({ ...a, res: answers[a.token] ?? HOME })) } };
}

describe('the AI user agents', () => {
  it('are eight tokens of the crawler vocabulary, each with a full vendor UA naming its token', () => {
    expect(AI_USER_AGENTS).toHaveLength(8);
    for (const a of AI_USER_AGENTS) {
      expect(
        AI_CRAWLERS.some((c) => c.token === a.token),
        a.token,
      ).toBe(true);
      expect(a.userAgent).toMatch(/^Mozilla\/5\.0 /);
      expect(a.userAgent).toContain(`${a.token}/`);
    }
  });
});

describe('one answer', () => {
  it('refusal statuses, challenges and resets are refusals; timeouts are unmeasured', () => {
    fc.assert(
      fc.property(fc.constantFrom(401, 402, 403, 406, 429, 451, 503), fc.string({ maxLength: 200 }), (status, body) => {
        expect(uaAnswer(response({ status, body })).kind).toBe('refused');
      }),
      { numRuns: 100 },
    );
    expect(uaAnswer(response({ error: { code: 'reset', message: 'connection reset' } }))).toEqual({ kind: 'refused', reason: 'connection reset' });
    expect(uaAnswer(response({ error: { code: 'timeout', message: 't' } })).kind).toBe('unmeasured');
    expect(uaAnswer(response({ status: 404 })).kind).toBe('served');
  });

  it('an answer equal to the honest one is never a refusal when the honest one was served', () => {
    const served = fc.record({
      status: fc.constantFrom(200, 204, 301, 404, 410, 500),
      body: fc.oneof(
        fc.string({ maxLength: 300 }),
        fc.constantFrom(...CHALLENGE_MARKERS).map((m) => `<html>${m}</html>`),
      ),
    });
    fc.assert(
      fc.property(served, ({ status, body }) => {
        const res = response({ status, body, headers: { 'content-type': 'text/html' } });
        expect(compareUaAnswer(res, res).kind).toBe('served');
      }),
      { numRuns: 200 },
    );
  });

  it('a 200 challenge page counts only where the honest page had none', () => {
    const challenge = text('/', '<html><title>Just a moment...</title></html>', 'text/html');
    expect(compareUaAnswer(challenge, HOME)).toMatchObject({ kind: 'refused', reason: expect.stringContaining('just a moment') });
    expect(compareUaAnswer(challenge, challenge).kind).toBe('served');
  });
});

describe('B1 with the user-agent comparison', () => {
  it('names the refused crawlers, their status and what every agent got', () => {
    const o = b1AiCrawlerRules.evaluate(artifact('User-agent: *\nAllow: /\n', { GPTBot: FORBIDDEN, ClaudeBot: FORBIDDEN }), ctx);
    expect(o).toMatchObject({ status: 'partial', code: 'B1/ua-refused' });
    expect(o.remediation).toMatch(/Disallow group/);
    expect((o.advisoryFindings ?? []).map((a) => a.code)).toEqual(['B1/ua-answers', 'B1/ua-not-proof']);
    expect(o.data).toMatchObject({ allowed: 'GPTBot, ClaudeBot', refused: 'GPTBot (HTTP 403), ClaudeBot (HTTP 403)', honestStatus: '200' });
    expect(o.evidence).toMatch(
      /^robots\.txt allows GPTBot, ClaudeBot, but the server refuses their user agent\(s\): GPTBot \(HTTP 403\), ClaudeBot \(HTTP 403\), where the scanner's own request got 200\./,
    );
    expect(o.advisories?.[0]).toMatch(
      /as AI user agents: served to .*OAI-SearchBot.*; refused to GPTBot \(HTTP 403\), ClaudeBot \(HTTP 403\); unmeasured for none;/,
    );
    expect(proseInData([{ ...o, id: 'B1' } as never], () => [])).toEqual([]);
    const rows = (o.details as { userAgents: Array<{ token: string; answer: string; status: number | null; reason?: string; robots: string }> }).userAgents;
    // Refused although robots.txt allows them: the ua-refused case, with their status.
    expect(rows.filter((r) => r.answer === 'refused').map((r) => [r.token, r.status, r.reason, r.robots])).toEqual([
      ['GPTBot', 403, 'HTTP 403', 'allowed'],
      ['ClaudeBot', 403, 'HTTP 403', 'allowed'],
    ]);
    // Every other agent got the page.
    const served = rows.filter((r) => r.answer === 'served');
    expect(served.map((r) => r.token)).toEqual(expect.arrayContaining(['OAI-SearchBot', 'ChatGPT-User']));
    expect(served.length + 2).toBe(rows.length);
    expect(served.every((r) => r.status === 200)).toBe(true);
    // The AI-UA answers are evidence, never receipts: a challenged one must not turn B1 into "unmeasured".
    expect(o.probes).toHaveLength(1);
  });

  it('a refusal robots.txt announces is consistent: noted, not penalised', () => {
    const o = b1AiCrawlerRules.evaluate(artifact('User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n', { GPTBot: FORBIDDEN }), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings).toEqual([
      expect.objectContaining({ code: 'B1/ua-answers' }),
      expect.objectContaining({ code: 'B1/ua-refused-consistent', data: { refused: 'GPTBot (HTTP 403)' } }),
      expect.objectContaining({ code: 'B1/ua-not-proof' }),
    ]);
  });

  it('with no robots.txt B1 fails as before, and says what the agents got', () => {
    const o = b1AiCrawlerRules.evaluate(artifact(null, { ClaudeBot: FORBIDDEN }), ctx);
    expect(o.code).toBe('B1/no-robots');
    expect(o.advisoryFindings?.[0]).toMatchObject({ code: 'B1/ua-answers', data: { path: '/', status: '200', refused: 'ClaudeBot (HTTP 403)' } });
    expect(o.findings).toMatchObject([{ code: 'B1/absent' }]);
  });

  it('a wall in front of the scanner is left to B4', () => {
    const wall = response({ status: 403, headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' }, body: '' });
    const a = { ...parseRobots(text('/robots.txt', 'User-agent: *\nAllow: /\n'), ORIGIN), uaAccess: { honest: wall, probes: [] } };
    const o = b1AiCrawlerRules.evaluate(a, ctx);
    expect(o.status).toBe('pass');
    expect(o.details).toMatchObject({ honestStatus: 403, honestRefused: expect.any(String), userAgents: [] });
  });

  it('the fix guide points where the block likely is, by hosting', () => {
    const o = b1AiCrawlerRules.evaluate(artifact('User-agent: *\nAllow: /\n', { GPTBot: FORBIDDEN }), ctx);
    const guide = (hosting: string[], platform: string | null = null) => b1AiCrawlerRules.fixGuide({ origin: ORIGIN, platform, hosting, outcome: o });
    const cf = guide(['cloudflare']);
    expect(cf[0].body).toMatch(/AI Crawl Control/);
    expect(cf[0].body).toMatch(/Block AI bots/);
    expect(guide(['nginx'])[0].body).toContain('$http_user_agent');
    expect(guide(['apache'])[0].body).toContain('RewriteCond %{HTTP_USER_AGENT}');
    expect(guide([], 'wordpress')[0].body).toMatch(/Wordfence/);
    expect(guide(['vercel'])[0].title).toMatch(/Vercel Firewall/);
    // The hosts' notes (fixes/platforms/<id>.ts hostNotes): a firewall of its own takes the step,
    // in detection order; servers add a sentence each (Apache's once for LiteSpeed too), then the platform's.
    expect(guide(['cloudflare', 'vercel'])[0].title).toMatch(/Cloudflare rule/);
    const servers = guide(['nginx', 'apache', 'litespeed'], 'wordpress')[0].body!;
    expect(servers.match(/RewriteCond/g)).toHaveLength(1);
    expect(servers.indexOf('$http_user_agent')).toBeLessThan(servers.indexOf('RewriteCond'));
    expect(servers.indexOf('RewriteCond')).toBeLessThan(servers.indexOf('Wordfence'));
    expect(guide(['express'])[0].body).toContain("req.headers['user-agent']");
    const generic = guide([]);
    expect(generic[0].body).toMatch(/CDN or WAF/);
    expect(generic[1].code).toBe('User-agent: GPTBot\nDisallow: /\n');
    const verify = generic.find((s) => s.title === 'Verify')!;
    expect(verify.code).toContain(`-A '${AI_USER_AGENTS[0].userAgent}'`);
    expect(verify.body).toMatch(/spoofed/);
  });
});

describe('gathering the page as AI user agents', () => {
  let site: FixtureSite;
  const seen: Array<{ method: string; ua: string }> = [];
  beforeAll(async () => {
    site = await startFixture({
      '/': (req, res) => {
        const ua = String(req.headers['user-agent'] ?? '');
        seen.push({ method: req.method ?? 'GET', ua });
        const refused = /GPTBot/.test(ua);
        res.writeHead(refused ? 403 : 200, { 'content-type': 'text/html' });
        res.end(req.method === 'HEAD' ? undefined : `<html><body>${refused ? 'no' : 'x'.repeat(20_000)}</body></html>`);
      },
    });
  });
  afterAll(() => site.close());

  it('sends each UA once, reads a few KB, and never lets an AI-UA answer stand in for the honest one', async () => {
    const c = await gatherContext(`${site.origin}/`);
    const ua = await gatherUaAccess(c);
    expect(ua.probes.map((p) => p.token)).toEqual(AI_USER_AGENTS.map((a) => a.token));
    expect(ua.probes.find((p) => p.token === 'GPTBot')!.res.status).toBe(403);
    const served = ua.probes.find((p) => p.token === 'ClaudeBot')!.res;
    expect(served.status).toBe(200);
    expect(served.body.length).toBeLessThanOrEqual(UA_PROBE_MAX_BYTES);
    expect(served.truncated).toBe(true);
    // Memoised per UA: asking again sends nothing; the honest page is still the honest answer.
    await gatherUaAccess(c);
    expect(seen.filter((s) => s.method === 'GET')).toHaveLength(1 + AI_USER_AGENTS.length);
    expect(c.page().status).toBe(200);
    expect(seen[0].ua).toBe(USER_AGENT);
    expect(new Set(seen.slice(1).map((s) => s.ua))).toEqual(new Set(AI_USER_AGENTS.map((a) => a.userAgent)));
    // A plain HEAD may reuse the honest GET, never an AI-UA one.
    const head = await c.fetch('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(seen.filter((s) => s.method === 'HEAD')).toHaveLength(0);
  });

  it('a request with its own user agent still meets the private-network guard', async () => {
    const before = seen.length;
    const res = await new HttpClient({ blockPrivateNetwork: true, timeoutMs: 2000 }).fetch(`${site.origin}/`, {
      userAgent: AI_USER_AGENTS[0].userAgent,
      maxBytes: UA_PROBE_MAX_BYTES,
    });
    expect(res.error?.code).toBe('blocked');
    expect(seen.length).toBe(before);
  });
});
