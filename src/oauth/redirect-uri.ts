/**
 * Which redirect URIs a client may register and how they match (OAuth 2.1 §7.5, RFC 8252, RFC 9700):
 *
 * - https anywhere;
 * - http only on a loopback IP literal, 127.0.0.1 or [::1], any port at authorization time
 *   (RFC 8252 §7.3). `localhost` is refused (RFC 8252 §8.3: a name can resolve elsewhere, and
 *   OAuth 2.1 says the same);
 * - private-use schemes of native apps only in reverse-domain form (`com.example.app:/cb`,
 *   RFC 8252 §7.1), plus the few bare schemes of well-known MCP clients (KNOWN_APP_SCHEMES);
 *   any other custom scheme is refused, and so are script-capable and local-file schemes.
 */
import { REGISTRATION_LIMITS } from './config.js';

const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);
/** Bare private-use schemes of MCP clients people use (their apps register these handlers). */
export const KNOWN_APP_SCHEMES = new Set(['cursor:', 'vscode:', 'vscode-insiders:', 'windsurf:', 'zed:']);
/** RFC 8252 §7.1: a reverse domain name the app controls, e.g. com.example.app. */
const REVERSE_DOMAIN_SCHEME = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+:$/;

export function redirectUriProblem(raw: unknown): string | null {
  const max = REGISTRATION_LIMITS.redirectUriLength;
  if (typeof raw !== 'string' || raw.length > max) return `a redirect URI must be a string of at most ${max} characters`;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return `"${raw.slice(0, 100)}" is not an absolute URI`;
  }
  if (u.hash) return 'a redirect URI must not contain a fragment';
  if (u.username || u.password) return 'a redirect URI must not contain credentials';
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:') {
    return LOOPBACK_IPS.has(u.hostname)
      ? null
      : 'http redirect URIs are only allowed on a loopback IP literal (http://127.0.0.1:<port>/... or http://[::1]:<port>/...)';
  }
  if (KNOWN_APP_SCHEMES.has(u.protocol) || REVERSE_DOMAIN_SCHEME.test(u.protocol)) return null;
  return (
    `the ${u.protocol} scheme is not allowed for redirect URIs: use https, a loopback IP literal over ` +
    `http, or a reverse-domain private-use scheme (RFC 8252)`
  );
}

function isLoopbackHttp(u: URL): boolean {
  return u.protocol === 'http:' && LOOPBACK_IPS.has(u.hostname);
}

/** Exact match, except that loopback http URIs match on any port (native apps pick a free port). */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  try {
    const a = new URL(registered);
    const b = new URL(requested);
    if (!isLoopbackHttp(a) || !isLoopbackHttp(b)) return false;
    return a.hostname === b.hostname && a.pathname === b.pathname && a.search === b.search;
  } catch {
    return false;
  }
}
