import type { ContainWaiting } from '../../blockkit/contain-list.js';
import type { Ports } from '../../ports/index.js';
import { isApprover } from '../approvals/approvers.js';

/**
 * The containments waiting for an approver that a person may see (`/warden approvals`, the Home
 * tab): an approver of containments (a full member of this workspace in `contain`'s approvers
 * group) sees every one of the workspace, with Approve / Deny on those they did not ask for;
 * anybody else only their own, without buttons. The decision is the thread's (decide-contain.ts).
 */
export type PendingContainPorts = Pick<Ports, 'contains' | 'people' | 'groups' | 'settings'>;

export async function containsWaiting(p: PendingContainPorts, userId: string): Promise<ContainWaiting[]> {
  const contain = p.settings.contain;
  if (!contain) return [];
  const [pending, approver] = await Promise.all([
    p.contains.pendingContains(p.settings.teamId, 50),
    isApprover(p, userId, contain.approvers),
  ]);
  return pending
    .filter((r) => approver || r.requesterId === userId)
    .map((record) => ({
      record,
      expiresAt: record.createdAt + p.settings.approvalTtlMs,
      decide: approver && record.requesterId !== userId,
    }));
}
