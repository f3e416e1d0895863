/**
 * Writes a plan's files into the project (--write), all or nothing. Every target is checked first
 * (inside the static folder or a named config file, a regular file or absent, its parents real
 * folders, no symlink anywhere: project-files.ts); then each file is written to a temp file in its
 * own folder, fsync'd, and only when every temp file is complete are they renamed into place. On a
 * failure before the renames nothing is left behind (temp files and new folders removed).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, fsyncSync, lstatSync, mkdirSync, openSync, renameSync, rmdirSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FixPlan } from './plan.js';
import { inspect, PathRefused } from './project-files.js';

/** A write that failed: one line naming the file and the reason, and the files already in place (only when a rename failed part-way). */
export class FixWriteError extends Error {
  constructor(
    message: string,
    readonly written: string[] = [],
  ) {
    super(message);
    this.name = 'FixWriteError';
  }
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  ENOTDIR: 'a parent is not a folder',
  EISDIR: 'is a folder',
  EEXIST: 'appeared while writing',
  ELOOP: 'is a symlink: not followed',
  ENAMETOOLONG: 'name too long',
  EIO: 'input/output error',
  EFBIG: 'file too large (over the file size limit)',
};

/** The reason of a file system error in words (never a raw errno dump or a stack). */
export function ioReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  return code ? (REASONS[code] ?? code) : 'could not be written';
}

interface Staged {
  file: string;
  path: string;
  temp: string;
}

/** Writes every file of the plan or none; returns the project-relative paths written. */
export function writePlan(dir: string, plan: FixPlan): string[] {
  const staticDir = plan.framework.staticDir;
  const modes = new Map<string, number>();
  // 1. Check every target before touching anything.
  for (const f of plan.files) {
    try {
      if (inspect(dir, f.file, staticDir) === 'file') modes.set(f.file, lstatSync(join(dir, f.file)).mode & 0o7777);
    } catch (e) {
      if (e instanceof PathRefused) throw new FixWriteError(`nothing written: ${e.message}`);
      throw new FixWriteError(`nothing written: ${f.file}: ${ioReason(e)}`);
    }
  }
  const createdDirs: string[] = [];
  const staged: Staged[] = [];
  const undo = () => {
    for (const s of staged) {
      try {
        unlinkSync(s.temp);
      } catch {
        // already gone
      }
    }
    for (const d of createdDirs.reverse()) {
      try {
        rmdirSync(d);
      } catch {
        // not empty or gone: left
      }
    }
  };
  // 2. Stage: folders one level at a time (each checked again), a temp file beside each target.
  for (const f of plan.files) {
    const path = join(dir, f.file);
    try {
      makeFolders(dir, f.file, createdDirs);
      const temp = join(dirname(path), `.${f.file.split('/').pop()}.ai-ready-${randomBytes(6).toString('hex')}.tmp`);
      const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
      staged.push({ file: f.file, path, temp });
      try {
        const data = Buffer.from(f.after, 'utf8');
        let off = 0;
        while (off < data.length) off += writeSync(fd, data, off, data.length - off);
        const mode = modes.get(f.file);
        if (mode !== undefined) fchmodSync(fd, mode);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch (e) {
      undo();
      throw new FixWriteError(`nothing written: ${f.file}: ${e instanceof PathRefused ? e.reason : ioReason(e)}`);
    }
  }
  // 3. Re-check each target just before it is replaced (a symlink swapped in since step 1 is refused), then rename.
  const written: string[] = [];
  for (const s of staged) {
    try {
      inspect(dir, s.file, staticDir);
      renameSync(s.temp, s.path);
      written.push(s.file);
    } catch (e) {
      undo();
      const reason = e instanceof PathRefused ? e.reason : ioReason(e);
      throw new FixWriteError(
        written.length ? `${s.file}: ${reason}; written before the failure: ${written.join(', ')}` : `nothing written: ${s.file}: ${reason}`,
        written,
      );
    }
  }
  return written;
}

/** Creates the missing parent folders of `file`, one component at a time; an existing component must be a real folder. */
function makeFolders(root: string, file: string, created: string[]): void {
  const segs = file.split('/').slice(0, -1);
  let at = root;
  for (const seg of segs) {
    at = join(at, seg);
    try {
      const s = lstatSync(at);
      if (s.isSymbolicLink()) throw new PathRefused(file, `${seg} is a symlink: not followed`);
      if (!s.isDirectory()) throw new PathRefused(file, `${seg} is not a folder`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      mkdirSync(at);
      created.push(at);
    }
  }
}
