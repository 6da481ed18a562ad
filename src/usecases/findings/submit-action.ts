import type { FindingAction } from '../../domain/actions.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { type RequestPorts, requestRiskAcceptance } from '../approvals/request-risk-acceptance.js';
import type { Card } from '../shared/alert-life.js';
import { type ChangePorts, changeFindingState } from '../shared/change-finding-state.js';
import { type GatePorts, holdForStepUp, mustStepUp } from '../shared/step-up.js';
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

/** Accept risk is gated by the finding's severity (WARDEN_CONFIG `stepUp.acceptRiskFrom`): read it then only. */
async function severityFor(p: SubmitPorts, s: SubmittedAction): Promise<unknown> {
  if (s.action.kind !== 'acceptRisk' || !p.settings.stepUp?.acceptRiskFrom) return undefined;
  return (await p.findings.get(s.findingId)).severity;
}

/**
 * A decision a person made (a form, a command): the one place that routes it. A risk acceptance
 * with four-eyes configured becomes a request for an approver; everything else goes to the
 * tenant now.
 */
export async function submitFindingAction(p: SubmitPorts, s: SubmittedAction): Promise<void> {
  if (s.verifiedAt === undefined && p.settings.stepUp) {
    const ask = { key: s.action.kind, severity: await severityFor(p, s) };
    if (mustStepUp(p, [ask], s.verifiedAt)) {
      const { audience, card, ...rest } = s;
      await holdForStepUp(p, {
        key: s.action.kind,
        userId: s.actorId,
        findingIds: [s.findingId],
        audience,
        intent: {
          kind: 'finding',
          ...rest,
          ...(card ? { card: { channel: card.channel, ts: card.ts } } : {}),
        },
        ref: s.ref,
      });
      return;
    }
  }
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
