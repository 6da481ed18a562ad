import { z } from 'zod';
import { DEFAULT_CLOSURE_REASONS, OTHER_REASON } from '../domain/closure.js';

/**
 * WARDEN_CONFIG `closure.reasons`: the fixed list the Resolve and Suppress forms ask from (ids
 * are what metrics and the audit log carry; labels what people read). `other` must stay: it is
 * where the list does not fit, with the person's own words.
 */
const ReasonSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,39}$/, { message: 'must be lower_snake_case, e.g. false_positive' }),
    label: z.string().trim().min(1).max(60),
  })
  .strict();

export const ClosureSchema = z
  .object({
    reasons: z
      .array(ReasonSchema)
      .min(2)
      .max(20)
      .default([...DEFAULT_CLOSURE_REASONS])
      .refine((list) => new Set(list.map((r) => r.id)).size === list.length, {
        message: 'ids must be unique',
      })
      .refine((list) => list.some((r) => r.id === OTHER_REASON), {
        message: `must include { id: ${OTHER_REASON} } (for what the list does not cover)`,
      }),
  })
  .strict();
