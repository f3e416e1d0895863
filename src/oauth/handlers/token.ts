/**
 * The token endpoint: the authorization-code grant (PKCE S256) and refresh tokens rotated on
 * every use (a reused one revokes its whole grant); tokens are stored as hashes only.
 */
import type { OAuthClient } from '../../store/types.js';
import { CORS, jsonNoStore, oauthError, readParams } from '../http.js';
import { pkceMatches, randomToken, sha256Hex } from '../secrets.js';
import { keyRevoked, trimSlash, type OAuthContext } from '../context.js';
import { authenticateClient } from './client-auth.js';

async function issue(
  c: OAuthContext,
  client: OAuthClient,
  accountId: string,
  resource: string,
  scope: string,
  familyId: string,
  keyPrefix: string | null,
): Promise<Response> {
  const t = c.now();
  const access = randomToken('mcp_at_');
  const refresh = randomToken('mcp_rt_');
  const row = { clientId: client.clientId, accountId, resource, scope, familyId, createdAt: t, keyPrefix };
  await c.opts.oauth.createToken({ ...row, tokenHash: sha256Hex(access), kind: 'access', expiresAt: t + c.life.accessTokenSec * 1000 });
  await c.opts.oauth.createToken({ ...row, tokenHash: sha256Hex(refresh), kind: 'refresh', expiresAt: t + c.life.refreshTokenSec * 1000 });
  await c.opts.oauth.extendClient(client.clientId, t + c.life.clientSec * 1000);
  return jsonNoStore({ access_token: access, token_type: 'Bearer', expires_in: c.life.accessTokenSec, refresh_token: refresh, scope });
}

/** The API key that approved a grant was revoked (grants recorded before keys were tracked have none). */
export async function token(c: OAuthContext, req: Request): Promise<Response> {
  if (req.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST', ...CORS } });
  const p = await readParams(req);
  if (!p) return oauthError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  const client = await authenticateClient(c, req, p);
  if (client instanceof Response) return client;
  const grant = p.get('grant_type');
  const resourceParam = p.get('resource') ? trimSlash(p.get('resource')!) : null;

  if (grant === 'authorization_code') {
    const code = p.get('code') ?? '';
    const verifier = p.get('code_verifier') ?? '';
    if (!code || !verifier) return oauthError('invalid_request', 'code and code_verifier are required.');
    const { ok, code: row } = await c.opts.oauth.redeemCode(sha256Hex(code), c.now());
    if (!row || row.clientId !== client.clientId) return oauthError('invalid_grant', 'Unknown authorization code.');
    if (!ok) {
      // A replayed code may have been stolen: revoke whatever the first redemption produced.
      if (row.usedAt !== null) await c.opts.oauth.revokeFamily(row.familyId, c.now());
      return oauthError('invalid_grant', 'The authorization code was already used or has expired.');
    }
    const redirect = p.get('redirect_uri');
    if (redirect !== null && redirect !== row.redirectUri) return oauthError('invalid_grant', 'redirect_uri does not match the authorization request.');
    if (!pkceMatches(verifier, row.codeChallenge)) return oauthError('invalid_grant', 'PKCE verification failed.');
    if (resourceParam && resourceParam !== row.resource) return oauthError('invalid_target', 'resource does not match the authorization request.');
    if (!(await c.opts.store.getAccount(row.accountId))) return oauthError('invalid_grant', 'The account no longer exists.');
    if (await keyRevoked(c, row)) return oauthError('invalid_grant', 'The API key that approved this grant was revoked.');
    return issue(c, client, row.accountId, row.resource, row.scope, row.familyId, row.keyPrefix);
  }

  if (grant === 'refresh_token') {
    if (!client.grantTypes.includes('refresh_token')) return oauthError('unauthorized_client', 'This client may not use refresh tokens.');
    const presented = p.get('refresh_token') ?? '';
    const row = presented ? await c.opts.oauth.getToken(sha256Hex(presented)) : undefined;
    if (!row || row.kind !== 'refresh' || row.clientId !== client.clientId) return oauthError('invalid_grant', 'Unknown refresh token.');
    if (row.expiresAt <= c.now()) return oauthError('invalid_grant', 'The refresh token has expired.');
    // Rotation: the first use wins; any later use of the same token means it leaked.
    if (row.revokedAt !== null || !(await c.opts.oauth.revokeToken(row.tokenHash, c.now()))) {
      await c.opts.oauth.revokeFamily(row.familyId, c.now());
      return oauthError('invalid_grant', 'The refresh token was already used; the grant is revoked.');
    }
    const scope = p.get('scope')?.trim() || row.scope;
    if (!scope.split(/\s+/).every((s) => row.scope.split(/\s+/).includes(s))) return oauthError('invalid_scope', 'A refresh cannot widen the scope.');
    if (resourceParam && resourceParam !== row.resource) return oauthError('invalid_target', 'resource does not match the grant.');
    if (!(await c.opts.store.getAccount(row.accountId))) return oauthError('invalid_grant', 'The account no longer exists.');
    if (await keyRevoked(c, row)) {
      await c.opts.oauth.revokeFamily(row.familyId, c.now());
      return oauthError('invalid_grant', 'The API key that approved this grant was revoked.');
    }
    return issue(c, client, row.accountId, row.resource, scope, row.familyId, row.keyPrefix);
  }
  return oauthError('unsupported_grant_type', 'Supported grant types: authorization_code, refresh_token.');
}
