import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { b3WebBotAuth, jwkThumbprint } from '../../../src/core/checks/bot_access/b3-web-bot-auth.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { liveContext } from '../commerce/live-context.js';
import { b4AutomatedAccess } from '../../../src/core/checks/bot_access/b4-automated-access.js';
import { b5ContentUsage } from '../../../src/core/checks/bot_access/b5-content-usage.js';
import { parseRobots } from '../../../src/core/gather/robots.js';
import { ORIGIN, json, notFound, response, soft404, text } from '../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const DIR = '/.well-known/http-message-signatures-directory';
const MT = 'application/http-message-signatures-directory+json';
/** A freshly generated Ed25519 public JWK with kid = its thumbprint (what the fix guide's command prints). */
function freshKey(): Record<string, string> {
  const { kty, crv, x } = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }) as Record<string, string>;
  return { kty, crv, x, kid: createHash('sha256').update(JSON.stringify({ crv, kty, x })).digest('base64url'), use: 'sig' };
}
const ed25519 = freshKey();
/** RFC 9421 Appendix B.1.4 test-key-ed25519, the draft's example and test-vector key. */
const TEST_X = 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs';
const SIGNED = { 'content-type': MT, signature: 'binding=:abc:', 'signature-input': 'binding=("@authority";req "content-digest");created=1;expires=2;keyid="k";tag="http-message-signatures-directory"', 'content-digest': 'sha-256=:x:' };
const problemsOf = (keys: unknown[]) => {
  const o = b3WebBotAuth.evaluate(json(DIR, { keys }, SIGNED), ctx);
  return { o, problems: String(o.data?.problems ?? '') };
};

