import { SlackApiError } from '../errors.js';
import type { Clock } from '../ports/index.js';
import type { PacingStore } from '../ports/pacing.js';
import type { ChatPort } from '../ports/slack.js';
import { PACED } from './paced-chat.js';

/**
 * The SLA sweep's share of chat.update (Tier 3, about 50 a minute per workspace): at most one
 * clock-line update every 3 s (bursts of 5), taken in the store so replicas share it, and only
 * when free now — on top of the workspace's own update slot, which the chat it wraps also takes
 * only when free now. The sweep takes the slots free at its start, then each as it frees up for
 * the rest of its minute (usecases/sla/sla-sweep.ts), so about twenty cards a minute are brought
 * up to date — a 600-card channel whose clocks all change at once in about half an hour — while
 * the rest of the workspace's 50 a minute stay with people's own changes and alerts.
 */
export const SLA_UPDATE_PACE = { intervalMs: 3_000, burst: 5 };

export function slaBudgetedChat(
  chat: ChatPort,
  pacing: PacingStore,
  clock: Clock,
  workspace?: string,
): ChatPort {
  const key = `sla.cardUpdates${workspace ? `:${workspace}` : ''}`;
  return {
    ...chat,
    async update(m) {
      const now = clock();
      const slot = await pacing.takeSlot(key, SLA_UPDATE_PACE, now, 0);
      if ('busyUntil' in slot)
        throw new SlackApiError('chat.update', PACED, 'rate_limited', {
          retryAfterMs: Math.max(1, slot.busyUntil - now),
        });
      await chat.update(m);
    },
  };
}
