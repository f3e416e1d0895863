/**
 * A small in-process LRU map: the hot read path (report pages, cached scans) waits on no database.
 * Bounded in entries and, when given a weigher, in total weight (bytes): the least recently used
 * entries go until both bounds hold, and a value heavier than an eighth of the weight bound is
 * never kept (one huge report must not flush everything else).
 */
export interface LruWeight<V> {
  maxWeight: number;
  weigh(value: V): number;
}

export class Lru<K, V> {
  private readonly map = new Map<K, { value: V; weight: number }>();
  private total = 0;
  constructor(
    private readonly max: number,
    private readonly weighing?: LruWeight<V>,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The summed weight of the entries (0 without a weigher). */
  get weight(): number {
    return this.total;
  }

  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (e !== undefined) {
      // Re-insert to mark as most recently used.
      this.map.delete(key);
      this.map.set(key, e);
    }
    return e?.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weighing ? Math.max(0, this.weighing.weigh(value)) : 0;
    if (this.weighing && weight > this.weighing.maxWeight / 8) return;
    this.map.set(key, { value, weight });
    this.total += weight;
    const maxWeight = this.weighing?.maxWeight ?? Number.POSITIVE_INFINITY;
    while (this.map.size > this.max || this.total > maxWeight) this.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    this.total -= e.weight;
  }

  /** Drops every entry whose value matches (a linear pass: for rare invalidations only). */
  deleteWhere(match: (value: V) => boolean): void {
    for (const [k, e] of this.map) if (match(e.value)) this.delete(k);
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }
}
