/**
 * The OAuth 2.1 authorization server's records (src/oauth): registered clients, authorization
 * codes and tokens; the types and SQLite tables live here, the operations (serving both engines)
 * in src/store/aggregates/oauth.ts. Every secret (client secret, code, access and refresh token)
 * is stored only as a SHA-256 hash; every row expires. Single-use steps (code redemption, refresh
 * rotation) are one conditional UPDATE, so two concurrent redemptions cannot both win.
 */
import type { Db } from './db.js';
import { createOAuthStore } from './aggregates/oauth.js';

export const OAUTH_MIGRATIONS: Array<[string, string[]]> = [
  [
    'oauth-1',
    [
      `CREATE TABLE oauth_clients (
         client_id TEXT PRIMARY KEY, secret_hash TEXT, name TEXT NOT NULL, redirect_uris TEXT NOT NULL,
         grant_types TEXT NOT NULL, auth_method TEXT NOT NULL, scope TEXT NOT NULL, client_uri TEXT,
         created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL)`,
      `CREATE TABLE oauth_codes (
         code_hash TEXT PRIMARY KEY, client_id TEXT NOT NULL, account_id TEXT NOT NULL, redirect_uri TEXT NOT NULL,
         code_challenge TEXT NOT NULL, resource TEXT NOT NULL, scope TEXT NOT NULL, family_id TEXT NOT NULL,
         expires_at INTEGER NOT NULL, used_at INTEGER)`,
      `CREATE TABLE oauth_tokens (
         token_hash TEXT PRIMARY KEY, kind TEXT NOT NULL, client_id TEXT NOT NULL, account_id TEXT NOT NULL,
         resource TEXT NOT NULL, scope TEXT NOT NULL, family_id TEXT NOT NULL,
         created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, revoked_at INTEGER)`,
      'CREATE INDEX oauth_tokens_family ON oauth_tokens (family_id)',
      'CREATE INDEX oauth_tokens_expiry ON oauth_tokens (expires_at)',
    ],
  ],
  [
    // The API key the owner signed in with on the consent page: revoking it ends the grant.
    'oauth-2-key-prefix',
    ['ALTER TABLE oauth_codes ADD COLUMN key_prefix TEXT', 'ALTER TABLE oauth_tokens ADD COLUMN key_prefix TEXT'],
  ],
];

export type AuthMethod = 'none' | 'client_secret_post' | 'client_secret_basic';

export interface OAuthClient {
  clientId: string;
  secretHash: string | null;
  name: string;
  redirectUris: string[];
  grantTypes: string[];
  authMethod: AuthMethod;
  scope: string;
  clientUri: string | null;
  createdAt: number;
  expiresAt: number;
}

export interface AuthCode {
  codeHash: string;
  clientId: string;
  accountId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  scope: string;
  familyId: string;
  expiresAt: number;
  usedAt: number | null;
  /** Prefix of the API key that approved the grant (null for grants made before it was recorded). */
  keyPrefix: string | null;
}

export interface OAuthToken {
  tokenHash: string;
  kind: 'access' | 'refresh';
  clientId: string;
  accountId: string;
  resource: string;
  scope: string;
  familyId: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  /** Prefix of the API key that approved the grant (null for grants made before it was recorded). */
  keyPrefix: string | null;
}

export interface OAuthStore {
  createClient(c: OAuthClient): Promise<void>;
  /** The client, unless unknown or expired. */
  getClient(clientId: string, now: number): Promise<OAuthClient | undefined>;
  /** Extends a client's registration (sliding expiry on use). */
  extendClient(clientId: string, expiresAt: number): Promise<void>;
  createCode(c: Omit<AuthCode, 'usedAt' | 'keyPrefix'> & { keyPrefix?: string | null }): Promise<void>;
  /** Marks the code used. `ok` only for the first redemption of an unexpired code; a replay returns the row with ok false. */
  redeemCode(codeHash: string, now: number): Promise<{ ok: boolean; code: AuthCode | undefined }>;
  createToken(t: Omit<OAuthToken, 'revokedAt' | 'keyPrefix'> & { keyPrefix?: string | null }): Promise<void>;
  getToken(tokenHash: string): Promise<OAuthToken | undefined>;
  /** Revokes one token; true when this call revoked it (false when it already was, or does not exist). */
  revokeToken(tokenHash: string, now: number): Promise<boolean>;
  /** Revokes every token of a grant (refresh-token reuse, code replay, revocation). */
  revokeFamily(familyId: string, now: number): Promise<number>;
  /** True when the API key with this prefix was revoked or no longer exists. */
  isKeyRevoked(keyPrefix: string): Promise<boolean>;
  /** Deletes rows expired before `now` (codes, tokens, clients). */
  purgeExpired(now: number): Promise<void>;
}

/** The OAuth tables of a SQLite database (migrated on open). `store.oauth` is the same over any engine. */
export async function openOAuthStore(db: Db): Promise<OAuthStore> {
  for (const [name, statements] of OAUTH_MIGRATIONS) await db.migrate(name, statements);
  return createOAuthStore(db);
}
