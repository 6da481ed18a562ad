/**
 * Slack pacing kept in the store, so every replica on one database paces together: each key (a
 * method, and a channel for posts) has its next free slot and the end of a 429's pause.
 */
export interface PacingStore {
  /**
   * Takes the next slot of `key` (slots are `intervalMs` apart; after a quiet spell up to `burst`
   * calls may go at once, as Slack tolerates short bursts) if it comes within `maxWaitMs`: `at` is
   * when the call may go. Otherwise nothing is taken and `busyUntil` says when to come back.
   */
  takeSlot(
    key: string,
    pace: { intervalMs: number; burst: number },
    now: number,
    maxWaitMs: number,
  ): Promise<{ at: number } | { busyUntil: number }>;
  /** Slack said Retry-After: nothing goes on `key` before `until`. */
  pauseSlots(key: string, until: number): Promise<void>;
}
