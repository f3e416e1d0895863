/**
 * A test-only window on the engine: the options each scan() call was given, as it was given them.
 * test/core/scan-params-faces.test.ts drives every face and reads here what reached the engine.
 * Nothing in the product observes; with no observer this costs one empty-set check per scan.
 */
/** What it sees: the options scan() was given (ScanOptions, which extends ScanParams; untyped here, below the engine's floor). */
type Observed = Readonly<object>;
type Observer = (options: Observed) => void;
const observers = new Set<Observer>();

/** Calls `fn` with the options of every scan started in this thread until the returned stop is called. */
export function observeEngine(fn: Observer): () => void {
  observers.add(fn);
  return () => observers.delete(fn);
}

export function engineObserved(options: Observed): void {
  for (const fn of observers) fn(options);
}
