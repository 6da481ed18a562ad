import { renderApprovalList } from '../blockkit/approval-request.js';
import { code, mention } from '../blockkit/mrkdwn.js';
import type { Ports } from '../ports/index.js';
import type { Audience } from '../ports/slack.js';
import { refreshRequest } from './decide-approval.js';

/** Marks four-eyes requests past their deadline expired and says so where they were asked. */
export async function expireApprovals(
  p: Pick<Ports, 'approvals' | 'chat' | 'settings' | 'clock' | 'logger'>,
): Promise<number> {
  const expired = await p.approvals.expireApprovals(p.clock());
  for (const a of expired) {
    await refreshRequest(p, a.id);
    const thread = a.requestTs ?? a.messageTs;
    if (!thread) continue;
    await p.chat
      .post({
        channel: a.channel,
        threadTs: thread,
        text: `${mention(a.requesterId)} your request to accept the risk of ${code(a.findingId)} expired without a decision.`,
      })
      .catch(() => undefined);
  }
  if (expired.length > 0) p.logger.info({ count: expired.length }, 'approval requests expired');
  return expired.length;
}

/** `/warden approvals`: what is waiting for a decision, to the person who asked. */
export async function listApprovals(
  p: Pick<Ports, 'approvals' | 'privately' | 'clock'>,
  audience: Audience,
): Promise<void> {
  const pending = await p.approvals.pendingApprovals(p.clock());
  await p.privately.send(audience, renderApprovalList(pending), { responseUrlFirst: true });
}
