/**
 * The service's own OAuth 2.1 authorization server for /mcp, as web-standard handlers:
 * RFC 8414 metadata, RFC 9728 protected-resource metadata, RFC 7591 dynamic registration, the
 * authorization-code grant with PKCE (S256 only) through a consent page, refresh tokens rotated
 * on every use (a reused one revokes its whole grant), RFC 7009 revocation, and opaque
 * short-lived access tokens bound to their resource (RFC 8707).
 */
import { CORS } from './http.js';
import { oauthContext } from './context.js';
import { wellKnown } from './handlers/metadata.js';
import { register } from './handlers/register.js';
import { authorize } from './handlers/authorize.js';
import { token } from './handlers/token.js';
import { revoke } from './handlers/revoke.js';
import { verifyBearer } from './handlers/bearer.js';
import type { OAuthServer, OAuthServerOptions } from './types.js';

export type { BearerGrant, BearerResult, OAuthServer, OAuthServerOptions } from './types.js';

/** Every path the OAuth server answers (the routes mount each one). */
export const OAUTH_PATHS = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  '/oauth/register',
  '/oauth/authorize',
  '/oauth/token',
  '/oauth/revoke',
] as const;

export function createOAuthServer(opts: OAuthServerOptions): OAuthServer {
  const c = oauthContext(opts);
  return {
    async handle(req, handleOpts = {}) {
      const url = new URL(req.url);
      const path = url.pathname;
      const known = path.startsWith('/.well-known/oauth-') || path.startsWith('/oauth/');
      if (!known) return null;
      if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
      if (path.startsWith('/.well-known/')) {
        if (req.method !== 'GET' && req.method !== 'HEAD') return null;
        return wellKnown(c, path);
      }
      if (path === '/oauth/register') {
        if (req.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST', ...CORS } });
        return register(c, req, handleOpts.clientIp);
      }
      if (path === '/oauth/authorize') return authorize(c, req, url);
      if (path === '/oauth/token') return token(c, req);
      if (path === '/oauth/revoke') return revoke(c, req);
      return null;
    },
    verifyBearer: (req) => verifyBearer(c, req),
    purge: () => opts.oauth.purgeExpired(c.now()),
  };
}
