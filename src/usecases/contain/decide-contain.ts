import { renderContainRequest } from '../../blockkit/contain.js';
import { containLine, containRefusal } from '../../blockkit/contain-words.js';
import type { ContainRecord } from '../../ports/contain.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import type { AuthorizePorts } from '../shared/authorize.js';
import { recordAudit } from '../shared/record-audit.js';
import { type GatePorts, holdForStepUp, mustStepUp } from '../shared/step-up.js';
import { containOffer } from './contain-options.js';
import { endContainStep, tellThread } from './contain-thread.js';
import { type CreatePorts, createContainTask } from './create-contain-task.js';
import type { RequestPorts } from './request-contain.js';

/**
 * An approver's decision on a containment (four-eyes): a member of the approvers' group who is not
 * the requester (a guest or another organisation's person was refused by the route already).
 * The store decides between two approvers at once (`pending` → `approved`, one conditional
 * update); an approval checks the finding again (the same target) and sends the task once.
 * `approve` / `deny` in `stepUp.actions` holds the decision for the approver's own sign-in.
 */
export type DecidePorts = RequestPorts & CreatePorts & GatePorts & AuthorizePorts & Pick<Ports, 'groups'>;

export interface ContainDecision {
  kind: 'approve' | 'deny';
  containId: string;
  userId: string;
  audience: Audience;
  ref: string;
  verifiedAt?: number | undefined;
}

async function refreshRequest(p: DecidePorts, r: ContainRecord, line: string) {
  if (!r.requestTs) return;
  await p.chat
    .update({ channel: r.channel, ts: r.requestTs, ...renderContainRequest(line, r.id, false) })
    .catch((error: unknown) =>
      p.logger.warn({ err: error, containId: r.id }, 'containment request not updated'),
    );
}

export async function decideContain(p: DecidePorts, d: ContainDecision): Promise<void> {
  const r = await p.contains.getContain(d.containId);
  if (!r) return void (await p.privately.tell(d.audience, containRefusal.gone));
  const approvers = p.settings.contain?.approvers;
  if (!approvers) return void (await p.privately.tell(d.audience, containRefusal.noApprovers));
  if (r.requesterId === d.userId) return void (await p.privately.tell(d.audience, containRefusal.ownRequest));
  if (!(await p.groups.isMember(d.userId, [approvers])))
    return void (await p.privately.tell(d.audience, containRefusal.notApprover(approvers)));
  if (r.status === 'expired') return void (await p.privately.tell(d.audience, containRefusal.expired));
  if (r.status !== 'pending')
    return void (await p.privately.tell(d.audience, containRefusal.decided(r.approvedBy, r.status)));
  if (mustStepUp(p, [{ key: d.kind }], d.verifiedAt)) {
    await holdForStepUp(p, {
      key: d.kind,
      userId: d.userId,
      findingIds: [r.findingId],
      audience: d.audience,
      intent: { kind: 'containDecision', containId: r.id, decision: d.kind, ref: d.ref },
      ref: d.ref,
    });
    return;
  }
  const now = p.clock();
  if (d.kind === 'deny') {
    if (
      !(await p.contains.moveContain(
        r.id,
        ['pending'],
        'denied',
        { approvedBy: d.userId, nextPollAt: null },
        now,
      ))
    )
      return void (await p.privately.tell(d.audience, containRefusal.decided(null, 'decided')));
    p.metrics.contain.inc({ action: r.action, outcome: 'denied' });
    await recordAudit(p, {
      userId: d.userId,
      action: 'contain.deny',
      channel: r.channel,
      findingId: r.findingId,
      params: { ref: d.ref, contain: r.id, requester: r.requesterId },
      outcome: 'denied',
    });
    const line = containLine.denied(d.userId, r.requesterId);
    await refreshRequest(p, r, line);
    await tellThread(p, { ...r, status: 'denied' }, line);
    await endContainStep(p, r, { ok: false, error: line });
    return;
  }
  // Approved: the finding must still name what the requester saw.
  const finding = await p.findings.get(r.findingId);
  const offer = await containOffer(p, finding);
  if (!offer.ok || offer.targetKey !== r.targetKey) {
    await p.contains.moveContain(
      r.id,
      ['pending'],
      'refused',
      { error: 'target changed', nextPollAt: null },
      now,
    );
    const why = containRefusal.targetChanged(r.findingId);
    await p.privately.tell(d.audience, why);
    await tellThread(p, { ...r, status: 'refused' }, why);
    await recordAudit(p, {
      userId: d.userId,
      action: 'contain.approve',
      channel: r.channel,
      findingId: r.findingId,
      params: { ref: d.ref, contain: r.id, why: 'target changed' },
      outcome: 'refused',
    });
    return;
  }
  if (!(await p.contains.moveContain(r.id, ['pending'], 'approved', { approvedBy: d.userId }, now)))
    return void (await p.privately.tell(d.audience, containRefusal.decided(null, 'decided')));
  p.metrics.contain.inc({ action: r.action, outcome: 'approved' });
  await recordAudit(p, {
    userId: d.userId,
    action: 'contain.approve',
    channel: r.channel,
    findingId: r.findingId,
    params: {
      ref: d.ref,
      contain: r.id,
      requester: r.requesterId,
      ...(d.verifiedAt !== undefined ? { verifiedAt: new Date(d.verifiedAt).toISOString() } : {}),
    },
    outcome: 'ok',
  });
  const asked = containLine.requested(r.requesterId, r, r.reason, approvers, r.verifiedAt);
  await refreshRequest(
    p,
    r,
    `${asked.split('\n').slice(0, 2).join('\n')}\n${containLine.approved(d.userId)}`,
  );
  await createContainTask(p, r.id, { actorId: d.userId, audience: d.audience, ref: d.ref });
}
