/**
 * API keys and share ids. Keys are 256 random bits, shown once and stored only as a SHA-256 hash
 * (a slow KDF adds nothing for secrets of this entropy); lookups go by a public prefix and the
 * hash is compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'air_';
/** Characters of the token kept in clear to find its row and to name it in `keys list`. */
export const KEY_LOOKUP_LENGTH = KEY_PREFIX.length + 8;
const KEY_PATTERN = /^air_[A-Za-z0-9_-]{43}$/;

export function newApiKey(): { token: string; prefix: string; hash: string } {
  const token = KEY_PREFIX + randomBytes(32).toString('base64url');
  return { token, prefix: token.slice(0, KEY_LOOKUP_LENGTH), hash: hashKey(token) };
}

export function hashKey(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function looksLikeApiKey(token: string): boolean {
  return KEY_PATTERN.test(token);
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const SHARE_ID_LENGTH = 12;
export const SHARE_ID_PATTERN = /^[a-z0-9]{4,24}$/;

/** A random share id from a-z0-9 (unbiased: bytes >= 252 are redrawn). */
export function newShareId(length = SHARE_ID_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 252 && out.length < length) out += ID_ALPHABET[b % 36];
    }
  }
  return out;
}

export function newAccountId(): string {
  return `acc_${newShareId(16)}`;
}
