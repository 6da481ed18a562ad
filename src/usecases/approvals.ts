import {
  type ApprovalModalMeta,
  exceedsRequest,
  parseApproveSubmission,
  parseDenySubmission,
  renderApprovalList,
  renderApprovalRequest,
  renderApproveModal,
  renderDenyModal,
} from '../blockkit/approval.js';
import { describeFailure } from '../blockkit/failure.js';
import { renderErrorModal, renderLoadingModal } from '../blockkit/modals.js';
import { code, mention, slackDate } from '../blockkit/mrkdwn.js';
import type { Approval } from '../store/store.js';
import { changeFindingState } from './change-finding-state.js';
import type { WardenDeps } from './deps.js';
import { type Audience, sendPrivately, tellUser } from './tell-user.js';

/**
 * Four-eyes risk acceptance (WARDEN_CONFIG `permissions.acceptRisk.approvers`): the requester's
 * decision becomes a pending approval and a request in the alert's thread; only an approver who
 * is not the requester, in the approvers' group, before the request expires, can make the tenant
 * call — after reviewing it in a form (expiry may be shortened, confirmation required).
 */

export interface RiskRequest {
  findingId: string;
  justification: string;
  expiresAt: Date;
  requesterId: string;
  channel: string;
  messageTs?: string | undefined;
  audience: Audience;
  ref: string;
}

export async function requestRiskAcceptance(deps: WardenDeps, req: RiskRequest): Promise<void> {
  const approvers = deps.approvers;
  if (!approvers) throw new Error('four-eyes is not configured');
  const now = deps.now().getTime();
  const approval = await deps.store.createApproval({
    findingId: req.findingId,
    requesterId: req.requesterId,
    justification: req.justification,
    riskExpiresAt: req.expiresAt.getTime(),
    channel: req.channel,
    messageTs: req.messageTs ?? null,
    createdAt: now,
    expireAt: now + deps.approvalTtlMs,
  });
  const log = deps.logger.child({ ref: req.ref, approvalId: approval.id, findingId: req.findingId });
  const message = renderApprovalRequest(approval, approvers);
  try {
    const posted = await deps.slack.chat.postMessage({
      channel: req.channel,
      ...(req.messageTs ? { thread_ts: req.messageTs } : {}),
      ...message,
    });
    if (posted.ts) await deps.store.setApprovalRequestTs(approval.id, posted.ts);
  } catch (error) {
    log.error({ err: error }, 'approval request could not be posted');
    await tellUser(deps, req.audience, describeFailure(error, 'post the approval request', req.ref));
    return;
  }
  await deps.store
    .appendAudit({
      at: now,
      team_id: deps.teamId,
      user_id: req.requesterId,
      channel: req.channel,
      finding_id: req.findingId,
      action: 'acceptRisk.request',
      params: {
        justification: req.justification,
        expiresAt: req.expiresAt.toISOString(),
        approval: approval.id,
        ref: req.ref,
      },
      outcome: 'requested',
      error: null,
    })
    .catch((error: unknown) => log.error({ err: error }, 'audit entry could not be written'));
  deps.metrics.stateChanges.inc({ action: 'acceptRisk', outcome: 'requested' });
  log.info('risk acceptance waiting for approval');
  await tellUser(
    deps,
    req.audience,
    `:hourglass_flowing_sand: Your risk acceptance for ${code(req.findingId)} needs an approver from <!subteam^${approvers}>; the request is in ${req.messageTs ? "the alert's thread" : 'this channel'}. Nothing is changed until someone approves it.`,
  );
}

