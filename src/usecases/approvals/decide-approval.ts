import { exceedsRequest, renderApproveModal, renderDenyModal } from '../../blockkit/approval-forms.js';
import { renderApprovalRequest } from '../../blockkit/approval-request.js';
import { renderInfoModal } from '../../blockkit/info-modal.js';
import { noRequest } from '../../blockkit/interaction-words.js';
import { mention, safeMrkdwn, slackDate } from '../../blockkit/mrkdwn.js';
import { decidedFirst, mayNotExtend } from '../../blockkit/outcome-words.js';
import { verifiedMark } from '../../blockkit/step-up-words.js';
import { t } from '../../i18n/speak.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import type { Approval } from '../../ports/store.js';
import type { AuthorizePorts } from '../shared/authorize.js';
import { type ChangePorts, changeFindingState } from '../shared/change-finding-state.js';
import { changeManyFindings } from '../shared/change-many-findings.js';
import { recordAudit } from '../shared/record-audit.js';
import { inChannel } from '../shared/speech.js';
import { type GatePorts, holdForStepUp, mustStepUp } from '../shared/step-up.js';
import { approvedStep, deniedStep } from '../shared/workflow-step-end.js';

/**
 * An approver's decision on a four-eyes request: only an approver who is not the requester, in
 * the approvers' group, before the request expires, can make the tenant call — after reviewing it
 * in a form (the expiry may be shortened, never extended; confirmation required).
 */

export type DecidePorts = ChangePorts &
  AuthorizePorts &
  GatePorts &
  Pick<Ports, 'approvals' | 'views' | 'rollups' | 'timers' | 'steps'>;

export interface DecisionInput {
  kind: 'approve' | 'deny';
  approvalId: string;
  userId: string;
  ref: string;
  /** When the approver's step-up verification passed (the decision was held for it). */
  verifiedAt?: number | undefined;
}

/** Approve… / Deny… on a request: the form in the modal the runner opened (four-eyes checked). */
export async function openDecision(p: DecidePorts, input: DecisionInput & { viewId: string }): Promise<void> {
  const { viewId } = input;
  const approval = await p.approvals.getApproval(input.approvalId);
  if (!approval) {
    await p.views.update(viewId, renderInfoModal(noRequest()));
    return;
  }
  const view =
    input.kind === 'approve'
      ? renderApproveModal(approval, await p.people.timeZone(input.userId))
      : renderDenyModal(approval);
  await p.views.update(viewId, view);
}

/** Re-renders the request message (its status and buttons) from the store. */
export async function refreshRequest(
  p: Pick<Ports, 'approvals' | 'chat' | 'settings' | 'logger'>,
  approvalId: string,
): Promise<Approval | undefined> {
  const approval = await p.approvals.getApproval(approvalId);
  if (approval?.requestTs && p.settings.approvers) {
    await p.chat
      .update({
        channel: approval.channel,
        ts: approval.requestTs,
        ...inChannel(p, approval.channel, () => renderApprovalRequest(approval, p.settings.approvers ?? '')),
      })
      .catch((error: unknown) =>
        p.logger.warn({ err: error, approvalId }, 'approval request message not updated'),
      );
  }
  return approval;
}

async function deny(p: DecidePorts, approval: Approval, input: DecisionInput, reason: string) {
  await refreshRequest(p, approval.id);
  await recordAudit(p, {
    userId: input.userId,
    channel: approval.channel,
    findingId: approval.findingId,
    action: 'acceptRisk.deny',
    params: {
      approval: approval.id,
      reason,
      requester: approval.requesterId,
      ref: input.ref,
      ...(input.verifiedAt !== undefined ? { verifiedAt: new Date(input.verifiedAt).toISOString() } : {}),
    },
    outcome: 'ok',
  });
  const thread = approval.messageTs ?? approval.requestTs;
  if (!thread) return;
  await p.chat
    .post({
      channel: approval.channel,
      threadTs: thread,
      text: t('approval.deniedThread', {
        approver: mention(input.userId),
        requester: mention(approval.requesterId),
        verified: verifiedMark(input.verifiedAt),
        reason: safeMrkdwn(reason, 2_000),
      }),
    })
    .catch((error: unknown) => p.logger.warn({ err: error }, 'deny reply not posted'));
}

