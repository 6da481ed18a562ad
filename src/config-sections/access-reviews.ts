import { z } from 'zod';
import type { ReviewSettings } from '../ports/access-reviews.js';
import { channelId, duration } from './values.js';

/**
 * WARDEN_CONFIG `reviews`: access reviews decided in Slack (README "Access reviews in Slack").
 * Off unless configured. The personal credentials it keeps are sealed with WARDEN_TOKEN_KEY
 * (config.ts checks it is set with this section).
 */

const campaignId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be a campaign id' });

export const ReviewsSchema = z
  .object({
    /** The tenant's public client for the device authorization flow (as `cone login` has its own). */
    deviceClientId: z.string().min(1).max(300),
    /** Where campaigns' trackers go unless a campaign names its own channel; none: only those. */
    channel: channelId.optional(),
    campaigns: z
      .array(z.object({ id: campaignId, channel: channelId.optional() }).strict())
      .max(200)
      .default([]),
    /** Reminders before a campaign is due, e.g. [72h, 24h] (each once per reviewer and campaign). */
    remindBefore: z
      .array(duration('24h', 3_600_000, 30 * 86_400_000))
      .max(5)
      .default([259_200_000, 86_400_000])
      .transform((all) => [...new Set(all as number[])].sort((a, b) => b - a)),
    /** How often new work, deactivated people and closed campaigns are looked for. */
    sweepEvery: duration('5m', 60_000, 86_400_000),
    /** A tracker is edited at most this often (chat.update is Tier 3: never more than once a minute). */
    trackerEvery: duration('1m', 60_000, 3_600_000),
    /** Tasks on a page of the Review modal (each takes a few of the modal's 100 blocks). */
    pageSize: z.number().int().min(3).max(20).default(10),
  })
  .strict();

export type ReviewsFile = z.output<typeof ReviewsSchema>;

export function reviewSettings(f: ReviewsFile): ReviewSettings {
  const own = new Map(f.campaigns.flatMap((c) => (c.channel ? [[c.id, c.channel] as const] : [])));
  return {
    deviceClientId: f.deviceClientId,
    channelOf: (id) => own.get(id) ?? f.channel,
    campaigns: f.campaigns.map((c) => c.id),
    remindBeforeMs: f.remindBefore,
    sweepEveryMs: f.sweepEvery,
    trackerEveryMs: f.trackerEvery,
    pageSize: f.pageSize,
  };
}
