import { z } from 'zod';

/** WARDEN_CONFIG `cards`: what a finding's card offers beyond the defaults. */
export const CardsSchema = z
  .object({
    /**
     * Also offer Unsuppress next to Reopen on a suppressed finding. The tenant deprecates
     * unsuppress in favour of reopen, which does the same, so it is off unless asked for.
     */
    offerUnsuppress: z.boolean().default(false),
  })
  .strict();
