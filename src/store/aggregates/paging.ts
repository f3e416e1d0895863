/** Keyset pagination over (created_at, id), newest first: the cursor is the last row's pair. */
import type { Page } from '../types.js';

export const encodeCursor = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');

export function decodeCursor(cursor: string | null | undefined): [string, string] | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  return at && id && !Number.isNaN(Date.parse(at)) ? [at, id] : null;
}

export const clampLimit = (n?: number) => Math.min(100, Math.max(1, Math.floor(Number.isFinite(n) ? (n as number) : 20)));

/** A page of rows fetched with limit+1 to know whether another page follows. */
export function pageOf<T extends { createdAt: string; id: string }>(rows: T[], limit: number): Page<T> {
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: more && last ? encodeCursor(last.createdAt, last.id) : null };
}
