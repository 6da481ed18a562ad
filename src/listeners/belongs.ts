import type { Ports } from '../ports/index.js';
import { recordAudit } from '../usecases/shared/record-audit.js';
import type { Click } from './route.js';

/**
 * A click acts only on what its own message or modal carries (issue 36, item 16). Slack does not
 * let a person change a button's value, so a value naming another roll-up, request or finding
 * than the one it came from means a forged request (the signing secret leaked) or a bug: refused,
 * whatever the person's permissions. What a route's value must belong to:
 *
 * - `group`: the roll-up whose summary message the click is on (Snooze all, Suppress all, Reopen
 *   all, Accept all, Review…): Warden recorded that summary's channel and ts;
 * - `approval`: the four-eyes request whose message (or alert) the click is on (Approve…, Deny…);
 * - `member`: a finding of the roll-up the click's modal shows (Review → ⋯): the modal's roll-up
 *   is its metadata, itself checked against what Warden stored for that view (view-records.ts).
 *
 * A resource that is not there is left to the route's access check, which says it is gone. The
 * message is matched by its ts, which Slack makes unique; a request is also decided from the
 * approver's Home tab, where no message carries it (the decision's own checks apply there).
 */
export type Belongs = { group: string } | { approval: string } | { member: string; of: string };

export async function belongsHere(p: Ports, b: Belongs, c: Click): Promise<boolean> {
  const on = c.message;
  if ('group' in b) {
    const group = await p.rollups.get(b.group);
    if (!group) return true;
    return on !== undefined && group.summaryTs === on.ts;
  }
  if ('approval' in b) {
    const approval = await p.approvals.getApproval(b.approval);
    if (!approval || on === undefined) return true;
    // The request message, in the thread of the alert it belongs to (a payload may name either).
    return on.ts === approval.requestTs || on.ts === approval.messageTs;
  }
  return (await p.rollups.members(b.of)).includes(b.member);
}

/**
 * A click or a form refused because what it names is not what its message or view carries (or
 * the view's metadata is not what Warden wrote): logged and written to the audit log as refused,
 * like any refusal; the caller tells the person.
 */
export async function refusedAsNotHere(
  p: Ports,
  e: { userId: string; ref: string; what: string; why: string },
): Promise<void> {
  p.logger.warn({ ref: e.ref, user: e.userId, what: e.what }, `refused: ${e.why}`);
  await recordAudit(p, {
    userId: e.userId,
    action: 'interaction.notHere',
    outcome: 'refused',
    params: { ref: e.ref, what: e.what },
    error: e.why,
  });
}
