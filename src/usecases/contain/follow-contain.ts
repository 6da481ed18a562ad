import { containLine } from '../../blockkit/contain-words.js';
import { containReference } from '../../domain/contain.js';
import { isFinalStatus, TASK_STATUSES, type TaskStatus, taskStatusOf } from '../../domain/task-status.js';
import type { ContainRecord } from '../../ports/contain.js';
import { recordAudit } from '../shared/record-audit.js';
import { endContainStep, tellThread } from './contain-thread.js';
import { type CreatePorts, taskMade } from './create-contain-task.js';

/**
 * One look at a containment the follower claimed (delivery/contain-follower.ts), scheduled in the
 * store so a restart or another replica goes on:
 * - `created`: the task read (`GET /api/v1/tasks/{id}`); a new status told on the card and in the
 *   thread; polled with back-off capped at 30 s, so each change shows within a minute; stopped
 *   when final, when the tenant no longer knows it, or after 7 days;
 * - `creating` past the longest a call takes (its process died mid-call) and `unknown` (the call
 *   failed ambiguously): read back by its reference; found → followed, still not found after
 *   a few looks → told it was not made. Never sent again.
 * Returns when to look next (null: never).
 */

export const FOLLOW_FOR_MS = 7 * 86_400_000;
const FIRST_MS = 5_000;
const BACKOFF_MS = [FIRST_MS, 10_000, 20_000, 30_000];
const READ_BACKS = 3;

const statusOf = (s: string | null): TaskStatus | undefined => TASK_STATUSES.find((x) => x === s);

async function readBack(p: CreatePorts, r: ContainRecord, now: number): Promise<number | null> {
  const kind = r.action === 'revoke' ? 'revoke' : 'offboarding';
  const since = new Date((r.claimedAt ?? r.createdAt) - 60_000);
  const found = await p.tasks.findByReference(kind, containReference(r.id), since);
  if (found) {
    await taskMade(p, r, found, 'follow');
    return now + FIRST_MS;
  }
  if (r.polls + 1 < READ_BACKS) {
    await p.contains.updateContain(r.id, { polls: r.polls + 1 }, now);
    return now + 30_000;
  }
  if (
    !(await p.contains.moveContain(
      r.id,
      ['creating', 'unknown'],
      'failed',
      { error: 'not made', nextPollAt: null },
      now,
    ))
  )
    return null;
  p.metrics.contain.inc({ action: r.action, outcome: 'failed' });
  await recordAudit(p, {
    userId: r.requesterId,
    action: `contain.${r.action}`,
    channel: r.channel,
    findingId: r.findingId,
    params: { contain: r.id, readBack: 'not found' },
    outcome: 'failed',
    error: 'the tenant did not make the task',
  });
  await tellThread(p, { ...r, status: 'failed' }, containLine.notMade(r));
  await endContainStep(p, r, { ok: false, error: containLine.notMade(r) });
  return null;
}

export async function followContain(p: CreatePorts, r: ContainRecord): Promise<number | null> {
  const now = p.clock();
  if (r.status === 'creating' || r.status === 'unknown') return readBack(p, r, now);
  if (r.status !== 'created' || !r.taskId) return null;
  const label = r.taskLabel ?? r.taskId;
  const task = await p.tasks.get(r.taskId);
  if (!task) {
    await p.contains.moveContain(r.id, ['created'], 'lost', { nextPollAt: null }, now);
    p.metrics.contain.inc({ action: r.action, outcome: 'lost' });
    await tellThread(p, { ...r, status: 'lost', taskStatus: null }, containLine.lost(label));
    return null;
  }
  const status = taskStatusOf(task);
  const polls = r.polls + 1;
  const final = isFinalStatus(status);
  if (status !== statusOf(r.taskStatus)) {
    await p.contains.moveContain(
      r.id,
      ['created'],
      final ? 'final' : 'created',
      { taskStatus: status, polls: 0 },
      now,
    );
    if (final)
      p.metrics.contain.inc({ action: r.action, outcome: status === 'done' ? 'done' : `task_${status}` });
    await tellThread(p, { ...r, taskStatus: status }, containLine.task(label, status));
    return final ? null : now + FIRST_MS;
  }
  if (now - r.createdAt > FOLLOW_FOR_MS) {
    await p.contains.moveContain(r.id, ['created'], 'stopped', { nextPollAt: null }, now);
    p.metrics.contain.inc({ action: r.action, outcome: 'stopped' });
    await tellThread(p, { ...r, status: 'stopped' }, containLine.stopped(label, status));
    return null;
  }
  await p.contains.updateContain(r.id, { polls }, now);
  return now + (BACKOFF_MS[Math.min(polls, BACKOFF_MS.length - 1)] ?? 30_000);
}
