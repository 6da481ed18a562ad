import type { Ports } from '../ports/index.js';
import { postedBy } from '../usecases/shared/lifecycle-job.js';
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
 * - `job`: the lifecycle job whose reminder the click is on (Extend…, Let it end): a message the
 *   job posted (its progress records each);
 * - `ask`: the attestation whose question the click is on (the answers, Add a note…);
 * - `askChannel`: Resolve, offered in the thread of the ask's card: the ask's channel;
 * - `contain`: the containment whose request message the click is on (Approve, Deny);
 * - `listed`: a finding the thread listing of a roll-up of that channel shows (Open card).
 *
 * A resource that is not there is left to the route's access check, which says it is gone. The
 * message is matched by its ts, which Slack makes unique. Home tab clicks carry no message: a
 * request (Approve…/Deny…), a reminder's Extend… and an attestation's answers are also shown on
 * the person's Home tab, and there they are accepted and the decision's own checks apply (the
 * approvers and not the requester; whoever made it or may change it; only the person asked).
 * So is a containment's Approve/Deny (Home and `/warden approvals`). An ephemeral (a
 * `/warden approvals` list) is a message Warden keeps no record of: it counts as none for
 * those kinds. Every other kind needs its message. A message whose record is not written yet (the click came
 * before Warden stored where it posted) is also left to those checks.
 */
export type Belongs =
  | { group: string }
  | { approval: string }
  | { member: string; of: string }
  | { job: string }
  | { ask: string }
  | { askChannel: string }
  | { contain: string }
  | { listed: string };

export async function belongsHere(p: Ports, b: Belongs, c: Click): Promise<boolean> {
  const on = c.ephemeral ? undefined : c.message;
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
  if ('member' in b) return (await p.rollups.members(b.of)).includes(b.member);
  return onItsMessage(p, b, on, c.message);
}

/** The kinds added with the reminders', attestations', containments' and listings' buttons. */
async function onItsMessage(
  p: Ports,
  b: Exclude<Belongs, { group: string } | { approval: string } | { member: string; of: string }>,
  on: Click['message'],
  /** Where the click is, an ephemeral included: enough for the kinds checked by channel. */
  where: Click['message'],
): Promise<boolean> {
  if ('job' in b) {
    const job = await p.lifecycle.getJob(b.job);
    // A job whose steps were recorded before their messages were has nothing to compare.
    const recorded = job && Object.values(job.progress).some((step) => step.startsWith('sent '));
    return !job || on === undefined || !recorded || postedBy(job, on);
  }
  if ('ask' in b) {
    const ask = await p.asks.getAsk(b.ask);
    return !ask || on === undefined || ask.questionTs === null || ask.questionTs === on.ts;
  }
  if ('askChannel' in b) {
    const ask = await p.asks.getAsk(b.askChannel);
    return !ask || (where !== undefined && where.channel === ask.channel);
  }
  if ('contain' in b) {
    // No request message recorded: one waiting for an approver is having it posted (a click can
    // come before its ts is stored; the decision's checks apply); any other was never offered.
    // From Home or an approvals list (no message) the decision's checks apply too.
    const contain = await p.contains.getContain(b.contain);
    if (!contain || on === undefined) return true;
    return contain.requestTs === null ? contain.status === 'pending' : contain.requestTs === on.ts;
  }
  if (where === undefined) return false;
  const groups = await p.rollups.groupsOf(b.listed);
  return groups.some((g) => g.channel === where.channel);
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
