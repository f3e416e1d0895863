/**
 * Which redirect URIs a client may register and how they match (OAuth 2.1 §7.5 / RFC 8252):
 * https anywhere, http only on loopback (any port at authorization time), private-use schemes
 * of native apps (cursor://, vscode://); never script-capable or local-file schemes.
 */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:', 'ws:', 'wss:', 'ftp:']);
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function redirectUriProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2000) return 'a redirect URI must be a string of at most 2000 characters';
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return `"${raw.slice(0, 100)}" is not an absolute URI`;
  }
  if (u.hash) return 'a redirect URI must not contain a fragment';
  if (FORBIDDEN_SCHEMES.has(u.protocol)) return `the ${u.protocol} scheme is not allowed for redirect URIs`;
  if (u.protocol === 'http:' && !LOOPBACK.has(u.hostname)) return 'http redirect URIs are only allowed on loopback (127.0.0.1, [::1], localhost)';
  return null;
}

function isLoopbackHttp(u: URL): boolean {
  return u.protocol === 'http:' && LOOPBACK.has(u.hostname);
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
