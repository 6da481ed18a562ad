import { stateLabel } from '../../blockkit/finding-state.js';
import { mentionedPeople } from '../../blockkit/plain-text.js';
import { stepDateText, stepError, stepWords } from '../../blockkit/workflow-step-words.js';
import { hasEmail } from '../../domain/attribution.js';
import { isKnownTimeZone } from '../../domain/when.js';
import type { StepValue } from '../../domain/workflow-steps.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import type { Approval } from '../../ports/store.js';

/**
 * A four-eyes request made by a Workflow Builder step ends that step when it is decided: approved
 * and taken by the tenant → completed with the step's outputs; denied or expired → failed with
 * why. The execution id lives with the request in the store, so whichever replica sees the
 * decision (or the expiry), after any restart, ends it. Slack refusing (the run was cancelled,
 * already ended) is logged: the decision itself stands.
 */
export type StepEndPorts = Pick<Ports, 'steps' | 'logger' | 'people'>;

/**
 * A step's error as Slack shows it in the workflow's activity: plain text, each person it
 * mentions by name (never one that holds an email; "someone" when Slack cannot say).
 */
export async function plainStepError(p: Pick<Ports, 'people'>, text: string): Promise<string> {
  const names: Record<string, string> = {};
  for (const id of mentionedPeople(text)) {
    const person = await p.people.get(id).catch(() => undefined);
    const name = [person?.realName, person?.displayName].find((n) => n && !hasEmail(n));
    if (name) names[id] = name;
  }
  return stepError(text, names);
}

async function end(
  p: StepEndPorts,
  approval: Approval,
  how: { outputs: Record<string, StepValue> } | { error: string },
): Promise<void> {
  const id = approval.functionExecutionId;
  if (!id) return;
  const log = p.logger.child({ approvalId: approval.id, execution: id });
  try {
    if ('outputs' in how) await p.steps.complete(id, how.outputs);
    else await p.steps.fail(id, await plainStepError(p, how.error));
    log.info({ outcome: 'outputs' in how ? 'completed' : 'failed' }, 'workflow step ended by its request');
  } catch (error) {
    log.warn({ err: error }, 'workflow step could not be ended');
  }
}

export async function approvedStep(
  p: StepEndPorts,
  approval: Approval,
  finding: Finding,
  approver: string,
  until: Date,
) {
  const at = finding.riskAcceptanceExpiresAt ? Date.parse(finding.riskAcceptanceExpiresAt) : until.getTime();
  const tz = await p.people.timeZone(approval.requesterId).catch(() => 'UTC');
  return end(p, approval, {
    outputs: {
      finding_id: finding.id,
      state: String(finding.state ?? ''),
      state_text: stateLabel(finding.state),
      accepted_until: Math.floor(at / 1_000),
      accepted_until_text: stepDateText(at, isKnownTimeZone(tz) ? tz : 'UTC'),
      approved_by: approver,
    },
  });
}

export const deniedStep = (p: StepEndPorts, approval: Approval, approver: string, reason: string) =>
  end(p, approval, { error: stepWords.denied(approver, reason) });

export const expiredStep = (p: StepEndPorts, approval: Approval) =>
  end(p, approval, { error: stepWords.expired });
