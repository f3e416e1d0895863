/**
 * Tables of the OAuth 2.1 authorization server (src/oauth): registered clients, authorization
 * codes and tokens. Every secret (client secret, code, access and refresh token) is stored only as
 * a SHA-256 hash; every row expires. Single-use steps (code redemption, refresh rotation) are one
 * conditional UPDATE, so two concurrent redemptions cannot both win.
 */
import type { Db } from './db.js';

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

interface ClientRow { client_id: string; secret_hash: string | null; name: string; redirect_uris: string; grant_types: string; auth_method: string; scope: string; client_uri: string | null; created_at: number; expires_at: number }
interface CodeRow { code_hash: string; client_id: string; account_id: string; redirect_uri: string; code_challenge: string; resource: string; scope: string; family_id: string; expires_at: number; used_at: number | null; key_prefix: string | null }
interface TokenRow { token_hash: string; kind: string; client_id: string; account_id: string; resource: string; scope: string; family_id: string; created_at: number; expires_at: number; revoked_at: number | null; key_prefix: string | null }

const toClient = (r: ClientRow): OAuthClient => ({
  clientId: r.client_id, secretHash: r.secret_hash, name: r.name, redirectUris: JSON.parse(r.redirect_uris), grantTypes: JSON.parse(r.grant_types),
  authMethod: r.auth_method as AuthMethod, scope: r.scope, clientUri: r.client_uri, createdAt: r.created_at, expiresAt: r.expires_at,
});
const toCode = (r: CodeRow): AuthCode => ({
  codeHash: r.code_hash, clientId: r.client_id, accountId: r.account_id, redirectUri: r.redirect_uri, codeChallenge: r.code_challenge,
  resource: r.resource, scope: r.scope, familyId: r.family_id, expiresAt: r.expires_at, usedAt: r.used_at, keyPrefix: r.key_prefix ?? null,
});
const toToken = (r: TokenRow): OAuthToken => ({
  tokenHash: r.token_hash, kind: r.kind as 'access' | 'refresh', clientId: r.client_id, accountId: r.account_id, resource: r.resource,
  scope: r.scope, familyId: r.family_id, createdAt: r.created_at, expiresAt: r.expires_at, revokedAt: r.revoked_at, keyPrefix: r.key_prefix ?? null,
});

export async function openOAuthStore(db: Db): Promise<OAuthStore> {
  for (const [name, statements] of OAUTH_MIGRATIONS) await db.migrate(name, statements);
  return {
    async createClient(c) {
      await db.run(
        `INSERT INTO oauth_clients (client_id, secret_hash, name, redirect_uris, grant_types, auth_method, scope, client_uri, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [c.clientId, c.secretHash, c.name, JSON.stringify(c.redirectUris), JSON.stringify(c.grantTypes), c.authMethod, c.scope, c.clientUri, c.createdAt, c.expiresAt],
      );
    },
    async getClient(clientId, now) {
      const r = await db.get<ClientRow>('SELECT * FROM oauth_clients WHERE client_id = ? AND expires_at > ?', [clientId, now]);
      return r ? toClient(r) : undefined;
    },
    async extendClient(clientId, expiresAt) {
      await db.run('UPDATE oauth_clients SET expires_at = MAX(expires_at, ?) WHERE client_id = ?', [expiresAt, clientId]);
    },
    async createCode(c) {
      await db.run(
        `INSERT INTO oauth_codes (code_hash, client_id, account_id, redirect_uri, code_challenge, resource, scope, family_id, expires_at, key_prefix)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [c.codeHash, c.clientId, c.accountId, c.redirectUri, c.codeChallenge, c.resource, c.scope, c.familyId, c.expiresAt, c.keyPrefix ?? null],
      );
    },
    async redeemCode(codeHash, now) {
      const res = await db.run('UPDATE oauth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL AND expires_at > ?', [now, codeHash, now]);
      const r = await db.get<CodeRow>('SELECT * FROM oauth_codes WHERE code_hash = ?', [codeHash]);
      return { ok: res.changes === 1, code: r ? toCode(r) : undefined };
    },
    async createToken(t) {
      await db.run(
        `INSERT INTO oauth_tokens (token_hash, kind, client_id, account_id, resource, scope, family_id, created_at, expires_at, key_prefix)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [t.tokenHash, t.kind, t.clientId, t.accountId, t.resource, t.scope, t.familyId, t.createdAt, t.expiresAt, t.keyPrefix ?? null],
      );
    },
    async getToken(tokenHash) {
      const r = await db.get<TokenRow>('SELECT * FROM oauth_tokens WHERE token_hash = ?', [tokenHash]);
      return r ? toToken(r) : undefined;
    },
    async revokeToken(tokenHash, now) {
      return (await db.run('UPDATE oauth_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL', [now, tokenHash])).changes === 1;
    },
    async revokeFamily(familyId, now) {
      return (await db.run('UPDATE oauth_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL', [now, familyId])).changes;
    },
    async isKeyRevoked(keyPrefix) {
      // api_keys belongs to the report store (src/store/sqlite-store.ts), in the same database file.
      const row = await db.get<{ revoked_at: string | null }>('SELECT revoked_at FROM api_keys WHERE prefix = ?', [keyPrefix]);
      return !row || row.revoked_at !== null;
    },
    async purgeExpired(now) {
      await db.run('DELETE FROM oauth_codes WHERE expires_at <= ?', [now]);
      await db.run('DELETE FROM oauth_tokens WHERE expires_at <= ?', [now]);
      await db.run('DELETE FROM oauth_clients WHERE expires_at <= ?', [now]);
    },
  };
}