/** Why this person may not decide on this request now, if they may not. */
async function refusal(
  deps: WardenDeps,
  approval: Approval | undefined,
  userId: string,
): Promise<string | undefined> {
  if (!approval) return 'This approval request does not exist.';
  const now = deps.now().getTime();
  if (approval.status !== 'pending') return `This request was already ${approval.status}.`;
  if (approval.expireAt <= now) return 'This request has expired; the requester can ask again.';
  if (approval.requesterId === userId)
    return 'You asked for this acceptance: someone else must approve or deny it (four-eyes).';
  const approvers = deps.approvers;
  if (!approvers) return 'Four-eyes approval is not configured any more.';
  let person: { isGuest: boolean; isBot: boolean };
  try {
    person = await deps.users.get(userId);
  } catch {
    return 'Warden could not check who you are just now; try again in a moment.';
  }
  if (person.isGuest || person.isBot) return 'Guests and bots cannot approve risk acceptances.';
  if (!(await deps.usergroups.isMember(userId, [approvers]))) {
    return `Only members of <!subteam^${approvers}> may decide on risk acceptances.`;
  }
  return undefined;
}

async function deniedDecision(
  deps: WardenDeps,
  approval: Approval | undefined,
  userId: string,
  reason: string,
  ref: string,
) {
  deps.logger.warn({ ref, approvalId: approval?.id, user: userId, reason }, 'approval decision refused');
  await deps.store
    .appendAudit({
      at: deps.now().getTime(),
      team_id: deps.teamId,
      user_id: userId,
      channel: approval?.channel ?? null,
      finding_id: approval?.findingId ?? '',
      action: 'acceptRisk.decide',
      params: { approval: approval?.id ?? null, ref },
      outcome: 'denied',
      error: reason,
    })
    .catch(() => undefined);
}

/** Approve… / Deny… on a request: the form opens at once, then shows the request or why not. */
export async function openDecision(
  deps: WardenDeps,
  input: { kind: 'approve' | 'deny'; approvalId: string; userId: string; triggerId: string; ref: string },
): Promise<void> {
  const opened = await deps.slack.views.open({
    trigger_id: input.triggerId,
    view: renderLoadingModal(input.approvalId),
  });
  const viewId = opened.view?.id;
  if (!viewId) throw new Error('views.open answered without a view id');
  const approval = await deps.store.getApproval(input.approvalId);
  const why = await refusal(deps, approval, input.userId);
  if (why || !approval) {
    await deniedDecision(deps, approval, input.userId, why ?? 'unknown', input.ref);
    await deps.slack.views.update({
      view_id: viewId,
      view: renderErrorModal(`:no_entry_sign: ${why ?? 'Not allowed.'}`),
    });
    return;
  }
  const view =
    input.kind === 'approve'
      ? renderApproveModal(approval, await deps.users.timeZone(input.userId))
      : renderDenyModal(approval);
  await deps.slack.views.update({ view_id: viewId, view });
}

async function refreshRequest(deps: WardenDeps, approvalId: string): Promise<Approval | undefined> {
  const approval = await deps.store.getApproval(approvalId);
  if (approval?.requestTs && deps.approvers) {
    await deps.slack.chat
      .update({
        channel: approval.channel,
        ts: approval.requestTs,
        ...renderApprovalRequest(approval, deps.approvers),
      })
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, approvalId }, 'approval request message not updated'),
      );
  }
  return approval;
}

export type DecisionForm =
  | { ok: true; expiresAt?: Date; reason?: string }
  | { ok: false; errors: Record<string, string> };

/** The approver's form, checked before the ack and without I/O (field errors go back on the field). */
export function checkDecisionForm(
  kind: 'approve' | 'deny',
  meta: ApprovalModalMeta,
  values: unknown,
  now: Date,
): DecisionForm {
  return kind === 'deny' ? parseDenySubmission(values) : parseApproveSubmission(values, meta, now);
}

