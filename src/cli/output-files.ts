/**
 * Files a scan writes (--output, --markdown-summary, --save-baseline). Their folders are checked
 * before anything is scanned: a typo in a path must not cost a whole batch of scans and end in a
 * raw ENOENT after the work is done.
 */
import { statSync, writeFileSync, appendFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './usage-error.js';

function code(e: unknown): string {
  return (e as NodeJS.ErrnoException)?.code ?? (e as Error)?.message ?? String(e);
}

/** Throws a UsageError when `path` cannot be a file to write: missing folder, or a directory. */
export function checkWritablePath(flag: string, path: string): void {
  const full = resolve(path);
  const dir = dirname(full);
  let dirStat;
  try {
    dirStat = statSync(dir);
  } catch (e) {
    throw new UsageError(`${flag} ${path}: the folder ${dir} does not exist (${code(e)}); create it first`);
  }
  if (!dirStat.isDirectory()) throw new UsageError(`${flag} ${path}: ${dir} is not a folder`);
  let fileStat;
  try {
    fileStat = statSync(full);
  } catch {
    return; // a new file
  }
  if (fileStat.isDirectory()) throw new UsageError(`${flag} ${path} is a folder: give a file name`);
}

/** writeFileSync/appendFileSync with a message that names the file and the flag. */
export function writeOutput(flag: string, path: string, text: string, append = false): void {
  try {
    (append ? appendFileSync : writeFileSync)(path, text);
  } catch (e) {
    throw new UsageError(`cannot write ${flag} ${path}: ${code(e)}`);
  }
}
