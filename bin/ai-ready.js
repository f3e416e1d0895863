#!/usr/bin/env node
// The CLI's start-up path, CommonJS (bin/package.json): a CommonJS entry starts faster than an ES
// module one, which first sets up the ESM loader. `--version` alone answers from package.json
// and `--help` from the texts the build rendered (help.js), both without loading the CLI.
// `ai-ready scan` runs dist/scan-cli.cjs with a V8 code cache on every Node version
// (compile-cache.js); the other commands load the ES module CLI, with Node's own compile cache
// where Node has one (module.enableCompileCache, >= 22.1). NODE_DISABLE_COMPILE_CACHE=1 turns
// both off.
'use strict';

const args = process.argv.slice(2);
const isVersion = args.length === 1 && (args[0] === '--version' || args[0] === '-v');
// Only a short command line that asks for help reads the prebuilt texts. Width as commander
// reckons it: the terminal's columns on a TTY, its default (80) otherwise.
const asksHelp = !isVersion && args.length <= 2 && args.some((a) => a === '--help' || a === '-h' || a === 'help');
const help = asksHelp ? require('./help.js').prebuiltHelp(args, process.stdout.isTTY ? process.stdout.columns : undefined) : null;
if (isVersion) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else if (help !== null) {
  // A reader that closes the pipe early (`| head`) is no error, as in the CLI.
  process.stdout.on('error', () => {});
  process.stdout.write(help);
} else {
  require('node:module').enableCompileCache?.();
  // `scan` runs from its CommonJS bundle with a V8 code cache (compile-cache.js); every other
  // command, and a build without the bundle, from the ES module CLI.
  const invoked = args.find((a) => !a.startsWith('-'));
  const ran = invoked === 'scan' && require('./compile-cache.js').runWithCompileCache(require('node:path').join(__dirname, '..', 'dist', 'scan-cli.cjs'));
  if (!ran)
    import('../dist/cli.js').catch((e) => {
      process.stderr.write(`ai-ready: could not load the CLI (${e?.message ?? e}); run \`npm run build\` first\n`);
      process.exitCode = 2;
    });
}
