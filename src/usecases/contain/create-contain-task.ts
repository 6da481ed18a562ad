import { taskDescription } from '../../blockkit/contain.js';
import { containLine, containTold } from '../../blockkit/contain-words.js';
import { describeFailure } from '../../blockkit/failure.js';
import { hideEmails } from '../../domain/attribution.js';
import { containReference } from '../../domain/contain.js';
import { taskLabel, taskStatusOf } from '../../domain/task-status.js';
import { isApiError } from '../../errors.js';
import type { Task } from '../../model/task.js';
import type { ContainRecord } from '../../ports/contain.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { logTenantFailure } from '../shared/log-failure.js';
import { recordAudit } from '../shared/record-audit.js';
import { type ContainThreadPorts, endContainStep, tellThread } from './contain-thread.js';

/**
 * The one tenant call of a containment: claimed in the store first (`ready`/`approved` →
 * `creating`, one conditional update: two clicks, two approvers, Slack's retries or two replicas
 * get one winner), then sent once with Warden's reference in the description. A refusal is told
 * with the tenant's words; an ambiguous failure (a timeout, a 5xx) is never sent again: the task is
 * read back by its reference now, and by the follower later if the tenant cannot say now.
 */
export type CreatePorts = ContainThreadPorts & Pick<Ports, 'tasks' | 'contains' | 'privately'>;

/** The first look at a new task, and the back-off after it (each change seen within a minute). */
export const FIRST_POLL_MS = 5_000;

export interface CreateInput {
  /** Who pressed last: the requester, or the approver. */
  actorId: string;
  audience: Audience;
  ref: string;
}

const kindOf = (r: ContainRecord) => (r.action === 'revoke' ? 'revoke' : 'offboarding');

async function send(p: CreatePorts, r: ContainRecord): Promise<Task> {
  const description = taskDescription({ ...r, reference: containReference(r.id) });
  if (r.action === 'revoke')
    return p.tasks.createRevoke({
      appId: r.appId ?? '',
      appEntitlementId: r.entitlementId ?? '',
      appUserId: r.appUserId ?? '',
      description,
    });
  return p.tasks.createOffboarding({ subjectUserId: r.subjectId ?? '', description });
}

/** The task was made: recorded once (the follower may have read it back first), told, followed. */
export async function taskMade(p: CreatePorts, r: ContainRecord, task: Task, ref: string): Promise<boolean> {
  const now = p.clock();
  const label = taskLabel(task);
  const status = taskStatusOf(task);
  const moved = await p.contains.moveContain(
    r.id,
    ['creating', 'unknown'],
    'created',
    { taskId: task.id, taskLabel: label, taskStatus: status, nextPollAt: now + FIRST_POLL_MS, polls: 0 },
    now,
  );
  if (!moved) return false;
  p.metrics.contain.inc({ action: r.action, outcome: 'created' });
  await recordAudit(p, {
    userId: r.approvedBy ?? r.requesterId,
    action: `contain.${r.action}`,
    channel: r.channel,
    findingId: r.findingId,
    params: {
      ref,
      contain: r.id,
      task: task.id,
      taskStatus: status,
      requester: r.requesterId,
      ...(r.approvedBy ? { approvedBy: r.approvedBy } : {}),
      ...(r.verifiedAt !== null ? { verifiedAt: new Date(r.verifiedAt).toISOString() } : {}),
    },
    outcome: 'ok',
  });
  await tellThread(
    p,
    { ...r, taskLabel: label, taskStatus: status, status: 'created' },
    containLine.started(r.requesterId, r, label, r.approvedBy, r.verifiedAt),
  );
  await endContainStep(p, r, { ok: true, task: task.id, status });
  return true;
}

export async function createContainTask(p: CreatePorts, id: string, input: CreateInput): Promise<void> {
  const now = p.clock();
  const log = p.logger.child({ ref: input.ref, containId: id });
  // The claim: only the caller that moves it out of ready/approved calls the tenant. The follower
  // looks again after the longest a call can take, in case this process dies mid-call.
  const claimed = await p.contains.moveContain(
    id,
    ['ready', 'approved'],
    'creating',
    { claimedAt: now, nextPollAt: now + p.settings.changeDeadlineMs },
    now,
  );
  const r = await p.contains.getContain(id);
  if (!r) return;
  if (!claimed) {
    log.info({ status: r.status }, 'containment already taken by another call');
    return;
  }
  let task: Task;
  try {
    task = await send(p, r);
  } catch (error) {
    logTenantFailure(log, error, 'containment task not created');
    if (isApiError(error) && (error.processed === 'maybe' || error.kind === 'bad_response')) {
      // Maybe made: read back by the reference, never sent again.
      const found = await p.tasks
        .findByReference(kindOf(r), containReference(r.id), new Date((r.claimedAt ?? now) - 60_000))
        .catch((readError: unknown) => {
          log.warn({ err: readError }, 'containment read-back failed; the follower reads it back later');
          return null;
        });
      if (found) {
        await taskMade(p, r, found, input.ref);
        await p.privately.tell(input.audience, containTold.started(taskLabel(found)));
        return;
      }
      // Not found yet (or not askable): the follower asks again before saying it was not made.
      await p.contains.moveContain(
        r.id,
        ['creating'],
        'unknown',
        { nextPollAt: p.clock() + 30_000, polls: 0 },
        p.clock(),
      );
      p.metrics.contain.inc({ action: r.action, outcome: 'unknown' });
      await recordAudit(p, {
        userId: input.actorId,
        action: `contain.${r.action}`,
        channel: r.channel,
        findingId: r.findingId,
        params: { ref: input.ref, contain: r.id },
        outcome: 'failed',
        error: 'the tenant failed mid-way: reading back',
      });
      await tellThread(p, { ...r, status: 'unknown' }, containLine.unknown(r, input.ref));
      await p.privately.tell(
        input.audience,
        describeFailure(error, `contain finding ${r.findingId}`, input.ref),
      );
      return;
    }
    const refused = isApiError(error) && error.processed === 'yes';
    const said = isApiError(error) ? hideEmails(error.serverMessage ?? error.message) : String(error);
    await p.contains.moveContain(
      r.id,
      ['creating'],
      refused ? 'refused' : 'failed',
      { error: said.slice(0, 500), nextPollAt: null },
      p.clock(),
    );
    p.metrics.contain.inc({ action: r.action, outcome: refused ? 'refused' : 'failed' });
    await recordAudit(p, {
      userId: input.actorId,
      action: `contain.${r.action}`,
      channel: r.channel,
      findingId: r.findingId,
      params: { ref: input.ref, contain: r.id },
      outcome: refused ? 'refused' : 'failed',
      error: said.slice(0, 500),
    });
    await tellThread(
      p,
      { ...r, status: refused ? 'refused' : 'failed' },
      refused ? containLine.refused(r, said) : containLine.failed(r, input.ref),
    );
    await p.privately.tell(
      input.audience,
      describeFailure(error, `contain finding ${r.findingId}`, input.ref),
    );
    await endContainStep(p, r, {
      ok: false,
      error: refused ? containLine.refused(r, said) : containLine.failed(r, input.ref),
    });
    return;
  }
  await taskMade(p, r, task, input.ref);
  await p.privately.tell(input.audience, containTold.started(taskLabel(task)));
}
