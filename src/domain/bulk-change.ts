import type { BulkStateAction } from '../model/bulk.js';
import type { FindingAction } from './actions.js';
import { buildStateRequestBody, type FindingStateView, isActionApplied } from './actions.js';

/**
 * A change the tenant can make to many findings at once (its bulk state operation): a workflow
 * action other than resolve (the vendor's API has no bulk resolve), or a new assigned owner.
 */
export type BulkChange =
  | Exclude<FindingAction, { kind: 'resolve' }>
  | { kind: 'assignOwner'; identityUserId: string };

export type BulkChangeKind = BulkChange['kind'];

export function buildBulkStateAction(change: BulkChange): BulkStateAction {
  if (change.kind === 'assignOwner') {
    return { assignOwner: { owner: { identityUserId: change.identityUserId } } };
  }
  const body = buildStateRequestBody(change);
  // resolve is excluded from BulkChange, so the single-finding body is a bulk action as it is
  if ('resolve' in body) throw new Error('there is no bulk resolve');
  return body;
}

/** The action as a bulk change, if the tenant has a bulk form of it (no bulk resolve). */
export function asBulkChange(action: FindingAction): BulkChange | undefined {
  return action.kind === 'resolve' ? undefined : action;
}

/** The fields of a finding that say whether a bulk change has reached it. */
export interface BulkChangeView extends FindingStateView {
  assignedOwner?: { identityUserId?: string | null | undefined } | null | undefined;
}

/** Whether `finding` shows `change` applied (bulk changes are asynchronous: read back, compare). */
export function isBulkChangeApplied(finding: BulkChangeView, change: BulkChange): boolean {
  if (change.kind === 'assignOwner') return finding.assignedOwner?.identityUserId === change.identityUserId;
  return isActionApplied(finding, change);
}
