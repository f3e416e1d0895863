/**
 * `ai-ready scan`, built on its own into one CommonJS file (dist/scan-cli.cjs) that holds the
 * command, the engine and the formats and nothing of the server. bin/compile-cache.js loads it
 * through a V8 code cache, which Node gives ES modules only from 22.1 (module.enableCompileCache):
 * compiling the scan path is a third of a scan's CPU otherwise. See docs/performance.md.
 */
import { buildProgram } from './program-base.js';
import { registerScan } from './commands/scan.js';
import { runCli } from './run-cli.js';

void runCli(buildProgram(process.argv.slice(2), { scan: registerScan }));
