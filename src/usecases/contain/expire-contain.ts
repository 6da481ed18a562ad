import { renderContainRequest } from '../../blockkit/contain.js';
import { containLine } from '../../blockkit/contain-words.js';
import type { ContainRecord } from '../../ports/contain.js';
import type { Ports } from '../../ports/index.js';
import { recordAudit } from '../shared/record-audit.js';
import { type ContainThreadPorts, endContainStep, tellThread } from './contain-thread.js';

/**
 * Four-eyes' deadline for containments: a request still held for the requester's sign-in or
 * waiting for an approver `approvals.expireAfterHours` after it was asked (the risk acceptances'
 * knob) expires — nothing is sent to the tenant. The store's conditional update hands each one to
 * one caller (one sweep of one replica), which tells it: the request's buttons taken away, a line
 * in the thread and on the card, the audit log, the metric, and a Workflow Builder step failed.
 */
export type ExpireContainPorts = ContainThreadPorts & Pick<Ports, 'contains'>;

/** Expires what is past the deadline in the store (every workspace's); the ones this call moved. */
export function expireDueContains(
  store: Pick<Ports, 'contains'>['contains'],
  ttlMs: number,
  now: number,
): Promise<ContainRecord[]> {
  return store.expireContains(now - ttlMs, now);
}

/** One containment found expired (by this caller): told where it was asked. */
export async function containExpired(p: ExpireContainPorts, r: ContainRecord): Promise<void> {
  const line = containLine.expired(r.requesterId);
  p.metrics.contain.inc({ action: r.action, outcome: 'expired' });
  await recordAudit(p, {
    userId: r.requesterId,
    action: 'contain.expire',
    channel: r.channel,
    findingId: r.findingId,
    params: { contain: r.id, action: r.action },
    outcome: 'failed',
    error: 'expired without a decision',
  });
  if (r.requestTs)
    await p.chat
      .update({ channel: r.channel, ts: r.requestTs, ...renderContainRequest(line, r.id, false) })
      .catch((error: unknown) =>
        p.logger.warn({ err: error, containId: r.id }, 'expired containment request not updated'),
      );
  await tellThread(p, { ...r, status: 'expired' }, line);
  await endContainStep(p, r, { ok: false, error: line });
}
