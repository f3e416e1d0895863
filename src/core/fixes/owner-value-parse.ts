/**
 * The owner's values are strangers' input where the service runs the guides: each is checked here
 * before a guide writes it into JSON, Markdown or XML. `parseOwnerValue` says why a value is
 * refused (the `fix` command's usage error); the guides read values through `given*`, which hand
 * back only valid ones (an invalid value leaves the step's `needs` as it was).
 */
import { createPublicKey } from 'node:crypto';
import type { FixContext } from './fix-context.js';
import type { OwnerValue } from './owner-values.js';

/** Bounds: a site name is a line; a page list is an index, not a crawl; a page text fits a context window. */
export const OWNER_VALUE_LIMITS = { siteName: 120, pageUrls: 200, pageContent: 512 * 1024, text: 2048 } as const;

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const JWK_MEMBERS: Record<string, string[]> = { OKP: ['crv', 'x'], EC: ['crv', 'x', 'y'], RSA: ['e', 'n'] };
const JWK_CURVES: Record<string, string[]> = { OKP: ['Ed25519'], EC: ['P-256', 'P-384'] };

export type OwnerValueCheck = { ok: true; value: string } | { ok: false; error: string };

function httpUrl(raw: string): string | null {
  try {
    const u = new URL(raw);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password ? u.href : null;
  } catch {
    return null;
  }
}

/** A domain name: labels of letters, digits and hyphens, at least two labels, no IP address. */
function domainName(raw: string): string | null {
  const d = raw.toLowerCase().replace(/\.$/, '');
  if (d.length > 253 || !/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(d)) return null;
  return d;
}

/** The page list: http(s) URLs separated by commas or white space, each once, at most OWNER_VALUE_LIMITS.pageUrls. */
export function splitPageUrls(raw: string): string[] {
  return [...new Set(raw.split(/[\s,]+/).filter(Boolean))];
}