describe('B3 Web Bot Auth key directory', () => {
  it('passes a JWK Set with an Ed25519 key and advises on the media type and signature', () => {
    const o = b3WebBotAuth.evaluate(json(DIR, { keys: [ed25519] }), ctx);
    expect(o.status).toBe('pass');
    expect(o.evidence).toContain('1 key(s) (OKP/Ed25519)');
    expect(o.advisories?.join(' ')).toContain(MT);
    expect(o.advisories?.join(' ')).toMatch(/Signature-Input/);
  });
  it('has no advisory with the registered type and a directory signature of the draft\'s shape', () => {
    const o = b3WebBotAuth.evaluate(json(DIR, { keys: [ed25519] }, SIGNED), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisories).toEqual([]);
    const untagged = b3WebBotAuth.evaluate(json(DIR, { keys: [ed25519] }, { ...SIGNED, 'signature-input': 'sig1=("@authority");created=1', 'content-digest': '' }), ctx);
    expect(untagged.advisories?.join(' ')).toMatch(/tag="http-message-signatures-directory"/);
    expect(untagged.advisories?.join(' ')).toMatch(/Content-Digest/);
  });
  it('computes RFC 7638 thumbprints (RFC 8037 A.3 and the draft\'s signed-directory test vector)', () => {
    expect(jwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' })).toBe('kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k');
    expect(jwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: TEST_X, use: 'sig' })).toBe('poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U');
    expect(jwkThumbprint({ kty: 'OKP', crv: 'Ed25519' })).toBeNull();
    expect(jwkThumbprint({ kty: 'RSA', n: 'abc', e: 'AQAB' })).toBe(createHash('sha256').update('{"e":"AQAB","kty":"RSA","n":"abc"}').digest('base64url'));
  });
  it('is partial for a kid that is not the thumbprint, a test key, a non-signing curve or a shared secret', () => {
    const kid = problemsOf([{ ...ed25519, kid: 'k1' }]);
    expect(kid.o.code).toBe('B3/bad-keys');
    expect(kid.problems).toContain(`not its JWK thumbprint ${ed25519.kid}`);
    const noKid = problemsOf([{ kty: 'OKP', crv: 'Ed25519', x: ed25519.x }]);
    expect(noKid.o.code).toBe('B3/ok');
    const test = problemsOf([{ kty: 'OKP', crv: 'Ed25519', x: TEST_X, kid: 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U' }]);
    expect(test.o.code).toBe('B3/bad-keys');
    expect(test.problems).toMatch(/RFC 9421 test-key-ed25519/);
    expect(problemsOf([{ kty: 'OKP', crv: 'X25519', x: ed25519.x }]).problems).toMatch(/curve no HTTP Message Signatures algorithm/);
    expect(problemsOf([{ kty: 'EC', crv: 'P-521', x: 'a', y: 'b' }]).problems).toMatch(/P-256, P-384/);
    expect(problemsOf([{ kty: 'oct', k: 'c2VjcmV0' }]).problems).toMatch(/shared secret/);
  });
  it('advises on a JOSE alg name instead of a registered HTTP signature algorithm', () => {
    const o = b3WebBotAuth.evaluate(json(DIR, { keys: [{ ...ed25519, alg: 'EdDSA' }] }, SIGNED), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisories?.join(' ')).toMatch(/alg "EdDSA"/);
    expect(b3WebBotAuth.evaluate(json(DIR, { keys: [{ ...ed25519, alg: 'ed25519' }] }, SIGNED), ctx).advisories).toEqual([]);
  });
  it('is partial when the directory is only reached through a redirect (verifiers must not follow it)', () => {
    const moved = response({ url: DIR, redirects: ['https://www.example.com/.well-known/http-message-signatures-directory'], headers: SIGNED, body: JSON.stringify({ keys: [ed25519] }) });
    const o = b3WebBotAuth.evaluate(moved, ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('B3/redirected');
    expect(o.data?.chain).toContain('https://www.example.com/.well-known/http-message-signatures-directory');
  });
  it('is info (not fail) when absent or soft-404', () => {
    expect(b3WebBotAuth.evaluate(notFound(DIR), ctx).status).toBe('info');
    expect(b3WebBotAuth.evaluate(soft404(DIR), ctx).status).toBe('info');
  });
  it('is partial for a placeholder, missing keys, bad keys or non-JSON', () => {
    expect(b3WebBotAuth.evaluate(json(DIR, { keys: [] }), ctx).status).toBe('partial');
    expect(b3WebBotAuth.evaluate(json(DIR, { jwks: [] }), ctx).code).toBe('B3/no-keys');
    const bad = b3WebBotAuth.evaluate(json(DIR, { keys: [{ kty: 'OKP', crv: 'Ed25519' }] }), ctx);
    expect(bad.status).toBe('partial');
    expect(bad).toMatchObject({ code: 'B3/bad-keys' });
    expect(bad.data?.problems).toMatch(/lacks x/);
    const priv = b3WebBotAuth.evaluate(json(DIR, { keys: [{ ...ed25519, d: 'secret' }] }), ctx);
    expect(priv.data?.problems).toMatch(/private key/);
    expect(b3WebBotAuth.evaluate(text(DIR, 'keys: none', 'application/json'), ctx).status).toBe('partial');
  });
});

describe('B3 against a loopback site', () => {
  const open: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });
  it('passes a site serving the fix guide\'s directory, filled in as its key command prints it', async () => {
    const steps = b3WebBotAuth.fixGuide({ origin: 'http://127.0.0.1', platform: null, hosting: [] });
    expect(steps.find((s) => s.title === 'Generate a signing key')?.code).toContain('digest(\'base64url\')');
    const shape = steps.find((s) => s.code?.includes('"keys"'))!.code!;
    const written = JSON.parse(shape.slice(shape.indexOf('{'), shape.lastIndexOf('}') + 1));
    expect(Object.keys(written.keys[0]).sort()).toEqual(Object.keys(ed25519).sort());
    const body = JSON.stringify({ keys: [{ ...written.keys[0], ...ed25519 }] });
    const site = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>hi</body></html>' },
      [DIR]: { headers: { 'content-type': MT, 'cache-control': 'max-age=86400' }, body },
    });
    open.push(site);
    const o = b3WebBotAuth.evaluate(await b3WebBotAuth.gather(await liveContext(site.origin)), { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o.status).toBe('pass');
    expect(o.code).toBe('B3/ok');
  });
});

