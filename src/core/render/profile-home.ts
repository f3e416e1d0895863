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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the `ai-ready-chrome-*` folders whose pid file names a dead process; returns how many. Folders without one are left alone. */
export function sweepStaleProfiles(dir: string = tmpdir()): number {
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
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || alive(pid)) continue;
    rmSync(home, { recursive: true, force: true });
    removed++;
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
    rmSync(home, { recursive: true, force: true });
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
  rmSync(home, { recursive: true, force: true });
  if (live.size === 0 && handlersOn) {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    handlersOn = false;
  }
}
