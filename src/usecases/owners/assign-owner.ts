import { describeFailure } from '../../blockkit/failure.js';
import { renderAssignOwnerForm } from '../../blockkit/forms/assign-owner.js';
import { renderInfoModal } from '../../blockkit/info-modal.js';
import { code, mention } from '../../blockkit/mrkdwn.js';
import { assignNotShown, inFlight, notAssigned, ownerNowBut } from '../../blockkit/outcome-words.js';
import { noTenantUserText, tenantName } from '../../blockkit/owner-words.js';
import type { BulkChange } from '../../domain/bulk-change.js';
import { personalOwnerOf } from '../../domain/owner.js';
import { isApiError } from '../../errors.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { type AlertLifePorts, updateEverywhere } from '../shared/alert-life.js';
import { errorDetail, outcomeOf } from '../shared/change-finding-state.js';
import { logTenantFailure } from '../shared/log-failure.js';
import { readBack } from '../shared/read-back.js';
import { type AuditPorts, recordAudit, settleAudit } from '../shared/record-audit.js';

/**
 * Assign owner…: a Slack member made the finding's assigned owner in the tenant. Warden maps the
 * member to their tenant user (by email), then asks the tenant's bulk operation for the change
 * (`assignOwner`, the only way the vendor offers), which it applies asynchronously: the finding
 * is read back until it shows the new owner, then the cards and their threads say so.
 */
export type AssignPorts = AlertLifePorts &
  AuditPorts &
  Pick<Ports, 'findings' | 'privately' | 'inflight' | 'views' | 'owners' | 'timers'>;

export interface AssignTarget {
  findingId: string;
  userId: string;
  /** The card the button was on (its channel and ts), if any. */
  channel: string;
  cardTs?: string | undefined;
  ref: string;
}

/** The button: the form in the modal the runner opened (permission checked), once the finding is known. */
export async function openAssignOwner(p: AssignPorts, t: AssignTarget & { viewId: string }): Promise<void> {
  const { viewId } = t;
  try {
    const finding = await p.findings.get(t.findingId);
    const owner = personalOwnerOf(finding);
    const shown = owner
      ? { which: owner.which, person: await p.owners.personOf(owner.identityUserId) }
      : undefined;
    const meta = {
      findingId: t.findingId,
      channel: t.channel,
      tz: 'UTC',
      ...(t.cardTs ? { ts: t.cardTs } : {}),
    };
    await p.views.update(viewId, renderAssignOwnerForm(finding, meta, shown));
  } catch (error) {
    logTenantFailure(p.logger.child({ ref: t.ref }), error, 'could not open Assign owner');
    await p.views.update(
      viewId,
      renderInfoModal(describeFailure(error, `load finding ${code(t.findingId)}`, t.ref)),
    );
  }
}

/**
 * Sends the assignment, then reads the finding back (the tenant applies it asynchronously). A
 * failure that may have been applied (a 500, a timeout: `processed` 'maybe') is read back too
 * before it is called one, never assumed either way nor sent again (CONTRIBUTING: state changes
 * are never repeated blindly). Throws what the tenant answered when the finding does not show it.
 */
async function sendAssignment(
  p: AssignPorts,
  findingId: string,
  change: Extract<BulkChange, { kind: 'assignOwner' }>,
  params: Record<string, unknown>,
): Promise<Map<string, Finding>> {
  try {
    params.bulkActionId = (await p.findings.bulk([findingId], change)).bulkActionId;
  } catch (error) {
    if (!isApiError(error) || error.processed !== 'maybe') throw error;
    const shown = await readBack(p, [findingId], change);
    if (!shown.has(findingId)) throw error;
    return shown;
  }
  return readBack(p, [findingId], change);
}

/** The submitted form, after the ack (permission checked again by the runner): the mapping, the change, the read-back. */
export async function assignOwner(p: AssignPorts, t: AssignTarget & { assigneeId: string }): Promise<void> {
  const audience: Audience = { channel: t.channel, user: t.userId };
  const log = p.logger.child({ ref: t.ref, findingId: t.findingId, user: t.userId, action: 'assignOwner' });
  const entry = {
    userId: t.userId,
    channel: t.channel,
    findingId: t.findingId,
    action: 'assignOwner',
    params: { ref: t.ref, assignee: t.assigneeId } as Record<string, unknown>,
  };
  const mapped = await p.owners.tenantUserOf(t.assigneeId);
  if (!mapped.ok) {
    log.info({ why: mapped.why }, 'owner not assigned: the person cannot be mapped to the tenant');
    await recordAudit(p, { ...entry, outcome: 'refused', error: `not mapped: ${mapped.why}` });
    await p.privately.tell(audience, notAssigned(noTenantUserText(t.assigneeId, mapped.why)));
    return;
  }
  entry.params.owner = mapped.identityUserId;
  if (!(await p.inflight.claim(t.findingId))) {
    await p.privately.tell(audience, inFlight(t.findingId));
    return;
  }
  const change = { kind: 'assignOwner' as const, identityUserId: mapped.identityUserId };
  const attemptId = await recordAudit(p, { ...entry, outcome: 'attempt' });
  const settle = async (outcome: ReturnType<typeof outcomeOf>, error: string | null) => {
    // The params now hold the tenant's bulk action id, learnt after the attempt was written.
    if (!attemptId || !(await settleAudit(p, attemptId, outcome, error, entry.params)))
      await recordAudit(p, { ...entry, outcome, error });
  };
  let shown: Map<string, Finding>;
  try {
    shown = await sendAssignment(p, t.findingId, change, entry.params);
  } catch (error) {
    logTenantFailure(log, error, 'owner not assigned');
    await settle(outcomeOf(error), errorDetail(error));
    await p.privately.tell(
      audience,
      describeFailure(error, `assign an owner to finding ${code(t.findingId)}`, t.ref),
    );
    return;
  } finally {
    await p.inflight.release(t.findingId);
  }
  const finding = shown.get(t.findingId);
  const who = `${mention(t.assigneeId)} (${tenantName(mapped.identityUserId, mapped.name)} in the tenant)`;
  if (!finding) {
    log.warn('the tenant took the assignment but the finding does not show it');
    await settle('refused', 'the tenant did not apply the assignment');
    await p.privately.tell(audience, assignNotShown(who, t.findingId));
    return;
  }
  await settle('ok', null);
  log.info({ owner: mapped.identityUserId }, 'owner assigned');
  const card = t.cardTs ? { channel: t.channel, ts: t.cardTs } : undefined;
  const result = await updateEverywhere(p, finding, {
    reply: () => `${mention(t.userId)} made ${who} the owner of this finding.`,
    primaryChannel: t.channel,
    clicked: card,
  });
  if (result.primaryError !== undefined)
    await p.privately.tell(
      audience,
      ownerNowBut(who, describeFailure(result.primaryError, 'update the alert in Slack', t.ref)),
    );
}
