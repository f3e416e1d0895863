/** Keyset pagination over (created_at, id), newest first: the cursor is the last row's pair. */
import type { Page } from '../types.js';

export const encodeCursor = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');

/** The ISO 8601 form the store writes (and both engines compare): anything else is not our cursor. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** The (created_at, id) pair of a cursor; null for anything a client made up. */
export function decodeCursor(cursor: string | null | undefined): [string, string] | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  return at && id && ISO_UTC.test(at) && !Number.isNaN(Date.parse(at)) ? [at, id] : null;
}

export const clampLimit = (n?: number) => Math.min(100, Math.max(1, Math.floor(Number.isFinite(n) ? (n as number) : 20)));

/** A page of rows fetched with limit+1 to know whether another page follows. */
export function pageOf<T extends { createdAt: string; id: string }>(rows: T[], limit: number): Page<T> {
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: more && last ? encodeCursor(last.createdAt, last.id) : null };
}
