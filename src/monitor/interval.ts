/** Monitor intervals as people write them: "90s", "15m", "6h", "1d" (or a number of seconds). */
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

export const INTERVAL_PATTERN = /^(\d{1,7})\s*(s|m|h|d)$/i;
/** Default floor between two runs of one monitor: polite to the scanned site. */
export const DEFAULT_MIN_INTERVAL_SEC = 300;
export const MAX_INTERVAL_SEC = 30 * 86_400;

export function parseInterval(input: string | number): number | null {
  if (typeof input === 'number') return Number.isInteger(input) && input > 0 ? input : null;
  const m = INTERVAL_PATTERN.exec(input.trim());
  if (!m) return null;
  const sec = Number(m[1]) * UNIT_SECONDS[m[2].toLowerCase()];
  return sec > 0 ? sec : null;
}

export function formatInterval(sec: number): string {
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const)
    if (sec % size === 0) return `${sec / size}${unit}`;
  return `${sec}s`;
}
