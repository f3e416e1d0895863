import type { Command } from 'commander';
import { commandFail } from '../fail.js';

const fail = commandFail('keys');

/** Where a command finds the store: Postgres when a URL is given (flag or $AI_READY_DATABASE_URL), else SQLite in the data dir. */
export interface StoreFlags {
  dataDir?: string;
  databaseUrl?: string;
}

export const databaseUrlOpt = [
  '--database-url <url>',
  'the Postgres store of `ai-ready serve` (default $AI_READY_DATABASE_URL; without it, SQLite in --data-dir)',
] as const;

async function withStore<T>(where: StoreFlags | string | undefined, fn: (store: import('../../store/index.js').Store) => Promise<T>): Promise<T> {
  const { openStore, dataDirFrom, databaseUrlFrom } = await import('../../store/index.js');
  const flags = typeof where === 'object' ? where : { dataDir: where };
  const store = await openStore({ databaseUrl: databaseUrlFrom(flags.databaseUrl), dataDir: dataDirFrom(flags.dataDir) });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

export { withStore };

export function registerKeys(program: Command): void {
  const keys = program.command('keys').description('Manage API keys of the service (works while `serve` runs)');
  const dataDirOpt = ['--data-dir <dir>', 'the store of `ai-ready serve` (default $AI_READY_DATA_DIR or ./.ai-ready-data)'] as const;

  keys
    .command('create')
    .description('Create an API key for an account (created when absent); the key is printed once')
    .requiredOption('--account <name>', 'account name')
    .option(...dataDirOpt)
    .option(...databaseUrlOpt)
    .action(async (flags: { account: string; dataDir?: string }) => {
      const name = flags.account.trim();
      if (!/^[\w.@-]{1,64}$/.test(name)) {
        fail('--account must be 1-64 letters, digits, _ . @ or -');
        return;
      }
      const { token, key } = await withStore(flags, (s) => s.createApiKey(name));
      process.stderr.write(`Created key ${key.prefix}… for account "${key.accountName}". Store it now: it is not shown again.\n`);
      process.stdout.write(`${token}\n`);
    });

  keys
    .command('list')
    .description('List keys (prefix, account, created, last used, revoked)')
    .option('--account <name>', 'only this account')
    .option('--json', 'print JSON')
    .option(...dataDirOpt)
    .option(...databaseUrlOpt)
    .action(async (flags: { account?: string; json?: boolean; dataDir?: string }) => {
      const list = await withStore(flags, (s) => s.listApiKeys(flags.account));
      if (flags.json) {
        process.stdout.write(JSON.stringify(list, null, 2) + '\n');
        return;
      }
      if (!list.length) process.stdout.write('No keys.\n');
      for (const k of list) {
        const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
        process.stdout.write(`${k.prefix}…  ${k.accountName}  created ${k.createdAt}  last used ${k.lastUsedAt ?? 'never'}  ${state}\n`);
      }
    });

  keys
    .command('revoke')
    .description('Revoke the active keys starting with <prefix> (at least 6 characters)')
    .argument('<prefix>', 'key prefix as shown by `keys list`')
    .option(...dataDirOpt)
    .option(...databaseUrlOpt)
    .action(async (prefix: string, flags: { dataDir?: string }) => {
      const clean = prefix.replace(/…$/, '').trim();
      if (clean.length < 6) {
        fail('the prefix needs at least 6 characters');
        return;
      }
      const n = await withStore(flags, (s) => s.revokeApiKey(clean));
      if (n === 0) {
        fail(`no active key starts with ${clean}`);
        return;
      }
      process.stdout.write(`Revoked ${n} key${n > 1 ? 's' : ''}.\n`);
    });
}
