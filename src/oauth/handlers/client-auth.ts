/** Client authentication at the token and revocation endpoints. */
import type { OAuthClient } from '../../store/types.js';
import { oauthError } from '../http.js';
import { sameSecret } from '../secrets.js';
import type { OAuthContext } from '../context.js';

/** Client authentication at the token and revocation endpoints (basic, post, or none for public clients). */
export async function authenticateClient(c: OAuthContext, req: Request, p: URLSearchParams): Promise<OAuthClient | Response> {
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
  const client = id ? await c.opts.oauth.getClient(id, c.now()) : undefined;
  if (!client) return oauthError('invalid_client', 'Unknown or expired client.', 401);
  if (client.secretHash) {
    if (!secret || !sameSecret(client.secretHash, secret)) return oauthError('invalid_client', 'Client authentication failed.', 401);
  }
  return client;
}
