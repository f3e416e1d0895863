/** Random tokens, their hashes and the PKCE S256 check. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** 256 random bits, base64url, with a readable prefix (mcp_at_, mcp_rt_, ...). */
export function randomToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function sameSecret(hashHex: string, candidate: string): boolean {
  const a = Buffer.from(hashHex, 'hex');
  const b = Buffer.from(sha256Hex(candidate), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** RFC 7636: 43-128 characters of the unreserved set. */
export const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** A S256 challenge is the base64url SHA-256 of the verifier: 43 characters. */
export const PKCE_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!PKCE_VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
