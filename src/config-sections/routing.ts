import { z } from 'zod';
import { channelId, findingType, locale, severity } from './values.js';

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

/** `notifyOwner: true`: the finding's owner also gets the card in a direct message. */
const base = {
  name: z.string().optional(),
  when: ConditionsSchema.default({}),
  notifyOwner: z.boolean().optional(),
};

export const RuleSchema = z.union([
  z
    .object({
      ...base,
      channel: channelId,
      /** The workspace the channel is in (WARDEN_CONFIG `workspaces`), when Warden serves several. */
      workspace: z
        .string()
        .regex(/^T[A-Z0-9]{2,}$/, { message: 'must be a Slack workspace id (T…)' })
        .optional(),
      /** The language of the channel's messages (`de`, `ja`; English by default): cards, thread replies, reports. */
      locale: locale.optional(),
      /** Slack Connect: cards keep their details even when the channel is shared with another organisation. */
      allowExternal: z.boolean().optional(),
    })
    .strict(),
  z.object({ ...base, drop: z.literal(true) }).strict(),
]);
