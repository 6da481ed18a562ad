import type { FindingActionKind } from '../domain/actions.js';

/**
 * The routing contract between what Warden renders and what its listeners match: action_id,
 * block_id and callback_id values. Change one here and both sides follow.
 */
export const ActionId = {
  snooze: 'finding.snooze',
  acceptRisk: 'finding.acceptRisk',
  suppress: 'finding.suppress',
  resolve: 'finding.resolve',
  reopen: 'finding.reopen',
  unsuppress: 'finding.unsuppress',
} as const satisfies Record<FindingActionKind, string>;

export const FINDING_ACTION_ID = /^finding\.(snooze|acceptRisk|suppress|resolve|reopen|unsuppress)$/;

const KIND_BY_ACTION_ID = new Map<string, FindingActionKind>(
  Object.entries(ActionId).map(([kind, id]) => [id, kind as FindingActionKind]),
);

/** The action a button's action_id stands for, if it is one of ours. */
export function actionKindOf(actionId: string): FindingActionKind | undefined {
  return KIND_BY_ACTION_ID.get(actionId);
}

export const BlockId = {
  findingActions: 'finding.actions',
  preset: 'preset',
  date: 'date',
  time: 'time',
  reason: 'reason',
  justification: 'justification',
  expires: 'expires',
} as const;

/** Every input element uses this action_id; the block_id tells the fields apart. */
export const INPUT_ACTION = 'value';

/** Modal callback ids: the action the modal submits. */
export const CallbackId = {
  snooze: 'finding.snooze',
  acceptRisk: 'finding.acceptRisk',
  suppress: 'finding.suppress',
  resolve: 'finding.resolve',
  loading: 'finding.loading',
} as const;

export const MODAL_CALLBACK_ID = /^finding\.(snooze|acceptRisk|suppress|resolve)$/;
