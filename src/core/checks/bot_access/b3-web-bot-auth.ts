import { createHash } from 'node:crypto';
import { defineCheck, type SubFinding } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { excerpt, isFound, isObject, parseJson } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { capabilityOrigin } from '../../fixes/capability.js';
import { readDirectorySignatures, SIGNATURE_PROBLEMS } from './directory-signature.js';
import { givenJwk } from '../../fixes/owner-value-parse.js';

const SPEC = [
  'https://datatracker.ietf.org/doc/draft-ietf-webbotauth-httpsig-protocol/',
  'https://datatracker.ietf.org/doc/draft-meunier-webbotauth-httpsig-directory/',
  'https://www.rfc-editor.org/rfc/rfc9421',
  'https://www.rfc-editor.org/rfc/rfc7517',
];
export const WBA_DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';
export const WBA_MEDIA_TYPE = 'application/http-message-signatures-directory+json';
/** The directory as gather asks for it (declared: it goes out with the page). */
const DIRECTORY_REQUEST = { path: WBA_DIRECTORY_PATH, options: { accept: `${WBA_MEDIA_TYPE}, application/json;q=0.9, */*;q=0.1`, maxBytes: 1024 * 1024 } };

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'B3/wrong-type': `Served as {type}; the draft requires ${WBA_MEDIA_TYPE} at the well-known URI.`,
  'B3/untyped': `Served with no Content-Type; the draft requires ${WBA_MEDIA_TYPE} at the well-known URI.`,
  'B3/unsigned-response':
    'The response carries no Signature / Signature-Input headers; the draft recommends signing the directory response with each key it lists (RFC 9421, ' +
    'tag "http-message-signatures-directory").',
  'B3/signature-untagged': 'Signature-Input has no tag="http-message-signatures-directory", the tag the draft gives the directory response signature.',
  'B3/signature-no-digest': 'The directory signature does not cover a Content-Digest of the body (RFC 9530), which the draft requires of it.',
  'B3/not-https': 'Served over http; the draft requires the directory to be served over HTTPS.',
  'B3/jwk-alg-http-name':
    'keys[{index}] has alg "{alg}", an HTTP Signature Algorithms name: the draft (editor\'s copy heading -01) has a JWK\'s alg member follow RFC 7517 ' +
    "§4.4, i.e. a JOSE name such as EdDSA or Ed25519; the HTTP name goes in the signature's alg parameter",
  'B3/jwk-alg-not-jose': 'keys[{index}] has alg "{alg}", not a JOSE signature algorithm (RFC 7517 §4.4; e.g. EdDSA, Ed25519, ES256, PS512)',
  ...SIGNATURE_PROBLEMS,
} as const;
type B3Advisory = keyof typeof ADVISORIES;

/** Members each JWK key type must carry (RFC 7518 §6, RFC 8037 for OKP), in RFC 7638 thumbprint order. */
const REQUIRED_MEMBERS: Record<string, string[]> = { OKP: ['crv', 'x'], EC: ['crv', 'x', 'y'], RSA: ['e', 'n'] };
/**
 * Curves an algorithm of the HTTP Message Signatures registry signs with (ed25519,
 * ecdsa-p256-sha256, ecdsa-p384-sha384); RSA keys serve rsa-pss-sha512 and rsa-v1_5-sha256.
 */
const SIGNING_CURVES: Record<string, string[]> = { OKP: ['Ed25519'], EC: ['P-256', 'P-384'] };
/** The HTTP Signature Algorithms registry (RFC 9421 §6.2); hmac-sha256 is registered but the draft forbids shared secrets. */
const HTTPSIG_ALGS = new Set(['rsa-pss-sha512', 'rsa-v1_5-sha256', 'ecdsa-p256-sha256', 'ecdsa-p384-sha384', 'ed25519']);
/**
 * Public keys published as test material, which the draft says must not be used in production and
 * verifiers should reject: RFC 9421 Appendix B.1.4 test-key-ed25519 (also the draft's example key).
 */
