/**
 * A full garbage collection of the CLI's main thread, every so many sites of a batch. The main
 * thread keeps no site once written (heap after a full GC: ~15 MiB at 100 and at 800 sites), but
 * between collections V8 grows the heap with the garbage each result leaves (its clone from the
 * worker, its JSON text): peak RSS rose 1.35x from 100 to 800 sites, and was flat when a full
 * collection ran now and then (bench/batch.mjs). One collection of a heap this small costs a few
 * milliseconds.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Sites between two collections. */
export const SITES_PER_COLLECTION = 50;

let collect: (() => void) | null | undefined;

/** V8's gc(), exposed once for this process; null where the runtime refuses it. */
function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  } catch {
    collect = null;
  }
  return collect;
}

/** Call once per finished site: collects after every SITES_PER_COLLECTION sites. */
export function collectEvery(done: number): void {
  if (done % SITES_PER_COLLECTION === 0) collector()?.();
}
