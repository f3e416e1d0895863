/** What every OAuth handler reads: options, token lifetimes, the clock and the service's addresses. */
import { DEFAULT_LIFETIMES, endpoints, type OAuthLifetimes } from './config.js';
import type { OAuthServerOptions } from './types.js';
import { consentTokens, type ConsentTokens } from './consent-token.js';

export interface OAuthContext {
  opts: OAuthServerOptions;
  life: OAuthLifetimes;
  now(): number;
  /** Base URL without a trailing slash. */
  base(): string;
  /** Audiences a token may be bound to: the /mcp endpoint, or the service as a whole. */
  audiences(): string[];
  /** The consent form's CSRF tokens. */
  consent: ConsentTokens;
}

export const trimSlash = (s: string): string => s.replace(/\/+$/, '');

export function oauthContext(opts: OAuthServerOptions): OAuthContext {
  const now = opts.now ?? Date.now;
  const base = () => trimSlash(opts.baseUrl());
  return {
    opts,
    life: { ...DEFAULT_LIFETIMES, ...opts.lifetimes },
    now: () => now(),
    base,
    audiences: () => [endpoints(base()).mcpResource, base()],
    consent: consentTokens(opts.consentSecret || undefined),
  };
}

/** The API key that approved a grant was revoked (grants recorded before keys were tracked have none). */
export async function keyRevoked(c: OAuthContext, row: { keyPrefix: string | null }): Promise<boolean> {
  return row.keyPrefix !== null && (await c.opts.oauth.isKeyRevoked(row.keyPrefix));
}
