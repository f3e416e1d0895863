#!/usr/bin/env node
// The CLI's start-up path. `--version` alone answers from package.json without loading the CLI.
// Node >= 22.1 keeps compiled modules in an on-disk cache (module.enableCompileCache), enabled
// before the CLI is imported so its modules use it; older Node has no such cache and simply
// loads the CLI (NODE_DISABLE_COMPILE_CACHE=1 turns the cache off).
import { readFileSync } from 'node:fs';
import module from 'node:module';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  module.enableCompileCache?.();
  await import('../dist/cli.js');
}
