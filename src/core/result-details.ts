/**
 * A check's typed `details` as the result carries them (CheckResult.details): plain JSON, bounded.
 * A check's details may hold anything its evaluate found handy; what leaves the engine is only
 * JSON values (strings, finite numbers, booleans, null, arrays, plain objects) within the limits
 * below. Functions, symbols, bigints, buffers and other class instances are dropped, never
 * stringified, so no body or buffer rides along; strings and arrays past their cap are cut, and
 * the result says so (`detailsTruncated`).
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type ResultDetails = { [key: string]: JsonValue };

export const DETAILS_LIMITS = {
  /** Levels of nesting below the details object; deeper values are dropped. */
  maxDepth: 8,
  /** Items of an array (the first ones are kept). */
  maxItems: 200,
  /** Keys of an object (the first ones are kept). */
  maxKeys: 40,
  /** Characters of a string (a longer one is cut and ends with "…"); a longer key is dropped with its value. */
  maxChars: 300,
  /** Characters of the whole details object as JSON; past it, every cap above is halved until it fits. */
  maxJsonChars: 32_768,
} as const;

type Caps = { maxDepth: number; maxItems: number; maxKeys: number; maxChars: number };

interface Walk {
  caps: Caps;
  cut: boolean;
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function bounded(value: unknown, depth: number, w: Walk): JsonValue | undefined {
  if (value === null || typeof value === 'boolean') return value;
  // -0 is written as 0 by JSON; NaN and the infinities are not JSON at all.
  if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : undefined;
  if (typeof value === 'string') {
    if (value.length <= w.caps.maxChars) return value;
    w.cut = true;
    return value.slice(0, Math.max(0, w.caps.maxChars - 1)) + '…';
  }
  if (typeof value !== 'object') return undefined; // undefined, function, symbol, bigint
  if (depth > w.caps.maxDepth) {
    w.cut = true;
    return undefined;
  }
  if (Array.isArray(value)) {
    if (value.length > w.caps.maxItems) w.cut = true;
    const out: JsonValue[] = [];
    for (const item of value.slice(0, w.caps.maxItems)) {
      const b = bounded(item, depth + 1, w);
      // An item that is not JSON becomes null, as JSON.stringify writes it, so positions hold.
      out.push(b === undefined ? null : b);
    }
    return out;
  }
  if (!isPlainObject(value)) return undefined; // Buffer, Uint8Array, Map, Date, a class instance
  return boundedObject(value as Record<string, unknown>, depth, w);
}

function boundedObject(value: Record<string, unknown>, depth: number, w: Walk): ResultDetails {
  const out: ResultDetails = {};
  let kept = 0;
  for (const [key, v] of Object.entries(value)) {
    if (key.length > w.caps.maxChars) {
      w.cut = true;
      continue;
    }
    const b = bounded(v, depth + 1, w);
    if (b === undefined) continue;
    if (kept === w.caps.maxKeys) {
      w.cut = true;
      break;
    }
    // Defined, not assigned: a "__proto__" key stays a key (as JSON.parse reads it), never a prototype.
    Object.defineProperty(out, key, { value: b, enumerable: true, writable: true, configurable: true });
    kept++;
  }
  return out;
}

/**
 * The details as the result carries them, with whether anything was cut; undefined when nothing
 * of them is JSON (or they are empty).
 */
export function resultDetails(details: unknown): { details: ResultDetails; truncated: boolean } | undefined {
  if (!details || typeof details !== 'object' || Array.isArray(details) || !isPlainObject(details)) return undefined;
  let caps: Caps = { maxDepth: DETAILS_LIMITS.maxDepth, maxItems: DETAILS_LIMITS.maxItems, maxKeys: DETAILS_LIMITS.maxKeys, maxChars: DETAILS_LIMITS.maxChars };
  let cut = false;
  for (;;) {
    const w: Walk = { caps, cut };
    const out = boundedObject(details as Record<string, unknown>, 0, w);
    cut = w.cut;
    if (Object.keys(out).length === 0) return undefined;
    if (JSON.stringify(out).length <= DETAILS_LIMITS.maxJsonChars) return { details: out, truncated: cut };
    cut = true;
    // Halving every cap ends: at one level, one key and one character the object is a few bytes.
    const next = {
      maxDepth: Math.max(1, caps.maxDepth - 1),
      maxItems: Math.max(1, caps.maxItems >> 1),
      maxKeys: Math.max(1, caps.maxKeys >> 1),
      maxChars: Math.max(1, caps.maxChars >> 1),
    };
    if (JSON.stringify(next) === JSON.stringify(caps)) return undefined;
    caps = next;
  }
}
