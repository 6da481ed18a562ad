import { isSlackApiError, SlackApiError } from '../errors.js';
import type { Timers } from '../ports/index.js';
import type { PacingStore } from '../ports/pacing.js';
import type { ChatPort } from '../ports/slack.js';

/**
 * Posts and updates paced as Slack asks (slack-facts.md): chat.postMessage about one a second per
 * channel, chat.update Tier 3 (50 a minute) for the whole workspace. The slots live in the store,
 * so replicas sharing it pace together, and a 429's Retry-After pauses the method (and channel)
 * for every caller, not only the one that got it.
 */

/** chat.postMessage: "1 message per second per channel, with short bursts tolerated". */
// 10 % under the rate, and a burst of 2 where Slack tolerates about 3: calls leave on their slot
// but arrive with the host's jitter, and Slack counts arrivals. With a burst of 3, a first three
// that arrived 100 ms late (a loaded host) met an on-time fourth before Slack's bucket refilled:
// a 429. The spare one absorbs up to a second of lateness.
export const POST_PACE = { intervalMs: 1_100, burst: 2 };
/** chat.update: Tier 3, 50 a minute per workspace ("occasional bursts"). */
export const UPDATE_PACE = { intervalMs: 1_200, burst: 10 };
export const postKey = (channel: string): string => `chat.postMessage:${channel}`;
export const UPDATE_KEY = 'chat.update';

/** Thrown when the next slot is further away than the caller will wait: no call was made. */
export const PACED = 'paced';

export interface PacingHooks {
  /** A 429 from Slack (what the Retry-After said). */
  rateLimited?(method: string, retryAfterMs: number): void;
  /** Time spent waiting for a slot. */
  waited?(method: string, ms: number): void;
}

export function createPacedChat(
  chat: ChatPort,
  pacing: PacingStore,
  /** Warden's clock and its waits (a test moves them). */
  time: Pick<Timers, 'now' | 'sleep'>,
  opts: {
    maxWaitMs: number;
    hooks?: PacingHooks;
    /** Slack's limits are per workspace: the workspace this chat posts in, when Warden serves several. */
    workspace?: string | undefined;
    /**
     * `alerts` (the delivery worker) books the next slot within its wait; `people` (what people's
     * requests post: show, Attach…, Report…, thread replies) takes a slot only when one is free
     * now, and otherwise waits in line, so an alert that arrives behind forty of people's posts
     * still gets the channel's next slot (at most the one in progress goes before it).
     */
    priority?: 'alerts' | 'people';
  },
): ChatPort {
  // One workspace keeps the key it always had (replicas of an older version share it).
  const { now: clock, sleep } = time;
  const updateKey = opts.workspace ? `${UPDATE_KEY}:${opts.workspace}` : UPDATE_KEY;
  const line = new WaitingLine();
  /** The next slot of `key`: booked ahead for alerts, taken only when free now for people. */
  async function slotOf(
    method: string,
    key: string,
    pace: { intervalMs: number; burst: number },
    deadline: number,
  ): Promise<{ at: number }> {
    if (opts.priority !== 'people') {
      const now = clock();
      const slot = await pacing.takeSlot(key, pace, now, Math.max(0, deadline - now));
      if ('at' in slot) return slot;
      throw new SlackApiError(method, PACED, 'rate_limited', {
        retryAfterMs: Math.max(1, slot.busyUntil - now),
      });
    }
    // One of this process's people at a time asks the store for a key, in the order they came:
    // the rest wait behind it here rather than all polling the store at each slot.
    return line.take(key, async () => {
      for (;;) {
        const now = clock();
        const slot = await pacing.takeSlot(key, pace, now, 0);
        if ('at' in slot) return slot;
        if (slot.busyUntil > deadline) {
          throw new SlackApiError(method, PACED, 'rate_limited', {
            retryAfterMs: Math.max(1, slot.busyUntil - now),
          });
        }
        // Back when the slot frees; an alert that booked it meanwhile goes first, and this waits on.
        await sleep(Math.max(1, slot.busyUntil - now));
      }
    });
  }
  async function paced<T>(
    method: string,
    key: string,
    pace: { intervalMs: number; burst: number },
    call: () => Promise<T>,
  ): Promise<T> {
    const started = clock();
    const deadline = started + opts.maxWaitMs;
    for (;;) {
      const slot = await slotOf(method, key, pace, deadline);
      const now = clock();
      // People's wait is mostly in line before the slot; an alert's is until its booked slot.
      const waited = Math.max(slot.at, now) - started;
      if (waited > 0) opts.hooks?.waited?.(method, waited);
      if (slot.at > now) await sleep(slot.at - now);
      try {
        return await call();
      } catch (error) {
        if (!isSlackApiError(error) || error.slackCode !== 'ratelimited') throw error;
        const retryAfterMs = error.retryAfterMs ?? 1_000;
        opts.hooks?.rateLimited?.(method, retryAfterMs);
        // Everyone waits now, not only this caller.
        await pacing.pauseSlots(key, clock() + retryAfterMs);
        if (clock() + retryAfterMs > deadline) throw error;
      }
    }
  }
  return {
    post: (m) => paced('chat.postMessage', postKey(m.channel), POST_PACE, () => chat.post(m)),
    update: (m) => paced('chat.update', updateKey, UPDATE_PACE, () => chat.update(m)),
    ephemeral: (m) => chat.ephemeral(m),
  };
}

/**
 * This process's people waiting for a slot of a key, first come first served: only the first
 * asks the store, so forty waiting shows cost one query a slot, not forty.
 */
class WaitingLine {
  readonly #tails = new Map<string, Promise<unknown>>();

  take<T>(key: string, ask: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    const mine = before.then(ask, ask);
    const tail = mine.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    // The last one out leaves no entry behind.
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return mine;
  }
}
