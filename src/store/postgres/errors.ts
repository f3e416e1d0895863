/** The shared store cannot be reached or used (bad URL, database down, failed migration): a clear message, never a stack. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}
