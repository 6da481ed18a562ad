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
  },
): ChatPort {
  // One workspace keeps the key it always had (replicas of an older version share it).
  const { now: clock, sleep } = time;
  const updateKey = opts.workspace ? `${UPDATE_KEY}:${opts.workspace}` : UPDATE_KEY;
  async function paced<T>(
    method: string,
    key: string,
    pace: { intervalMs: number; burst: number },
    call: () => Promise<T>,
  ): Promise<T> {
    const deadline = clock() + opts.maxWaitMs;
    for (;;) {
      const now = clock();
      const slot = await pacing.takeSlot(key, pace, now, Math.max(0, deadline - now));
      if ('busyUntil' in slot) {
        throw new SlackApiError(method, PACED, 'rate_limited', {
          retryAfterMs: Math.max(1, slot.busyUntil - now),
        });
      }
      if (slot.at > now) {
        opts.hooks?.waited?.(method, slot.at - now);
        await sleep(slot.at - now);
      }
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
