/**
 * The `ai-ready` command line. Each command lives in src/cli/commands/ and loads its heavy
 * dependencies (engine, ink, server) lazily, so --help and --version start fast.
 */
import { Command, CommanderError } from 'commander';
import { VERSION } from '../version.js';
import { EXIT } from './exit-codes.js';
import { registerScan } from './commands/scan.js';
import { registerRubric } from './commands/rubric.js';
import { registerMcp } from './commands/mcp.js';
import { registerMonitors } from './commands/monitors.js';
import { registerExplain } from './commands/explain.js';
import { registerServe } from './commands/serve.js';
import { registerKeys } from './commands/keys.js';
import { registerAccounts } from './commands/accounts.js';
import { registerWorker } from './commands/worker.js';

// `ai-ready scan x | head` closes the pipe early: that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

const program = new Command();
program
  .name('ai-ready')
  .description('Audit a website for the standards AI agents rely on, and get the exact fixes.')
  .version(VERSION, '-v, --version')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();

const COMMANDS: Record<string, (program: Command) => void> = {
  scan: registerScan,
  rubric: registerRubric,
  mcp: registerMcp,
  monitors: registerMonitors,
  explain: registerExplain,
  serve: registerServe,
  keys: registerKeys,
  accounts: registerAccounts,
  worker: registerWorker,
};
// Building commander's options is most of the CLI's own start-up: a named command gets only its
// own. No command, `help` or an unknown word get them all (the overview, suggestions).
const invoked = process.argv.slice(2).find((a) => !a.startsWith('-'));
const registrations = invoked && Object.hasOwn(COMMANDS, invoked) ? [COMMANDS[invoked]] : Object.values(COMMANDS);
for (const register of registrations) register(program);

program.addHelpText(
  'after',
  `
Exit codes:
  0  ok (without thresholds, whatever the score)
  1  below a threshold (--min-grade, --min-score, ...)
  2  usage error or invalid URL
  3  a target could not be scanned (DNS, refused, TLS, timeout, bot challenge on every request)`,
);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
  } else {
    process.stderr.write(`ai-ready: ${(e as Error)?.message ?? String(e)}\n`);
    process.exitCode = EXIT.USAGE;
  }
}
