import type { Command } from 'commander';
import { databaseUrlOpt, withStore } from './keys.js';
import { commandFail } from '../fail.js';

const fail = commandFail('accounts');

export function registerAccounts(program: Command): void {
  const accounts = program.command('accounts').description('Manage accounts of the service (works while `serve` runs)');
  const dataDirOpt = ['--data-dir <dir>', 'the store of `ai-ready serve` (default $AI_READY_DATA_DIR or ./.ai-ready-data)'] as const;

  accounts
    .command('list')
    .description('List accounts and their default scan visibility')
    .option('--json', 'print JSON')
    .option(...dataDirOpt)
    .option(...databaseUrlOpt)
    .action(async (flags: { json?: boolean; dataDir?: string }) => {
      const list = await withStore(flags, (s) => s.listAccounts());
      if (flags.json) return void process.stdout.write(JSON.stringify(list, null, 2) + '\n');
      if (!list.length) process.stdout.write('No accounts.\n');
      for (const a of list) process.stdout.write(`${a.name}  ${a.defaultVisibility}  created ${a.createdAt}\n`);
    });

  accounts
    .command('create')
    .description('Create an account')
    .argument('<name>', 'account name')
    .option('--visibility <v>', 'default scan visibility: public | private', 'public')
    .option(...dataDirOpt)
    .option(...databaseUrlOpt)
    .action(async (name: string, flags: { visibility: string; dataDir?: string }) => {
      if (!/^[\w.@-]{1,64}$/.test(name) || !['public', 'private'].includes(flags.visibility)) {
        fail('the name must be 1-64 letters, digits, _ . @ or -, and --visibility public or private');
        return;
      }
      const result = await withStore(flags, async (s) => ((await s.getAccount(name)) ? null : s.createAccount(name, flags.visibility as 'public')));
      if (!result) {
        fail(`"${name}" already exists`);
        return;
      }
      process.stdout.write(`Created account ${result.name} (${result.defaultVisibility}).\n`);
    });

  accounts
    .command('set-visibility')
    .description("Set an account's default scan visibility (API-key scans follow it unless isPublic overrides)")
    .argument('<name>', 'account name')
    .argument('<visibility>', 'public | private')
    .option(...dataDirOpt)
    .option(...databaseUrlOpt)
    .action(async (name: string, visibility: string, flags: { dataDir?: string }) => {
      if (visibility !== 'public' && visibility !== 'private') {
        fail('visibility must be public or private');
        return;
      }
      const updated = await withStore(flags, (s) => s.setDefaultVisibility(name, visibility));
      if (!updated) {
        fail(`no account named "${name}"`);
        return;
      }
      process.stdout.write(`${updated.name}: scans are ${updated.defaultVisibility} by default.\n`);
    });
}
