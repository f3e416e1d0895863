/** Case tables of the bot-access checks (B1-B5): artifacts -> status and outcome code. */
import { b1AiCrawlerRules } from '../../../../src/core/checks/bot_access/b1-ai-crawler-rules.js';
import { b2ContentSignals } from '../../../../src/core/checks/bot_access/b2-content-signals.js';
import { b3WebBotAuth } from '../../../../src/core/checks/bot_access/b3-web-bot-auth.js';
import { b4AutomatedAccess } from '../../../../src/core/checks/bot_access/b4-automated-access.js';
import { b5ContentUsage } from '../../../../src/core/checks/bot_access/b5-content-usage.js';
import { parseRobots } from '../../../../src/core/gather/robots.js';
import { AI_USER_AGENTS } from '../../../../src/core/gather/ai-user-agents.js';
import type { FetchResult } from '../../../../src/core/net/http.js';
import { table } from '../../../helpers/check-tester.js';
import { json, notFound, ORIGIN, response, text } from '../../../helpers/responses.js';

const robots = (body: string) => () => parseRobots(text('/robots.txt', body), ORIGIN);
const noRobots = () => parseRobots(notFound('/robots.txt'), ORIGIN);

/** B1 with the page as AI user agents got it: every agent served `page` unless listed in `answers`. */
const HOME = text('/', '<!doctype html><html><body><h1>Home</h1></body></html>', 'text/html');
const FORBIDDEN = response({ status: 403, headers: { 'content-type': 'text/html' }, body: '<h1>Forbidden</h1>' });
const withUa =
  (body: string, answers: Record<string, FetchResult>, honest = HOME) =>
  () => ({
    ...parseRobots(text('/robots.txt', body), ORIGIN),
    uaAccess: { honest, probes: honest === HOME ? AI_USER_AGENTS.map((a) => ({ ...a, res: answers[a.token] ?? HOME })) : [] },
  });
