import { stepWords } from '../../blockkit/workflow-step-words.js';
import { STEPS, withoutSecrets } from '../../domain/workflow-steps.js';
import type { Audience } from '../../ports/slack.js';
import { holdForStepUp, mustStepUp } from '../shared/step-up.js';
import type { StepEnd, StepPorts, StepRun } from './workflow-step.js';

/** A step that needs a fresh sign-in first: whether it does, and holding it until it is done. */

/** Accept risk's step-up turns on the finding's severity: read it then only. */
export async function needsStepUp(p: StepPorts, run: StepRun, findingId: string): Promise<boolean> {
  const key = STEPS[run.stepId].action;
  if (!p.settings.stepUp || run.verifiedAt !== undefined) return false;
  const severity =
    key === 'acceptRisk' && p.settings.stepUp.acceptRiskFrom
      ? (await p.findings.get(findingId)).severity
      : undefined;
  return mustStepUp(p, [{ key, severity }], undefined);
}

/**
 * Held as a click is: the link sent to the person privately, the run kept with the held step (its
 * inputs read again, and the permission checked again, when it resumes). A link that cannot reach
 * the person fails the step at once rather than leaving it running for nobody.
 */
export async function holdStep(
  p: StepPorts,
  run: StepRun,
  findingId: string,
  audience: Audience,
): Promise<StepEnd> {
  const key = STEPS[run.stepId].action;
  const held = await holdForStepUp(p, {
    key,
    userId: audience.user,
    findingIds: [findingId],
    audience,
    intent: {
      kind: 'step',
      stepId: run.stepId,
      executionId: run.executionId,
      // Kept in the store until it resumes: the person, not Slack's interactivity secret.
      inputs: withoutSecrets(run.inputs),
      ref: run.ref,
    },
    ref: run.ref,
    functionExecutionId: run.executionId,
  });
  if (held.told) return { waiting: true, on: 'stepUp', id: held.id };
  await p.stepUps.settleStepUp(held.id, 'refused', p.clock());
  return { ok: false, error: stepWords.stepUpNotSent(run.ref) };
}
