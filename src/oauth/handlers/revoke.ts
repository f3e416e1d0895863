/** RFC 7009 revocation: revoking any token of a grant ends the whole grant. */
import { CORS, oauthError, readParams } from '../http.js';
import { sha256Hex } from '../secrets.js';
import type { OAuthContext } from '../context.js';
import { authenticateClient } from './client-auth.js';

export async function revoke(c: OAuthContext, req: Request): Promise<Response> {
  if (req.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST', ...CORS } });
  const p = await readParams(req);
  if (!p) return oauthError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  const client = await authenticateClient(c, req, p);
  if (client instanceof Response) return client;
  const row = await c.opts.oauth.getToken(sha256Hex(p.get('token') ?? ''));
  // RFC 7009: unknown tokens are not an error; a token of another client is left alone.
  if (row && row.clientId === client.clientId) await c.opts.oauth.revokeFamily(row.familyId, c.now());
  return new Response(null, { status: 200, headers: { ...CORS, 'cache-control': 'no-store' } });
}
