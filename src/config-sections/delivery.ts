import { z } from 'zod';
import { duration, severity } from './values.js';

/**
 * WARDEN_CONFIG `delivery.rollup`: in a flood, one summary message for many alerts of a channel
 * instead of one message each (Slack posts about 1 message a second per channel).
 */
export const RollupSchema = z
  .object({
    /** Off: every alert gets its own message, however many arrive. */
    enabled: z.boolean().default(true),
    /** More alerts than this waiting (or arriving within `window`) for one channel: roll up. */
    threshold: z.number().int().min(1).max(10_000).default(10),
    /** How recent an arrival counts toward the threshold; a group idle this long closes. */
    window: duration('60s', 1_000, 3_600_000),
    /** Severities that always get their own message. */
    neverRollUp: z.array(severity).max(6).default(['FINDING_SEVERITY_CRITICAL']),
    /** The summary is updated at most this often, however many changes (Tier 3: chat.update). */
    updateEvery: duration('10s', 1_000, 3_600_000),
  })
  .strict();

export const DeliverySchema = z.object({ rollup: RollupSchema.default(RollupSchema.parse({})) }).strict();

export type Rollup = z.output<typeof RollupSchema>;
