/**
 * How a command reports a failure it handles itself: one line on stderr named after the command,
 * and the exit code (a usage mistake by default), without throwing or a stack trace.
 */
import { EXIT } from './exit-codes.js';

export type Fail = (message: string, code?: number) => void;

/** The `fail` of one command: `commandFail('serve')('bad --port')` prints "ai-ready serve: bad --port". */
export function commandFail(command: string): Fail {
  return (message, code = EXIT.USAGE) => {
    process.stderr.write(`ai-ready ${command}: ${message}\n`);
    process.exitCode = code;
  };
}
