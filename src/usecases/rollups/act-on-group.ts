import { type BulkFormKind, renderBulkForm } from '../../blockkit/forms/bulk.js';
import { renderInfoModal } from '../../blockkit/info-modal.js';
import { noneInRollup, noneInRollupDone } from '../../blockkit/outcome-words.js';
import { goneRollup } from '../../blockkit/rollup.js';
import type { FindingAction } from '../../domain/actions.js';
import type { Ports } from '../../ports/index.js';
import type { RollupGroup } from '../../ports/rollups.js';
import type { Audience } from '../../ports/slack.js';
import { type RequestPorts, requestRiskAcceptance } from '../approvals/request-risk-acceptance.js';
import { maxDaysOf } from '../findings/open-action-modal.js';
import type { AuthorizePorts } from '../shared/authorize.js';
import { changeManyFindings, type ManyPorts } from '../shared/change-many-findings.js';
import { type GatePorts, holdForStepUp, mustStepUp } from '../shared/step-up.js';

/**
 * The bulk actions of a roll-up (its summary's buttons, or the findings picked in Review):
 * permissions are checked once per action for the whole group, in the group's channel, exactly
 * as for one finding there; an acceptance with four-eyes becomes one request for the group.
 */

export type GroupPorts = ManyPorts &
  RequestPorts &
  AuthorizePorts &
  GatePorts &
  Pick<Ports, 'views' | 'people' | 'rollups' | 'settings' | 'notes'>;

/** The actions a group can take in bulk (the tenant has no bulk resolve). */
export type GroupAction = Exclude<FindingAction, { kind: 'resolve' }>;

/** The group and the findings an action covers: the picked ones that belong to it, else all. */
export async function loadTargets(
  p: Pick<Ports, 'rollups'>,
  groupId: string,
  picked?: readonly string[],
): Promise<{ group: RollupGroup; ids: string[] } | undefined> {
  const group = await p.rollups.get(groupId);
  if (!group) return undefined;
  const members = await p.rollups.members(groupId);
  // Picks ride in view metadata: only ids that really are the group's count.
  const ids = picked ? picked.filter((id) => members.includes(id)) : members;
  return { group, ids };
}

export interface OpenGroupFormInput {
  kind: BulkFormKind;
  groupId: string;
  findingIds?: string[] | undefined;
  /** The loading modal the runner opened (permission checked already). */
  viewId: string;
  userId: string;
  ref: string;
}

/** Snooze all… / Suppress all… / Accept risk for all…: the form in the open modal, or why not. */
export async function openGroupForm(p: GroupPorts, input: OpenGroupFormInput): Promise<void> {
  const { viewId } = input;
  const targets = await loadTargets(p, input.groupId, input.findingIds);
  if (!targets) return p.views.update(viewId, renderInfoModal(goneRollup()));
  const { group, ids } = targets;
  if (ids.length === 0) return p.views.update(viewId, renderInfoModal(noneInRollup()));
  const tz = await p.people.timeZone(input.userId);
  const meta = { groupId: group.id, tz, ...(input.findingIds ? { findingIds: ids } : {}) };
  await p.views.update(
    viewId,
    renderBulkForm(input.kind, {
      meta,
      count: ids.length,
      channel: group.channel,
      maxDays: maxDaysOf(p, input.kind),
      approvers: p.settings.approvers,
      closureReasons: p.settings.closureReasons,
    }),
  );
}

export interface GroupSubmission {
  action: GroupAction;
  groupId: string;
  findingIds?: string[] | undefined;
  userId: string;
  ref: string;
  /** When the person's step-up verification passed (the change was held for it). */
  verifiedAt?: number | undefined;
}

/** A bulk form submitted, or Reopen all (permission checked by the runner, in the group's channel). */
export async function submitGroupAction(p: GroupPorts, s: GroupSubmission): Promise<void> {
  const targets = await loadTargets(p, s.groupId, s.findingIds);
  if (!targets) {
    await p.privately.tell({ channel: s.userId, user: s.userId }, goneRollup());
    return;
  }
  const { group, ids } = targets;
  const audience: Audience = { channel: group.channel, user: s.userId };
  if (ids.length === 0) {
    await p.privately.tell(audience, noneInRollupDone());
    return;
  }
  const request = s.action.kind === 'acceptRisk' && p.settings.approvers !== undefined;
  // A request changes nothing yet (its approval is gated): the requester's gate is here. A change
  // now is gated where every bulk change is (changeManyFindings, shared/step-up-gate.ts).
  if (request && mustStepUp(p, [{ key: s.action.kind }], s.verifiedAt)) {
    await holdForStepUp(p, {
      key: s.action.kind,
      userId: s.userId,
      findingIds: ids,
      audience,
      intent: {
        kind: 'group',
        action: s.action,
        groupId: s.groupId,
        findingIds: ids,
        userId: s.userId,
        ref: s.ref,
      },
      ref: s.ref,
    });
    return;
  }
  if (s.action.kind === 'acceptRisk' && p.settings.approvers) {
    await requestRiskAcceptance(p, {
      findingId: group.id,
      findingIds: ids,
      justification: s.action.justification,
      expiresAt: s.action.expiresAt,
      requesterId: s.userId,
      channel: group.channel,
      cardTs: group.summaryTs,
      audience,
      ref: s.ref,
    });
    p.metrics.bulkActions.inc({ action: 'acceptRisk', outcome: 'requested' });
    return;
  }
  await changeManyFindings(p, {
    findingIds: ids,
    change: s.action,
    actorId: s.userId,
    audience,
    report: { channel: group.channel, threadTs: group.summaryTs },
    groupId: group.id,
    ref: s.ref,
    verifiedAt: s.verifiedAt,
  });
}
