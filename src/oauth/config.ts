/** Addresses and lifetimes of the authorization server, derived from the service's base URL. */
export const SCOPE = 'mcp';
export const SCOPES = [SCOPE];

export interface OAuthLifetimes {
  /** Access tokens are short-lived: 1 hour. */
  accessTokenSec: number;
  /** Refresh tokens rotate on every use and expire after 30 days. */
  refreshTokenSec: number;
  /** Authorization codes: 5 minutes, single use. */
  codeSec: number;
  /** A client registration expires 90 days after its last token grant. */
  clientSec: number;
  /** A registration no token was ever granted to expires after a day. */
  unusedClientSec: number;
}

export const DEFAULT_LIFETIMES: OAuthLifetimes = {
  accessTokenSec: 3600,
  refreshTokenSec: 30 * 86_400,
  codeSec: 300,
  clientSec: 90 * 86_400,
  unusedClientSec: 86_400,
};

/** Bounds of dynamic client registration (RFC 7591), open to anyone: see docs/limits.md. */
export const REGISTRATION_LIMITS = {
  /** Registrations per client IP (an IPv6 /64 as one) per hour. */
  perIpPerHour: 10,
  /** Live registrations without any grant yet, across the service. */
  pendingClients: 1000,
  redirectUris: 5,
  redirectUriLength: 512,
};

export const MCP_PATH = '/mcp';

export function endpoints(base: string) {
  return {
    issuer: base,
    authorization: `${base}/oauth/authorize`,
    token: `${base}/oauth/token`,
    registration: `${base}/oauth/register`,
    revocation: `${base}/oauth/revoke`,
    /** The protected resource (RFC 8707 audience) of /mcp. */
    mcpResource: `${base}${MCP_PATH}`,
    /** RFC 9728 metadata of /mcp (path-suffixed well-known form). */
    mcpResourceMetadata: `${origin(base)}/.well-known/oauth-protected-resource${path(base)}${MCP_PATH}`,
    asMetadata: `${origin(base)}/.well-known/oauth-authorization-server${path(base)}`,
  };
}

const origin = (base: string) => new URL(base).origin;
const path = (base: string) => new URL(base).pathname.replace(/\/$/, '');
