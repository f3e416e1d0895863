/** The bearer check of /mcp: a valid, unexpired, unrevoked access token for this resource. */
import { SCOPE, endpoints } from '../config.js';
import { CORS, json } from '../http.js';
import { sha256Hex } from '../secrets.js';
import { keyRevoked, type OAuthContext } from '../context.js';
import type { BearerResult } from '../types.js';

function unauthorized(c: OAuthContext, error?: { code: string; description: string }): Response {
  const parts = [`resource_metadata="${endpoints(c.base()).mcpResourceMetadata}"`, `scope="${SCOPE}"`];
  if (error) parts.push(`error="${error.code}"`, `error_description="${error.description.replace(/"/g, "'")}"`);
  return json({ error: error?.code ?? 'unauthorized', error_description: error?.description ?? 'This endpoint needs an OAuth access token.' }, 401, {
    'www-authenticate': `Bearer ${parts.join(', ')}`,
    ...CORS,
    'access-control-expose-headers': 'www-authenticate',
  });
}

export async function verifyBearer(c: OAuthContext, req: Request): Promise<BearerResult> {
  const header = req.headers.get('authorization') ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) return { ok: false, response: unauthorized(c) };
  const row = await c.opts.oauth.getToken(sha256Hex(m[1]));
  if (!row || row.kind !== 'access' || row.revokedAt !== null) {
    return { ok: false, response: unauthorized(c, { code: 'invalid_token', description: 'The access token is unknown or revoked.' }) };
  }
  if (row.expiresAt <= c.now()) return { ok: false, response: unauthorized(c, { code: 'invalid_token', description: 'The access token has expired.' }) };
  if (!c.audiences().includes(row.resource)) {
    return { ok: false, response: unauthorized(c, { code: 'invalid_token', description: 'The access token was issued for another resource.' }) };
  }
  const account = await c.opts.store.getAccount(row.accountId);
  if (!account) return { ok: false, response: unauthorized(c, { code: 'invalid_token', description: 'The account no longer exists.' }) };
  if (await keyRevoked(c, row)) {
    return { ok: false, response: unauthorized(c, { code: 'invalid_token', description: 'The API key that approved this grant was revoked.' }) };
  }
  return { ok: true, grant: { account, clientId: row.clientId, scope: row.scope, resource: row.resource } };
}
