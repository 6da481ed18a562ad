import type { FindingAction } from '../domain/actions.js';
import type { Audience } from '../ports/slack.js';
import type { Card } from './alert-life.js';
import { type ChangePorts, changeFindingState } from './change-finding-state.js';
import { type RequestPorts, requestRiskAcceptance } from './request-risk-acceptance.js';

export interface SubmittedAction {
  findingId: string;
  action: FindingAction;
  actorId: string;
  channel: string;
  card?: Card | undefined;
  audience: Audience;
  ref: string;
}

/**
 * A decision a person made (a form, a command): the one place that routes it. A risk acceptance
 * with four-eyes configured becomes a request for an approver; everything else goes to the
 * tenant now.
 */
export async function submitFindingAction(p: ChangePorts & RequestPorts, s: SubmittedAction): Promise<void> {
  if (s.action.kind === 'acceptRisk' && p.settings.approvers) {
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
export async function submitActionForm(p: ChangePorts & RequestPorts, f: FormSubmission) {
  const channel = f.channel ?? f.userId;
  await submitFindingAction(p, {
    findingId: f.findingId,
    action: f.action,
    actorId: f.userId,
    channel,
    card: f.channel && f.cardTs ? { channel: f.channel, ts: f.cardTs } : undefined,
    audience: { channel, user: f.userId },
    ref: f.ref,
  });
}
