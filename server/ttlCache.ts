/**
 * A short-lived cache of values that change only with time and the catalogue (the events board's answer,
 * a presentation's row). An entry lives `ttlMs` of wall time and of the box office's clock (tests move a
 * fixed clock: a moved clock is a new value); loads of one key share one promise, and a failed load
 * (event_not_found, the database down) is not kept.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { at: number; clockAt: number; value: Promise<V> }>();
  private readonly ttlMs: number;
  private readonly clock: () => number;
  private readonly maxEntries: number;

  constructor(ttlMs: number, clock: () => number = Date.now, maxEntries = 2000) {
    this.ttlMs = ttlMs;
    this.clock = clock;
    this.maxEntries = maxEntries;
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const clockNow = this.clock();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs && clockNow >= hit.clockAt && clockNow - hit.clockAt < this.ttlMs)
      return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    const entry = { at: now, clockAt: clockNow, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Drops a key's entry: the next `get` loads it afresh. */
  forget(key: K): void {
    this.entries.delete(key);
  }
}
