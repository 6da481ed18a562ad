import { z } from 'zod';
import { duration } from './values.js';

/** WARDEN_CONFIG `cards`: what a finding's card offers beyond the defaults. */
export const CardsSchema = z
  .object({
    /**
     * Also offer Unsuppress next to Reopen on a suppressed finding. The tenant deprecates
     * unsuppress in favour of reopen, which does the same, so it is off unless asked for.
     */
    offerUnsuppress: z.boolean().default(false),
    /**
     * Notify owner sends a finding to its owner once within this; a later click is told when
     * (so one member cannot flood a person's DMs, nor spend the workspace's update budget).
     */
    notifyCooldown: duration('1h', 60_000, 7 * 86_400_000),
  })
  .strict();
