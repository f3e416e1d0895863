/** The Web Bot Auth key directory that signs the service's own traffic (monitor webhooks). */
import { DIRECTORY_MAX_AGE_SEC, WBA_DIRECTORY_PATH, WBA_MEDIA_TYPE, type BotKey } from '../../monitor/bot-key.js';
import { CORS } from '../../oauth/http.js';
import { defineRoute, type Route } from '../route.js';

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

export function botKeyRoutes(botKey: BotKey, opts: BotKeyRouteOptions): Route[] {
  // HEAD carries GET's Content-Digest and signature: they describe the representation, not the (absent) bytes.
  const directory = (requestUrl: string, head: boolean) => {
    const authority = signableAuthority(requestUrl, opts);
    return new Response(head ? null : botKey.directoryBody, {
      headers: {
        'content-type': WBA_MEDIA_TYPE,
        'cache-control': `public, max-age=${DIRECTORY_MAX_AGE_SEC}`,
        ...CORS,
        ...(authority ? botKey.signDirectory(authority) : {}),
      },
    });
  };
  return [
    defineRoute({
      path: WBA_DIRECTORY_PATH,
      methods: { get: (event) => directory(event.req.url, false), head: (event) => directory(event.req.url, true) },
    }),
  ];
}