/** After the form: re-check everything, take the decision atomically, then act on it. */
export async function decide(
  deps: WardenDeps,
  input: {
    kind: 'approve' | 'deny';
    approvalId: string;
    userId: string;
    expiresAt?: Date;
    reason?: string;
    ref: string;
  },
): Promise<void> {
  const approval = await deps.store.getApproval(input.approvalId);
  const audience: Audience = { channel: approval?.channel ?? input.userId, user: input.userId };
  const why = await refusal(deps, approval, input.userId);
  if (why || !approval) {
    await deniedDecision(deps, approval, input.userId, why ?? 'unknown', input.ref);
    await tellUser(deps, audience, `:no_entry_sign: ${why ?? 'Not allowed.'}`);
    return;
  }
  if (input.expiresAt && exceedsRequest(input.expiresAt, approval.riskExpiresAt)) {
    // The form's metadata said otherwise: never trust it, the stored request decides.
    await tellUser(
      deps,
      audience,
      ':no_entry_sign: You may shorten the acceptance, not extend it; nothing was decided.',
    );
    return;
  }
  const now = deps.now().getTime();
  const status = input.kind === 'approve' ? 'approved' : 'denied';
  // The store is the arbiter between two approvers deciding at once: one wins, once.
  if (!(await deps.store.decideApproval(approval.id, status, input.userId, input.reason ?? null, now))) {
    await tellUser(
      deps,
      audience,
      ':information_source: Someone else decided on this request first; nothing more was done.',
    );
    return;
  }
  const thread = approval.messageTs ?? approval.requestTs ?? undefined;
  if (input.kind === 'deny') {
    await refreshRequest(deps, approval.id);
    await deps.store
      .appendAudit({
        at: now,
        team_id: deps.teamId,
        user_id: input.userId,
        channel: approval.channel,
        finding_id: approval.findingId,
        action: 'acceptRisk.deny',
        params: {
          approval: approval.id,
          reason: input.reason ?? '',
          requester: approval.requesterId,
          ref: input.ref,
        },
        outcome: 'ok',
        error: null,
      })
      .catch(() => undefined);
    if (thread) {
      await deps.slack.chat
        .postMessage({
          channel: approval.channel,
          thread_ts: thread,
          text: `${mention(input.userId)} denied ${mention(approval.requesterId)}'s request to accept the risk: ${input.reason ?? ''}`,
        })
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'deny reply not posted'));
    }
    return;
  }
  const expiresAt = input.expiresAt ?? new Date(approval.riskExpiresAt);
  const outcome = await changeFindingState(deps, {
    findingId: approval.findingId,
    action: { kind: 'acceptRisk', justification: approval.justification, expiresAt },
    actorId: input.userId,
    requesterId: approval.requesterId,
    audience,
    message: approval.messageTs ? { channel: approval.channel, ts: approval.messageTs } : undefined,
    channel: approval.channel,
    ref: input.ref,
  });
  if (!outcome.ok) {
    // The tenant did not take it: the request stays open for another try.
    await deps.store.reopenApproval(approval.id);
    return;
  }
  await refreshRequest(deps, approval.id);
  if (!approval.messageTs && approval.requestTs) {
    await deps.slack.chat
      .postMessage({
        channel: approval.channel,
        thread_ts: approval.requestTs,
        text: `${mention(input.userId)} approved ${mention(approval.requesterId)}'s request: risk accepted until ${slackDate(expiresAt)}.`,
      })
      .catch(() => undefined);
  }
}

/** Marks requests past their deadline expired and says so where they were asked. */
export async function expireApprovals(deps: WardenDeps): Promise<number> {
  const expired = await deps.store.expireApprovals(deps.now().getTime());
  for (const a of expired) {
    await refreshRequest(deps, a.id);
    const thread = a.requestTs ?? a.messageTs;
    if (thread) {
      await deps.slack.chat
        .postMessage({
          channel: a.channel,
          thread_ts: thread,
          text: `${mention(a.requesterId)} your request to accept the risk of ${code(a.findingId)} expired without a decision.`,
        })
        .catch(() => undefined);
    }
  }
  if (expired.length > 0) deps.logger.info({ count: expired.length }, 'approval requests expired');
  return expired.length;
}

export async function listApprovals(deps: WardenDeps, audience: Audience): Promise<void> {
  const pending = await deps.store.pendingApprovals(deps.now().getTime());
  await sendPrivately(deps, audience, renderApprovalList(pending), { responseUrlFirst: true });
}
