import { z } from 'zod';
import { FindingSchema } from '../model/finding.js';

/** The tenant's finding-dispatch envelope (api-facts.md). */
export const FindingDispatchSchema = z.looseObject({
  version: z.string().nullish(),
  webhookId: z.string().nullish(),
  event: z.string().nullish(),
  payload: z.looseObject({
    '@type': z.string().nullish(),
    dispatchId: z.string().nullish(),
    findingId: z.string().nullish(),
    ruleId: z.string().nullish(),
    // May be null (the vendor's schema): the finding is then read from the tenant by findingId.
    finding: FindingSchema.nullish(),
  }),
});

/** The HMAC-signed form (DESIGN.md): a finding and, optionally, the channel to post it in. */
export const SignedAlertSchema = z
  .object({
    finding: FindingSchema,
    channel: z
      .string()
      .regex(/^[CG][A-Z0-9]{2,}$/, { message: 'must be a channel id (C… or G…)' })
      .optional(),
  })
  .strict();
