/**
 * The consent form's CSRF token: signed, bound to the browser, single use.
 *
 * Showing the form sets a random nonce in a cookie (HttpOnly, SameSite=Strict, scoped to the
 * authorization endpoint) and puts `nonce.expiry.HMAC(nonce, expiry, client, redirect URI)` in a
 * hidden field. A POST (approve or deny) must carry both, matching, unexpired, for the same client
 * and redirect URI, and the nonce is then spent in the store (one INSERT, exact across instances).
 * A cross-site POST carries no SameSite=Strict cookie, and a token the attacker fetched for
 * themselves names a nonce the victim's browser does not hold: neither can make this origin
 * redirect anywhere.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from './secrets.js';
import type { OAuthStore } from '../store/types.js';

export const CONSENT_COOKIE = 'ai_ready_consent';
export const CONSENT_FIELD = 'csrf_token';
/** How long a consent form stays usable. */
export const CONSENT_TOKEN_TTL_SEC = 600;

export interface ConsentBinding {
  clientId: string;
  redirectUri: string;
}

export interface ConsentTokens {
  /** A fresh nonce, its form token and the Set-Cookie value for the page. */
  issue(binding: ConsentBinding, now: number, secureCookie: boolean, cookiePath: string): { token: string; setCookie: string };
  /** The nonce when the token is genuine, unexpired, bound to `binding` and matches the cookie; else null. */
  verify(token: string | null, cookieHeader: string | null, binding: ConsentBinding, now: number): { nonce: string; expiresAt: number } | null;
}

/** The store name of the consent form's HMAC key (table oauth_secrets). */
export const CONSENT_SECRET_NAME = 'consent-form-hmac';

/**
 * The consent form's HMAC key for `serve`: the operator's `override` (AI_READY_CONSENT_SECRET)
 * when set, else the one kept in the store, drawn (32 random bytes) by the first instance to
 * start. Every instance on the same database then signs and verifies alike, so a form shown by
 * one is accepted by another behind a load balancer that is not sticky, and across restarts.
 */
export async function consentSecret(oauth: Pick<OAuthStore, 'sharedSecret'>, override?: string): Promise<string> {
  if (override) return override;
  return oauth.sharedSecret(CONSENT_SECRET_NAME, randomBytes(32).toString('base64url'));
}

/**
 * `secret`: the HMAC key (see consentSecret: `serve` shares it through the store). Without one,
 * this object draws its own, which only its own forms verify against.
 */
export function consentTokens(secret: string | Buffer = randomBytes(32)): ConsentTokens {
  const mac = (nonce: string, exp: number, b: ConsentBinding) =>
    createHmac('sha256', secret).update(`${nonce}\n${exp}\n${b.clientId}\n${b.redirectUri}`).digest('base64url');
  return {
    issue(binding, now, secureCookie, cookiePath) {
      const nonce = randomBytes(18).toString('base64url');
      const exp = Math.floor(now / 1000) + CONSENT_TOKEN_TTL_SEC;
      const attrs = [`Path=${cookiePath}`, `Max-Age=${CONSENT_TOKEN_TTL_SEC}`, 'HttpOnly', 'SameSite=Strict', ...(secureCookie ? ['Secure'] : [])];
      return { token: `${nonce}.${exp}.${mac(nonce, exp, binding)}`, setCookie: `${CONSENT_COOKIE}=${nonce}; ${attrs.join('; ')}` };
    },
    verify(token, cookieHeader, binding, now) {
      const parts = (token ?? '').split('.');
      if (parts.length !== 3) return null;
      const [nonce, expText, sig] = parts;
      const exp = Number(expText);
      if (!/^[A-Za-z0-9_-]{24}$/.test(nonce) || !Number.isInteger(exp) || exp * 1000 <= now) return null;
      const want = Buffer.from(mac(nonce, exp, binding));
      const got = Buffer.from(sig);
      if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
      if (!cookieNonces(cookieHeader).includes(nonce)) return null;
      return { nonce, expiresAt: exp * 1000 };
    },
  };
}

/** Every value of the consent cookie in a Cookie header (a browser may send more than one of a name). */
function cookieNonces(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p.startsWith(`${CONSENT_COOKIE}=`))
    .map((p) => p.slice(CONSENT_COOKIE.length + 1));
}

/** The store key of a spent nonce (hashed: the table never holds a usable value). */
export const nonceKey = (nonce: string) => sha256Hex(`consent:${nonce}`);
