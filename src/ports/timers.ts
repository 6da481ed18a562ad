/**
 * Warden's time with its timers: what a background job waits on (tickers, pacing waits, roll-up
 * windows, the lifecycle, the poller, back-offs). Production reads the real clock and Node's
 * timers (src/timers.ts); a test passes a clock it moves (test/helpers/test-clock.ts), so a flow
 * test advances time instead of sleeping. `now` is the same clock as `Ports.clock`.
 */
export interface Timers {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves once `ms` have passed on this clock. */
  sleep(ms: number): Promise<void>;
  /** Calls `fn` once `ms` have passed; the returned function cancels it (no-op once fired). */
  after(ms: number, fn: () => void): () => void;
  /** Calls `fn` every `ms` until the returned function stops it. */
  every(ms: number, fn: () => void): () => void;
}
