/**
 * The authorization endpoint: validates the request, shows the consent page, and on approval
 * with a valid API key issues a code bound to the PKCE challenge and to that key.
 */
import type { OAuthClient } from '../../store/types.js';
import { KEY_LOOKUP_LENGTH } from '../../store/secrets.js';
import { SCOPES, endpoints } from '../config.js';
import { readParams } from '../http.js';
import { PKCE_CHALLENGE, randomToken, sha256Hex } from '../secrets.js';
import { redirectUriMatches } from '../redirect-uri.js';
import { PAGE_HEADERS, consentPage, errorPage } from '../consent.js';
import { trimSlash, type OAuthContext } from '../context.js';
import { CONSENT_FIELD, nonceKey } from '../consent-token.js';

interface AuthzRequest {
  client: OAuthClient;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  resource: string;
  scope: string;
}

const htmlError = (title: string, message: string, status = 400): Response => new Response(errorPage(title, message), { status, headers: PAGE_HEADERS });

function redirectWith(c: OAuthContext, redirectUri: string, params: Record<string, string | null>): Response {
  const u = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null) u.searchParams.set(k, v);
  u.searchParams.set('iss', endpoints(c.base()).issuer);
  return new Response(null, { status: 302, headers: { location: u.href, 'cache-control': 'no-store' } });
}

/** Validates an authorization request; every error is shown as a page (see `fail`). */
async function validateAuthz(c: OAuthContext, p: URLSearchParams): Promise<{ ok: AuthzRequest } | { response: Response }> {
  const clientId = p.get('client_id') ?? '';
  const client = clientId ? await c.opts.oauth.getClient(clientId, c.now()) : undefined;
  if (!client)
    return { response: htmlError('Unknown client', 'This client is not registered (or its registration expired). Reconnect it from your MCP client.') };
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
  const resource = resources[0] ? trimSlash(resources[0]) : endpoints(c.base()).mcpResource;
  if (!c.audiences().includes(resource)) return fail('invalid_target', `Tokens are only issued for ${endpoints(c.base()).mcpResource}.`);
  return { ok: { client, redirectUri, state, codeChallenge: challenge, resource, scope } };
}

/** The consent page, with a fresh CSRF token in the form and its nonce in a cookie. */
function consent(c: OAuthContext, a: AuthzRequest, error?: string, status = 200): Response {
  const authorization = new URL(endpoints(c.base()).authorization);
  const { token, setCookie } = c.consent.issue(
    { clientId: a.client.clientId, redirectUri: a.redirectUri },
    c.now(),
    authorization.protocol === 'https:',
    authorization.pathname,
  );
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: a.client.clientId,
    redirect_uri: a.redirectUri,
    code_challenge: a.codeChallenge,
    code_challenge_method: 'S256',
    resource: a.resource,
    scope: a.scope,
    ...(a.state !== null ? { state: a.state } : {}),
    [CONSENT_FIELD]: token,
  };
  const page = consentPage({ clientName: a.client.name, clientUri: a.client.clientUri, redirectUri: a.redirectUri, params, error });
  return new Response(page, { status, headers: { ...PAGE_HEADERS, 'set-cookie': setCookie } });
}

/**
 * Approve and deny alike need the form's token, from this browser, once: without it a cross-site
 * POST could make this origin redirect to any URL a self-registered client names.
 */
async function spendConsentToken(c: OAuthContext, req: Request, form: URLSearchParams, a: AuthzRequest): Promise<boolean> {
  const ok = c.consent.verify(form.get(CONSENT_FIELD), req.headers.get('cookie'), { clientId: a.client.clientId, redirectUri: a.redirectUri }, c.now());
  return !!ok && (await c.opts.oauth.useNonce(nonceKey(ok.nonce), ok.expiresAt));
}

export async function authorize(c: OAuthContext, req: Request, url: URL): Promise<Response> {
  if (req.method === 'GET' || req.method === 'HEAD') {
    const v = await validateAuthz(c, url.searchParams);
    return 'response' in v ? v.response : consent(c, v.ok);
  }
  if (req.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'GET, POST' } });
  const form = await readParams(req);
  if (!form) return htmlError('Bad request', 'The form could not be read.');
  const v = await validateAuthz(c, form);
  if ('response' in v) return v.response;
  const a = v.ok;
  if (!(await spendConsentToken(c, req, form, a))) {
    return htmlError(
      'This form has expired',
      'The consent form was already used, has expired, or was not sent from this site. Start again from your MCP client.',
      403,
    );
  }
  if (form.get('decision') !== 'approve')
    return redirectWith(c, a.redirectUri, { error: 'access_denied', error_description: 'The account owner denied access.', state: a.state });
  const apiKey = (form.get('api_key') ?? '').trim();
  const account = await c.opts.store.verifyApiKey(apiKey);
  if (!account) return consent(c, a, 'That API key is not valid (or was revoked).', 401);
  // The grant lives as long as the key that approved it: revoking a leaked key ends it too.
  const keyPrefix = apiKey.slice(0, KEY_LOOKUP_LENGTH);
  const code = randomToken();
  await c.opts.oauth.createCode({
    codeHash: sha256Hex(code),
    clientId: a.client.clientId,
    accountId: account.id,
    redirectUri: a.redirectUri,
    codeChallenge: a.codeChallenge,
    resource: a.resource,
    scope: a.scope,
    familyId: randomToken('fam_'),
    expiresAt: c.now() + c.life.codeSec * 1000,
    keyPrefix,
  });
  return redirectWith(c, a.redirectUri, { code, state: a.state });
}
