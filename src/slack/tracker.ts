/**
 * Work in flight (Slack interactions after their ack), so shutdown can wait for it to finish
 * instead of cutting a state change in half.
 */
export class InflightTracker {
  readonly #running = new Set<Promise<unknown>>();

  get size(): number {
    return this.#running.size;
  }

  async track<T>(work: Promise<T>): Promise<T> {
    this.#running.add(work);
    try {
      return await work;
    } finally {
      this.#running.delete(work);
    }
  }

  /** Waits for what is running now, up to `deadlineMs`; true if it all finished. */
  async drain(deadlineMs: number): Promise<boolean> {
    if (this.#running.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), deadlineMs);
    });
    const done = Promise.allSettled([...this.#running]).then(() => true);
    const finished = await Promise.race([done, timeout]);
    clearTimeout(timer);
    return finished;
  }
}
