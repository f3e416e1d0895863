/**
 * The `ai-ready` command line. Each command lives in src/cli/commands/ and loads its heavy
 * dependencies (engine, ink, server) lazily, so --help and --version start fast (the program
 * itself is built in program.ts). `ai-ready scan` runs from the CommonJS scan bundle instead
 * (scan-main.ts), which bin/ loads with a V8 code cache.
 */
import { createProgram } from './program.js';
import { runCli } from './run-cli.js';

await runCli(createProgram(process.argv.slice(2)));
