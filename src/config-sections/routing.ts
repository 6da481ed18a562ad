import { z } from 'zod';
import { channelId, findingType, severity } from './values.js';

/** WARDEN_CONFIG `routing.rules` (which channel an alert goes to) and `poller` (what it polls). */

const ConditionsSchema = z
  .object({
    severities: z.array(severity).min(1).optional(),
    minSeverity: severity.optional(),
    findingTypes: z.array(findingType).min(1).optional(),
    appIds: z.array(z.string().min(1)).min(1).optional(),
    annotations: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String))
      .optional(),
  })
  .strict();

export const RuleSchema = z.union([
  z.object({ name: z.string().optional(), when: ConditionsSchema.default({}), channel: channelId }).strict(),
  z
    .object({ name: z.string().optional(), when: ConditionsSchema.default({}), drop: z.literal(true) })
    .strict(),
]);

export const PollerSchema = z
  .object({
    states: z
      .array(
        z
          .string()
          .transform((s) =>
            s.toUpperCase().startsWith('FINDING_STATE_')
              ? s.toUpperCase()
              : `FINDING_STATE_${s.toUpperCase()}`,
          ),
      )
      .optional(),
    minSeverity: severity.optional(),
    findingTypes: z.array(findingType).optional(),
    appIds: z.array(z.string().min(1)).optional(),
    /** Stop a run after this many findings (a safety valve for a huge first poll). */
    maxPerRun: z.number().int().min(1).max(100_000).default(1_000),
  })
  .strict();
