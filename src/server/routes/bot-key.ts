/** The Web Bot Auth key directory that signs the service's own traffic (monitor webhooks). */
import type { H3 } from 'h3';
import { DIRECTORY_MAX_AGE_SEC, WBA_DIRECTORY_PATH, WBA_MEDIA_TYPE, type BotKey } from '../../monitor/bot-key.js';
import { CORS } from '../../oauth/http.js';

export function botKeyRoutes(app: H3, botKey: BotKey): void {
  app.all(WBA_DIRECTORY_PATH, (event) => {
    const method = event.req.method;
    if (method !== 'GET' && method !== 'HEAD') return new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD' } });
    // HEAD carries GET's Content-Digest and signature: they describe the representation, not the (absent) bytes.
    return new Response(method === 'HEAD' ? null : botKey.directoryBody, {
      headers: {
        'content-type': WBA_MEDIA_TYPE,
        'cache-control': `public, max-age=${DIRECTORY_MAX_AGE_SEC}`,
        ...CORS,
        ...botKey.signDirectory(new URL(event.req.url).host),
      },
    });
  });
}
