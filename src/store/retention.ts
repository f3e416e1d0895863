/**
 * Retention of what strangers leave behind: anonymous reports expire after a number of days
 * (default 30; 0 keeps them). Reports an account owns or keeps in its history never expire here.
 * Runs in batches, so one sweep never holds the store for long; the serve process runs it hourly.
 */
import type { Store } from './types.js';

export const DEFAULT_REPORT_RETENTION_DAYS = 30;
const BATCH = 500;
/** A sweep stops after this many batches; the next one continues (bounded work per hour). */
const MAX_BATCHES = 40;

/** Deletes anonymous reports older than `days`; returns how many went. */
export async function expireAnonymousReports(store: Pick<Store, 'expireAnonymousReports'>, days: number, now = Date.now()): Promise<number> {
  if (!(days > 0)) return 0;
  const before = new Date(now - days * 86_400_000).toISOString();
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const ids = await store.expireAnonymousReports(before, BATCH);
    total += ids.length;
    if (ids.length < BATCH) break;
  }
  return total;
}
