/** The OAuth server's options and the surface the MCP face and the routes use. */
import type { Account, Store } from '../store/types.js';
import type { OAuthStore } from '../store/types.js';
import type { OAuthLifetimes } from './config.js';

export interface OAuthServerOptions {
  oauth: OAuthStore;
  store: Pick<Store, 'verifyApiKey' | 'getAccount' | 'hitRate'>;
  /** Base URL of the service, without a trailing slash (a function: known after binding). */
  baseUrl: () => string;
  lifetimes?: Partial<OAuthLifetimes>;
  /** Registrations per hour per client IP (default REGISTRATION_LIMITS.perIpPerHour). */
  registrationRate?: number;
  /** Live registrations no token was granted to yet, across the service (default REGISTRATION_LIMITS.pendingClients). */
  maxPendingClients?: number;
  /**
   * HMAC key of the consent form's CSRF tokens; instances behind one non-sticky address must share
   * it (`serve` passes the store's, see consentSecret; default: drawn per server object).
   */
  consentSecret?: string;
  now?: () => number;
}

export interface BearerGrant {
  account: Account;
  clientId: string;
  scope: string;
  resource: string;
}

export type BearerResult = { ok: true; grant: BearerGrant } | { ok: false; response: Response };

export interface OAuthServer {
  /** Answers an OAuth or metadata path; null for any other path. */
  handle(req: Request, opts?: { clientIp?: string }): Promise<Response | null>;
  /** Checks `Authorization: Bearer` for /mcp; failures come with the 401 to send (WWW-Authenticate). */
  verifyBearer(req: Request): Promise<BearerResult>;
  /** Removes expired codes, tokens and registrations. */
  purge(): Promise<void>;
}
