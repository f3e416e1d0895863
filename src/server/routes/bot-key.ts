/** The Web Bot Auth key directory that signs the service's own traffic (monitor webhooks). */
import type { H3 } from 'h3';
import { DIRECTORY_MAX_AGE_SEC, WBA_DIRECTORY_PATH, WBA_MEDIA_TYPE, type BotKey } from '../../monitor/bot-key.js';
import { CORS } from '../../oauth/http.js';

export interface BotKeyRouteOptions {
  baseUrl: () => string;
  /** The Host guard already refuses names other than the service's own (loopback binds). */
  hostGuarded: boolean;
}

/**
 * The authority the directory signature may cover, or null. The signature binds the keys to an
 * authority; signing whatever Host a stranger sends would hand out proofs for their domain, which
 * they could re-serve. So only the base URL's authority, or any name the Host guard let through.
 */
export function signableAuthority(requestUrl: string, opts: BotKeyRouteOptions): string | null {
  const authority = new URL(requestUrl).host;
  return opts.hostGuarded || authority === new URL(opts.baseUrl()).host ? authority : null;
}

export function botKeyRoutes(app: H3, botKey: BotKey, opts: BotKeyRouteOptions): void {
  app.all(WBA_DIRECTORY_PATH, (event) => {
    const method = event.req.method;
    if (method !== 'GET' && method !== 'HEAD') return new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD' } });
    const authority = signableAuthority(event.req.url, opts);
    // HEAD carries GET's Content-Digest and signature: they describe the representation, not the (absent) bytes.
    return new Response(method === 'HEAD' ? null : botKey.directoryBody, {
      headers: {
        'content-type': WBA_MEDIA_TYPE,
        'cache-control': `public, max-age=${DIRECTORY_MAX_AGE_SEC}`,
        ...CORS,
        ...(authority ? botKey.signDirectory(authority) : {}),
      },
    });
  });
}