const OPEN = 'User-agent: *\nAllow: /\n';
const CF_WALL = response({ status: 403, headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' }, body: '<title>Just a moment...</title>' });

const b1 = table(b1AiCrawlerRules, {
  valid: [
    { name: 'a permissive * group', artifact: robots('User-agent: *\nDisallow: /admin/\n'), code: 'B1/ok' },
    {
      name: 'retired Anthropic tokens beside a * group that disallows only /_next/ (Claude reads every page)',
      artifact: robots('User-agent: anthropic-ai\nAllow: /\n\nUser-agent: OAI-SearchBot\nAllow: /\n\nUser-agent: *\nAllow: /\nDisallow: /_next/\n'),
      code: 'B1/ok',
      advisories: ['B1/retired-token-named'],
    },
    {
      name: 'training blocked, answer engines allowed',
      artifact: robots('User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n'),
      code: 'B1/ok',
      advisories: [],
    },
    { name: 'every AI user agent got the page the scanner got', artifact: withUa(OPEN, {}), code: 'B1/ok' },
    {
      name: 'the server refuses only a crawler robots.txt blocks (consistent, noted)',
      artifact: withUa('User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n', { GPTBot: FORBIDDEN }),
      code: 'B1/ok',
      advisories: ['B1/ua-answers', 'B1/ua-refused-consistent', 'B1/ua-not-proof'],
    },
    { name: 'the scanner itself was challenged: the bot wall of B4, not counted again', artifact: withUa(OPEN, {}, CF_WALL), code: 'B1/ok' },
    {
      name: 'a timeout for one agent proves nothing',
      artifact: withUa(OPEN, { PerplexityBot: response({ error: { code: 'timeout', message: 'no complete response before the timeout' } }) }),
      code: 'B1/ok',
    },
  ],
  invalid: [
    { artifact: noRobots, status: 'fail', code: 'B1/no-robots' },
    {
      name: 'no robots.txt, and what the AI user agents got',
      artifact: () => ({ ...noRobots(), uaAccess: withUa(OPEN, { ClaudeBot: FORBIDDEN })().uaAccess }),
      status: 'fail',
      code: 'B1/no-robots',
      advisories: ['B1/ua-answers', 'B1/ua-not-proof'],
    },
    {
      name: 'no robots.txt, and the scanner itself was challenged',
      artifact: () => ({ ...noRobots(), uaAccess: withUa(OPEN, {}, CF_WALL)().uaAccess }),
      status: 'fail',
      code: 'B1/no-robots',
      advisories: ['B1/ua-not-fetched'],
    },
    { artifact: robots('Sitemap: https://x.test/sitemap.xml\n'), status: 'fail', code: 'B1/no-groups' },
    {
      artifact: robots('User-agent: *\nDisallow: /\n'),
      status: 'partial',
      code: 'B1/all-blocked',
      advisories: ['B1/user-fetchers-blocked', 'B1/peer-passes-any-star'],
    },
    {
      artifact: robots('User-agent: anthropic-ai\nAllow: /\n\nUser-agent: OAI-SearchBot\nAllow: /\n\nUser-agent: *\nDisallow: /\n'),
      status: 'partial',
      code: 'B1/retired-tokens',
      advisories: ['B1/retired-token-named', 'B1/user-fetchers-blocked'],
    },
    {
      name: 'robots.txt allows GPTBot and ClaudeBot, the server answers 403',
      artifact: withUa(OPEN, { GPTBot: FORBIDDEN, ClaudeBot: FORBIDDEN }),
      status: 'partial',
      code: 'B1/ua-refused',
      advisories: ['B1/ua-answers', 'B1/ua-not-proof'],
    },
    {
      name: 'a challenge page served with 200 to Claude-User only',
      artifact: withUa(OPEN, { 'Claude-User': text('/', '<title>Just a moment...</title>', 'text/html') }),
      status: 'partial',
      code: 'B1/ua-refused',
    },
    { name: 'a Cloudflare challenge for OAI-SearchBot', artifact: withUa(OPEN, { 'OAI-SearchBot': CF_WALL }), status: 'partial', code: 'B1/ua-refused' },
    {
      name: 'the connection reset for PerplexityBot',
      artifact: withUa(OPEN, { PerplexityBot: response({ error: { code: 'reset', message: 'connection reset' } }) }),
      status: 'partial',
      code: 'B1/ua-refused',
    },
    {
      name: '429 for ChatGPT-User',
      artifact: withUa(OPEN, { 'ChatGPT-User': response({ status: 429, headers: { 'retry-after': '60' } }) }),
      status: 'partial',
      code: 'B1/ua-refused',
    },
  ],
});

const b2 = table(b2ContentSignals, {
  valid: [
    { artifact: robots('User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n'), code: 'B2/ok', advisories: [] },
    {
      name: "Cloudflare's managed line with the use directive (changelog 2026-08-31)",
      artifact: robots('User-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /\n'),
      code: 'B2/ok',
      advisories: ['B2/missing-keys'],
    },
    {
      name: 'use alone: a level, no purpose',
      artifact: robots('User-agent: *\nContent-Signal: use=immediate\nAllow: /\n'),
      code: 'B2/ok',
      advisories: ['B2/missing-keys'],
    },
  ],
  invalid: [
    { artifact: noRobots, status: 'fail', code: 'B2/no-robots' },
    { artifact: robots('User-agent: *\nAllow: /\n'), status: 'fail', code: 'B2/missing' },
    { artifact: robots('User-agent: *\nContent-Signal: ai_train=true\n'), status: 'partial', code: 'B2/invalid', advisories: ['B2/unknown-key'] },
    {
      name: 'a use level outside immediate/reference/full',
      artifact: robots('User-agent: *\nContent-Signal: use=yes\n'),
      status: 'partial',
      code: 'B2/invalid',
      advisories: ['B2/bad-value'],
    },
    {
      name: 'a line outside any group',
      artifact: robots('Content-Signal: search=yes\nUser-agent: *\nAllow: /\n'),
      status: 'partial',
      code: 'B2/not-global',
      advisories: ['B2/missing-keys', 'B2/outside-group'],
    },
    { artifact: robots('User-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /\n\nUser-agent: *\nAllow: /\n'), status: 'partial', code: 'B2/not-global' },
    {
      artifact: robots('User-agent: *\nContent-Signal: ai-train=no\nContent-Signal: ai-train=yes\nAllow: /\n'),
      status: 'partial',
      code: 'B2/contradiction',
      findings: ['B2/line', 'B2/line', 'B2/both-values'],
    },
    {
      name: 'search=yes in a group that disallows /',
      artifact: robots('User-agent: GPTBot\nContent-Signal: search=yes, ai-input=yes\nDisallow: /\n\nUser-agent: *\nContent-Signal: search=yes\nAllow: /\n'),
      status: 'partial',
      code: 'B2/contradiction',
      findings: ['B2/line', 'B2/line', 'B2/yes-but-disallowed'],
    },
  ],
});

const DIR = '/.well-known/http-message-signatures-directory';
/** An Ed25519 public key generated for these tests; kid is its RFC 7638 thumbprint. */
const ed25519 = { kty: 'OKP', crv: 'Ed25519', x: 'OftgBAZx-uEuZWgzhjgosNSP0-5fKvMicyj2B8zLh2k', kid: 'mrkvManMGgSdR6bhOMyQGGQqrLq_4PMktuu1DEkCJB4' };
const b3 = table(b3WebBotAuth, {
  valid: [
    { artifact: json(DIR, { keys: [ed25519] }), code: 'B3/ok', advisories: ['B3/wrong-type', 'B3/unsigned-response'] },
    {
      name: 'a key whose alg is the HTTP Signature name, served over http',
      artifact: json(`http://bots.example${DIR}`, { keys: [{ ...ed25519, alg: 'ed25519' }] }),
      code: 'B3/ok',
      advisories: ['B3/wrong-type', 'B3/unsigned-response', 'B3/not-https', 'B3/jwk-alg-http-name'],
    },
    { artifact: notFound(DIR), status: 'info', code: 'B3/missing' },
  ],
  invalid: [
    { artifact: text(DIR, 'keys: none', 'application/json'), status: 'partial', code: 'B3/not-jwks' },
    { artifact: json(DIR, { jwks: [] }), status: 'partial', code: 'B3/no-keys' },
    { artifact: json(DIR, { keys: [] }), status: 'partial', code: 'B3/no-keys' },
    { artifact: json(DIR, { keys: [{ kty: 'OKP', crv: 'Ed25519' }] }), status: 'partial', code: 'B3/bad-keys', findings: ['B3/key-lacks-members'] },
    {
      name: 'a private key published',
      artifact: json(DIR, { keys: [{ ...ed25519, d: 'secret' }] }),
      status: 'partial',
      code: 'B3/bad-keys',
      findings: ['B3/key-private'],
    },
    {
      name: 'a kid that is not the thumbprint',
      artifact: json(DIR, { keys: [{ ...ed25519, kid: 'k1' }] }),
      status: 'partial',
      code: 'B3/bad-keys',
      findings: ['B3/key-kid-not-thumbprint'],
    },
    {
      name: 'keys that are no signing keys: not an object, no kty, a shared secret, an unknown kty, a non-signing curve',
      artifact: json(DIR, { keys: [7, {}, { kty: 'oct', k: 'c2VjcmV0' }, { kty: 'DSA' }, { kty: 'OKP', crv: 'X25519', x: ed25519.x }] }),
      status: 'partial',
      code: 'B3/bad-keys',
      findings: ['B3/key-not-object', 'B3/key-no-kty', 'B3/key-shared-secret', 'B3/key-unknown-kty'],
    },
    {
      name: 'the RFC 9421 test key',
      artifact: json(DIR, { keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs' }] }),
      status: 'partial',
      code: 'B3/bad-keys',
      findings: ['B3/key-test-key'],
    },
    {
      name: 'a key on a curve no signature algorithm uses',
      artifact: json(DIR, { keys: [{ kty: 'OKP', crv: 'X25519', x: ed25519.x }] }),
      status: 'partial',
      code: 'B3/bad-keys',
      findings: ['B3/key-non-signing-curve'],
    },
    {
      name: 'a redirect',
      artifact: response({
        url: DIR,
        redirects: ['https://www.example.com/.well-known/http-message-signatures-directory'],
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ keys: [ed25519] }),
      }),
      status: 'partial',
      code: 'B3/redirected',
    },
  ],
});

const okRobots = text('/robots.txt', 'User-agent: *\nAllow: /\n');
const b4 = table(b4AutomatedAccess, {
  valid: [
    { artifact: { page: text('/', '<html></html>', 'text/html'), robots: okRobots }, status: 'info', code: 'B4/open' },
    {
      artifact: {
        page: response({ status: 403, headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' }, body: '<title>Just a moment...</title>' }),
        robots: okRobots,
      },
      status: 'info',
      code: 'B4/challenged',
      advisories: ['B4/no-impersonation'],
    },
    { artifact: { page: response({ status: 429, headers: { 'retry-after': '120' } }), robots: okRobots }, status: 'info', code: 'B4/refused' },
    {
      name: 'a challenge interstitial served as 200 (agent-docs-spec bot-protection-interference)',
      artifact: {
        page: response({ headers: { 'content-type': 'text/html' }, body: '<html><head><title>Just a moment...</title></head><body>Checking</body></html>' }),
        robots: okRobots,
      },
      status: 'info',
      code: 'B4/challenge-success',
      advisories: ['B4/no-impersonation'],
    },
    {
      name: 'an ordinary page that loads a Cloudflare challenge-platform script is open',
      artifact: {
        page: text(
          '/',
          `<html><head><title>Docs</title><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></head><body>${'<p>Text.</p>'.repeat(10)}</body></html>`,
          'text/html',
        ),
        robots: okRobots,
      },
      status: 'info',
      code: 'B4/open',
    },
  ],
  invalid: [],
});

/** B5 reads robots.txt and the page's Content-Usage header. */
const usage = (body: string | null, header?: string) => () => ({
  robots: body === null ? parseRobots(notFound('/robots.txt'), ORIGIN) : parseRobots(text('/robots.txt', body), ORIGIN),
  page: response({ url: '/', headers: { 'content-type': 'text/html', ...(header !== undefined ? { 'content-usage': header } : {}) }, body: '<h1>Home</h1>' }),
});
const b5 = table(b5ContentUsage, {
  valid: [
    {
      artifact: usage('User-agent: *\nContent-Usage: train-ai=n, search=y\nAllow: /\n'),
      code: 'B5/ok',
      advisories: ['B5/lighthouse-flags', 'B5/search-overrides'],
    },
    {
      name: 'Content-Signal and a Content-Usage header that agree, beside an older and an unknown label',
      artifact: usage('User-agent: *\nContent-Signal: ai-train=no, search=yes\nAllow: /\n', 'train-ai=n, search=y, bots=n, future=y'),
      code: 'B5/ok',
      advisories: ['B5/older-label', 'B5/ignored-labels', 'B5/signals-agree', 'B5/search-overrides-header'],
    },
    {
      name: 'the response header alone (draft-ietf-aipref-attach)',
      artifact: usage(null, 'train-ai=n, search=y'),
      code: 'B5/ok',
      advisories: ['B5/search-overrides-header'],
    },
    { name: 'ai-use alone (draft-ietf-aipref-vocab-08 section 4.2)', artifact: usage(null, 'ai-use=n'), code: 'B5/ok' },
  ],
  invalid: [
    { artifact: usage(null), status: 'fail', code: 'B5/no-robots' },
    { artifact: usage('User-agent: *\nAllow: /\n'), status: 'fail', code: 'B5/missing' },
    {
      name: 'yes/no values',
      artifact: usage('User-agent: *\nContent-Usage: train-ai=no\n'),
      status: 'fail',
      code: 'B5/invalid',
      advisories: ['B5/unknown-values', 'B5/yes-no-values', 'B5/lighthouse-flags'],
    },
    {
      name: 'Content-Signal only',
      artifact: usage('User-agent: *\nContent-Signal: ai-train=no\n'),
      status: 'fail',
      code: 'B5/missing',
      advisories: ['B5/signal-only'],
    },
    {
      name: 'a header that is not a dictionary of y/n tokens',
      artifact: usage('User-agent: *\nAllow: /\n', 'Train-AI=N'),
      status: 'fail',
      code: 'B5/header-invalid',
    },
  ],
});

export const botAccessTables = [b1, b2, b3, b4, b5];
