/**
 * The commander program of `ai-ready` for one command line, built from the commands it is given.
 * program.ts hands it every command; the scan bundle (scan-main.ts) hands it `scan` alone, so
 * that bundle holds none of the other commands' code.
 */
import { Command } from 'commander';
import { VERSION } from '../version.js';

export type RegisterCommand = (program: Command) => void;

/** The program for these arguments (process.argv without node and the script). */
export function buildProgram(args: readonly string[], commands: Readonly<Record<string, RegisterCommand>>): Command {
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
  const registrations = invoked && Object.hasOwn(commands, invoked) ? [commands[invoked]] : Object.values(commands);
  for (const register of registrations) register(program);
  // Every command takes --no-color, as scan does (a script can pass it everywhere); the commands
  // that print colour declare it themselves with what it turns off.
  const plain = (cmd: Command): void => {
    if (!cmd.options.some((o) => o.long === '--no-color')) cmd.option('--no-color', 'plain text without colour (also NO_COLOR=1)');
    cmd.commands.forEach(plain);
  };
  program.commands.forEach(plain);

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
