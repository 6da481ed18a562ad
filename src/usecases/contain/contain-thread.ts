import { stepError } from '../../blockkit/workflow-step-words.js';
import type { ContainRecord } from '../../ports/contain.js';
import type { Ports } from '../../ports/index.js';
import { type AlertLifePorts, refreshKnownCards } from '../shared/alert-life.js';
import { recordAudit } from '../shared/record-audit.js';

/**
 * Where a containment is told: a line in the alert's thread, the state in Warden's audit log (the
 * card reads its containment line from there, as it reads who acted: attest-shown.ts does the
 * same for asks), and every card of the finding brought up to date.
 */
export type ContainThreadPorts = Omit<AlertLifePorts, 'settings'> &
  Pick<Ports, 'findings' | 'metrics' | 'steps' | 'settings'>;

type Shown = Pick<
  ContainRecord,
  | 'id'
  | 'findingId'
  | 'action'
  | 'words'
  | 'requesterId'
  | 'channel'
  | 'cardTs'
  | 'requestTs'
  | 'appId'
  | 'entitlementId'
  | 'appUserId'
  | 'subjectId'
  | 'status'
  | 'taskLabel'
  | 'taskStatus'
>;

export async function tellThread(p: ContainThreadPorts, r: Shown, line: string): Promise<void> {
  const log = p.logger.child({ containId: r.id, findingId: r.findingId });
  await recordAudit(p, {
    userId: r.requesterId,
    action: 'contain.state',
    channel: r.channel,
    findingId: r.findingId,
    params: {
      contain: r.id,
      action: r.action,
      words: r.words,
      status: r.status,
      ...(r.appId ? { appId: r.appId } : {}),
      ...(r.entitlementId ? { entitlementId: r.entitlementId } : {}),
      ...(r.appUserId ? { appUserId: r.appUserId } : {}),
      ...(r.subjectId ? { subjectId: r.subjectId } : {}),
      ...(r.taskLabel ? { task: r.taskLabel } : {}),
      ...(r.taskStatus ? { taskStatus: r.taskStatus } : {}),
    },
    outcome: 'ok',
  });
  const thread = r.cardTs ?? r.requestTs;
  await p.chat
    .post({ channel: r.channel, ...(thread ? { threadTs: thread } : {}), text: line })
    .catch((error: unknown) => log.warn({ err: error }, 'containment not told in the thread'));
  const finding = await p.findings.get(r.findingId).catch((error: unknown) => {
    log.warn({ err: error }, 'finding not read: its cards show the containment later');
    return undefined;
  });
  if (finding) await refreshKnownCards(p, finding);
}

/** A containment asked by a Workflow Builder step ends that step: the task made, or why not. */
export async function endContainStep(
  p: Pick<Ports, 'steps' | 'logger'>,
  r: Pick<ContainRecord, 'id' | 'findingId' | 'action' | 'functionExecutionId'>,
  end: { ok: true; task: string; status: string } | { ok: false; error: string },
): Promise<void> {
  const id = r.functionExecutionId;
  if (!id) return;
  try {
    if (end.ok)
      await p.steps.complete(id, {
        finding_id: r.findingId,
        action: r.action,
        task_id: end.task,
        task_state: end.status,
      });
    else await p.steps.fail(id, stepError(end.error));
  } catch (error) {
    p.logger.warn({ err: error, containId: r.id }, 'workflow step could not be ended');
  }
}
