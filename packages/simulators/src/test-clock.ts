/**
 * A clock a test moves, with the timers that run on it: Warden takes it as its `Timers`
 * (src/ports/timers.ts: now, sleep, after, every), the local Slack and the simulated tenant read
 * its `now`. So a flow test advances time (`await clock.advance('1m')`) instead of sleeping.
 *
 * Virtual time also runs by itself, `speed` times as fast as real time (1: as fast), so code that
 * waits without the test's help still sees time pass; a sleeper is woken by a real timer at
 * (deadline - now) / speed. `advance` jumps: time moves at once to the target, then every timer
 * due by then fires, earliest first, each given a turn of the event loop before the next. A
 * repeating timer fires once per advance however many periods it spanned (as after a machine
 * slept), then runs on from the target.
 */
export interface TestClock {
  now(): number;
  sleep(ms: number): Promise<void>;
  after(ms: number, fn: () => void): () => void;
  every(ms: number, fn: () => void): () => void;
  /** Moves time forward by `by` (ms, or '250ms', '2s', '5m', '48h', '3d') and fires what fell due. */
  advance(by: number | string): Promise<void>;
  /** Moves time to `atMs` (never back) and fires what fell due. */
  advanceTo(atMs: number): Promise<void>;
  /** Virtual ms per real ms. */
  readonly speed: number;
  /** Timers waiting (sleeps, one-offs and repeating ones). */
  readonly pending: number;
}

export interface TestClockOptions {
  /** Where virtual time starts (ms since the epoch); the real time now by default. */
  startAt?: number;
  /** Virtual ms per real ms (default 1). */
  speed?: number;
}

interface Timer {
  id: number;
  at: number;
  fn: () => void;
  /** Period of a repeating timer. */
  every?: number;
  real?: NodeJS.Timeout;
}

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** '250ms', '2s', '5m', '48h', '3d' (or a number of ms) in ms. */
export function durationMs(by: number | string): number {
  if (typeof by === 'number') return by;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(by.trim());
  if (!m) throw new Error(`not a duration: ${by}`);
  return Number(m[1]) * (UNITS[m[2] ?? 'ms'] ?? 1);
}

const MAX_TIMEOUT_MS = 2_147_483_647;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createTestClock(opts: TestClockOptions = {}): TestClock {
  const speed = opts.speed ?? 1;
  if (!(speed > 0)) throw new Error('speed must be above 0');
  const realStart = Date.now();
  const virtualStart = opts.startAt ?? realStart;
  let jumped = 0;
  let seq = 0;
  const timers = new Map<number, Timer>();
  const now = () => virtualStart + jumped + (Date.now() - realStart) * speed;

  function arm(t: Timer): void {
    if (t.real) clearTimeout(t.real);
    // Node's timers hold at most 2^31-1 ms: a longer one wakes to re-arm (fireIfDue).
    const ms = Math.min(MAX_TIMEOUT_MS, Math.max(0, Math.ceil((t.at - now()) / speed)));
    t.real = setTimeout(() => fireIfDue(t), ms);
    t.real.unref();
  }
  function fire(t: Timer): void {
    if (t.every === undefined) {
      timers.delete(t.id);
      if (t.real) clearTimeout(t.real);
    } else {
      t.at = now() + t.every;
      arm(t);
    }
    t.fn();
  }
  function fireIfDue(t: Timer): void {
    if (!timers.has(t.id)) return;
    if (t.at <= now()) fire(t);
    else arm(t);
  }
  function add(ms: number, fn: () => void, every?: number): () => void {
    const t: Timer = {
      id: ++seq,
      at: now() + Math.max(0, ms),
      fn,
      ...(every === undefined ? {} : { every }),
    };
    timers.set(t.id, t);
    arm(t);
    return () => {
      if (t.real) clearTimeout(t.real);
      timers.delete(t.id);
    };
  }
  async function advanceTo(target: number): Promise<void> {
    const by = target - now();
    if (by > 0) jumped += by;
    // Each due timer once (a repeating one is rescheduled past the target when it fires).
    const fired = new Set<number>();
    for (;;) {
      const due = [...timers.values()]
        .filter((t) => t.at <= now() && !fired.has(t.id))
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      fired.add(due.id);
      fire(due);
      await turn();
    }
    for (const t of timers.values()) arm(t);
    await turn();
  }
  return {
    now,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        add(ms, resolve);
      }),
    after: (ms, fn) => add(ms, fn),
    every: (ms, fn) => add(ms, fn, Math.max(1, ms)),
    advance: (by) => advanceTo(now() + durationMs(by)),
    advanceTo,
    speed,
    get pending() {
      return timers.size;
    },
  };
}
