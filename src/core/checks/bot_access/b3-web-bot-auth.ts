import { defineCheck } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { describeProbe, excerpt, isFound, isObject, parseJson } from '../../gather/classify.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';

const SPEC = [
  'https://datatracker.ietf.org/doc/draft-meunier-webbotauth-httpsig-directory/',
  'https://www.rfc-editor.org/rfc/rfc9421',
  'https://www.rfc-editor.org/rfc/rfc7517',
];
export const WBA_DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';
export const WBA_MEDIA_TYPE = 'application/http-message-signatures-directory+json';

/** Members each JWK key type must carry (RFC 7518 §6, RFC 8037 for OKP). */
const REQUIRED_MEMBERS: Record<string, string[]> = { OKP: ['crv', 'x'], EC: ['crv', 'x', 'y'], RSA: ['n', 'e'] };

/** Problems of one JWK, empty when it is usable as a signature verification key. */
export function jwkProblems(key: unknown, i: number): string[] {
  if (!isObject(key)) return [`keys[${i}] is not an object`];
  const kty = typeof key.kty === 'string' ? key.kty : null;
  if (!kty) return [`keys[${i}] has no kty`];
  const required = REQUIRED_MEMBERS[kty];
  if (!required) return [`keys[${i}] has kty "${excerpt(kty, 20)}", not OKP, EC or RSA`];
  const missing = required.filter((m) => typeof key[m] !== 'string' || !key[m]);
  const problems = missing.length ? [`keys[${i}] (${kty}) lacks ${missing.join(', ')}`] : [];
  if (typeof key.d === 'string') problems.push(`keys[${i}] contains a private key member "d": remove it now and rotate the key`);
  return problems;
}

export const b3WebBotAuth = defineCheck<FetchResult>()({
  meta: {
    id: 'B3',
    name: 'Web Bot Auth key directory',
    dimension: 'bot_access',
    tier: 'bonus',
    weight: 3,
    level: { arm: 'bot-auth' },
    anchorKey: 'webBotAuth',
    specUrls: SPEC,
    standards: ['webBotAuth'],
    summary: `A JWK Set of the site's own bot/agent signing keys at ${WBA_DIRECTORY_PATH} (HTTP Message Signatures directory). Only sites that send automated traffic need one; absence is informational.`,
    why: 'Sites that operate crawlers or agents sign their requests (RFC 9421) so that other sites can verify them instead of blocking by IP or user agent; the directory publishes the public keys.',
    remediation: `If your organisation sends bot or agent traffic, publish its Ed25519 public keys as a JWK Set at ${WBA_DIRECTORY_PATH}.`,
    codes: {
      'B3/missing': 'info: no key directory (only sites that send signed bot traffic publish one)',
      'B3/not-jwks': 'partial: the directory is not a JSON object',
      'B3/no-keys': 'partial: no keys array, or an empty one',
      'B3/bad-keys': 'partial: keys lack required members or expose private ones',
      'B3/ok': 'a valid Web Bot Auth key directory',
    },
    messages: {
      'B3/missing': '{seen}: no key directory. Informational: only sites that send signed bot or agent traffic publish one.',
      'B3/not-jwks': '{seen}: {problem}. Starts: "{start}"',
      'B3/no-keys': '{seen}: {problem}.',
      'B3/bad-keys': '{seen}; {facts}; {problems}.',
      'B3/ok': '{seen}; {facts}.',
    },
  },
  gather: (ctx) =>
    ctx.fetch(WBA_DIRECTORY_PATH, { accept: `${WBA_MEDIA_TYPE}, application/json;q=0.9, */*;q=0.1`, maxBytes: 1024 * 1024 }),
  evaluate(res) {
    const probes = [res];
    const seen = describeProbe(res, new URL(res.requestedUrl).origin);
    if (!isFound(res)) {
      return {
        status: 'info',
        code: 'B3/missing',
        data: { seen },
        probes,
      };
    }
    const advisories: string[] = [];
    if (res.contentType !== WBA_MEDIA_TYPE) advisories.push(`Served as ${res.contentType ?? 'no content type'}; the draft registers ${WBA_MEDIA_TYPE}.`);
    if (!res.headers['signature'] || !res.headers['signature-input']) advisories.push('The response carries no Signature / Signature-Input headers; the draft asks for the directory itself to be signed (RFC 9421).');
    const parsed = parseJson(res);
    if (!parsed.ok || !isObject(parsed.value)) {
      return {
        status: 'partial',
        code: 'B3/not-jwks',
        data: { seen, problem: parsed.ok ? 'JSON but not an object' : `not JSON (${parsed.error})`, start: excerpt(res.text, 100) },
        remediation: `Serve a JWK Set ({"keys": [...]}) at ${WBA_DIRECTORY_PATH}.`,
        advisories,
        probes,
      };
    }
    const keys = parsed.value.keys;
    if (!Array.isArray(keys) || keys.length === 0) {
      return {
        status: 'partial',
        code: 'B3/no-keys',
        data: { seen, problem: Array.isArray(keys) ? 'the `keys` array is empty' : 'no `keys` array (RFC 7517 JWK Set)' },
        remediation: 'Add at least one public key (kty OKP, crv Ed25519, x) to the `keys` array.',
        advisories,
        probes,
      };
    }
    const problems = keys.flatMap((k, i) => jwkProblems(k, i));
    const kinds = keys.filter(isObject).map((k) => [k.kty, k.crv].filter((x) => typeof x === 'string').join('/')).filter(Boolean);
    const facts = `${keys.length} key(s) (${[...new Set(kinds)].join(', ') || 'unknown types'})`;
    if (problems.length) {
      return {
        status: 'partial',
        code: 'B3/bad-keys',
        data: { seen, facts, problems: problems.slice(0, 4).join('; ') },
        remediation: 'Give every key its required members (OKP: crv and x; EC: crv, x, y; RSA: n, e) and publish public members only.',
        advisories,
        probes,
      };
    }
    return { status: 'pass', code: 'B3/ok', data: { seen, facts }, matched: 'HTTP Message Signatures directory (draft-meunier-webbotauth-httpsig-directory-00), JWK Set RFC 7517', advisories, probes };
  },
  fixGuide(fx) {
    const content = JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', kid: '<JWK thumbprint>', x: '<base64url public key>', use: 'sig' }] }, null, 2);
    return [
      { title: 'Only needed if you send bot or agent traffic', body: 'Web Bot Auth lets sites verify requests your crawlers or agents sign (RFC 9421). Sites that only receive traffic can ignore this check.' },
      ...serveFileSteps(fx, { path: WBA_DIRECTORY_PATH, contentType: WBA_MEDIA_TYPE, content, lang: 'json' }),
      {
        title: 'Sign your outgoing requests',
        body: 'Send a Signature-Agent header pointing at this directory and sign requests with the matching private key (Cloudflare\'s web-bot-auth libraries implement it). Sign the directory response itself as the draft describes.',
      },
      verifyStep(`curl -si ${fx.origin}${WBA_DIRECTORY_PATH}`, `Expect 200, Content-Type: ${WBA_MEDIA_TYPE}, and {"keys": [...]} with public keys only.`),
      specStep(SPEC),
    ];
  },
});
