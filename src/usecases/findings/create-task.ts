import { describeFailure } from '../../blockkit/failure.js';
import { code, mention } from '../../blockkit/mrkdwn.js';
import { inFlight, taskCreatedBut } from '../../blockkit/outcome-words.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { type AlertLifePorts, type Card, updateEverywhere } from '../shared/alert-life.js';
import type { AuthorizePorts } from '../shared/authorize.js';
import { errorDetail, outcomeOf } from '../shared/change-finding-state.js';
import { logTenantFailure } from '../shared/log-failure.js';
import { recordAudit, settleAudit } from '../shared/record-audit.js';

/**
 * Create task: the finding handed off as the tenant's remediation task. The card then shows the
 * task and offers the button no more; the thread says who created it. One at a time per finding
 * (the same in-flight claim as a state change), every attempt in the audit log.
 */
export type TaskPorts = AlertLifePorts &
  AuthorizePorts &
  Pick<Ports, 'findings' | 'privately' | 'inflight' | 'metrics'>;

export interface TaskInput {
  findingId: string;
  userId: string;
  /** Where the person asked (a card's channel, or the command's). */
  channel: string;
  card?: Card | undefined;
  audience: Audience;
  ref: string;
}

/** Creates the task (permission already checked by the caller). */
export async function createTask(p: TaskPorts, input: TaskInput): Promise<void> {
  const { findingId, ref } = input;
  const log = p.logger.child({ ref, findingId, user: input.userId, action: 'createTask' });
  if (!(await p.inflight.claim(findingId))) {
    await p.privately.tell(input.audience, inFlight(findingId));
    return;
  }
  const entry = {
    userId: input.userId,
    channel: input.channel,
    findingId,
    action: 'createTask',
    params: { ref },
  };
  const attemptId = await recordAudit(p, { ...entry, outcome: 'attempt' });
  let created: Awaited<ReturnType<Ports['findings']['createTask']>>;
  try {
    created = await p.findings.createTask(findingId);
  } catch (error) {
    logTenantFailure(log, error, 'task not created');
    const outcome = outcomeOf(error);
    if (!attemptId || !(await settleAudit(p, attemptId, outcome, errorDetail(error))))
      await recordAudit(p, { ...entry, outcome, error: errorDetail(error) });
    await p.privately.tell(
      input.audience,
      describeFailure(error, `create a task for finding ${code(findingId)}`, ref),
    );
    return;
  } finally {
    await p.inflight.release(findingId);
  }
  if (attemptId) await settleAudit(p, attemptId, 'ok', `task ${created.taskId}`);
  log.info({ taskId: created.taskId }, 'remediation task created');
  const shown = await updateEverywhere(p, created.finding, {
    reply: () => `${mention(input.userId)} created remediation task ${code(created.taskId, 80)} for this.`,
    primaryChannel: input.card?.channel ?? input.channel,
    clicked: input.card,
  });
  if (shown.primaryError !== undefined) {
    await p.privately.tell(
      input.audience,
      taskCreatedBut(created.taskId, describeFailure(shown.primaryError, 'update the alert in Slack', ref)),
    );
  }
}