/** After the form (the runner checked four-eyes again): take the decision atomically, then act on it. */
export async function decide(
  p: DecidePorts,
  input: DecisionInput & { expiresAt?: Date; reason?: string },
): Promise<void> {
  const approval = await p.approvals.getApproval(input.approvalId);
  const audience: Audience = { channel: approval?.channel ?? input.userId, user: input.userId };
  if (!approval) {
    await p.privately.tell(audience, noRequest());
    return;
  }
  if (input.expiresAt && exceedsRequest(input.expiresAt, approval.riskExpiresAt)) {
    // The form's metadata said otherwise: never trust it, the stored request decides.
    await p.privately.tell(audience, mayNotExtend());
    return;
  }
  // Approving a bulk acceptance is a bulk change too: one verification covers both.
  const many = input.kind === 'approve' && approval.findingIds ? approval.findingIds.length : undefined;
  const asks = [{ key: input.kind }, ...(many !== undefined ? [{ key: 'bulk', count: many }] : [])];
  if (mustStepUp(p, asks, input.verifiedAt)) {
    const { kind, expiresAt, ...rest } = input;
    await holdForStepUp(p, {
      key: kind,
      userId: input.userId,
      findingIds: approval.findingIds ?? [approval.findingId],
      audience,
      intent: {
        kind: 'decision',
        decision: kind,
        ...rest,
        ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
      },
      ref: input.ref,
    });
    return;
  }
  const status = input.kind === 'approve' ? 'approved' : 'denied';
  // The store is the arbiter between two approvers deciding at once: one wins, once.
  if (
    !(await p.approvals.decideApproval(approval.id, status, input.userId, input.reason ?? null, p.clock()))
  ) {
    await p.privately.tell(audience, decidedFirst());
    return;
  }
  if (input.kind === 'deny') {
    await deniedStep(p, approval, input.userId, input.reason ?? '');
    return deny(p, approval, input, input.reason ?? '');
  }
  const expiresAt = input.expiresAt ?? new Date(approval.riskExpiresAt);
  if (approval.findingIds) return approveMany(p, approval, input, expiresAt, audience);
  const outcome = await changeFindingState(p, {
    findingId: approval.findingId,
    action: { kind: 'acceptRisk', justification: approval.justification, expiresAt },
    actorId: input.userId,
    requesterId: approval.requesterId,
    audience,
    card: approval.messageTs ? { channel: approval.channel, ts: approval.messageTs } : undefined,
    channel: approval.channel,
    ref: input.ref,
    verifiedAt: input.verifiedAt,
  });
  if (!outcome.ok) {
    // The tenant did not take it: the request stays open for another try.
    await p.approvals.reopenApproval(approval.id);
    return;
  }
  await refreshRequest(p, approval.id);
  await approvedStep(p, approval, outcome.finding, input.userId, expiresAt);
  if (!approval.messageTs && approval.requestTs) {
    await p.chat
      .post({
        channel: approval.channel,
        threadTs: approval.requestTs,
        text: t('approval.approvedThread', {
          approver: mention(input.userId),
          requester: mention(approval.requesterId),
          until: slackDate(expiresAt),
        }),
      })
      .catch(() => undefined);
  }
}

/** A bulk acceptance approved: the roll-up's findings in one bulk change, told in its thread. */
async function approveMany(
  p: DecidePorts,
  approval: Approval,
  input: DecisionInput,
  expiresAt: Date,
  audience: Audience,
): Promise<void> {
  const outcome = await changeManyFindings(p, {
    findingIds: approval.findingIds ?? [],
    change: { kind: 'acceptRisk', justification: approval.justification, expiresAt },
    actorId: input.userId,
    requesterId: approval.requesterId,
    audience,
    report: { channel: approval.channel, threadTs: approval.messageTs ?? approval.requestTs ?? undefined },
    groupId: approval.findingId,
    ref: input.ref,
    verifiedAt: input.verifiedAt,
  });
  // Nothing taken by the tenant: the request stays open for another try.
  if (outcome.changed.length === 0) await p.approvals.reopenApproval(approval.id);
  else await refreshRequest(p, approval.id);
}
