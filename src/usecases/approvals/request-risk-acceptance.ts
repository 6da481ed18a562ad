import { approvalSubject, renderApprovalRequest } from '../../blockkit/approval-request.js';
import { describeFailure } from '../../blockkit/failure.js';
import { awaitingApprover } from '../../blockkit/outcome-words.js';
import { t } from '../../i18n/speak.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import type { Approval } from '../../ports/store.js';
import { recordAudit } from '../shared/record-audit.js';
import { inChannel } from '../shared/speech.js';

export type RequestPorts = Pick<
  Ports,
  'approvals' | 'chat' | 'privately' | 'audit' | 'settings' | 'clock' | 'logger' | 'metrics'
>;

export interface RiskRequest {
  findingId: string;
  justification: string;
  expiresAt: Date;
  requesterId: string;
  channel: string;
  /** The card the request belongs to (its thread gets the request). */
  cardTs?: string | undefined;
  audience: Audience;
  ref: string;
  /** A bulk acceptance: the findings it covers (`findingId` then names the roll-up). */
  findingIds?: string[] | undefined;
  /** Asked by a Workflow Builder step: the decision completes it (kept with the request). */
  functionExecutionId?: string | undefined;
}

/**
 * Four-eyes (WARDEN_CONFIG `permissions.acceptRisk.approvers`): the requester's decision
 * becomes a pending approval and a request in the card's thread; nothing is sent to the tenant
 * until an approver decides (decide-approval.ts).
 */
export async function requestRiskAcceptance(
  p: RequestPorts,
  req: RiskRequest,
): Promise<Approval | undefined> {
  const approvers = p.settings.approvers;
  if (!approvers) throw new Error('four-eyes is not configured');
  const now = p.clock();
  const approval = await p.approvals.createApproval({
    findingId: req.findingId,
    requesterId: req.requesterId,
    justification: req.justification,
    riskExpiresAt: req.expiresAt.getTime(),
    channel: req.channel,
    messageTs: req.cardTs ?? null,
    createdAt: now,
    expireAt: now + p.settings.approvalTtlMs,
    ...(req.findingIds ? { findingIds: req.findingIds } : {}),
    ...(req.functionExecutionId ? { functionExecutionId: req.functionExecutionId } : {}),
  });
  const log = p.logger.child({ ref: req.ref, approvalId: approval.id, findingId: req.findingId });
  const message = inChannel(p, req.channel, () => renderApprovalRequest(approval, approvers));
  try {
    const ts = await p.chat.post({ channel: req.channel, threadTs: req.cardTs, ...message });
    await p.approvals.setApprovalRequestTs(approval.id, ts);
  } catch (error) {
    log.error({ err: error }, 'approval request could not be posted');
    await p.privately.tell(req.audience, describeFailure(error, t('approval.whatPost'), req.ref));
    return undefined;
  }
  await recordAudit(p, {
    userId: req.requesterId,
    channel: req.channel,
    findingId: req.findingId,
    action: 'acceptRisk.request',
    params: {
      justification: req.justification,
      expiresAt: req.expiresAt.toISOString(),
      approval: approval.id,
      ref: req.ref,
      ...(req.findingIds ? { findings: req.findingIds.length } : {}),
    },
    outcome: 'requested',
  });
  p.metrics.stateChanges.inc({ action: 'acceptRisk', outcome: 'requested' });
  log.info('risk acceptance waiting for approval');
  await p.privately.tell(
    req.audience,
    awaitingApprover(
      approvalSubject(approval),
      approvers,
      req.cardTs ? (req.findingIds ? "the roll-up's thread" : "the alert's thread") : 'this channel',
    ),
  );
  return approval;
}
