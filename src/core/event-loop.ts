/**
 * Small waits on the event loop the engine uses to order its work: a request handed to the
 * client is written on the next turn, and a bundled import() runs its module at once, so a turn
 * between the two lets the request leave first.
 */

/** Resolves on the next turn of the event loop, after the I/O that is ready has been taken in. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Waits for `p` to settle, but at most `ms` milliseconds (never rejects). */
export async function settledWithin(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    p.then(
      () => {},
      () => {},
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}
