/**
 * Politeness to the sites we scan: at most N requests at once to one origin, whatever the number
 * of scans of it running in this thread (the worker pool routes scans of one origin to one
 * thread, so the cap holds across every scan of that origin). Requests beyond it wait their turn,
 * inside their own timeout. The default (no limit set) leaves only the per-scan connection cap.
 */
let limit = Number.POSITIVE_INFINITY;
const active = new Map<string, number>();
const waiting = new Map<string, Array<() => void>>();

/** Sets the cap for this thread (the pool's `originConcurrency`); 0 or less: no cap. */
export function setOriginConcurrency(n: number): void {
  limit = n > 0 ? n : Number.POSITIVE_INFINITY;
}

/** Requests to `origin` running now in this thread (tests and metrics read it). */
export function originActive(origin: string): number {
  return active.get(origin) ?? 0;
}

/**
 * The waiters of each abort signal, behind ONE listener per signal: a scan's many waiting requests
 * share its signal, and a listener each would pass Node's limit of 10 on it
 * (MaxListenersExceededWarning in batches of more than 10 sites, issue 31.4).
 */
const abortWaiters = new WeakMap<AbortSignal, Set<() => void>>();

function onAbortOf(signal: AbortSignal, waiter: () => void): () => void {
  let set = abortWaiters.get(signal);
  if (!set) {
    const waiters = new Set<() => void>();
    set = waiters;
    abortWaiters.set(signal, waiters);
    signal.addEventListener(
      'abort',
      () => {
        abortWaiters.delete(signal);
        for (const w of waiters) w();
      },
      { once: true },
    );
  }
  set.add(waiter);
  const mine = set;
  return () => {
    mine.delete(waiter);
  };
}

/** Waits for a request slot to `origin`; the returned function gives it back (call it once). */
export async function acquireOrigin(origin: string, signal?: AbortSignal): Promise<() => void> {
  if (limit === Number.POSITIVE_INFINITY) return () => {};
  if ((active.get(origin) ?? 0) >= limit) {
    await new Promise<void>((resolve, reject) => {
      let list = waiting.get(origin);
      if (!list) waiting.set(origin, (list = []));
      let forget = () => {};
      const onAbort = () => {
        const i = list.indexOf(go);
        if (i >= 0) list.splice(i, 1);
        if (list.length === 0 && waiting.get(origin) === list) waiting.delete(origin);
        reject(signal?.reason ?? new Error('aborted'));
      };
      const go = () => {
        forget();
        resolve();
      };
      if (signal?.aborted) return onAbort();
      if (signal) forget = onAbortOf(signal, onAbort);
      list.push(go);
    });
    // The slot was handed over by release(): the count already includes it.
  } else active.set(origin, (active.get(origin) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.get(origin)?.shift();
    if (waiting.get(origin)?.length === 0) waiting.delete(origin);
    if (next) next();
    else {
      const n = (active.get(origin) ?? 1) - 1;
      if (n <= 0) active.delete(origin);
      else active.set(origin, n);
    }
  };
}
