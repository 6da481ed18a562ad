import type { FindingAction } from '../../domain/actions.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { type RequestPorts, requestRiskAcceptance } from '../approvals/request-risk-acceptance.js';
import type { Card } from '../shared/alert-life.js';
import { type ChangePorts, changeFindingState } from '../shared/change-finding-state.js';
import type { GatePorts } from '../shared/step-up.js';
import { heldFindingChange } from '../shared/step-up-gate.js';
import { checkedEvidence } from './closure-evidence.js';

export type SubmitPorts = ChangePorts & RequestPorts & GatePorts;

export interface SubmittedAction {
  findingId: string;
  action: FindingAction;
  actorId: string;
  channel: string;
  card?: Card | undefined;
  audience: Audience;
  ref: string;
  /** When the person's step-up verification passed (the action was held for it). */
  verifiedAt?: number | undefined;
}

/**
 * A decision a person made (a form, a command): the one place that routes it. A risk acceptance
 * with four-eyes configured becomes a request for an approver; everything else goes to the
 * tenant now, through the one change (whose step-up gate holds it if it needs a fresh sign-in).
 */
export async function submitFindingAction(p: SubmitPorts, s: SubmittedAction): Promise<void> {
  if (s.action.kind === 'acceptRisk' && p.settings.approvers) {
    // A request changes nothing yet, so the change's gate is not on its way: the requester's is here.
    if (await heldFindingChange(p, s)) return;
    // A request typed as a command goes in the thread of the finding's card in that channel.
    const card =
      s.card ??
      (await p.cards.messagesFor(s.findingId).catch(() => [])).filter((m) => m.channel === s.channel).at(-1);
    await requestRiskAcceptance(p, {
      findingId: s.findingId,
      justification: s.action.justification,
      expiresAt: s.action.expiresAt,
      requesterId: s.actorId,
      channel: s.channel,
      cardTs: card?.ts,
      audience: s.audience,
      ref: s.ref,
    });
    return;
  }
  await changeFindingState(p, {
    findingId: s.findingId,
    action: s.action,
    actorId: s.actorId,
    audience: s.audience,
    card: s.card,
    channel: s.channel,
    ref: s.ref,
    verifiedAt: s.verifiedAt,
  });
}

export interface FormSubmission {
  action: FindingAction;
  findingId: string;
  userId: string;
  /** The card the form was opened from (its channel and ts), if any. */
  channel: string | undefined;
  cardTs: string | undefined;
  ref: string;
}

/**
 * A submitted action form, after the ack. The runner checked the permissions again (they may have
 * changed while the form was open) and that the card it came from is still Warden's card.
 */
export async function submitActionForm(p: SubmitPorts & Pick<Ports, 'notes'>, f: FormSubmission) {
  const channel = f.channel ?? f.userId;
  const audience = { channel, user: f.userId };
  const action = await checkedEvidence(p, { findingId: f.findingId, action: f.action, audience, ref: f.ref });
  await submitFindingAction(p, {
    findingId: f.findingId,
    action,
    actorId: f.userId,
    channel,
    card: f.channel && f.cardTs ? { channel: f.channel, ts: f.cardTs } : undefined,
    audience,
    ref: f.ref,
  });
}
