/**
 * The renderer memory bound that holds: V8's heap cap (`--max-old-space-size`) does not count
 * ArrayBuffers, wasm memory or DOM and image memory, so a page growing typed arrays reaches
 * gigabytes under it. This watchdog reads the resident size (VmRSS in /proc/<pid>/status) of
 * every renderer process of one browser a few times a second and kills a renderer above the cap:
 * its page crashes, its render fails with a warning, the rest of the browser goes on.
 *
 * Linux only (/proc); elsewhere only the heap cap applies.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Resident memory one renderer process may use (env AI_READY_RENDERER_MAX_MB overrides). */
export const RENDERER_MAX_MB = 512;
export const WATCH_EVERY_MS = 200;

export interface MemoryWatchdog {
  /** Renderers killed so far, with the resident size they had. */
  readonly killed: Array<{ pid: number; rssMb: number }>;
  stop(): void;
}

export function rendererMaxMb(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.AI_READY_RENDERER_MAX_MB);
  return Number.isFinite(n) && n >= 64 ? Math.floor(n) : RENDERER_MAX_MB;
}

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** Every descendant of a process, through /proc/<pid>/task/<tid>/children. */
function descendants(root: number): number[] {
  const out: number[] = [];
  const queue = [root];
  while (queue.length && out.length < 2_000) {
    const pid = queue.shift()!;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      for (const child of read(`/proc/${pid}/task/${tid}/children`).split(' ')) {
        const c = Number(child);
        if (c > 0) {
          out.push(c);
          queue.push(c);
        }
      }
    }
  }
  return out;
}

/** Whether a process is a renderer (Chromium's children rewrite their argv into one spaced string). */
function isRenderer(pid: number): boolean {
  return /(^|[\0 ])--type=renderer([\0 ]|$)/.test(read(`/proc/${pid}/cmdline`));
}

function rssMb(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(read(`/proc/${pid}/status`));
  return m ? Number(m[1]) / 1024 : 0;
}

/** Watches the renderers of the browser whose process is `browserPid`; no-op off Linux. */
export function watchRendererMemory(
  browserPid: number | undefined,
  opts: { maxMb?: number; everyMs?: number; onKill?: (pid: number, rssMb: number) => void } = {},
): MemoryWatchdog {
  const killed: MemoryWatchdog['killed'] = [];
  if (!browserPid || process.platform !== 'linux') return { killed, stop: () => {} };
  const maxMb = opts.maxMb ?? rendererMaxMb();
  const renderers = new Set<number>();
  const timer = setInterval(() => {
    for (const pid of descendants(browserPid)) {
      if (!renderers.has(pid) && isRenderer(pid)) renderers.add(pid);
    }
    for (const pid of renderers) {
      const rss = rssMb(pid);
      if (rss === 0) {
        renderers.delete(pid); // gone
        continue;
      }
      if (rss <= maxMb) continue;
      try {
        process.kill(pid, 'SIGKILL');
        killed.push({ pid, rssMb: Math.round(rss) });
        opts.onKill?.(pid, Math.round(rss));
      } catch {
        // Already gone.
      }
      renderers.delete(pid);
    }
  }, opts.everyMs ?? WATCH_EVERY_MS);
  timer.unref();
  return { killed, stop: () => clearInterval(timer) };
}
