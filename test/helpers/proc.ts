/**
 * What Linux's /proc says of a process tree, for the rendering browser's tests: descendants,
 * command lines, owners and TCP sockets in LISTEN state. Read only.
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

export function readProc(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** A process and all its descendants (through /proc/<pid>/task/<tid>/children). */
export function processTree(root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${out[i]}/task`);
    } catch {
      continue;
    }
    for (const t of tasks) for (const c of readProc(`/proc/${out[i]}/task/${t}/children`).split(' ').filter(Boolean)) out.push(Number(c));
  }
  return out;
}

/** A process's arguments (Chromium's children rewrite theirs into one spaced string: split on both). */
export function commandLine(pid: number): string[] {
  return readProc(`/proc/${pid}/cmdline`).split(/[\0 ]/).filter(Boolean);
}

export function processUid(pid: number): string | undefined {
  return /^Uid:\s+(\d+)/m.exec(readProc(`/proc/${pid}/status`))?.[1];
}

/** Inodes of the TCP sockets in LISTEN state (st 0A), IPv4 and IPv6. */
export function listeningInodes(): Set<string> {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readProc(file).split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  return inodes;
}

/** The socket inodes a process holds open. */
export function socketInodes(pid: number): string[] {
  let fds: string[] = [];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  return fds.flatMap((fd) => {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      return m ? [m[1]] : [];
    } catch {
      return [];
    }
  });
}
