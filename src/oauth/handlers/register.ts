/**
 * RFC 7591 dynamic client registration, open to anyone, so bounded three ways: per client IP per
 * hour, a global cap on registrations nobody has used yet, and small metadata. An unused
 * registration expires after a day; its first grant extends it (src/oauth/handlers/token.ts).
 */
import type { AuthMethod, OAuthClient } from '../../store/types.js';
import { REGISTRATION_LIMITS, SCOPE, SCOPES } from '../config.js';
import { jsonNoStore, oauthError, readJson } from '../http.js';
import { randomToken, sha256Hex } from '../secrets.js';
import { redirectUriProblem } from '../redirect-uri.js';
import type { OAuthContext } from '../context.js';

export async function register(c: OAuthContext, req: Request, clientIp?: string): Promise<Response> {
  if (clientIp) {
    const rate = await c.opts.store.hitRate(`oauth-register:${clientIp}`, c.opts.registrationRate ?? REGISTRATION_LIMITS.perIpPerHour, 3_600_000);
    if (!rate.allowed) return oauthError('slow_down', 'Too many registrations; retry later.', 429, { 'retry-after': String(rate.retryAfterSec) });
  }
  const pending = await c.opts.oauth.countPendingClients(c.now(), c.life.unusedClientSec * 1000);
  if (pending >= (c.opts.maxPendingClients ?? REGISTRATION_LIMITS.pendingClients)) {
    // Unused registrations expire within a day: room comes back by itself.
    return oauthError('temporarily_unavailable', 'Too many registrations are waiting to be used; retry later.', 503, { 'retry-after': '3600' });
  }
  const body = await readJson(req);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return oauthError('invalid_client_metadata', 'The body must be a JSON object.');
  const m = body as Record<string, unknown>;
  const uris = m.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > REGISTRATION_LIMITS.redirectUris) {
    return oauthError('invalid_redirect_uri', `redirect_uris must list 1 to ${REGISTRATION_LIMITS.redirectUris} URIs.`);
  }
  for (const u of uris) {
    const problem = redirectUriProblem(u);
    if (problem) return oauthError('invalid_redirect_uri', problem);
  }
  const grantTypes = m.grant_types ?? ['authorization_code', 'refresh_token'];
  if (
    !Array.isArray(grantTypes) ||
    !grantTypes.every((g) => g === 'authorization_code' || g === 'refresh_token') ||
    !grantTypes.includes('authorization_code')
  ) {
    return oauthError('invalid_client_metadata', 'grant_types may only be authorization_code and refresh_token (authorization_code required).');
  }
  const responseTypes = m.response_types ?? ['code'];
  if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== 'code'))
    return oauthError('invalid_client_metadata', 'response_types must be ["code"].');
  const method = (m.token_endpoint_auth_method ?? 'client_secret_basic') as AuthMethod;
  if (!['none', 'client_secret_post', 'client_secret_basic'].includes(method)) {
    return oauthError('invalid_client_metadata', 'token_endpoint_auth_method must be none, client_secret_post or client_secret_basic.');
  }
  const scope = typeof m.scope === 'string' && m.scope.trim() ? m.scope.trim() : SCOPE;
  if (!scope.split(/\s+/).every((s) => SCOPES.includes(s))) return oauthError('invalid_client_metadata', `Unknown scope; supported: ${SCOPES.join(' ')}.`);
  const name = typeof m.client_name === 'string' && m.client_name.trim() ? m.client_name.trim().slice(0, 100) : 'Unnamed MCP client';
  let clientUri: string | null = null;
  if (typeof m.client_uri === 'string') {
    try {
      const u = new URL(m.client_uri);
      if (u.protocol === 'https:' || u.protocol === 'http:') clientUri = u.href.slice(0, 500);
    } catch {
      return oauthError('invalid_client_metadata', 'client_uri must be an http(s) URL.');
    }
  }
  const t = c.now();
  const clientId = randomToken('mcpc_').slice(0, 5 + 32);
  const secret = method === 'none' ? null : randomToken('mcps_');
  const client: OAuthClient = {
    clientId,
    secretHash: secret ? sha256Hex(secret) : null,
    name,
    redirectUris: uris as string[],
    grantTypes: grantTypes as string[],
    authMethod: method,
    scope,
    clientUri,
    createdAt: t,
    expiresAt: t + c.life.unusedClientSec * 1000,
  };
  await c.opts.oauth.createClient(client);
  return jsonNoStore(
    {
      client_id: clientId,
      client_id_issued_at: Math.floor(t / 1000),
      ...(secret ? { client_secret: secret, client_secret_expires_at: Math.floor(client.expiresAt / 1000) } : {}),
      client_name: name,
      ...(clientUri ? { client_uri: clientUri } : {}),
      redirect_uris: client.redirectUris,
      grant_types: client.grantTypes,
      response_types: ['code'],
      token_endpoint_auth_method: method,
      scope,
    },
    201,
  );
}
