import type { SimTask, TaskStage } from './access-tasks.js';
import { protoTimestamp } from './audit.js';

const REVOKE_OUTCOME: Partial<Record<TaskStage, string>> = {
  done: 'REVOKE_OUTCOME_REVOKED',
  denied: 'REVOKE_OUTCOME_DENIED',
  error: 'REVOKE_OUTCOME_ERROR',
  cancelled: 'REVOKE_OUTCOME_CANCELLED',
};

const OFFBOARDING_OUTCOME: Partial<Record<TaskStage, string>> = {
  provisioning: 'OFFBOARDING_OUTCOME_IN_PROGRESS',
  done: 'OFFBOARDING_OUTCOME_DONE',
  // Offboarding has no "denied" outcome: a denied one ends cancelled.
  denied: 'OFFBOARDING_OUTCOME_CANCELLED',
  error: 'OFFBOARDING_OUTCOME_ERROR',
  cancelled: 'OFFBOARDING_OUTCOME_CANCELLED',
};

/** A revoke or offboarding task as a TaskView in proto3 JSON: fields at their zero value left out. */
export function taskView(t: SimTask, final: boolean, state: string): Record<string, unknown> {
  const outcomeTime = t.outcomeAt !== undefined ? { outcomeTime: protoTimestamp(t.outcomeAt) } : {};
  const outcome = (table: Partial<Record<TaskStage, string>>) => {
    const o = table[t.stage];
    return o ? { outcome: o } : {};
  };
  const type = t.revoke
    ? {
        revoke: {
          appId: t.revoke.appId,
          appEntitlementId: t.revoke.appEntitlementId,
          appUserId: t.revoke.appUserId,
          ...(t.revoke.identityUserId ? { identityUserId: t.revoke.identityUserId } : {}),
          ...outcome(REVOKE_OUTCOME),
          ...outcomeTime,
        },
      }
    : {
        offboarding: {
          subjectUserId: t.offboarding?.subjectUserId ?? '',
          ...outcome(OFFBOARDING_OUTCOME),
          ...outcomeTime,
        },
      };
  const step = (which: 'approval' | 'provision') => ({
    id: `PSI_${t.id}_${which}`,
    state: 'POLICY_STEP_STATE_ACTIVE',
    ...(which === 'approval'
      ? { approval: { state: 'APPROVAL_INSTANCE_STATE_WAITING' } }
      : { provision: { state: 'PROVISION_INSTANCE_STATE_WAITING' } }),
  });
  const current =
    t.stage === 'approval' ? step('approval') : t.stage === 'provisioning' ? step('provision') : undefined;
  return {
    task: {
      id: t.id,
      numericId: String(t.numericId),
      displayName: t.displayName,
      ...(t.description ? { description: t.description } : {}),
      state,
      processing: final
        ? 'TASK_PROCESSING_TYPE_DONE'
        : t.stage === 'approval'
          ? 'TASK_PROCESSING_TYPE_WAITING'
          : 'TASK_PROCESSING_TYPE_PROCESSING',
      origin: 'TASK_ORIGIN_API',
      ...(t.createdBy ? { createdByUserId: t.createdBy } : {}),
      type,
      policy: current ? { current } : {},
      actions: final ? [] : ['TASK_ACTION_TYPE_COMMENT', 'TASK_ACTION_TYPE_CLOSE'],
      createdAt: protoTimestamp(t.createdAt),
      updatedAt: protoTimestamp(t.updatedAt),
    },
  };
}
