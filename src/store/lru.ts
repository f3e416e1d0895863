/** A small in-process LRU map: the hot read path (report pages, cached scans) waits on no database. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      // Re-insert to mark as most recently used.
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  /** Drops every entry whose value matches (a linear pass: for rare invalidations only). */
  deleteWhere(match: (value: V) => boolean): void {
    for (const [k, v] of this.map) if (match(v)) this.map.delete(k);
  }

  clear(): void {
    this.map.clear();
  }
}
