import { STEP_IDS, type StepId } from '../../domain/workflow-steps.js';

/**
 * Workflow Builder steps (manifest.yml `functions`), one row a step: its callback id and what the
 * person asked for. The inputs, the permission and the use case are one table in
 * domain/workflow-steps.ts and usecases/workflow-steps/workflow-step.ts; listeners/step-runner.ts runs each row.
 */
export interface StepRow {
  callbackId: StepId;
  what: string;
}

const WHAT: Record<StepId, string> = {
  get_finding: 'get the finding',
  snooze_finding: 'snooze the finding',
  resolve_finding: 'resolve the finding',
  request_risk_acceptance: 'request a risk acceptance',
  notify_owner: 'notify the owner',
  find_owner: 'find the owner',
  contain_finding: 'contain the finding',
};

export const WORKFLOW_STEP_ROUTES: readonly StepRow[] = STEP_IDS.map((callbackId) => ({
  callbackId,
  what: WHAT[callbackId],
}));
