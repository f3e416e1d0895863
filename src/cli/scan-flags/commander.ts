/** commander's options from flag declarations: plain data, so no zod at start-up. */
import type { Command } from 'commander';
import type { ScanFlag } from './define.js';

/** Adds the options of `flags` (those with a spelling) to `command`, in the list's order, `only` these names when given. */
export function addFlagOptions(command: Command, flags: readonly ScanFlag[], only?: readonly string[]): Command {
  for (const flag of flags) {
    if (!flag.option || (only && !only.includes(flag.name))) continue;
    command.option(flag.option, flag.help ?? '');
    if (flag.negation) command.option(flag.negation.option, flag.negation.help);
  }
  return command;
}
