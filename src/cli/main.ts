/**
 * The `ai-ready` command line. Each command lives in src/cli/commands/ and loads its heavy
 * dependencies (engine, ink, server) lazily, so --help and --version start fast (the program
 * itself is built in program.ts).
 */
import { CommanderError } from 'commander';
import { EXIT } from './exit-codes.js';
import { createProgram } from './program.js';

// `ai-ready scan x | head` closes the pipe early: that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

const program = createProgram(process.argv.slice(2));

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