/** A public JWK (OKP Ed25519, EC P-256/P-384, RSA) that node:crypto accepts as a key; no private member. */
function publicJwk(raw: string): { jwk: Record<string, string> } | { error: string } {
  let doc: unknown;
  try {
    doc = JSON.parse(raw);
  } catch {
    return { error: 'must be a JWK in JSON ({"kty":"OKP","crv":"Ed25519","x":"..."})' };
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return { error: 'must be one JWK object' };
  const key = doc as Record<string, unknown>;
  const kty = typeof key.kty === 'string' ? key.kty : '';
  const members = JWK_MEMBERS[kty];
  if (!members) return { error: 'must have kty OKP, EC or RSA' };
  if (PRIVATE_JWK_MEMBERS.some((m) => Object.hasOwn(key, m))) return { error: 'holds a private key member: give the public key only' };
  if (members.some((m) => typeof key[m] !== 'string' || !/^[A-Za-z0-9_-]+$/.test(key[m] as string)))
    return { error: `${kty} needs ${members.join(', ')} (base64url)` };
  if (JWK_CURVES[kty] && !JWK_CURVES[kty].includes(key.crv as string)) return { error: `${kty} crv must be ${JWK_CURVES[kty].join(' or ')}` };
  const jwk = Object.fromEntries(['kty', ...members].map((m) => [m, key[m] as string]));
  try {
    createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    return { error: 'is not a valid public key' };
  }
  return { jwk };
}

/** Checks one value; the normalised form is what the guides write. */
export function parseOwnerValue(name: OwnerValue, raw: string): OwnerValueCheck {
  const v = raw.trim();
  const fail = (why: string): OwnerValueCheck => ({ ok: false, error: `${name} ${why}` });
  if (!v) return fail('must not be empty');
  if (name !== 'pageContent' && name !== 'signingKey' && CONTROL.test(v)) return fail('must not hold control characters');
  switch (name) {
    case 'siteName':
      if (/[\r\n]/.test(v) || v.length > OWNER_VALUE_LIMITS.siteName) return fail(`must be one line of at most ${OWNER_VALUE_LIMITS.siteName} characters`);
      return { ok: true, value: v };
    case 'domain': {
      const d = domainName(v);
      return d ? { ok: true, value: d } : fail('must be a domain name such as example.com (no scheme, no path, not an IP address)');
    }
    case 'pageUrls': {
      const urls = splitPageUrls(v);
      if (urls.length > OWNER_VALUE_LIMITS.pageUrls) return fail(`lists ${urls.length} URLs: at most ${OWNER_VALUE_LIMITS.pageUrls}`);
      const bad = urls.find((u) => !httpUrl(u));
      if (bad) return fail(`must be http(s) URLs separated by commas or spaces ("${bad.slice(0, 60)}" is not one)`);
      return { ok: true, value: urls.map((u) => httpUrl(u)!).join('\n') };
    }
    case 'pageContent':
      if (v.length > OWNER_VALUE_LIMITS.pageContent) return fail(`is over ${OWNER_VALUE_LIMITS.pageContent / 1024} KiB`);
      return { ok: true, value: v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').replace(/\r\n?/g, '\n') };
    case 'mcpEndpoint':
    case 'a2aEndpoint':
    case 'apiBaseUrl':
    case 'authorizationServer':
    case 'commerceEndpoint': {
      const u = httpUrl(v);
      return u ? { ok: true, value: u } : fail('must be an http(s) URL');
    }
    case 'contact': {
      if (/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(v)) return { ok: true, value: `mailto:${v}` };
      if (/^mailto:[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/i.test(v)) return { ok: true, value: v };
      const u = httpUrl(v);
      return u ? { ok: true, value: u } : fail('must be an email address, a mailto: URI or an http(s) URL');
    }
    case 'contentSignal':
    case 'contentUsage': {
      const pairs = parsePreferences(name, v);
      return typeof pairs === 'string' ? fail(pairs) : { ok: true, value: pairs.map(([k, val]) => `${k}=${val}`).join(', ') };
    }
    case 'aiTraining': {
      const d = v.toLowerCase();
      return d === 'block' || d === 'allow' ? { ok: true, value: d } : fail('must be block or allow');
    }
    case 'signingKey': {
      if (v.length > OWNER_VALUE_LIMITS.text * 4) return fail('is too long for a public JWK');
      const k = publicJwk(v);
      return 'jwk' in k ? { ok: true, value: JSON.stringify(k.jwk) } : fail(k.error);
    }
    default:
      if (v.length > OWNER_VALUE_LIMITS.text) return fail(`is over ${OWNER_VALUE_LIMITS.text} characters`);
      return { ok: true, value: v };
  }
}

/**
 * The preference vocabularies the owner chooses from: Content Signals (contentsignals.org: search,
 * ai-input, ai-train as yes/no; `use` as immediate, reference or full) and Content-Usage
 * (draft-ietf-aipref-vocab-08: train-ai, ai-use, search as y/n).
 */
export const PREFERENCE_VOCABULARY = {
  contentSignal: { search: ['yes', 'no'], 'ai-input': ['yes', 'no'], 'ai-train': ['yes', 'no'], use: ['immediate', 'reference', 'full'] },
  contentUsage: { 'train-ai': ['y', 'n'], 'ai-use': ['y', 'n'], search: ['y', 'n'] },
} as const satisfies Record<string, Record<string, readonly string[]>>;

/** `key=value` pairs separated by commas, each key once and known, each value one its key allows; else why not. */
function parsePreferences(name: 'contentSignal' | 'contentUsage', raw: string): Array<[string, string]> | string {
  const vocabulary: Record<string, readonly string[]> = PREFERENCE_VOCABULARY[name];
  const keys = Object.keys(vocabulary);
  const out: Array<[string, string]> = [];
  for (const part of raw.split(',')) {
    const m = /^\s*([A-Za-z-]+)\s*=\s*([A-Za-z]+)\s*$/.exec(part);
    if (!m)
      return (
        `must be key=value pairs separated by commas, e.g. ` +
        `"${name === 'contentSignal' ? 'search=yes, ai-input=yes, ai-train=no' : 'train-ai=n, search=y'}"`
      );
    const key = m[1].toLowerCase();
    const value = m[2].toLowerCase();
    if (!vocabulary[key]) return `knows the keys ${keys.join(', ')} ("${key.slice(0, 30)}" is not one)`;
    if (!vocabulary[key].includes(value)) return `takes ${key}=${vocabulary[key].join(' or ')} ("${value.slice(0, 30)}" is not one)`;
    if (out.some(([k]) => k === key)) return `names ${key} twice`;
    out.push([key, value]);
  }
  return out;
}

/** The owner's preferences for `name` as key/value pairs (validated), or undefined when not given. */
export function givenPreferences(fx: FixContext, name: 'contentSignal' | 'contentUsage'): Record<string, string> | undefined {
  const v = givenValue(fx, name);
  return v ? Object.fromEntries(v.split(', ').map((p) => p.split('=') as [string, string])) : undefined;
}

/** The owner's value for a guide, validated and normalised; undefined when not given or not valid. */
export function givenValue(fx: FixContext, name: OwnerValue): string | undefined {
  const raw = fx.ownerValues?.[name];
  if (typeof raw !== 'string') return undefined;
  const r = parseOwnerValue(name, raw);
  return r.ok ? r.value : undefined;
}

/** The owner's page URLs (validated), or undefined. */
export function givenPageUrls(fx: FixContext): string[] | undefined {
  return givenValue(fx, 'pageUrls')?.split('\n');
}

/** The owner's public JWK (validated), or undefined. */
export function givenJwk(fx: FixContext): Record<string, string> | undefined {
  const v = givenValue(fx, 'signingKey');
  return v ? (JSON.parse(v) as Record<string, string>) : undefined;
}

/** `needs` without the values the guide took from the owner. */
export function stillNeeded(needs: OwnerValue[], taken: Partial<Record<OwnerValue, unknown>>): OwnerValue[] {
  return needs.filter((n) => taken[n] === undefined);
}
