/** Parses the command line with a built program and turns what it throws into an exit code. */
import { CommanderError, type Command } from 'commander';
import { EXIT } from './exit-codes.js';
import { asksForHelp, loadDeclaredChecks } from './declared-checks.js';

export async function runCli(program: Command, argv: readonly string[] = process.argv): Promise<void> {
  // `ai-ready scan x | head` closes the pipe early: that is the reader's choice, not an error.
  // Attached on the next turn of the event loop, after a scan's first requests are out: opening
  // stdout costs several ms, and a write's EPIPE is only ever reported on a later turn.
  setImmediate(() => {
    for (const stream of [process.stdout, process.stderr]) {
      stream.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
        throw e;
      });
    }
  });
  try {
    // A help text enumerates the checks that declare what it says (the registry loads for it only).
    if (asksForHelp(argv.slice(2))) await loadDeclaredChecks();
    await program.parseAsync([...argv]);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    } else {
      process.stderr.write(`ai-ready: ${(e as Error)?.message ?? String(e)}\n`);
      process.exitCode = EXIT.USAGE;
    }
  }
}
