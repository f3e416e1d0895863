// Runs a CommonJS bundle (dist/scan-cli.cjs) through node:vm with a V8 code cache, on every Node
// version. Compiling the scan path is about a third of a scan's CPU; Node caches compiled ES
// modules only from 22.1 (module.enableCompileCache), so Node 20 would pay it on every run.
//
// The cache holds the bytecode of every function the run compiled, and is written once per bundle
// build and Node version (and again when V8 refuses it, after a change of V8 flags), at the end of the first run that scanned (exit code 0 or
// 1: a usage error compiles too little to be worth keeping). Where it lives: AI_READY_COMPILE_CACHE
// if set, else the user's cache folder (~/.cache/ai-ready/compile-cache, $XDG_CACHE_HOME, macOS
// ~/Library/Caches, Windows %LOCALAPPDATA%). NODE_DISABLE_COMPILE_CACHE=1 or
// AI_READY_COMPILE_CACHE=0 turns it off. Only a regular file the current user owns and nobody else
// may write is ever read: cached bytecode runs as code.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

/** Files this large are not a cache of ours. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** The cache folder, or null when caching is off or there is nowhere to put it. */
function cacheDirectory() {
  const env = process.env;
  if (env.NODE_DISABLE_COMPILE_CACHE || env.AI_READY_COMPILE_CACHE === '0') return null;
  if (env.AI_READY_COMPILE_CACHE) return path.resolve(env.AI_READY_COMPILE_CACHE);
  const home = require('node:os').homedir();
  if (process.platform === 'win32') return env.LOCALAPPDATA ? path.join(env.LOCALAPPDATA, 'ai-ready', 'compile-cache') : null;
  if (process.platform === 'darwin') return home ? path.join(home, 'Library', 'Caches', 'ai-ready', 'compile-cache') : null;
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : home ? path.join(home, '.cache') : null;
  return base ? path.join(base, 'ai-ready', 'compile-cache') : null;
}

/** A short, stable hash (FNV-1a) of a string. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * V8 itself refuses a cache of another V8 version or flag set, or of a source of another length
 * (and the loader then writes a new one); the name adds the bundle's identity, so a rebuild of
 * equal length never meets old bytecode. The prefix names the installation (the bundle's path)
 * and the Node version: a new build replaces the older caches of its own installation only, so
 * two installations (a global one and a project's) never evict each other.
 */
function cachePrefix(file) {
  return `${path.basename(file).replace(/\.[^.]+$/, '')}-${hash(file)}-${process.version}-${process.arch}-`;
}
function cacheName(file, stat) {
  return `${cachePrefix(file)}${stat.size}-${Math.trunc(stat.mtimeMs)}.v8`;
}

/** The file's bytes when it is a regular file of this user that nobody else can write. */
function readOwnFile(file) {
  let fd;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_CACHE_BYTES) return undefined;
    if (typeof process.getuid === 'function' && (stat.uid !== process.getuid() || (stat.mode & 0o022) !== 0)) return undefined;
    return fs.readFileSync(fd);
  } catch {
    return undefined; // no cache yet, or unreadable: compile as usual
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Caches untouched this long are dropped (an installation removed, a Node version no longer used). */
const STALE_MS = 30 * 24 * 3600 * 1000;

/**
 * Writes the cache atomically (readers never see half a file), then drops the older builds' caches
 * of this installation and Node version, and any cache not written for 30 days.
 */
function writeCache(dir, file, name, data) {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temp = path.join(dir, `${name}.${process.pid}.tmp`);
    fs.writeFileSync(temp, data, { mode: 0o600 });
    fs.renameSync(temp, path.join(dir, name));
    const prefix = cachePrefix(file);
    const now = Date.now();
    for (const old of fs.readdirSync(dir)) {
      if (old === name || !/\.(v8|tmp)$/.test(old)) continue;
      const oldPath = path.join(dir, old);
      if ((old.startsWith(prefix) && old.endsWith('.v8')) || now - fs.statSync(oldPath).mtimeMs > STALE_MS) fs.rmSync(oldPath, { force: true });
    }
  } catch {
    // A read-only home or a full disk: the next run compiles again, nothing else changes.
  }
}

/**
 * Runs the CommonJS file as Node's loader would (same wrapper arguments), plus `__aiReadyImport`:
 * code compiled by node:vm cannot import() ES modules without an experimental flag, so the bundle
 * imports its ES module parts (the ink progress view) through this file's import(). Returns false
 * when the file does not exist.
 */
function runWithCompileCache(file) {
  let source;
  let stat;
  try {
    stat = fs.statSync(file);
    source = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  const dir = cacheDirectory();
  const name = dir ? cacheName(file, stat) : null;
  const cachedData = name ? readOwnFile(path.join(dir, name)) : undefined;
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __aiReadyImport) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  if (name && (cachedData === undefined || script.cachedDataRejected)) {
    process.once('exit', (code) => {
      if (code === 0 || code === 1) writeCache(dir, file, name, script.createCachedData());
    });
  }
  const bundle = new Module(file, module);
  bundle.filename = file;
  const run = script.runInThisContext();
  run.call(bundle.exports, bundle.exports, Module.createRequire(file), bundle, file, path.dirname(file), (url) => import(url));
  return true;
}

module.exports = { runWithCompileCache };
