import { describe, expect, it } from 'vitest';
import { b3WebBotAuth } from '../../../src/core/checks/bot_access/b3-web-bot-auth.js';
import { b4AutomatedAccess } from '../../../src/core/checks/bot_access/b4-automated-access.js';
import { b5ContentUsage } from '../../../src/core/checks/bot_access/b5-content-usage.js';
import { parseRobots } from '../../../src/core/gather/robots.js';
import { ORIGIN, json, notFound, response, soft404, text } from '../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const DIR = '/.well-known/http-message-signatures-directory';
const MT = 'application/http-message-signatures-directory+json';
const ed25519 = { kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs', kid: 'k1' };

describe('B3 Web Bot Auth key directory', () => {
  it('passes a JWK Set with an Ed25519 key and advises on the media type and signature', () => {
    const o = b3WebBotAuth.evaluate(json(DIR, { keys: [ed25519] }), ctx);
    expect(o.status).toBe('pass');
    expect(o.evidence).toContain('1 key(s) (OKP/Ed25519)');
    expect(o.advisories?.join(' ')).toContain(MT);
    expect(o.advisories?.join(' ')).toMatch(/Signature-Input/);
  });
  it('has no media-type advisory with the registered type', () => {
    const o = b3WebBotAuth.evaluate(json(DIR, { keys: [ed25519] }, { 'content-type': MT, signature: 'sig1=:abc:', 'signature-input': 'sig1=()' }), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisories).toEqual([]);
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
  it('follows Cloudflare\'s detection rule (docs read 2026-11-25): cf-mitigated: challenge marks every challenge type, whatever the status or resource; no other value does', () => {
    // The docs: the header is set for all Challenge Page types, and a challenge is text/html whatever was asked for.
    const onRobots = response({ url: '/robots.txt', status: 200, headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' }, body: '<html><body></body></html>' });
    const o = b4AutomatedAccess.evaluate({ page: text('/', '<html></html>', 'text/html'), robots: onRobots }, ctx);
    expect(o.code).toBe('B4/open');
    expect(o.details).toMatchObject({ blocked: false, siteLevelBlocked: true });
    const page = response({ status: 200, headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' }, body: '<html></html>' });
    expect(b4AutomatedAccess.evaluate({ page, robots }, ctx)).toMatchObject({ code: 'B4/challenged', details: { blocked: true, reason: 'Cloudflare challenge (cf-mitigated: challenge)' } });
    const other = response({ status: 200, headers: { 'content-type': 'text/html', 'cf-mitigated': 'block' }, body: '<html></html>' });
    expect(b4AutomatedAccess.evaluate({ page: other, robots }, ctx).code).toBe('B4/open');
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
