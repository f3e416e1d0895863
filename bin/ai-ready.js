#!/usr/bin/env node
// The CLI's start-up path, CommonJS (bin/package.json): a CommonJS entry starts faster than an ES
// module one, which first sets up the ESM loader. `--version` alone answers from package.json
// without loading the CLI. Node >= 22.1 keeps compiled modules in an on-disk cache
// (module.enableCompileCache), enabled before the CLI is imported so its modules use it; older
// Node has no such cache and simply loads the CLI (NODE_DISABLE_COMPILE_CACHE=1 turns it off).
'use strict';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  require('node:module').enableCompileCache?.();
  import('../dist/cli.js').catch((e) => {
    process.stderr.write(`ai-ready: could not load the CLI (${e?.message ?? e}); run \`npm run build\` first\n`);
    process.exitCode = 2;
  });
}
