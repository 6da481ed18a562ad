import type { Timers } from './ports/timers.js';

/**
 * The real clock and Node's timers. A repeating job's timer is unref'd (it never keeps the
 * process alive; shutdown stops each job, wiring/lifecycle.ts); a one-off wait is not, as
 * `setTimeout` is not: a worker alone in a process (a fixture, the CLI) waits for its next look.
 */
export const realTimers: Timers = {
  now: () => Date.now(),
  sleep: (ms) =>
    new Promise((resolve) => {
      setTimeout(resolve, ms);
    }),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};