describe('B4 reachable by automated clients', () => {
  const robots = text('/robots.txt', 'User-agent: *\nAllow: /\n');
  it('is always info; reports a clean page', () => {
    const o = b4AutomatedAccess.evaluate({ page: text('/', '<html></html>', 'text/html'), robots }, ctx);
    expect(o.status).toBe('info');
    expect(o.code).toBe('B4/open');
    expect((o.details as any).blocked).toBe(false);
  });
  it('names a Cloudflare challenge and lists what could not be measured', () => {
    const page = response({ status: 403, headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' }, body: '<title>Just a moment...</title>' });
    const o = b4AutomatedAccess.evaluate({ page, robots: response({ url: '/robots.txt', status: 403, headers: { 'cf-mitigated': 'challenge' } }) }, ctx);
    expect(o.status).toBe('info');
    expect(o.evidence).toMatch(/Cloudflare challenge/);
    expect(o.evidence).toMatch(/Markdown negotiation \(C1\)/);
    expect(o.evidence).toMatch(/well-known probes met a wall too/);
  });
  it('reports a bare 429 with Retry-After', () => {
    const o = b4AutomatedAccess.evaluate({ page: response({ status: 429, headers: { 'retry-after': '120' } }), robots }, ctx);
    expect(o.status).toBe('info');
    expect(o.data).toMatchObject({ why: expect.stringMatching(/rate-limited/), retry: expect.stringMatching(/Retry-After: 120/) });
  });
  it('scores nothing', () => {
    expect(b4AutomatedAccess.meta.weight).toBe(0);
  });
});

describe('B5 Content-Usage', () => {
  const home = (header?: string) => response({ url: '/', headers: { 'content-type': 'text/html', ...(header !== undefined ? { 'content-usage': header } : {}) }, body: '<h1>Home</h1>' });
  const run = (body: string, header?: string) => b5ContentUsage.evaluate({ robots: parseRobots(text('/robots.txt', body), ORIGIN), page: home(header) }, ctx);
  it('passes a valid y/n line', () => {
    const o = run('User-agent: *\nContent-Usage: train-ai=n, search=y\nAllow: /\n');
    expect(o.status).toBe('pass');
    expect(o.evidence).toContain('train-ai=n, search=y');
  });
  it('fails (bonus) with yes/no values and says why', () => {
    const o = run('User-agent: *\nContent-Usage: train-ai=no\n');
    expect(o.status).toBe('fail');
    expect(o.advisories?.join(' ')).toMatch(/y\/n values/);
  });
  it('fails without a line and keeps B2 separate', () => {
    expect(run('User-agent: *\nContent-Signal: ai-train=no\n').status).toBe('fail');
  });
  it('reads the Content-Usage response header as a Structured Fields dictionary', () => {
    const o = run('User-agent: *\nAllow: /\n', 'train-ai=n, search=y, ai-use=?0, future-label=y;p=1');
    expect(o.status).toBe('pass');
    expect(o.code).toBe('B5/ok');
    expect(o.details?.header?.preferences).toEqual({ 'train-ai': 'disallow', search: 'allow' });
    expect(o.advisories?.join(' ')).toMatch(/ai-use without the token y or n/);
    expect(o.advisories?.join(' ')).toMatch(/unknown label\(s\) future-label ignored/);
    expect(o.matched).toMatch(/response header/);
    expect(o.probes?.map((p) => new URL(p.requestedUrl).pathname)).toEqual(['/robots.txt', '/']);
  });
  it('a header that does not parse, or whose values are not tokens, states no preference', () => {
    const upper = run('User-agent: *\nAllow: /\n', 'Train-AI=n');
    expect(upper.code).toBe('B5/header-invalid');
    expect(upper.evidence).toMatch(/not a Structured Fields Dictionary/);
    const quoted = run('User-agent: *\nAllow: /\n', 'train-ai="n", search=yes');
    expect(quoted.code).toBe('B5/header-invalid');
    expect(quoted.advisories?.join(' ')).toMatch(/train-ai, search without the token/);
    // A valid robots.txt line still passes; the broken header is an advisory.
    const both = run('User-agent: *\nContent-Usage: train-ai=n\n', 'train-ai=n,,');
    expect(both.status).toBe('pass');
    expect(both.advisories?.join(' ')).toMatch(/not a Structured Fields Dictionary/);
  });
  it('says how it sits with Content-Signal (B2): consistent, disagreeing, or Content-Signal alone', () => {
    const same = run('User-agent: *\nContent-Signal: ai-train=no, search=yes\nContent-Usage: train-ai=n, search=y\n');
    expect(same.advisories?.join(' ')).toMatch(/both present and consistent/);
    const clash = run('User-agent: *\nContent-Signal: ai-train=no\n', 'train-ai=y');
    expect(clash.status).toBe('pass');
    expect(clash.advisories?.join(' ')).toMatch(/disagree: Content-Usage train-ai=y vs Content-Signal ai-train=no/);
    const signalOnly = run('User-agent: *\nContent-Signal: ai-train=no\n');
    expect(signalOnly.code).toBe('B5/missing');
    expect(signalOnly.advisories?.join(' ')).toMatch(/Cloudflare's yes\/no vocabulary/);
  });
  it('accepts the labels of earlier drafts with an advisory', () => {
    const o = run('User-agent: *\nContent-Usage: train-genai=n\n');
    expect(o.status).toBe('pass');
    expect(o.advisories?.join(' ')).toMatch(/train-genai: label\(s\) of earlier vocabulary drafts/);
  });
  it('fix guide for Nuxt uses contentUsage', () => {
    expect(b5ContentUsage.fixGuide({ origin: ORIGIN, platform: 'nuxt', hosting: [] })[0].code).toContain("contentUsage: { 'train-ai': 'n'");
  });
});
