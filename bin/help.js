// `ai-ready --help` (and -h, help, scan --help ...) answered from the texts the build rendered
// from the real commander program for every terminal width (src/cli/help-texts.ts, written to
// dist/help/ by tsup), so the ES module CLI is not loaded. Anything else returns null and the CLI
// answers as usual.
'use strict';

const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const DIR = join(__dirname, '..', 'dist', 'help');

/** Cheap pre-check before any file is read: only short command lines that ask for help qualify. */
function mayBeHelp(args) {
  return args.length >= 1 && args.length <= 2 && args.some((a) => a === '--help' || a === '-h' || a === 'help');
}

/**
 * The help text `ai-ready <args>` prints at this width (commander's own rule: the terminal's
 * columns on a TTY, 80 otherwise), or null when there is no prebuilt text for it.
 */
function prebuiltHelp(args, columns) {
  if (!mayBeHelp(args)) return null;
  try {
    const index = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8'));
    const target = index.forms[args.join('\u0000')];
    const ranges = target && index.targets[target];
    if (!ranges) return null;
    const width = columns ?? 80;
    let file = null;
    for (const [from, name] of ranges) if (from <= width) file = name;
    return file && readFileSync(join(DIR, file), 'utf8');
  } catch {
    return null; // not built, or unreadable: the CLI answers (and says what is wrong)
  }
}

module.exports = { prebuiltHelp };
