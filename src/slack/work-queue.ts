/**
 * The work that follows an ack (tenant calls, rendering, Slack updates), run with bounded
 * concurrency. A burst of clicks is acked at once and queued here, so memory stays bounded and
 * acks keep their share of the event loop; shutdown waits for what is queued or running.
 */
export class WorkQueue {
  readonly #limit: number;
  readonly #maxWaiting: number;
  readonly #waiting: (() => void)[] = [];
  readonly #all = new Set<Promise<unknown>>();
  #active = 0;

  constructor(concurrency = 64, maxWaiting = 2_000) {
    this.#limit = Math.max(1, concurrency);
    this.#maxWaiting = maxWaiting;
  }

  /**
   * Past this many waiting, new interactions are turned away at once ("busy") rather than queued:
   * a flood of clicks must not grow memory without bound.
   */
  get full(): boolean {
    return this.#waiting.length >= this.#maxWaiting;
  }

  /** Running plus waiting. */
  get size(): number {
    return this.#all.size;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    const task = this.#acquire().then(async () => {
      try {
        return await work();
      } finally {
        this.#active--;
        this.#waiting.shift()?.();
      }
    });
    this.#all.add(task);
    void task.then(
      () => this.#all.delete(task),
      () => this.#all.delete(task),
    );
    return task;
  }

  #acquire(): Promise<void> {
    if (this.#active < this.#limit) {
      this.#active++;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.#waiting.push(() => {
        this.#active++;
        resolve();
      }),
    );
  }

  /** Waits for everything queued or running, up to `deadlineMs`; true if it all finished. */
  async drain(deadlineMs: number): Promise<boolean> {
    if (this.#all.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), deadlineMs);
    });
    const done = (async () => {
      while (this.#all.size > 0) await Promise.allSettled([...this.#all]);
      return true;
    })();
    const finished = await Promise.race([done, timeout]);
    clearTimeout(timer);
    return finished;
  }
}
