import { z } from 'zod';
import { ANSWERS, ASK_WHO, type AttestRules } from '../domain/attest.js';
import { FINDING_TYPES, type FindingTypeMember } from '../domain/finding-type.js';
import { duration } from './values.js';

/**
 * WARDEN_CONFIG `attest`: per finding type (its member name, e.g. `decoyCredentialUsed`), whom
 * Warden asks "was this you?" and when silence is reminded, then escalated, e.g.
 * `decoyCredentialUsed: { ask: owner, remindAfter: 4h, escalateAfter: 24h }`.
 */
const RuleSchema = z
  .object({
    ask: z.enum(ASK_WHO, { message: `must be one of ${ASK_WHO.join(', ')}` }),
    remindAfter: duration('4h', 60_000, 30 * 86_400_000),
    escalateAfter: duration('24h', 60_000, 60 * 86_400_000),
    answers: z
      .array(z.enum(ANSWERS, { message: `must be one of ${ANSWERS.join(', ')}` }))
      .min(2)
      .optional(),
  })
  .strict()
  .refine((r) => r.escalateAfter > r.remindAfter, {
    message: 'escalateAfter must be later than remindAfter',
    path: ['escalateAfter'],
  })
  .transform((r) => ({
    ask: r.ask,
    remindAfterMs: r.remindAfter,
    escalateAfterMs: r.escalateAfter,
    answers: r.answers,
  }));

const MEMBERS = new Set<string>(FINDING_TYPES.map((t) => t.member));

export const AttestSchema = z
  .record(z.string(), RuleSchema)
  .default({})
  .superRefine((all, ctx) => {
    for (const key of Object.keys(all))
      if (!MEMBERS.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `"${key.slice(0, 60)}" is not a finding type (e.g. decoyCredentialUsed)`,
        });
  })
  .transform((all): AttestRules => {
    const rules: AttestRules = {};
    for (const [key, rule] of Object.entries(all)) rules[key as FindingTypeMember] = rule;
    return rules;
  });
