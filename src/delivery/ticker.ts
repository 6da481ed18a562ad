import { isStoreUnavailable } from '../errors.js';
import type { Timers } from '../ports/timers.js';

/**
 * A failed run reported by `report`, except when the store was unavailable: the store logs each
 * outage once (store/availability.ts), and the next tick, or the store answering again, retries.
 */
export function unlessStoreDown(report: (error: unknown) => void): (error: unknown) => void {
  return (error) => {
    if (!isStoreUnavailable(error)) report(error);
  };
}

/**
 * A background job run every `everyMs`, never twice at once (a slow run makes the next tick wait
 * for it rather than pile up), stopped by waiting for the run in hand. A failed run is reported
 * and the next tick tries again.
 */
export class Ticker {
  #stopTimer: (() => void) | undefined;
  #running: Promise<void> | undefined;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
    private readonly timers: Pick<Timers, 'every'>,
  ) {}

  #tick(): void {
    this.#running ??= this.run()
      .then(() => undefined)
      .catch(this.onError)
      .finally(() => {
        this.#running = undefined;
      });
  }

  /** Starts ticking (at once too, when `now`); starting again does nothing. */
  start(everyMs: number, now = false): void {
    if (this.#stopTimer) return;
    if (now) this.#tick();
    this.#stopTimer = this.timers.every(everyMs, () => this.#tick());
  }

  /** Runs now, unless stopped or a run is in hand (e.g. the store answers again after an outage). */
  kick(): void {
    if (this.#stopTimer) this.#tick();
  }

  async stop(): Promise<void> {
    this.#stopTimer?.();
    this.#stopTimer = undefined;
    await this.#running;
  }
}
