/**
 * A background job run every `everyMs`, never twice at once (a slow run makes the next tick wait
 * for it rather than pile up), stopped by waiting for the run in hand. A failed run is reported
 * and the next tick tries again.
 */
export class Ticker {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts ticking (at once too, when `now`); starting again does nothing. */
  start(everyMs: number, now = false): void {
    if (this.#timer) return;
    const tick = () => {
      this.#running ??= this.run()
        .then(() => undefined)
        .catch(this.onError)
        .finally(() => {
          this.#running = undefined;
        });
    };
    if (now) tick();
    this.#timer = setInterval(tick, everyMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }
}
