/**
 * A small cache of answers that take I/O to get: each kept for as long as `ttlFor` says (so a
 * miss can be kept shorter than a hit, and a failure shorter still), one load in flight per key
 * however many callers ask at once, and at most `max` keys (the oldest go first).
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { until: number; value: Promise<V> }>();
  readonly #max: number;
  readonly #now: () => number;

  constructor(opts: { max: number; now: () => number }) {
    this.#max = opts.max;
    this.#now = opts.now;
  }

  get(key: string, load: () => Promise<V>, ttlFor: (value: V) => number): Promise<V> {
    const now = this.#now();
    const hit = this.#entries.get(key);
    if (hit && now < hit.until) return hit.value;
    // Kept while in flight, however long it takes: callers meanwhile share it.
    const entry = { until: Number.POSITIVE_INFINITY, value: load() };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    entry.value.then(
      (value) => {
        entry.until = this.#now() + ttlFor(value);
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return entry.value;
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}
