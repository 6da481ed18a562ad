import { restartedBulk, restartedBulkRead } from '../../blockkit/outcome-words.js';
import { restartedEventsLine } from '../../blockkit/state-event-words.js';
import { actionFromParams } from '../../domain/actions.js';
import { asBulkChange, type BulkChange } from '../../domain/bulk-change.js';
import type { Finding } from '../../model/finding.js';
import type { AuditEntry } from '../../ports/store.js';
import type { ChangePorts } from '../shared/change-finding-state.js';
import { findingChanged } from '../shared/finding-changed.js';
import { readOnce } from '../shared/read-back.js';
import { recordAudit, settleAudit } from '../shared/record-audit.js';
import { bulkStateEvents, publishBulkEvents } from '../shared/state-event.js';

export const BULK = 'bulk.';

const APPLIED = 'interrupted by a restart; the tenant had applied it';
const NOT_APPLIED = 'interrupted by a restart; the tenant had not applied it';

/**
 * A bulk change interrupted: the tenant may have applied it to some of the findings it was sent
 * for (the attempt lists them). Each is read back, like a single change: the group attempt is
 * settled, each finding gets its own audit entry, the ones the tenant changed have their
 * reminders and ends scheduled and their cards replaced, the roll-up's summary is marked for its
 * update, and the person is told how many the tenant changed. An attempt of an older version
 * (no list) is settled as failed and the person pointed at the summary. False when the findings
 * could not be read (tried again at the next sweep) or another replica settled it first.
 */
export async function reconcileBulk(p: ChangePorts, a: AuditEntry, id: string): Promise<boolean> {
  const kind = a.action.slice(BULK.length);
  const group = typeof a.params.group === 'string' ? a.params.group : a.finding_id;
  const audience = { channel: a.channel ?? a.user_id, user: a.user_id };
  const change = bulkChangeOf(kind, a.params);
  const ids = Array.isArray(a.params.ids) ? a.params.ids.filter((x) => typeof x === 'string') : undefined;
  if (!change || !ids) {
    const note = "interrupted by a restart; the roll-up's summary shows what the tenant applied";
    if (!(await settleAudit(p, id, 'failed', note))) return false;
    await markGroup(p, group);
    await p.privately.tell(audience, restartedBulk(kind, group));
    return true;
  }
  let applied: Map<string, Finding>;
  try {
    applied = await readOnce(p, ids, change);
  } catch (error) {
    p.logger.warn({ err: error, auditId: id }, 'interrupted bulk change not reconciled yet: no read-back');
    return false;
  }
  const outcome = applied.size > 0 ? 'ok' : 'failed';
  const note = `interrupted by a restart; the tenant had applied it to ${applied.size} of ${ids.length}`;
  if (!(await settleAudit(p, id, outcome, note))) return false;
  for (const findingId of ids) await releaseClaimOf(p, a, findingId);
  const { ids: _list, findings: _count, ...params } = a.params;
  for (const findingId of ids) {
    const done = applied.has(findingId);
    await recordAudit(p, {
      userId: a.user_id,
      channel: a.channel,
      findingId,
      action: kind,
      params,
      outcome: done ? 'ok' : 'failed',
      error: done ? APPLIED : NOT_APPLIED,
    });
  }
  const requester = typeof a.params.requester === 'string' ? a.params.requester : undefined;
  // Whoever made it gets the reminders, as if it had not been interrupted.
  const made = { action: change, by: requester ?? a.user_id, approvedBy: requester && a.user_id };
  for (const finding of applied.values()) await findingChanged(p, finding, { made, cards: { known: true } });
  await markGroup(p, group);
  await p.privately.tell(audience, restartedBulkRead(kind, group, applied.size, ids.length));
  // Its events, once: only the replica that settled the attempt gets here, and a live change
  // settles its attempt before it posts its report and events, so the dead one posted none. In
  // the roll-up's thread, as its report would have been, or else in the channel it was made from.
  if (change.kind !== 'assignOwner' && applied.size > 0) {
    const where = await reportPlace(p, group, a.channel ?? a.user_id);
    const events = bulkStateEvents(applied.values(), made.by);
    await publishBulkEvents(p, events, where, (findings) => restartedEventsLine(kind, findings));
  }
  return true;
}

/** Where a bulk change's report goes: the roll-up's summary thread, when the group is known. */
async function reportPlace(p: ChangePorts, groupId: string, channel: string) {
  const group = await p.rollups.get(groupId).catch(() => undefined);
  return group ? { channel: group.channel, threadTs: group.summaryTs } : { channel, threadTs: undefined };
}

function bulkChangeOf(kind: string, params: Record<string, unknown>): BulkChange | undefined {
  if (kind === 'assignOwner')
    return typeof params.owner === 'string' ? { kind, identityUserId: params.owner } : undefined;
  const action = actionFromParams(kind, params);
  return action && asBulkChange(action);
}

/**
 * The dead process's in-flight claim on a finding it was changing is let go once the attempt is
 * settled, so "try again" holds at once; a failure here only leaves the claim to its own lease.
 */
export async function releaseClaimOf(p: ChangePorts, a: AuditEntry, findingId: string): Promise<void> {
  if (!a.instance_id) return;
  await p.inflight
    .releaseOrphaned(findingId, a.instance_id)
    .catch((error: unknown) =>
      p.logger.warn({ err: error, findingId }, 'orphaned in-flight claim not released'),
    );
}

async function markGroup(p: ChangePorts, group: string): Promise<void> {
  await p.rollups
    .markChanged(group)
    .catch((error: unknown) => p.logger.warn({ err: error, groupId: group }, 'roll-up not marked changed'));
}
