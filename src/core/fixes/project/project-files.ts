/**
 * The only way `fix` touches the owner's project: every path is project-relative, checked to stay
 * inside the static folder (or to be one of the config files a step names), and walked component
 * by component with `lstat`, so no symlink is ever followed and no special file (FIFO, device,
 * socket) is ever opened. A guide's path comes from a check, and a check's values may come from
 * the scanned site: nothing here trusts it.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readdirSync, type Stats } from 'node:fs';
import { join, posix } from 'node:path';
import { PROJECT_PACKS } from './frameworks.js';
import { HEADER_HOST_PACKS } from './headers-place.js';

/** A path `fix` will not read or write, with the reason in one line. */
export class PathRefused extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'PathRefused';
  }
}

/**
 * Files outside the static folder that fix may read or change, from the packs: each project
 * shape's config files and each header host's files at a fixed path (vercel.json, netlify.toml;
 * a file in the static folder, as _headers, is allowed as any file there).
 */
export const CONFIG_FILES: ReadonlySet<string> = new Set([
  ...PROJECT_PACKS.flatMap((p) => p.project.configFiles ?? []),
  ...HEADER_HOST_PACKS.flatMap((h) => h.host.files.flatMap((f) => (typeof f.path === 'string' ? [f.path] : []))),
]);

/** The largest file `fix` reads from the project (a robots.txt or a catalog is far smaller). */
export const MAX_READ_BYTES = 8 * 1024 * 1024;

/**
 * Why a project-relative path is not one `fix` may use, or null. Each '/'-separated segment must
 * be a plain name: not empty, not '.' or '..', no backslash, colon (a drive letter, an NTFS
 * stream) or control character. Nothing is normalised first: a path that needs it is refused.
 */
export function unsafeSegment(rel: string): string | null {
  if (!rel) return 'an empty path';
  if (rel.startsWith('/')) return 'an absolute path';
  for (const seg of rel.split('/')) {
    if (seg === '') return 'an empty path segment';
    if (seg === '.' || seg === '..') return `a "${seg}" segment`;
    if (/[\\:\u0000-\u001f\u007f]/.test(seg)) return `a segment with a backslash, colon or control character ("${seg.slice(0, 40)}")`;
  }
  return null;
}

/** The project-relative file a URL path is published at, in the static folder; a PathRefused for a path that would leave it. */
export function staticFileFor(staticDir: string, urlPath: string): string {
  const rel = urlPath.replace(/^\/+/, '');
  const reason = unsafeSegment(rel);
  if (reason) throw new PathRefused(urlPath, `not a plain path under the static folder (${reason}): not read or written`);
  return staticDir === '.' ? rel : `${staticDir}/${rel}`;
}

/** Whether `rel` is inside the static folder or one of the named config files. */
export function allowedPath(staticDir: string | null, rel: string): boolean {
  if (unsafeSegment(rel)) return false;
  if (CONFIG_FILES.has(rel)) return true;
  if (staticDir === null) return false;
  return staticDir === '.' || rel.startsWith(`${staticDir}/`);
}

const kind = (s: Stats) =>
  s.isSymbolicLink()
    ? 'a symlink (not followed)'
    : s.isFIFO()
      ? 'a FIFO'
      : s.isSocket()
        ? 'a socket'
        : s.isCharacterDevice() || s.isBlockDevice()
          ? 'a device'
          : 'not a regular file';

/**
 * What is at `rel` under `root`, walked component by component with lstat: 'absent' when a
 * component does not exist yet (the rest would be created), 'file' for a regular file. Refused
 * (PathRefused): a symlink at any level, a parent that is not a folder, a target that is a folder
 * or a special file.
 */
export function inspect(root: string, rel: string, staticDir: string | null): 'file' | 'absent' {
  if (!allowedPath(staticDir, rel)) throw new PathRefused(rel, 'outside the static folder and not a config file fix may change: not read or written');
  const segs = rel.split('/');
  let at = root;
  for (let i = 0; i < segs.length; i++) {
    at = join(at, segs[i]);
    let s: Stats;
    try {
      s = lstatSync(at);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
      throw new PathRefused(rel, `cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    const last = i === segs.length - 1;
    if (s.isSymbolicLink()) throw new PathRefused(rel, `${segs.slice(0, i + 1).join('/')} is a symlink: not followed`);
    if (!last && !s.isDirectory()) throw new PathRefused(rel, `${segs.slice(0, i + 1).join('/')} is not a folder`);
    if (last && s.isDirectory()) throw new PathRefused(rel, 'is a folder, not a file');
    if (last && !s.isFile()) throw new PathRefused(rel, `is ${kind(s)}: refused`);
  }
  return 'file';
}

/**
 * The text of a project file, or null when it does not exist. Opened with O_NOFOLLOW and
 * O_NONBLOCK after the lstat walk (a FIFO swapped in between neither hangs nor is read), and
 * checked again on the open descriptor.
 */
export function readContained(root: string, rel: string, staticDir: string | null): string | null {
  if (inspect(root, rel, staticDir) === 'absent') return null;
  let fd: number;
  try {
    fd = openSync(join(root, rel), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    throw new PathRefused(rel, `cannot be opened (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile()) throw new PathRefused(rel, `is ${kind(s)}: refused`);
    if (s.size > MAX_READ_BYTES) throw new PathRefused(rel, `is larger than ${MAX_READ_BYTES / 1024 / 1024} MiB: not read`);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/** The .html files under a folder of the static site, walked without following symlinks (no loops, nothing outside). */
export function htmlFilesUnder(root: string, rel: string, staticDir: string | null): string[] {
  const out: string[] = [];
  const walk = (dirRel: string, depth: number) => {
    if (depth > 32) return;
    let entries;
    try {
      entries = readdirSync(dirRel === '.' ? root : join(root, dirRel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const child = dirRel === '.' ? e.name : posix.join(dirRel, e.name);
      // Dirent types come from lstat semantics: a symlink is neither a folder nor a file here.
      if (e.isDirectory()) walk(child, depth + 1);
      else if (e.isFile() && e.name.endsWith('.html') && allowedPath(staticDir, child)) out.push(child);
    }
  };
  if (rel !== '.' && !isPlainFolder(root, rel)) return [];
  walk(rel, 0);
  return out.sort();
}

/** Whether every component of `rel` under `root` is a real folder (no symlink on the way). */
function isPlainFolder(root: string, rel: string): boolean {
  if (unsafeSegment(rel)) return false;
  let at = root;
  for (const seg of rel.split('/')) {
    at = join(at, seg);
    try {
      const s = lstatSync(at);
      if (!s.isDirectory()) return false;
    } catch {
      return false;
    }
  }
  return true;
}
