/**
 * The service's own OAuth 2.1 authorization server for /mcp, as web-standard handlers:
 * RFC 8414 metadata, RFC 9728 protected-resource metadata, RFC 7591 dynamic registration, the
 * authorization-code grant with PKCE (S256 only) through a consent page, refresh tokens rotated
 * on every use (a reused one revokes its whole grant), RFC 7009 revocation, and opaque
 * short-lived access tokens bound to their resource (RFC 8707).
 */
import type { Account, Store } from '../store/types.js';
import type { AuthMethod, OAuthClient, OAuthStore } from '../store/oauth.js';
import { DEFAULT_LIFETIMES, SCOPE, SCOPES, endpoints, type OAuthLifetimes } from './config.js';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.js';
import { CORS, json, jsonNoStore, oauthError, readJson, readParams } from './http.js';
import { PKCE_CHALLENGE, pkceMatches, randomToken, sameSecret, sha256Hex } from './secrets.js';
import { redirectUriMatches, redirectUriProblem } from './redirect-uri.js';
import { PAGE_HEADERS, consentPage, errorPage } from './consent.js';
import { KEY_LOOKUP_LENGTH } from '../store/secrets.js';

export interface OAuthServerOptions {
  oauth: OAuthStore;
  store: Pick<Store, 'verifyApiKey' | 'getAccount' | 'hitRate'>;
  /** Base URL of the service, without a trailing slash (a function: known after binding). */
  baseUrl: () => string;
  lifetimes?: Partial<OAuthLifetimes>;
  /** Registrations per minute per client IP (default 20). */
  registrationRate?: number;
  now?: () => number;
}

export interface BearerGrant {
  account: Account;
  clientId: string;
  scope: string;
  resource: string;
}

export type BearerResult = { ok: true; grant: BearerGrant } | { ok: false; response: Response };

export interface OAuthServer {
  /** Answers an OAuth or metadata path; null for any other path. */
  handle(req: Request, opts?: { clientIp?: string }): Promise<Response | null>;
  /** Checks `Authorization: Bearer` for /mcp; failures come with the 401 to send (WWW-Authenticate). */
  verifyBearer(req: Request): Promise<BearerResult>;
  /** Removes expired codes, tokens and registrations. */
  purge(): Promise<void>;
}

