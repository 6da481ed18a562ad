/**
 * Slack pacing kept in the store, so every replica on one database paces together: each key (a
 * method, and a channel for posts) has its next free slot and the end of a 429's pause.
 */
export interface PacingStore {
  /**
   * Takes the next slot of `key` (slots are `intervalMs` apart) if it comes within `maxWaitMs`:
   * `at` is when the call may go. Otherwise nothing is taken and `busyUntil` says when to come back.
   */
  takeSlot(
    key: string,
    intervalMs: number,
    now: number,
    maxWaitMs: number,
  ): Promise<{ at: number } | { busyUntil: number }>;
  /** Slack said Retry-After: nothing goes on `key` before `until`. */
  pauseSlots(key: string, until: number): Promise<void>;
}
