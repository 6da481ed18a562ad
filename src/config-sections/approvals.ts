import { z } from 'zod';
import { DEFAULT_ATTRIBUTION } from '../domain/attribution.js';

/** WARDEN_CONFIG `approvals` (four-eyes timing), `attribution` (who acted, in the tenant's record), `limits`. */

export const LimitsSchema = z
  .object({
    riskAcceptanceMaxDays: z.number().int().min(1).max(3_650).default(365),
    snoozeMaxDays: z.number().int().min(1).max(3_650).default(365),
  })
  .strict();

export const ApprovalsSchema = z
  .object({
    /** How long a four-eyes request waits for a decision. */
    expireAfterHours: z
      .number()
      .min(0.01)
      .max(24 * 30)
      .default(24),
  })
  .strict();

export const AttributionSchema = z
  .object({
    /**
     * How reasons and justifications record who acted: {text}, {name} (the real name, quoted),
     * {userId}, {email}. Who acted must be told by the user id, never by a name alone.
     */
    template: z
      .string()
      .refine((t) => t.includes('{text}'), { message: 'must contain {text}' })
      .refine((t) => t.includes('{userId}'), { message: 'must contain {userId}: a name proves nothing' })
      .default(DEFAULT_ATTRIBUTION),
  })
  .strict();
