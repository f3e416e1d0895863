/** OAuth records over either engine (all times are epoch ms). */
import { json, num, numOrNull, type Row, type SqlClient } from '../sql.js';
import type { AuthCode, AuthMethod, OAuthClient, OAuthStore, OAuthToken } from '../types.js';

const toClient = (r: Row): OAuthClient => ({
  clientId: r.client_id as string,
  secretHash: (r.secret_hash ?? null) as string | null,
  name: r.name as string,
  redirectUris: json<string[]>(r.redirect_uris),
  grantTypes: json<string[]>(r.grant_types),
  authMethod: r.auth_method as AuthMethod,
  scope: r.scope as string,
  clientUri: (r.client_uri ?? null) as string | null,
  createdAt: num(r.created_at),
  expiresAt: num(r.expires_at),
});
const toCode = (r: Row): AuthCode => ({
  codeHash: r.code_hash as string,
  clientId: r.client_id as string,
  accountId: r.account_id as string,
  redirectUri: r.redirect_uri as string,
  codeChallenge: r.code_challenge as string,
  resource: r.resource as string,
  scope: r.scope as string,
  familyId: r.family_id as string,
  expiresAt: num(r.expires_at),
  usedAt: numOrNull(r.used_at),
  keyPrefix: (r.key_prefix ?? null) as string | null,
});
const toToken = (r: Row): OAuthToken => ({
  tokenHash: r.token_hash as string,
  kind: r.kind as 'access' | 'refresh',
  clientId: r.client_id as string,
  accountId: r.account_id as string,
  resource: r.resource as string,
  scope: r.scope as string,
  familyId: r.family_id as string,
  createdAt: num(r.created_at),
  expiresAt: num(r.expires_at),
  revokedAt: numOrNull(r.revoked_at),
  keyPrefix: (r.key_prefix ?? null) as string | null,
});

export function createOAuthStore(sql: SqlClient): OAuthStore {
  const greatest = sql.dialect === 'postgres' ? 'GREATEST' : 'MAX';
  return {
    async createClient(c) {
      await sql.run(
        `INSERT INTO oauth_clients (client_id, secret_hash, name, redirect_uris, grant_types, auth_method, scope, client_uri, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          c.clientId,
          c.secretHash,
          c.name,
          JSON.stringify(c.redirectUris),
          JSON.stringify(c.grantTypes),
          c.authMethod,
          c.scope,
          c.clientUri,
          c.createdAt,
          c.expiresAt,
        ],
      );
    },
    async getClient(clientId, now) {
      const r = await sql.get('SELECT * FROM oauth_clients WHERE client_id = ? AND expires_at > ?', [clientId, now]);
      return r ? toClient(r) : undefined;
    },
    async extendClient(clientId, expiresAt) {
      await sql.run(`UPDATE oauth_clients SET expires_at = ${greatest}(expires_at, ?) WHERE client_id = ?`, [expiresAt, clientId]);
    },
    async createCode(c) {
      await sql.run(
        `INSERT INTO oauth_codes (code_hash, client_id, account_id, redirect_uri, code_challenge, resource, scope, family_id, expires_at, key_prefix)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [c.codeHash, c.clientId, c.accountId, c.redirectUri, c.codeChallenge, c.resource, c.scope, c.familyId, c.expiresAt, c.keyPrefix ?? null],
      );
    },
    async redeemCode(codeHash, now) {
      const res = await sql.run('UPDATE oauth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL AND expires_at > ?', [now, codeHash, now]);
      const r = await sql.get('SELECT * FROM oauth_codes WHERE code_hash = ?', [codeHash]);
      return { ok: res.changes === 1, code: r ? toCode(r) : undefined };
    },
    async createToken(t) {
      await sql.run(
        `INSERT INTO oauth_tokens (token_hash, kind, client_id, account_id, resource, scope, family_id, created_at, expires_at, key_prefix)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [t.tokenHash, t.kind, t.clientId, t.accountId, t.resource, t.scope, t.familyId, t.createdAt, t.expiresAt, t.keyPrefix ?? null],
      );
    },
    async getToken(tokenHash) {
      const r = await sql.get('SELECT * FROM oauth_tokens WHERE token_hash = ?', [tokenHash]);
      return r ? toToken(r) : undefined;
    },
    async revokeToken(tokenHash, now) {
      return (await sql.run('UPDATE oauth_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL', [now, tokenHash])).changes === 1;
    },
    async revokeFamily(familyId, now) {
      return (await sql.run('UPDATE oauth_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL', [now, familyId])).changes;
    },
    async isKeyRevoked(keyPrefix) {
      // api_keys belongs to the accounts aggregate, in the same database.
      const row = await sql.get<{ revoked_at: unknown }>('SELECT revoked_at FROM api_keys WHERE prefix = ?', [keyPrefix]);
      return !row || (row.revoked_at !== null && row.revoked_at !== undefined);
    },
    async purgeExpired(now) {
      await sql.run('DELETE FROM oauth_codes WHERE expires_at <= ?', [now]);
      await sql.run('DELETE FROM oauth_tokens WHERE expires_at <= ?', [now]);
      await sql.run('DELETE FROM oauth_clients WHERE expires_at <= ?', [now]);
      await sql.run('DELETE FROM oauth_used_nonces WHERE expires_at <= ?', [now]);
    },
    async useNonce(nonceHash, expiresAt) {
      const res = await sql.run('INSERT INTO oauth_used_nonces (nonce_hash, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING', [
        nonceHash,
        Math.floor(expiresAt),
      ]);
      return res.changes === 1;
    },
    async countPendingClients(now, pendingMs) {
      const row = await sql.get<{ n: unknown }>('SELECT COUNT(*) AS n FROM oauth_clients WHERE expires_at > ? AND expires_at <= created_at + ?', [
        Math.floor(now),
        Math.floor(pendingMs),
      ]);
      return num(row?.n ?? 0);
    },
    async sharedSecret(name, candidate) {
      // Insert if absent, then read: whichever instance inserted first, every one reads its value.
      await sql.run('INSERT INTO oauth_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [name, candidate, Date.now()]);
      const row = await sql.get<{ value: string }>('SELECT value FROM oauth_secrets WHERE name = ?', [name]);
      if (!row) throw new Error(`the shared secret "${name}" could not be stored`);
      return row.value;
    },
  };
}
