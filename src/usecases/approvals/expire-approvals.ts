import { approvalSubject, renderApprovalList } from '../../blockkit/approval-request.js';
import { withContainsWaiting } from '../../blockkit/contain-list.js';
import { mention } from '../../blockkit/mrkdwn.js';
import { t } from '../../i18n/speak.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import type { Approval } from '../../ports/store.js';
import { containsWaiting, type PendingContainPorts } from '../contain/pending-contain.js';
import { expiredStep } from '../shared/workflow-step-end.js';
import { isApprover } from './approvers.js';
import { refreshRequest } from './decide-approval.js';

export type ExpirePorts = Pick<
  Ports,
  'approvals' | 'chat' | 'settings' | 'clock' | 'logger' | 'steps' | 'people'
>;

/** Marks four-eyes requests past their deadline expired and says so where they were asked. */
export async function expireApprovals(p: ExpirePorts): Promise<number> {
  const expired = await p.approvals.expireApprovals(p.clock());
  for (const a of expired) await approvalExpired(p, a);
  if (expired.length > 0) p.logger.info({ count: expired.length }, 'approval requests expired');
  return expired.length;
}

/** One request found expired (by this replica): its message, its step and its thread told. */
export async function approvalExpired(p: ExpirePorts, a: Approval): Promise<void> {
  await refreshRequest(p, a.id);
  await expiredStep(p, a);
  const thread = a.requestTs ?? a.messageTs;
  if (!thread) return;
  await p.chat
    .post({
      channel: a.channel,
      threadTs: thread,
      text: t('approval.expiredThread', { requester: mention(a.requesterId), subject: approvalSubject(a) }),
    })
    .catch(() => undefined);
}

/** `/warden approvals`: what is waiting for a decision, to the person who asked, as far as they may see. */
export async function listApprovals(
  p: Pick<Ports, 'approvals' | 'privately' | 'clock' | 'people' | 'groups' | 'settings'> &
    PendingContainPorts,
  audience: Audience,
): Promise<void> {
  const pending = await p.approvals.pendingApprovals(p.clock());
  // An approver sees every pending request; anybody else only their own (findings, requesters
  // and channels are not for every guest's eyes). Containments the same, by their own group.
  const all = await isApprover(p, audience.user);
  const shown = all ? pending : pending.filter((a) => a.requesterId === audience.user);
  const contains = await containsWaiting(p, audience.user);
  await p.privately.send(audience, withContainsWaiting(renderApprovalList(shown), shown.length, contains), {
    responseUrlFirst: true,
  });
}
