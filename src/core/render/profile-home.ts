/**
 * The browser's temporary folders (`ai-ready-chrome-*` in the temp folder): each holds a pid file
 * naming the process that made it. They are removed when the browser closes, on SIGINT/SIGTERM
 * (the browser is killed first), and, after a SIGKILL left one behind, by the next launch's sweep,
 * which removes only folders whose process is dead.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PROFILE_PREFIX = 'ai-ready-chrome-';
export const PID_FILE = 'ai-ready.pid';

/** Folders of this process still in use, with the browser that uses each (killed on a signal). */
const live = new Map<string, { browserPid?: number }>();
let handlersOn = false;

/**
 * Kills the browser processes started on this folder's profile (their command line names it):
 * a browser still writing into the folder would make its removal fail. Linux only (/proc); each
 * one's process group too (puppeteer starts the browser as a group leader, the renderers follow).
 */
function killBrowsersOf(home: string): void {
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return;
  }
  const marker = `--user-data-dir=${join(home, 'profile')}`;
  for (const pid of pids) {
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!cmdline.split('\0').includes(marker)) continue;
    for (const target of [-Number(pid), Number(pid)])
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // Gone, or not a group leader.
      }
  }
}

/** Removes the folder, retrying while killed processes let go of it; never throws. */
function removeHome(home: string): boolean {
  try {
    rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    return true;
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the `ai-ready-chrome-*` folders whose pid file names a dead process; returns how many.
 * Folders without one are left alone. `own: true` (a server stopping, its worker threads gone,
 * which receive no signals) also takes this process's own folders.
 */
export function sweepStaleProfiles(dir: string = tmpdir(), opts: { own?: boolean } = {}): number {
  let removed = 0;
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(PROFILE_PREFIX));
  } catch {
    return 0;
  }
  for (const name of names) {
    const home = join(dir, name);
    let pid: number;
    try {
      pid = Number(readFileSync(join(home, PID_FILE), 'utf8').trim());
    } catch {
      continue;
    }
    const mine = pid === process.pid;
    if (!Number.isInteger(pid) || pid <= 0 || (mine ? !opts.own : alive(pid))) continue;
    // A browser orphaned by the SIGKILL may still run on it.
    for (let round = 0; round < 4; round++) {
      killBrowsersOf(home);
      if (removeHome(home)) {
        removed++;
        break;
      }
    }
  }
  return removed;
}

function removeAllNow(): void {
  for (const [home, { browserPid }] of live) {
    if (browserPid)
      try {
        process.kill(browserPid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    // Also a browser still starting (its pid not known yet) and its children; a process that
    // was forking meanwhile is caught by the next round.
    for (let round = 0; round < 4; round++) {
      killBrowsersOf(home);
      if (removeHome(home)) break;
    }
  }
  live.clear();
}

/**
 * On SIGINT/SIGTERM: the browsers killed and their folders removed, then the signal goes on as
 * before: where nothing else listens (a CLI scan) it is raised again so the process ends as it
 * would have; where the program has its own handler (serve, worker), that handler decides.
 */
function onSignal(signal: NodeJS.Signals): void {
  removeAllNow();
  process.removeListener('SIGINT', onSignal);
  process.removeListener('SIGTERM', onSignal);
  handlersOn = false;
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/** A new temporary folder with this process's pid file, removed on SIGINT/SIGTERM until released. */
export function makeProfileHome(dir: string = tmpdir()): { home: string; setBrowserPid(pid: number | undefined): void; release(): void } {
  const home = mkdtempSync(join(dir, PROFILE_PREFIX));
  live.set(home, {});
  if (!handlersOn) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    handlersOn = true;
  }
  try {
    writeFileSync(join(home, PID_FILE), String(process.pid));
  } catch (e) {
    release(home);
    throw e;
  }
  return {
    home,
    setBrowserPid: (pid) => void (live.has(home) && live.set(home, { browserPid: pid })),
    release: () => release(home),
  };
}

/** Removes the folder and stops watching for it. */
function release(home: string): void {
  live.delete(home);
  removeHome(home);
  if (live.size === 0 && handlersOn) {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    handlersOn = false;
  }
}
