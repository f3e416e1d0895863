/**
 * The commander program of `ai-ready`, built for one command line. Kept apart from main.ts (which
 * parses and runs) so the build can render the help texts from the real program: bin/ prints
 * those for `--help` without loading the CLI (see tsup.config.ts, writeHelpTexts).
 */
import { Command } from 'commander';
import { VERSION } from '../version.js';
import { registerScan } from './commands/scan.js';
import { registerRubric } from './commands/rubric.js';
import { registerMcp } from './commands/mcp.js';
import { registerMonitors } from './commands/monitors.js';
import { registerExplain } from './commands/explain.js';
import { registerServe } from './commands/serve.js';
import { registerKeys } from './commands/keys.js';
import { registerAccounts } from './commands/accounts.js';
import { registerWorker } from './commands/worker.js';

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

/** The program for these arguments (process.argv without node and the script). */
export function createProgram(args: readonly string[]): Command {
  const program = new Command();
  program
    .name('ai-ready')
    .description('Audit a website for the standards AI agents rely on, and get the exact fixes.')
    .version(VERSION, '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  // Building commander's options is most of the CLI's own start-up: a named command gets only its
  // own. No command, `help` or an unknown word get them all (the overview, suggestions).
  const invoked = args.find((a) => !a.startsWith('-'));
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
  return program;
}
