/**
 * The sandbox tenant's clock: the base clock it was created with (`SandboxOptions.now`, else the
 * real one) plus an offset a test or the demo moves. Everything the tenant decides by time reads
 * it: snoozes and risk acceptances lapsing (api-facts.md: they end by themselves), token
 * lifetimes, webhook JWT times, audit event times.
 */
export interface SandboxClock {
  /** The tenant's time now (ms since the epoch). */
  now(): number;
  /** Moves the clock forward (or back, with a negative value) by `ms`; returns the new time. */
  advance(ms: number): number;
  /** Makes the clock read `atMs` now; it keeps running with the base clock from there. */
  set(atMs: number): number;
  /** How far the clock is from the base clock (ms). */
  readonly offsetMs: number;
}

export function createClock(base: () => number = Date.now): SandboxClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance(ms) {
      offset += ms;
      return base() + offset;
    },
    set(atMs) {
      offset = atMs - base();
      return atMs;
    },
    get offsetMs() {
      return offset;
    },
  };
}
