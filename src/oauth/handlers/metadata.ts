/** RFC 8414 authorization-server and RFC 9728 protected-resource metadata documents. */
import { endpoints } from '../config.js';
import { CORS, json } from '../http.js';
import { authorizationServerMetadata, protectedResourceMetadata } from '../metadata.js';
import type { OAuthContext } from '../context.js';

export function wellKnown(c: OAuthContext, path: string): Response | null {
  const b = c.base();
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
