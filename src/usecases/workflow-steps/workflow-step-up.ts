import { type StepUpRefusal, stepUpWhy } from '../../blockkit/step-up-words.js';
import { stepWords } from '../../blockkit/workflow-step-words.js';
import { STEP_IDS, type StepId } from '../../domain/workflow-steps.js';
import type { Ports } from '../../ports/index.js';
import type { StepUpRecord } from '../../ports/step-up.js';
import { type AuditPorts, recordAudit } from '../shared/record-audit.js';
import { plainStepError } from '../shared/workflow-step-end.js';
import { runWorkflowStep, type StepEnd, type StepPorts } from './workflow-step.js';

/**
 * A Workflow Builder step held for step-up verification (usecases/workflow-steps/workflow-step.ts holds it) ends
 * as the verification does: passed → the step runs again as the same person, verified, and is
 * completed (or failed) with its outcome; refused or expired → failed, saying why, nothing
 * changed. The run's execution id is in the store with the verification (migration 0101), so any
 * replica, after a restart, ends it — with the app's bot token, as the four-eyes endings do (the
 * run's own token came with its event and is not kept).
 */

export type HeldStepPorts = Pick<Ports, 'steps' | 'logger' | 'people'>;

interface HeldStep {
  stepId: StepId;
  executionId: string;
  inputs: unknown;
  ref: string;
}

/** The held step's intent as written by holdStep (read as untrusted all the same). */
function heldStepOf(record: StepUpRecord): HeldStep | undefined {
  const i = record.intent as Partial<Record<keyof HeldStep | 'kind', unknown>>;
  const stepId = STEP_IDS.find((id) => id === i.stepId);
  const executionId = record.functionExecutionId;
  if (i.kind !== 'step' || !stepId || !executionId || executionId !== i.executionId) return undefined;
  return { stepId, executionId, inputs: i.inputs, ref: typeof i.ref === 'string' ? i.ref : '' };
}

async function endStep(p: HeldStepPorts, executionId: string, end: StepEnd): Promise<void> {
  if ('waiting' in end) return;
  const log = p.logger.child({ execution: executionId });
  try {
    if (end.ok) await p.steps.complete(executionId, end.outputs);
    else await p.steps.fail(executionId, await plainStepError(p, end.error));
    log.info({ outcome: end.ok ? 'completed' : 'failed' }, 'workflow step ended by its verification');
  } catch (error) {
    // Slack refusing (the run was cancelled or has ended) changes nothing already done.
    log.warn({ err: error }, 'workflow step could not be ended');
  }
}

/** Passed: the step runs again, verified (its permission checked again), and is ended. */
export async function resumeStep(p: StepPorts & HeldStepPorts, record: StepUpRecord, verifiedAt: number) {
  const held = heldStepOf(record);
  if (!held) throw new Error('held step unreadable');
  let end: StepEnd;
  try {
    end = await runWorkflowStep(p, { ...held, verifiedAt });
  } catch (error) {
    p.logger.error({ err: error, ref: held.ref, step: held.stepId }, 'verified workflow step failed');
    end = { ok: false, error: stepWords.crashed(held.ref) };
  }
  await endStep(p, held.executionId, end);
}

/** Refused (or its link expired): the step fails, saying why; nothing was sent to the tenant. */
export async function failHeldStep(p: HeldStepPorts, record: StepUpRecord, why: StepUpRefusal) {
  const executionId = record.functionExecutionId;
  if (!executionId) return;
  await endStep(p, executionId, { ok: false, error: stepWords.stepUpRefused(stepUpWhy(why)) });
}

/**
 * The sweep (every minute, wiring/lifecycle.ts): steps whose link expired unopened or unanswered
 * are failed — each once, on the replica whose sweep took it.
 */
export async function expireHeldSteps(
  p: HeldStepPorts & AuditPorts & Pick<Ports, 'stepUps'>,
): Promise<number> {
  const expired = await p.stepUps.expireStepUpSteps(p.clock());
  for (const record of expired) await heldStepExpired(p, record);
  if (expired.length > 0) p.logger.info({ count: expired.length }, 'held workflow steps expired');
  return expired.length;
}

/** One held step found expired (by this replica): audited, and its step failed. */
export async function heldStepExpired(p: HeldStepPorts & AuditPorts, record: StepUpRecord): Promise<void> {
  await recordAudit(p, {
    userId: record.userId,
    channel: record.channel,
    findingId: record.findingIds[0] ?? '',
    action: `stepUp.${record.key}`,
    params: { step: 'refused', why: 'expired' },
    outcome: 'refused',
  });
  await failHeldStep(p, record, 'expired');
}
