import { randomBytes } from 'node:crypto';
import { optionValue } from '../../blockkit/contain.js';
import { stepError } from '../../blockkit/workflow-step-words.js';
import type { Audience } from '../../ports/slack.js';
import { containOffer } from './contain-options.js';
import type { DecidePorts } from './decide-contain.js';
import { threadOf } from './open-contain.js';
import { submitContain } from './request-contain.js';

/**
 * Contain finding as a Workflow Builder step (`contain_finding`): the same containment as the
 * form — `action` revoke (with the `entitlement_id` of the finding's account to revoke: never
 * guessed) or offboard, and why — held for step-up and four-eyes as a click is. The step keeps
 * running until the tenant has the task (completed with its id) or it is refused, denied or
 * expires (failed, saying why): the containment ends it (contain-thread.ts `endContainStep`).
 */
export type ContainStepEnd =
  | { ok: false; error: string }
  | { waiting: true; on: 'approval' | 'stepUp'; id: string };

export async function containStep(
  p: DecidePorts,
  s: {
    findingId: string;
    userId: string;
    action: string;
    entitlementId: string | undefined;
    reason: string;
    audience: Audience;
    where: string;
    executionId: string;
    ref: string;
  },
): Promise<ContainStepEnd> {
  const fail = (why: string): ContainStepEnd => ({ ok: false, error: stepError(why) });
  if (s.action !== 'revoke' && s.action !== 'offboard') return fail('`action` must be revoke or offboard.');
  if (s.action === 'revoke' && !s.entitlementId)
    return fail(
      'To revoke, name the entitlement (`entitlement_id`): Warden never guesses what to take away.',
    );
  const finding = await p.findings.get(s.findingId);
  const offer = await containOffer(p, finding);
  if (!offer.ok) return fail(offer.why);
  const choice =
    s.action === 'revoke' ? optionValue({ action: 'revoke', entitlementId: s.entitlementId }) : 'offboard';
  if (!offer.options.some((o) => optionValue(o) === choice))
    return fail(
      'The finding offers no such containment: the account does not hold that entitlement, or names no person.',
    );
  const card = await threadOf(p, s.findingId);
  const end = await submitContain(p, {
    id: `ctn_${randomBytes(10).toString('hex')}`,
    findingId: s.findingId,
    targetKey: offer.targetKey,
    choice,
    reason: s.reason,
    userId: s.userId,
    channel: card?.channel ?? s.where,
    cardTs: card?.ts,
    audience: s.audience,
    ref: s.ref,
    functionExecutionId: s.executionId,
  });
  if (!end.ok) return fail(end.why);
  return { waiting: true, on: end.waiting ?? 'approval', id: end.record.id };
}
