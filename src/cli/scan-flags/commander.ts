/** commander's options from flag declarations: plain data, so no zod at start-up. */
import { Option, type Command } from 'commander';
import type { ScanFlag } from './define.js';

/** Adds the options of `flags` (those with a spelling) to `command`, in the list's order, `only` these names when given. */
export function addFlagOptions(command: Command, flags: readonly ScanFlag[], only?: readonly string[]): Command {
  for (const flag of flags) {
    if (!flag.option || (only && !only.includes(flag.name))) continue;
    if (typeof flag.help === 'function') {
      // Read when the help is printed: the program is built before a help run loads what it names.
      const option = new Option(flag.option);
      Object.defineProperty(option, 'description', { get: flag.help, configurable: true });
      command.addOption(option);
    } else command.option(flag.option, flag.help ?? '');
    if (flag.negation) command.option(flag.negation.option, flag.negation.help);
  }
  return command;
}

/** A flag's help text (a function when it names what only a help run loads). */
export function helpOf(flag: ScanFlag): string {
  return typeof flag.help === 'function' ? flag.help() : (flag.help ?? '');
}
