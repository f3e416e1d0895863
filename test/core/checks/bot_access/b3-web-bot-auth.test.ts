import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { b3WebBotAuth, jwkThumbprint } from '../../../../src/core/checks/bot_access/b3-web-bot-auth.js';
import { loadBotKey } from '../../../../src/monitor/bot-key.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { liveContext } from '../commerce/live-context.js';
import { ORIGIN, json, notFound, response, soft404, text } from '../../../helpers/responses.js';
import { tempDir } from '../../../helpers/temp-dir.js';
import { proseInData } from '../../../helpers/data-prose.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const DIR = '/.well-known/http-message-signatures-directory';
const MT = 'application/http-message-signatures-directory+json';
const pair = generateKeyPairSync('ed25519');
/** A freshly generated Ed25519 public JWK with kid = its thumbprint (what the fix guide's command prints). */
const ed25519: Record<string, string> = (() => {
  const { kty, crv, x } = pair.publicKey.export({ format: 'jwk' }) as Record<string, string>;
  return { kty, crv, x, kid: createHash('sha256').update(JSON.stringify({ crv, kty, x })).digest('base64url'), use: 'sig' };
})();
/** Headers of a directory response signed as the draft's Appendix B describes, with `pair`. */
function signedHeaders(body: string, authority = new URL(ORIGIN).host): Record<string, string> {
  const digest = `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
  const params = `("@authority";req "content-digest");created=1735689600;expires=4889289600;keyid="${ed25519.kid}";tag="http-message-signatures-directory"`;
  const base = `"@authority";req: ${authority}\n"content-digest": ${digest}\n"@signature-params": ${params}`;
  return {
    'content-type': MT,
    'content-digest': digest,
    'signature-input': `binding=${params}`,
    signature: `binding=:${sign(null, Buffer.from(base), pair.privateKey).toString('base64')}:`,
  };
}
/** RFC 9421 Appendix B.1.4 test-key-ed25519, the draft's example and test-vector key. */
const TEST_X = 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs';
/** A directory response listing `keys`, signed with `pair` (json() serialises its body with JSON.stringify). */
const signedDir = (keys: unknown[]) => json(DIR, { keys }, signedHeaders(JSON.stringify({ keys })));
/** The advisories' codes, in order. */
const noted = (o: { advisoryFindings?: Array<{ code: string }> }) => (o.advisoryFindings ?? []).map((a) => a.code);
const problemsOf = (keys: unknown[]) => {
  const o = b3WebBotAuth.evaluate(signedDir(keys), ctx);
  return { o, problems: o.findings ?? [] };
};

describe('B3 Web Bot Auth key directory', () => {
  it('passes a JWK Set with an Ed25519 key and advises on the media type and signature', () => {
    const o = b3WebBotAuth.evaluate(json(DIR, { keys: [ed25519] }), ctx);
    expect(o.status).toBe('pass');
    expect(o.evidence).toContain('1 key(s) (OKP/Ed25519)');
    expect(o.advisoryFindings).toEqual([
      expect.objectContaining({ code: 'B3/wrong-type', data: { type: 'application/json' } }),
      expect.objectContaining({ code: 'B3/unsigned-response' }),
    ]);
  });
  it("has no advisory with the registered type and a directory signature of the draft's shape", () => {
    const o = b3WebBotAuth.evaluate(signedDir([ed25519]), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisories ?? []).toEqual([]);
    expect(o.details).toEqual({ keys: 1, signatures: 1, verified: 1 });
    const untagged = b3WebBotAuth.evaluate(
      json(DIR, { keys: [ed25519] }, { ...signedHeaders('{}'), 'signature-input': 'sig1=("@authority");created=1', 'content-digest': '' }),
      ctx,
    );
    expect(noted(untagged)).toEqual(['B3/signature-untagged', 'B3/signature-no-digest']);
  });
  it("computes RFC 7638 thumbprints (RFC 8037 A.3 and the draft's signed-directory test vector)", () => {
    expect(jwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' })).toBe('kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k');
    expect(jwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: TEST_X, use: 'sig' })).toBe('poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U');
    expect(jwkThumbprint({ kty: 'OKP', crv: 'Ed25519' })).toBeNull();
    expect(jwkThumbprint({ kty: 'RSA', n: 'abc', e: 'AQAB' })).toBe(createHash('sha256').update('{"e":"AQAB","kty":"RSA","n":"abc"}').digest('base64url'));
  });
  it('is partial for a kid that is not the thumbprint, a test key, a non-signing curve or a shared secret', () => {
    const kid = problemsOf([{ ...ed25519, kid: 'k1' }]);
    expect(kid.o.code).toBe('B3/bad-keys');
    expect(kid.problems).toEqual([expect.objectContaining({ code: 'B3/key-kid-not-thumbprint', data: { index: 0, kid: 'k1', thumbprint: ed25519.kid } })]);
    const noKid = problemsOf([{ kty: 'OKP', crv: 'Ed25519', x: ed25519.x }]);
    expect(noKid.o.code).toBe('B3/ok');
    const test = problemsOf([{ kty: 'OKP', crv: 'Ed25519', x: TEST_X, kid: 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U' }]);
    expect(test.o.code).toBe('B3/bad-keys');
    expect(test.problems).toEqual([expect.objectContaining({ code: 'B3/key-test-key', data: { index: 0, testKey: 'RFC 9421 test-key-ed25519' } })]);
    expect(problemsOf([{ kty: 'OKP', crv: 'X25519', x: ed25519.x }]).problems).toEqual([
      expect.objectContaining({ code: 'B3/key-non-signing-curve', data: { index: 0, kty: 'OKP', crv: 'X25519', curves: 'Ed25519' } }),
    ]);
    expect(problemsOf([{ kty: 'EC', crv: 'P-521', x: 'a', y: 'b' }]).problems).toEqual([
      expect.objectContaining({ code: 'B3/key-non-signing-curve', data: { index: 0, kty: 'EC', crv: 'P-521', curves: 'P-256, P-384' } }),
    ]);
    expect(problemsOf([{ kty: 'oct', k: 'c2VjcmV0' }]).problems).toEqual([expect.objectContaining({ code: 'B3/key-shared-secret', data: { index: 0 } })]);
  });
  it("a JWK alg member follows RFC 7517 §4.4 (JOSE names), as the editor's copy heading -01 says: the HTTP signature name there gets an advisory", () => {
    for (const alg of ['EdDSA', 'Ed25519']) expect(b3WebBotAuth.evaluate(signedDir([{ ...ed25519, alg }]), ctx).advisories ?? [], alg).toEqual([]);
    const o = b3WebBotAuth.evaluate(signedDir([{ ...ed25519, alg: 'ed25519' }]), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings).toEqual([expect.objectContaining({ code: 'B3/jwk-alg-http-name', data: { index: 0, alg: 'ed25519' } })]);
    expect(b3WebBotAuth.evaluate(signedDir([{ ...ed25519, alg: 'made-up' }]), ctx).advisoryFindings).toEqual([
      expect.objectContaining({ code: 'B3/jwk-alg-not-jose', data: { index: 0, alg: 'made-up' } }),
    ]);
  });
  it('is partial when the directory is only reached through a redirect (verifiers must not follow it)', () => {
    const body = JSON.stringify({ keys: [ed25519] });
    const moved = response({
      url: DIR,
      redirects: ['https://www.example.com/.well-known/http-message-signatures-directory'],
      headers: signedHeaders(body),
      body,
    });
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
    expect(bad.findings).toEqual([expect.objectContaining({ code: 'B3/key-lacks-members', data: { index: 0, kty: 'OKP', members: 'x' } })]);
    const priv = b3WebBotAuth.evaluate(json(DIR, { keys: [{ ...ed25519, d: 'secret' }] }), ctx);
    expect(priv.findings?.map((f) => f.code)).toEqual(['B3/key-private']);
    expect(b3WebBotAuth.evaluate(text(DIR, 'keys: none', 'application/json'), ctx).status).toBe('partial');
  });
  it('words each outcome from values: the probe, the counts, sub-findings for the JSON problem (data holds no sentence)', () => {
    const notJson = b3WebBotAuth.evaluate(text(DIR, 'keys: none', 'application/json'), ctx);
    expect(notJson.findings).toMatchObject([{ code: 'B3/not-json', data: { error: expect.any(String) } }]);
    expect(notJson.evidence).toMatch(
      /^GET \/\.well-known\/http-message-signatures-directory → 200 application\/json, 10 B: not JSON \(.+\)\. Starts: "keys: none"$/,
    );
    const array = b3WebBotAuth.evaluate(json(DIR, []), ctx);
    expect(array).toMatchObject({ code: 'B3/not-jwks', findings: [{ code: 'B3/not-object' }] });
    expect(b3WebBotAuth.evaluate(json(DIR, { keys: [] }), ctx).evidence).toMatch(/: the `keys` array is empty\.$/);
    expect(b3WebBotAuth.evaluate(json(DIR, { jwks: [] }), ctx).evidence).toMatch(/: no `keys` array \(RFC 7517 JWK Set\)\.$/);
    const untyped = b3WebBotAuth.evaluate(response({ url: DIR, body: JSON.stringify({ keys: [ed25519] }) }), ctx);
    expect(untyped.advisoryFindings?.map((a) => a.code)).toContain('B3/untyped');
    const moved = b3WebBotAuth.evaluate(response({ url: DIR, redirects: [`${ORIGIN}/keys.json`], body: '{}' }), ctx);
    for (const o of [notJson, array, untyped, moved, b3WebBotAuth.evaluate(json(DIR, { jwks: [] }), ctx)])
      expect(proseInData([{ ...o, id: 'B3' } as never], () => b3WebBotAuth.meta.quoted ?? [])).toEqual([]);
  });
});

describe('B3 directory response signature', () => {
  // draft-ietf-webbotauth-httpsig-protocol Appendix E.2.3 "Signed Directory Response", byte for byte.
  const VECTOR_URL = 'https://signature-agent.test/.well-known/http-message-signatures-directory';
  const VECTOR_BODY = `{"keys":[{"kty":"OKP","crv":"Ed25519","kid":"poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U","x":"${TEST_X}","use":"sig"}]}`;
  const VECTOR_HEADERS = {
    'content-type': MT,
    'content-digest': 'sha-256=:CADMT2aBdV/rqQr/NIru64ERQkCobVvllA4V0fLFDu0=:',
    'signature-input':
      'binding=("@authority";req "content-digest");created=1735689600;expires=4889289600;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";tag="http-message-signatures-directory"',
    signature: 'binding=:l6P8R67tm3kujAxbHWio7ll01qrEZ0dKD/WWlGhNYEmTnFZM8Wt0VQ9zqGfvo7T/UMkBxsigzChM1Gpz7gOVBg==:',
  };
  const vctx = { origin: 'https://signature-agent.test', pageUrl: 'https://signature-agent.test/' };

  it("verifies the draft's signed-directory test vector (and still flags its test key)", () => {
    const o = b3WebBotAuth.evaluate(response({ url: VECTOR_URL, headers: VECTOR_HEADERS, body: VECTOR_BODY }), vctx);
    expect(o.details).toEqual({ keys: 1, signatures: 1, verified: 1 });
    expect(o.code).toBe('B3/bad-keys');
    expect(o.evidence).toMatch(/1 verified response signature\(s\)/);
    expect(o.data).toMatchObject({ keys: 1, verified: 1 });
    expect(o.advisories ?? []).toEqual([]);
  });

  it('does not verify a tampered body, another authority or a signature from an unlisted key', () => {
    const tampered = b3WebBotAuth.evaluate(response({ url: VECTOR_URL, headers: VECTOR_HEADERS, body: VECTOR_BODY.replace('"sig"', '"enc"') }), vctx);
    expect(tampered.details).toMatchObject({ signatures: 1, verified: 0 });
    expect(tampered.advisoryFindings).toEqual([expect.objectContaining({ code: 'B3/signature-digest-mismatch', data: { label: 'binding' } })]);
    const moved = b3WebBotAuth.evaluate(
      response({ url: 'https://copy.example/.well-known/http-message-signatures-directory', headers: VECTOR_HEADERS, body: VECTOR_BODY }),
      vctx,
    );
    expect(moved.details).toMatchObject({ verified: 0 });
    expect(noted(moved)).toEqual(['B3/signature-invalid']);
    const other = b3WebBotAuth.evaluate(response({ url: VECTOR_URL, headers: VECTOR_HEADERS, body: JSON.stringify({ keys: [ed25519] }) }), vctx);
    expect(other.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'B3/signature-unknown-key', data: { label: 'binding', keyid: 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U' } }),
    );
    const garbage = b3WebBotAuth.evaluate(
      response({ url: VECTOR_URL, headers: { ...VECTOR_HEADERS, 'signature-input': 'binding=((' }, body: VECTOR_BODY }),
      vctx,
    );
    expect(noted(garbage)).toContain('B3/signature-not-dictionary');
  });

  it('verifies the directory this service publishes for its own webhooks (src/monitor/bot-key.ts)', () => {
    const dir = tempDir('ai-ready-b3-botkey-');
    const key = loadBotKey(dir);
    const url = 'https://ai-ready.example/.well-known/http-message-signatures-directory';
    const o = b3WebBotAuth.evaluate(
      response({ url, headers: { 'content-type': MT, ...key.signDirectory('ai-ready.example') }, body: JSON.stringify(key.jwks) }),
      { origin: 'https://ai-ready.example', pageUrl: 'https://ai-ready.example/' },
    );
    expect(o.status).toBe('pass');
    expect(o.details).toEqual({ keys: 1, signatures: 1, verified: 1 });
    // The draft's alg name, media type, "@authority";req and Content-Digest: nothing left to advise.
    expect(o.advisories ?? []).toEqual([]);
  });
});

describe('B3 against a loopback site', () => {
  const open: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });
  it("passes a site serving the fix guide's directory, filled in as its key command prints it", async () => {
    const steps = b3WebBotAuth.fixGuide({ origin: 'http://127.0.0.1', platform: null, hosting: [] });
    expect(steps.find((s) => s.title === 'Generate a signing key')?.code).toContain("digest('base64url')");
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
