import { goneRollup } from '../blockkit/rollup.js';
import type { PolicyAction } from '../domain/policy.js';
import type { Ports } from '../ports/index.js';
import type { AccessRequest } from '../usecases/shared/authorize.js';
import type { Click, Granted } from './route.js';

/**
 * The permissions route tables ask for, built one way (usecases/shared/authorize.ts decides them): a
 * button on a card, an action in the channel of the click, in a roll-up's channel, or a
 * four-eyes decision.
 */

/** A card's button: the permission, in the card's channel, and the card must be Warden's card for it. */
export const onCard =
  (action: PolicyAction) =>
  (_p: Ports, findingId: string, c: Click): AccessRequest => ({
    kind: 'act',
    userId: c.userId,
    action,
    channel: c.audience.channel,
    findingId,
    // On a link preview: no card to check, the permission in its channel decides (as a command).
    // No message otherwise: not a card at all, which the resource check refuses.
    ...(c.unfurl ? {} : { cardTs: c.message?.ts ?? '' }),
  });

/** The permission in the channel the person is in (a command, a campaign view, a thread listing). */
export const inChannel = (
  action: PolicyAction,
  c: { userId: string; channel: string | undefined },
  findingId?: string,
): AccessRequest => ({ kind: 'act', userId: c.userId, action, channel: c.channel, findingId });

/** The permission in a roll-up's channel, exactly as for one finding there. */
export async function inGroup(
  p: Ports,
  action: PolicyAction,
  groupId: string,
  userId: string,
): Promise<Granted> {
  const group = await p.rollups.get(groupId);
  if (!group) return { gone: goneRollup() };
  return { kind: 'act', userId, action, channel: group.channel };
}

/** An approver's decision on a four-eyes request (authorize.ts has the four-eyes rules). */
export async function decision(p: Ports, approvalId: string, userId: string): Promise<Granted> {
  return { kind: 'decide', userId, approval: await p.approvals.getApproval(approvalId) };
}
