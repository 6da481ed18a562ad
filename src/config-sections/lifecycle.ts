import { z } from 'zod';
import { isKnownTimeZone } from '../domain/when.js';
import { channelId, duration, severity } from './values.js';

/**
 * WARDEN_CONFIG `lifecycle` and `digest`: reminders before a snooze or risk acceptance ends, and a
 * daily digest per channel.
 */

export const LifecycleSchema = z
  .object({
    /** How long before an end the reminder goes (half-way to a nearer one: domain/ends.ts); `0`: none. */
    remindBefore: z
      .union([z.literal(0), z.literal('0'), duration('24h', 60_000, 30 * 86_400_000)])
      .default(86_400_000)
      .transform((v) => (v === '0' ? 0 : v)),
  })
  .strict();

export const DigestSchema = z
  .object({
    channel: channelId,
    /** Local time of day, 24-hour `HH:MM`. */
    at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time of day like 09:00' }),
    timezone: z.string().refine(isKnownTimeZone, { message: 'is not a time zone (e.g. Europe/Berlin)' }),
    /** Open findings below this severity are not counted. */
    minSeverity: severity.optional(),
  })
  .strict();

export type Digest = z.output<typeof DigestSchema>;

export const DigestsSchema = z
  .array(DigestSchema)
  .max(50)
  .default([])
  .refine((all) => new Set(all.map((d) => d.channel)).size === all.length, {
    message: 'one digest per channel',
  });
