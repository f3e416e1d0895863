/** The Web Bot Auth key directory that signs the service's own traffic (monitor webhooks). */
import type { H3 } from 'h3';
import { WBA_DIRECTORY_PATH, WBA_MEDIA_TYPE, type BotKey } from '../../monitor/bot-key.js';
import { CORS } from '../../oauth/http.js';

export function botKeyRoutes(app: H3, botKey: BotKey): void {
  app.all(WBA_DIRECTORY_PATH, (event) => {
    const method = event.req.method;
    if (method !== 'GET' && method !== 'HEAD') return new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD' } });
    return new Response(method === 'HEAD' ? null : JSON.stringify(botKey.jwks), {
      headers: { 'content-type': WBA_MEDIA_TYPE, 'cache-control': 'public, max-age=3600', ...CORS, ...botKey.signDirectory(new URL(event.req.url).host) },
    });
  });
}
