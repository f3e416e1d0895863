/**
 * The commander program of `ai-ready` with every command. Kept apart from main.ts (which parses
 * and runs) so the build can render the help texts from the real program: bin/ prints those for
 * `--help` without loading the CLI (see tsup.config.ts, writeHelpTexts).
 */
import type { Command } from 'commander';
import { buildProgram, type RegisterCommand } from './program-base.js';
import { registerScan } from './commands/scan.js';
import { registerRubric } from './commands/rubric.js';
import { registerMcp } from './commands/mcp.js';
import { registerMonitors } from './commands/monitors.js';
import { registerExplain } from './commands/explain.js';
import { registerServe } from './commands/serve.js';
import { registerKeys } from './commands/keys.js';
import { registerAccounts } from './commands/accounts.js';
import { registerWorker } from './commands/worker.js';
import { registerDemo } from './commands/demo.js';
import { registerFix } from './commands/fix.js';

const COMMANDS: Record<string, RegisterCommand> = {
  scan: registerScan,
  rubric: registerRubric,
  mcp: registerMcp,
  monitors: registerMonitors,
  explain: registerExplain,
  fix: registerFix,
  serve: registerServe,
  keys: registerKeys,
  accounts: registerAccounts,
  worker: registerWorker,
  demo: registerDemo,
};

/** The program for these arguments (process.argv without node and the script). */
export function createProgram(args: readonly string[]): Command {
  return buildProgram(args, COMMANDS);
}
