import { z } from 'zod';
import { channelId, findingType, severity } from './values.js';

/** WARDEN_CONFIG `routing.rules`: which channel an alert goes to. */

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