interface AuthzRequest {
  client: OAuthClient;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  resource: string;
  scope: string;
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

export function createOAuthServer(opts: OAuthServerOptions): OAuthServer {
  const life = { ...DEFAULT_LIFETIMES, ...opts.lifetimes };
  const now = opts.now ?? Date.now;
  const base = () => trimSlash(opts.baseUrl());
  /** Audiences a token may be bound to: the /mcp endpoint, or the service as a whole. */
  const audiences = () => [endpoints(base()).mcpResource, base()];

  // ---------- metadata ----------
  function wellKnown(path: string): Response | null {
    const b = base();
    const basePath = new URL(b).pathname.replace(/\/$/, '');
    if (path === '/.well-known/oauth-authorization-server' || path === `/.well-known/oauth-authorization-server${basePath}`) {
      return json(authorizationServerMetadata(b), 200, { ...CORS, 'cache-control': 'public, max-age=3600' });
    }
    if (path === `/.well-known/oauth-protected-resource${basePath}/mcp`) {
      return json(protectedResourceMetadata(b, endpoints(b).mcpResource), 200, { ...CORS, 'cache-control': 'public, max-age=3600' });
    }
    if (path === '/.well-known/oauth-protected-resource' || (basePath && path === `/.well-known/oauth-protected-resource${basePath}`)) {
      return json(protectedResourceMetadata(b, b), 200, { ...CORS, 'cache-control': 'public, max-age=3600' });
    }
    return null;
  }

  // ---------- registration (RFC 7591) ----------
  async function register(req: Request, clientIp?: string): Promise<Response> {
    if (clientIp) {
      const rate = await opts.store.hitRate(`oauth-register:${clientIp}`, opts.registrationRate ?? 20, 60_000);
      if (!rate.allowed) return oauthError('slow_down', 'Too many registrations; retry later.', 429, { 'retry-after': String(rate.retryAfterSec) });
    }
    const body = await readJson(req);
    if (!body || typeof body !== 'object' || Array.isArray(body)) return oauthError('invalid_client_metadata', 'The body must be a JSON object.');
    const m = body as Record<string, unknown>;
    const uris = m.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10) {
      return oauthError('invalid_redirect_uri', 'redirect_uris must list 1 to 10 URIs.');
    }
    for (const u of uris) {
      const problem = redirectUriProblem(u);
      if (problem) return oauthError('invalid_redirect_uri', problem);
    }
    const grantTypes = m.grant_types ?? ['authorization_code', 'refresh_token'];
    if (!Array.isArray(grantTypes) || !grantTypes.every((g) => g === 'authorization_code' || g === 'refresh_token') || !grantTypes.includes('authorization_code')) {
      return oauthError('invalid_client_metadata', 'grant_types may only be authorization_code and refresh_token (authorization_code required).');
    }
    const responseTypes = m.response_types ?? ['code'];
    if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== 'code')) return oauthError('invalid_client_metadata', 'response_types must be ["code"].');
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
    const t = now();
    const clientId = randomToken('mcpc_').slice(0, 5 + 32);
    const secret = method === 'none' ? null : randomToken('mcps_');
    const client: OAuthClient = {
      clientId, secretHash: secret ? sha256Hex(secret) : null, name, redirectUris: uris as string[], grantTypes: grantTypes as string[],
      authMethod: method, scope, clientUri, createdAt: t, expiresAt: t + life.clientSec * 1000,
    };
    await opts.oauth.createClient(client);
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

  // ---------- authorization ----------
  const htmlError = (title: string, message: string, status = 400) => new Response(errorPage(title, message), { status, headers: PAGE_HEADERS });

  function redirectWith(redirectUri: string, params: Record<string, string | null>): Response {
    const u = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) if (v !== null) u.searchParams.set(k, v);
    u.searchParams.set('iss', endpoints(base()).issuer);
    return new Response(null, { status: 302, headers: { location: u.href, 'cache-control': 'no-store' } });
  }

  /** Validates an authorization request; every error is shown as a page (see `fail`). */
  async function validateAuthz(p: URLSearchParams): Promise<{ ok: AuthzRequest } | { response: Response }> {
    const clientId = p.get('client_id') ?? '';
    const client = clientId ? await opts.oauth.getClient(clientId, now()) : undefined;
    if (!client) return { response: htmlError('Unknown client', 'This client is not registered (or its registration expired). Reconnect it from your MCP client.') };
    const requested = p.get('redirect_uri');
    let redirectUri: string | undefined;
    if (requested) redirectUri = client.redirectUris.some((r) => redirectUriMatches(r, requested)) ? requested : undefined;
    else if (client.redirectUris.length === 1) redirectUri = client.redirectUris[0];
    if (!redirectUri) return { response: htmlError('Invalid redirect URI', 'The redirect_uri does not match the client registration.') };
    const state = p.get('state');
    // Errors found before the owner has seen the consent page are shown here, never redirected:
    // anyone may register a client with any https redirect URI, so redirecting unprompted would
    // turn this origin into an open redirector (RFC 9700 §4.11.2). A denial on the page, which
    // the owner chose, still goes back to the client.
    const fail = (error: string, description: string) => ({ response: htmlError('Invalid authorization request', `${description} (${error})`) });
    if (p.get('response_type') !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.');
    const challenge = p.get('code_challenge') ?? '';
    if (p.get('code_challenge_method') !== 'S256' || !PKCE_CHALLENGE.test(challenge)) {
      return fail('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256.');
    }
    const scope = p.get('scope')?.trim() || client.scope;
    if (!scope.split(/\s+/).every((s) => SCOPES.includes(s))) return fail('invalid_scope', `Supported scopes: ${SCOPES.join(' ')}.`);
    const resources = p.getAll('resource');
    if (resources.length > 1) return fail('invalid_target', 'Only one resource may be requested.');
    const resource = resources[0] ? trimSlash(resources[0]) : endpoints(base()).mcpResource;
    if (!audiences().includes(resource)) return fail('invalid_target', `Tokens are only issued for ${endpoints(base()).mcpResource}.`);
    return { ok: { client, redirectUri, state, codeChallenge: challenge, resource, scope } };
  }

  function consent(a: AuthzRequest, error?: string, status = 200): Response {
    const params: Record<string, string> = {
      response_type: 'code', client_id: a.client.clientId, redirect_uri: a.redirectUri, code_challenge: a.codeChallenge,
      code_challenge_method: 'S256', resource: a.resource, scope: a.scope,
      ...(a.state !== null ? { state: a.state } : {}),
    };
    return new Response(consentPage({ clientName: a.client.name, clientUri: a.client.clientUri, redirectUri: a.redirectUri, params, error }), { status, headers: PAGE_HEADERS });
  }

  async function authorize(req: Request, url: URL): Promise<Response> {
    if (req.method === 'GET' || req.method === 'HEAD') {
      const v = await validateAuthz(url.searchParams);
      return 'response' in v ? v.response : consent(v.ok);
    }
    if (req.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'GET, POST' } });
    const form = await readParams(req);
    if (!form) return htmlError('Bad request', 'The form could not be read.');
    const v = await validateAuthz(form);
    if ('response' in v) return v.response;
    const a = v.ok;
    if (form.get('decision') !== 'approve') return redirectWith(a.redirectUri, { error: 'access_denied', error_description: 'The account owner denied access.', state: a.state });
    const apiKey = (form.get('api_key') ?? '').trim();
    const account = await opts.store.verifyApiKey(apiKey);
    if (!account) return consent(a, 'That API key is not valid (or was revoked).', 401);
    // The grant lives as long as the key that approved it: revoking a leaked key ends it too.
    const keyPrefix = apiKey.slice(0, KEY_LOOKUP_LENGTH);
    const code = randomToken();
    await opts.oauth.createCode({
      codeHash: sha256Hex(code), clientId: a.client.clientId, accountId: account.id, redirectUri: a.redirectUri,
      codeChallenge: a.codeChallenge, resource: a.resource, scope: a.scope, familyId: randomToken('fam_'), expiresAt: now() + life.codeSec * 1000,
      keyPrefix,
    });
    return redirectWith(a.redirectUri, { code, state: a.state });
  }

  // ---------- token ----------
  /** Client authentication at the token and revocation endpoints (basic, post, or none for public clients). */
  async function authenticateClient(req: Request, p: URLSearchParams): Promise<OAuthClient | Response> {
    let id = p.get('client_id');
    let secret = p.get('client_secret');
    const header = req.headers.get('authorization');
    if (header?.toLowerCase().startsWith('basic ')) {
      const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
      const i = decoded.indexOf(':');
      if (i < 0) return oauthError('invalid_client', 'Malformed Basic credentials.', 401);
      try {
        id = decodeURIComponent(decoded.slice(0, i));
        secret = decodeURIComponent(decoded.slice(i + 1));
      } catch {
        return oauthError('invalid_client', 'Malformed Basic credentials.', 401);
      }
    }
    const client = id ? await opts.oauth.getClient(id, now()) : undefined;
    if (!client) return oauthError('invalid_client', 'Unknown or expired client.', 401);
    if (client.secretHash) {
      if (!secret || !sameSecret(client.secretHash, secret)) return oauthError('invalid_client', 'Client authentication failed.', 401);
    }
    return client;
  }

  async function issue(client: OAuthClient, accountId: string, resource: string, scope: string, familyId: string, keyPrefix: string | null): Promise<Response> {
    const t = now();
    const access = randomToken('mcp_at_');
    const refresh = randomToken('mcp_rt_');
    const row = { clientId: client.clientId, accountId, resource, scope, familyId, createdAt: t, keyPrefix };
    await opts.oauth.createToken({ ...row, tokenHash: sha256Hex(access), kind: 'access', expiresAt: t + life.accessTokenSec * 1000 });
    await opts.oauth.createToken({ ...row, tokenHash: sha256Hex(refresh), kind: 'refresh', expiresAt: t + life.refreshTokenSec * 1000 });
    await opts.oauth.extendClient(client.clientId, t + life.clientSec * 1000);
    return jsonNoStore({ access_token: access, token_type: 'Bearer', expires_in: life.accessTokenSec, refresh_token: refresh, scope });
  }

  /** The API key that approved a grant was revoked (grants recorded before keys were tracked have none). */
  const keyRevoked = async (row: { keyPrefix: string | null }) => row.keyPrefix !== null && (await opts.oauth.isKeyRevoked(row.keyPrefix));

  async function token(req: Request): Promise<Response> {
    if (req.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST', ...CORS } });
    const p = await readParams(req);
    if (!p) return oauthError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
    const client = await authenticateClient(req, p);
    if (client instanceof Response) return client;
    const grant = p.get('grant_type');
    const resourceParam = p.get('resource') ? trimSlash(p.get('resource')!) : null;

    if (grant === 'authorization_code') {
      const code = p.get('code') ?? '';
      const verifier = p.get('code_verifier') ?? '';
      if (!code || !verifier) return oauthError('invalid_request', 'code and code_verifier are required.');
      const { ok, code: row } = await opts.oauth.redeemCode(sha256Hex(code), now());
      if (!row || row.clientId !== client.clientId) return oauthError('invalid_grant', 'Unknown authorization code.');
      if (!ok) {
        // A replayed code may have been stolen: revoke whatever the first redemption produced.
        if (row.usedAt !== null) await opts.oauth.revokeFamily(row.familyId, now());
        return oauthError('invalid_grant', 'The authorization code was already used or has expired.');
      }
      const redirect = p.get('redirect_uri');
      if (redirect !== null && redirect !== row.redirectUri) return oauthError('invalid_grant', 'redirect_uri does not match the authorization request.');
      if (!pkceMatches(verifier, row.codeChallenge)) return oauthError('invalid_grant', 'PKCE verification failed.');
      if (resourceParam && resourceParam !== row.resource) return oauthError('invalid_target', 'resource does not match the authorization request.');
      if (!(await opts.store.getAccount(row.accountId))) return oauthError('invalid_grant', 'The account no longer exists.');
      if (await keyRevoked(row)) return oauthError('invalid_grant', 'The API key that approved this grant was revoked.');
      return issue(client, row.accountId, row.resource, row.scope, row.familyId, row.keyPrefix);
    }

    if (grant === 'refresh_token') {
      if (!client.grantTypes.includes('refresh_token')) return oauthError('unauthorized_client', 'This client may not use refresh tokens.');
      const presented = p.get('refresh_token') ?? '';
      const row = presented ? await opts.oauth.getToken(sha256Hex(presented)) : undefined;
      if (!row || row.kind !== 'refresh' || row.clientId !== client.clientId) return oauthError('invalid_grant', 'Unknown refresh token.');
      if (row.expiresAt <= now()) return oauthError('invalid_grant', 'The refresh token has expired.');
      // Rotation: the first use wins; any later use of the same token means it leaked.
      if (row.revokedAt !== null || !(await opts.oauth.revokeToken(row.tokenHash, now()))) {
        await opts.oauth.revokeFamily(row.familyId, now());
        return oauthError('invalid_grant', 'The refresh token was already used; the grant is revoked.');
      }
      const scope = p.get('scope')?.trim() || row.scope;
      if (!scope.split(/\s+/).every((s) => row.scope.split(/\s+/).includes(s))) return oauthError('invalid_scope', 'A refresh cannot widen the scope.');
      if (resourceParam && resourceParam !== row.resource) return oauthError('invalid_target', 'resource does not match the grant.');
      if (!(await opts.store.getAccount(row.accountId))) return oauthError('invalid_grant', 'The account no longer exists.');
      if (await keyRevoked(row)) {
        await opts.oauth.revokeFamily(row.familyId, now());
        return oauthError('invalid_grant', 'The API key that approved this grant was revoked.');
      }
      return issue(client, row.accountId, row.resource, scope, row.familyId, row.keyPrefix);
    }
    return oauthError('unsupported_grant_type', 'Supported grant types: authorization_code, refresh_token.');
  }

  async function revoke(req: Request): Promise<Response> {
    if (req.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST', ...CORS } });
    const p = await readParams(req);
    if (!p) return oauthError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
    const client = await authenticateClient(req, p);
    if (client instanceof Response) return client;
    const row = await opts.oauth.getToken(sha256Hex(p.get('token') ?? ''));
    // RFC 7009: unknown tokens are not an error; a token of another client is left alone.
    if (row && row.clientId === client.clientId) await opts.oauth.revokeFamily(row.familyId, now());
    return new Response(null, { status: 200, headers: { ...CORS, 'cache-control': 'no-store' } });
  }

  // ---------- bearer check for /mcp ----------
  function unauthorized(error?: { code: string; description: string }): Response {
    const parts = [`resource_metadata="${endpoints(base()).mcpResourceMetadata}"`, `scope="${SCOPE}"`];
    if (error) parts.push(`error="${error.code}"`, `error_description="${error.description.replace(/"/g, "'")}"`);
    return json(
      { error: error?.code ?? 'unauthorized', error_description: error?.description ?? 'This endpoint needs an OAuth access token.' },
      401,
      { 'www-authenticate': `Bearer ${parts.join(', ')}`, ...CORS, 'access-control-expose-headers': 'www-authenticate' },
    );
  }

  return {
    async handle(req, handleOpts = {}) {
      const url = new URL(req.url);
      const path = url.pathname;
      const known = path.startsWith('/.well-known/oauth-') || path.startsWith('/oauth/');
      if (!known) return null;
      if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
      if (path.startsWith('/.well-known/')) {
        if (req.method !== 'GET' && req.method !== 'HEAD') return null;
        return wellKnown(path);
      }
      if (path === '/oauth/register') {
        if (req.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST', ...CORS } });
        return register(req, handleOpts.clientIp);
      }
      if (path === '/oauth/authorize') return authorize(req, url);
      if (path === '/oauth/token') return token(req);
      if (path === '/oauth/revoke') return revoke(req);
      return null;
    },

    async verifyBearer(req) {
      const header = req.headers.get('authorization') ?? '';
      const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
      if (!m) return { ok: false, response: unauthorized() };
      const row = await opts.oauth.getToken(sha256Hex(m[1]));
      if (!row || row.kind !== 'access' || row.revokedAt !== null) {
        return { ok: false, response: unauthorized({ code: 'invalid_token', description: 'The access token is unknown or revoked.' }) };
      }
      if (row.expiresAt <= now()) return { ok: false, response: unauthorized({ code: 'invalid_token', description: 'The access token has expired.' }) };
      if (!audiences().includes(row.resource)) {
        return { ok: false, response: unauthorized({ code: 'invalid_token', description: 'The access token was issued for another resource.' }) };
      }
      const account = await opts.store.getAccount(row.accountId);
      if (!account) return { ok: false, response: unauthorized({ code: 'invalid_token', description: 'The account no longer exists.' }) };
      if (await keyRevoked(row)) {
        return { ok: false, response: unauthorized({ code: 'invalid_token', description: 'The API key that approved this grant was revoked.' }) };
      }
      return { ok: true, grant: { account, clientId: row.clientId, scope: row.scope, resource: row.resource } };
    },

    purge: () => opts.oauth.purgeExpired(now()),
  };
}
