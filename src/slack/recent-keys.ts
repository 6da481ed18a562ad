/**
 * Remembers keys for a while (LRU with a time to live). Used to drop a second delivery of the
 * same Slack interaction (same trigger_id) and to refuse a second click while a change is
 * in flight. In-process: replicas sharing work use the store (see the store issue).
 */
export class RecentKeys {
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #now: () => number;
  readonly #seen = new Map<string, number>();

  constructor(ttlMs: number, max = 10_000, now: () => number = Date.now) {
    this.#ttlMs = ttlMs;
    this.#max = max;
    this.#now = now;
  }

  /** Records `key`; returns true if it was already recorded and still fresh. */
  checkAndAdd(key: string): boolean {
    const now = this.#now();
    const at = this.#seen.get(key);
    if (at !== undefined && now - at < this.#ttlMs) return true;
    this.#seen.delete(key);
    this.#seen.set(key, now);
    if (this.#seen.size > this.#max) {
      const oldest = this.#seen.keys().next().value;
      if (oldest !== undefined) this.#seen.delete(oldest);
    }
    return false;
  }
}
