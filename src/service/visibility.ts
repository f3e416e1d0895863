/**
 * The one rule for "is this report public" (spec §5.5-5.6): an anonymous scan is always public
 * (that is what makes it shareable; `isPublic` applies to API-key calls only, so an anonymous
 * caller cannot make one private); a scan tied to an account follows `isPublic` when the caller
 * sent it, else the account's default visibility. Monitors are account scans without `isPublic`.
 */
import type { Account } from '../store/types.js';

export function reportIsPublic(account: Account | null, requested?: boolean): boolean {
  if (!account) return true;
  return requested ?? account.defaultVisibility === 'public';
}