const TEST_KEYS: Record<string, string> = { 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs': 'RFC 9421 test-key-ed25519' };

/** RFC 7638 JWK SHA-256 thumbprint (RFC 8037 Appendix A.3 for OKP), base64url; null when members are missing. */
export function jwkThumbprint(key: Record<string, unknown>): string | null {
  const members = typeof key.kty === 'string' ? REQUIRED_MEMBERS[key.kty] : undefined;
  if (!members || members.some((m) => typeof key[m] !== 'string')) return null;
  // Required members plus kty, in lexicographic order, no whitespace (JSON.stringify escapes as RFC 8259 does).
  const canonical = Object.fromEntries([...members, 'kty'].sort().map((m) => [m, key[m]]));
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

/** What can be wrong with one JWK of the directory: B3/bad-keys's sub-findings (meta.findings). */
const FINDINGS = {
  'B3/key-not-object': 'keys[{index}] is not an object',
  'B3/key-no-kty': 'keys[{index}] has no kty',
  'B3/key-shared-secret': 'keys[{index}] is a shared secret (kty oct): the draft forbids HMAC keys; publish an asymmetric public key',
  'B3/key-unknown-kty': 'keys[{index}] has kty "{kty}", not OKP, EC or RSA',
  'B3/key-lacks-members': 'keys[{index}] ({kty}) lacks {members}',
  'B3/key-non-signing-curve': 'keys[{index}] ({kty}/{crv}) is on a curve no HTTP Message Signatures algorithm signs with ({curves})',
  'B3/key-private': 'keys[{index}] contains a private key member "d": remove it now and rotate the key',
  'B3/key-test-key': 'keys[{index}] is the published {testKey}: verifiers should reject test keys; generate your own',
  'B3/key-kid-not-thumbprint': 'keys[{index}] has kid "{kid}", not its JWK thumbprint {thumbprint}',
  'B3/not-json': 'not JSON ({error})',
  'B3/not-object': 'JSON but not an object',
  'B3/keys-empty': 'the `keys` array is empty',
  'B3/keys-absent': 'no `keys` array (RFC 7517 JWK Set)',
} as const;
type B3Finding = keyof typeof FINDINGS;

/** Problems of one JWK, empty when it is usable as a Web Bot Auth verification key. */
export function jwkProblems(key: unknown, index: number): Array<SubFinding<B3Finding>> {
  if (!isObject(key)) return [{ code: 'B3/key-not-object', data: { index } }];
  const kty = typeof key.kty === 'string' ? key.kty : null;
  if (!kty) return [{ code: 'B3/key-no-kty', data: { index } }];
  if (kty === 'oct') return [{ code: 'B3/key-shared-secret', data: { index } }];
  const required = REQUIRED_MEMBERS[kty];
  if (!required) return [{ code: 'B3/key-unknown-kty', data: { index, kty: excerpt(kty, 20) } }];
  const missing = required.filter((m) => typeof key[m] !== 'string' || !key[m]);
  const problems: Array<SubFinding<B3Finding>> = missing.length ? [{ code: 'B3/key-lacks-members', data: { index, kty, members: missing.join(', ') } }] : [];
  const curves = SIGNING_CURVES[kty];
  if (curves && typeof key.crv === 'string' && !curves.includes(key.crv))
    problems.push({ code: 'B3/key-non-signing-curve', data: { index, kty, crv: excerpt(key.crv, 20), curves: curves.join(', ') } });
  if (typeof key.d === 'string') problems.push({ code: 'B3/key-private', data: { index } });
  if (typeof key.x === 'string' && Object.hasOwn(TEST_KEYS, key.x)) problems.push({ code: 'B3/key-test-key', data: { index, testKey: TEST_KEYS[key.x] } });
  // At the well-known URI a `kid`, when present, MUST be the key's thumbprint (verifiers match it against keyid).
  const thumb = missing.length ? null : jwkThumbprint(key);
  if (thumb && typeof key.kid === 'string' && key.kid !== thumb)
    problems.push({ code: 'B3/key-kid-not-thumbprint', data: { index, kid: excerpt(key.kid, 48), thumbprint: thumb } });
  return problems;
}

/**
 * Asymmetric signature algorithms of the JOSE registry (RFC 7518 §3.1, RFC 8037 EdDSA, RFC 8812
 * ES256K, RFC 9864 Ed25519/Ed448), which a JWK's `alg` member names (RFC 7517 §4.4).
 */
const JOSE_SIG_ALGS = new Set(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'ES256K', 'EdDSA', 'Ed25519', 'Ed448']);

/**
 * Advisories of one JWK: what the draft asks but verifiers are not told to reject. The editor's copy
 * heading -01 (be12662f) says "A JWK `alg` member, when present, follows Section 4.4 of JWK" (JOSE
 * names); the HTTP Signature Algorithms names belong to the signature's own `alg` parameter. The
 * copy of 2026-10-09 restricted the member to the HTTP names: that advice is reversed.
 */
function jwkAdvisories(key: unknown, i: number): Array<SubFinding<B3Advisory>> {
  if (!isObject(key) || typeof key.alg !== 'string' || JOSE_SIG_ALGS.has(key.alg)) return [];
  if (HTTPSIG_ALGS.has(key.alg)) return [{ code: 'B3/jwk-alg-http-name', data: { index: i, alg: key.alg } }];
  return [{ code: 'B3/jwk-alg-not-jose', data: { index: i, alg: excerpt(key.alg, 20) } }];
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}

/**
 * The directory response signature (the draft's possession proof, RECOMMENDED): one RFC 9421
 * signature per key, tag "http-message-signatures-directory", covering "@authority";req and
 * content-digest. Read, not verified: advisories only.
 */
function signatureAdvisories(res: FetchResult): Array<SubFinding<B3Advisory>> {
  const input = res.headers['signature-input'];
  if (!res.headers['signature'] || !input) return [{ code: 'B3/unsigned-response' }];
  const out: Array<SubFinding<B3Advisory>> = [];
  if (!/tag="http-message-signatures-directory"/.test(input)) out.push({ code: 'B3/signature-untagged' });
  if (!/"content-digest"/.test(input) || !res.headers['content-digest']) out.push({ code: 'B3/signature-no-digest' });
  return out;
}

export const b3WebBotAuth = defineCheck<FetchResult>()({
  meta: {
    id: 'B3',
    name: 'Web Bot Auth key directory',
    dimension: 'bot_access',
    requests: [DIRECTORY_REQUEST],
    tier: 'bonus',
    weight: 3,
    level: { arm: 'bot-auth' },
    anchorKey: 'webBotAuth',
    specUrls: SPEC,
    standards: ['webBotAuth'],
    summary:
      `A JWK Set of the site's own bot/agent signing keys at ${WBA_DIRECTORY_PATH} (HTTP Message Signatures directory). Only sites that send ` +
      `automated traffic need one; absence is informational.`,
    why:
      'Sites that operate crawlers or agents sign their requests (RFC 9421) so that other sites can verify them instead of blocking by IP or user ' +
      'agent; the directory publishes the public keys.',
    remediation: `If your organisation sends bot or agent traffic, publish its Ed25519 public keys as a JWK Set at ${WBA_DIRECTORY_PATH}.`,
    remedies: {
      'B3/serve-direct': `Serve the JWK Set at ${WBA_DIRECTORY_PATH} on this origin with a direct 200 (no redirect).`,
      'B3/serve-jwks': `Serve a JWK Set ({"keys": [...]}) at ${WBA_DIRECTORY_PATH}.`,
      'B3/add-key': 'Add at least one public key (kty OKP, crv Ed25519, x) to the `keys` array.',
      'B3/own-keys-only':
        'Publish your own public signing keys only (OKP Ed25519: crv and x; EC P-256/P-384: crv, x, y; RSA: n, e), each with no kid or a kid equal to ' +
        'its JWK SHA-256 thumbprint (RFC 7638).',
    },
    codes: {
      'B3/missing': 'info: no key directory (only sites that send signed bot traffic publish one)',
      'B3/not-jwks': 'partial: the directory is not a JSON object',
      'B3/no-keys': 'partial: no keys array, or an empty one',
      'B3/bad-keys':
        'partial: keys lack required members, expose private ones, are test keys, sit on non-signing curves or carry a kid that is not their thumbprint',
      'B3/redirected': 'partial: the directory is only reached through a redirect, which verifiers must not follow',
      'B3/ok': 'a valid Web Bot Auth key directory',
    },
    messages: {
      'B3/missing': '{seen:probe}: no key directory. Informational: only sites that send signed bot or agent traffic publish one.',
      'B3/not-jwks': '{seen:probe}: {findings}. Starts: "{start}"',
      'B3/no-keys': '{seen:probe}: {findings}.',
      'B3/bad-keys': '{seen:probe}; {keys} key(s) ({kinds}), {verified} verified response signature(s); {findings}.',
      'B3/redirected':
        '{seen:probe}: reached through a redirect ({chain}); ' +
        'verifiers treat anything but a direct 200 as a discovery failure and must not follow redirects.',
      'B3/ok': '{seen:probe}; {keys} key(s) ({kinds}), {verified} verified response signature(s).',
    },
    findings: FINDINGS,
    // The body's first characters, the JSON parser's message, and a site's own kid, alg, kty and crv values.
    quoted: ['start', 'error', 'kid', 'alg', 'kty', 'crv'],
    advisories: ADVISORIES,
  },
  gather: (ctx) => ctx.fetch(DIRECTORY_REQUEST.path, DIRECTORY_REQUEST.options),
  evaluate(res) {
    const probes = [res];
    const seen = probeData(res, new URL(res.requestedUrl).origin);
    if (!isFound(res)) {
      return {
        status: 'info',
        code: 'B3/missing',
        data: seen,
        probes,
      };
    }
    const advisories: Array<SubFinding<B3Advisory>> = [];
    if (!res.contentType) advisories.push({ code: 'B3/untyped' });
    else if (res.contentType !== WBA_MEDIA_TYPE) advisories.push({ code: 'B3/wrong-type', data: { type: res.contentType } });
    advisories.push(...signatureAdvisories(res));
    if (new URL(res.url).protocol !== 'https:' && !isLoopbackHost(new URL(res.url).hostname)) advisories.push({ code: 'B3/not-https' });
    if (res.redirects.length) {
      return {
        status: 'partial',
        code: 'B3/redirected',
        data: { ...seen, chain: [res.requestedUrl, ...res.redirects].join(', ') },
        remedy: 'B3/serve-direct',
        advisories,
        probes,
      };
    }
    const parsed = parseJson(res);
    if (!parsed.ok || !isObject(parsed.value)) {
      return {
        status: 'partial',
        code: 'B3/not-jwks',
        data: { ...seen, start: excerpt(res.text, 100) },
        findings: [parsed.ok ? { code: 'B3/not-object' } : { code: 'B3/not-json', data: { error: parsed.error } }],
        remedy: 'B3/serve-jwks',
        advisories,
        probes,
      };
    }
    const keys = parsed.value.keys;
    if (!Array.isArray(keys) || keys.length === 0) {
      return {
        status: 'partial',
        code: 'B3/no-keys',
        data: seen,
        findings: [{ code: Array.isArray(keys) ? 'B3/keys-empty' : 'B3/keys-absent' }],
        remedy: 'B3/add-key',
        advisories,
        probes,
      };
    }
    const problems = keys.flatMap((k, i) => jwkProblems(k, i));
    advisories.push(...keys.flatMap((k, i) => jwkAdvisories(k, i)).slice(0, 4));
    const kinds = keys
      .filter(isObject)
      .map((k) => [k.kty, k.crv].filter((x) => typeof x === 'string').join('/'))
      .filter(Boolean);
    // The response signature names its key by thumbprint (the draft's keyid); a kid is the same value when valid.
    const byKeyid = new Map<string, Record<string, unknown>>();
    for (const k of keys.filter(isObject)) {
      const thumb = jwkThumbprint(k);
      if (thumb) byKeyid.set(thumb, k);
      if (typeof k.kid === 'string' && !byKeyid.has(k.kid)) byKeyid.set(k.kid, k);
    }
    const signed = readDirectorySignatures(res, (keyid) => byKeyid.get(keyid));
    if (signed) advisories.push(...signed.problems.slice(0, 3));
    const facts = { keys: keys.length, kinds: [...new Set(kinds)].join(', ') || 'unknown', verified: signed?.verified.length ?? 0 };
    // signatures: directory-tagged response signatures; verified: those that checked out.
    const details = { keys: keys.length, signatures: signed?.tagged ?? 0, verified: signed?.verified.length ?? 0 };
    if (problems.length) {
      return {
        status: 'partial',
        code: 'B3/bad-keys',
        data: { ...seen, ...facts },
        findings: problems.slice(0, 4),
        remedy: 'B3/own-keys-only',
        advisories,
        probes,
        details,
      };
    }
    return {
      status: 'pass',
      code: 'B3/ok',
      data: { ...seen, ...facts },
      details,
      matched: "HTTP Message Signatures directory (draft-ietf-webbotauth-httpsig-protocol §5.5, editor's copy 2026-10-09), JWK Set RFC 7517",
      advisories,
      probes,
    };
  },
  fixGuide(fx) {
    // The owner's public JWK (validated: public members only, a key node:crypto accepts), with kid = its RFC 7638 thumbprint.
    const own = givenJwk(fx);
    const key = own ? { ...own, kid: jwkThumbprint(own), use: 'sig' } : null;
    const content = JSON.stringify(
      { keys: [key ?? { kty: 'OKP', crv: 'Ed25519', kid: '<JWK SHA-256 thumbprint of the key>', x: '<base64url public key>', use: 'sig' }] },
      null,
      2,
    );
    // Prints the public JWK with kid = its RFC 7638 / RFC 8037 A.3 thumbprint; the private key stays in the PEM file.
    const keygen = [
      `node -e "const c=require('node:crypto'),fs=require('node:fs');`,
      `const {privateKey,publicKey}=c.generateKeyPairSync('ed25519');`,
      `fs.writeFileSync('web-bot-auth.pem',privateKey.export({format:'pem',type:'pkcs8'}),{mode:0o600});`,
      `const {kty,crv,x}=publicKey.export({format:'jwk'});`,
      `const kid=c.createHash('sha256').update(JSON.stringify({crv,kty,x})).digest('base64url');`,
      `console.log(JSON.stringify({keys:[{kty,crv,kid,x,use:'sig'}]},null,2))"`,
    ].join('');
    return [
      {
        title: 'Only needed if you send bot or agent traffic',
        body: 'Web Bot Auth lets sites verify requests your crawlers or agents sign (RFC 9421). Sites that only receive traffic can ignore this check.',
      },
      {
        title: 'Generate a signing key',
        body:
          "An Ed25519 key of your own (never a published test key). The kid, if you give one, must be the key's JWK SHA-256 thumbprint: verifiers " +
          'match it against the keyid of your signatures. Keep the private key out of the directory.',
        code: keygen,
        lang: 'sh',
      },
      // The kid and x are the owner's own key (printed by the step above): the sample holds placeholders.
      ...serveFileSteps(fx, {
        path: WBA_DIRECTORY_PATH,
        contentType: WBA_MEDIA_TYPE,
        content,
        lang: 'json',
        ...capabilityOrigin(fx, key ? 'owner' : null, ['signingKey']),
      }),
      {
        title: 'Serve it directly, and sign the response',
        body:
          `Answer ${WBA_DIRECTORY_PATH} with a direct 200 over HTTPS (verifiers do not follow redirects), with Cache-Control (e.g. max-age=86400) ` +
          `and, for browser verifiers, Access-Control-Allow-Origin: *. The draft recommends signing the response with each listed key: tag ` +
          `"http-message-signatures-directory", covering "@authority";req and content-digest (send a Content-Digest header).`,
      },
      {
        title: 'Sign your outgoing requests',
        body:
          `Sign each request with the private key (tag "web-bot-auth", keyid = the thumbprint, created and expires) and send Signature-Agent in its ` +
          `dictionary form, e.g. Signature-Agent: sig1="${fx.origin}${WBA_DIRECTORY_PATH}", covered by the signature. Cloudflare's web-bot-auth ` +
          `libraries implement it.`,
      },
      verifyStep(
        sh`curl -si ${fx.origin}${WBA_DIRECTORY_PATH}`,
        `Expect 200 with no redirect, Content-Type: ${WBA_MEDIA_TYPE}, and {"keys": [...]} with public keys only.`,
      ),
      specStep(SPEC),
    ];
  },
});
