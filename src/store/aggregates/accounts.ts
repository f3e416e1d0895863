/** Accounts and API keys over either engine. Keys are found by their public prefix; only a hash is stored. */
import { bool, iso, isoOrNull, type SqlClient } from '../sql.js';
import { hashKey, KEY_LOOKUP_LENGTH, looksLikeApiKey, newAccountId, newApiKey, sameHash } from '../secrets.js';
import type { Account, AccountStore, ApiKeyInfo, Visibility } from '../types.js';

interface AccountRow {
  id: string;
  name: string;
  default_public: unknown;
  created_at: unknown;
}
interface KeyRow {
  prefix: string;
  account_id: string;
  created_at: unknown;
  last_used_at: unknown;
  revoked_at: unknown;
  account_name: string;
}

const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  name: r.name,
  defaultVisibility: bool(r.default_public) ? 'public' : 'private',
  createdAt: iso(r.created_at),
});
const toKey = (r: KeyRow): ApiKeyInfo => ({
  prefix: r.prefix,
  accountId: r.account_id,
  accountName: r.account_name,
  createdAt: iso(r.created_at),
  lastUsedAt: isoOrNull(r.last_used_at),
  revokedAt: isoOrNull(r.revoked_at),
});

/** Booleans as the engine stores them (SQLite has no boolean type). */
export const flag = (sql: SqlClient, v: boolean): boolean | number => (sql.dialect === 'sqlite' ? (v ? 1 : 0) : v);

export function createAccountStore(sql: SqlClient): AccountStore {
  // last_used_at is informational: written at most once a minute per key and instance.
  const keyUse = new Map<string, number>();

  const accountBy = (idOrName: string) =>
    sql.get<AccountRow>('SELECT * FROM accounts WHERE id = ? OR name = ?', [idOrName, idOrName]).then((r) => (r ? toAccount(r) : undefined));

  const store: AccountStore = {
    async createAccount(name, defaultVisibility: Visibility = 'public') {
      const account: Account = { id: newAccountId(), name, defaultVisibility, createdAt: new Date().toISOString() };
      await sql.run('INSERT INTO accounts (id, name, default_public, created_at) VALUES (?, ?, ?, ?)', [
        account.id,
        name,
        flag(sql, defaultVisibility === 'public'),
        account.createdAt,
      ]);
      return account;
    },

    async ensureAccount(name) {
      // Two callers creating the same name at once: the loser reads the winner's row.
      return (await accountBy(name)) ?? store.createAccount(name).catch(async (e) => (await accountBy(name)) ?? Promise.reject(e));
    },

    getAccount: accountBy,

    async listAccounts() {
      return (await sql.all<AccountRow>('SELECT * FROM accounts ORDER BY name')).map(toAccount);
    },

    async setDefaultVisibility(idOrName, visibility) {
      const account = await accountBy(idOrName);
      if (!account) return undefined;
      await sql.run('UPDATE accounts SET default_public = ? WHERE id = ?', [flag(sql, visibility === 'public'), account.id]);
      return { ...account, defaultVisibility: visibility };
    },

    async createApiKey(accountName) {
      const account = await store.ensureAccount(accountName);
      const { token, prefix, hash } = newApiKey();
      const createdAt = new Date().toISOString();
      await sql.run('INSERT INTO api_keys (prefix, hash, account_id, created_at) VALUES (?, ?, ?, ?)', [prefix, hash, account.id, createdAt]);
      return { token, key: { prefix, accountId: account.id, accountName: account.name, createdAt, lastUsedAt: null, revokedAt: null } };
    },

    async listApiKeys(accountName) {
      const rows = await sql.all<KeyRow>(
        `SELECT k.prefix, k.account_id, k.created_at, k.last_used_at, k.revoked_at, a.name AS account_name
           FROM api_keys k JOIN accounts a ON a.id = k.account_id
          ${accountName ? 'WHERE a.name = ?' : ''} ORDER BY k.created_at, k.prefix`,
        accountName ? [accountName] : [],
      );
      return rows.map(toKey);
    },

    async revokeApiKey(prefix) {
      if (prefix.length < 6) return 0;
      const like = prefix.replace(/[%_\\]/g, (c) => `\\${c}`) + '%';
      const res = await sql.run("UPDATE api_keys SET revoked_at = ? WHERE prefix LIKE ? ESCAPE '\\' AND revoked_at IS NULL", [new Date().toISOString(), like]);
      return res.changes;
    },

    async verifyApiKey(token) {
      if (typeof token !== 'string' || !looksLikeApiKey(token)) return null;
      const prefix = token.slice(0, KEY_LOOKUP_LENGTH);
      const row = await sql.get<AccountRow & { hash: string; revoked_at: unknown }>(
        `SELECT k.hash, k.revoked_at, a.id, a.name, a.default_public, a.created_at
           FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.prefix = ?`,
        [prefix],
      );
      if (!row || row.revoked_at || !sameHash(hashKey(token), row.hash)) return null;
      const now = Date.now();
      if ((keyUse.get(prefix) ?? 0) < now - 60_000) {
        keyUse.set(prefix, now);
        sql.run('UPDATE api_keys SET last_used_at = ? WHERE prefix = ?', [new Date(now).toISOString(), prefix]).catch(() => {});
      }
      return toAccount(row);
    },
  };
  return store;
}
