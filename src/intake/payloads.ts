import { z } from 'zod';
import { FindingSchema } from '../model/finding.js';

/**
 * Longest finding id accepted at intake. The tenant issues 27-character KSUIDs; an id far longer
 * than any tenant sends cannot ride in a button (`value` is at most 2,000) and is refused here.
 */
export const MAX_FINDING_ID = 256;

/** A finding as a sender posts it: the tenant's schema, with an id of a sane length. */
export const IntakeFindingSchema = FindingSchema.extend({
  id: z
    .string()
    .min(1)
    .max(MAX_FINDING_ID, { message: `is over ${MAX_FINDING_ID} characters` }),
});

/**
 * Deepest JSON nesting accepted at intake. A finding is a few levels deep; a body nested
 * thousands of levels deep would overflow the stack wherever it is walked (stored, rendered).
 */
export const MAX_JSON_DEPTH = 64;

/** How deeply `value` nests, counted without recursion; stops once past `limit`. */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top) break;
    const [node, depth] = top;
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

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
    finding: IntakeFindingSchema.nullish(),
  }),
});

/** The HMAC-signed form (DESIGN.md): a finding and, optionally, the channel to post it in. */
export const SignedAlertSchema = z
  .object({
    finding: IntakeFindingSchema,
    channel: z
      .string()
      .regex(/^[CG][A-Z0-9]{2,}$/, { message: 'must be a channel id (C… or G…)' })
      .optional(),
  })
  .strict();
