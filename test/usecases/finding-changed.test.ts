import { describe, expect, it } from 'vitest';
import { reconcileAttempts } from '../../src/usecases/findings/reconcile-attempts.js';
import { endReached } from '../../src/usecases/lifecycle/end-reached.js';
import { recordAudit } from '../../src/usecases/shared/record-audit.js';
import { lanePerTest } from '../helpers/lane.js';

const lane = lanePerTest();
const DAY = 86_400_000;

/**
 * The one "finding changed" step (usecases/shared/finding-changed.ts) on the paths that used to skip part
 * of it: a change reconciled after a restart, and a snooze that ended.
 */
describe('findingChanged on every change path', () => {
  it('a change reconciled after a restart schedules its reminder for whoever made it', async () => {
    let now = Date.now();
    const l = await lane({ clock: () => now });
    const until = new Date(now + 3 * DAY);
    // The process died after writing the attempt; the tenant applied it meanwhile.
    await recordAudit(l.ports, {
      userId: 'U0BOB',
      channel: 'C0SECOPS',
      findingId: 'FND_SA_UNOWNED',
      action: 'snooze',
      params: { reason: 'waiting on vendor', until: until.toISOString(), ref: 'r1' },
      outcome: 'attempt',
    });
    l.tenant.findings.changeState(
      'FND_SA_UNOWNED',
      { snooze: { reason: 'waiting on vendor', snoozeUntil: until.toISOString() } },
      'IU_WARDEN',
      now,
    );
    now += l.ports.settings.changeDeadlineMs + 1_000;
    expect(await reconcileAttempts(l.ports)).toBe(1);
    const reminders = await l.store.pendingJobs('remind', now + 4 * DAY);
    expect(reminders.map((j) => [j.subject, j.madeBy])).toEqual([['FND_SA_UNOWNED', 'U0BOB']]);
    expect((await l.store.seen(['FND_SA_UNOWNED'])).get('FND_SA_UNOWNED')?.state).toBe(
      'FINDING_STATE_SNOOZED',
    );
  });

  it('a snooze that ended marks the roll-ups its finding is in for a summary update', async () => {
    let now = Date.now();
    const l = await lane({ clock: () => now });
    const { groupId } = await l.store.addToRollup('C0SECOPS', 'FND_SNOOZED', {}, now, 60_000);
    await l.store.markListed(groupId, ['FND_SNOOZED'], '1.000001');
    await l.store.markPublished(groupId, '1.000001', 1, now);
    const until = Date.parse(String(l.tenant.findings.get('FND_SNOOZED', now)?.snoozeUntil ?? ''));
    // The snooze is over in the tenant (reopened there); Warden's end job comes due.
    l.tenant.findings.changeState('FND_SNOOZED', { reopen: {} }, 'IU_OTHER', now);
    now = until + 60_000;
    const due = async () =>
      (await l.store.claimRollupWork('w', now, 60_000, 0, 10)).filter((g) => g.id === groupId && g.updateDue);
    expect(await due()).toEqual([]);
    await l.store.releaseRollup(groupId, 'w');
    const result = await endReached(l.ports, await scheduledEnd(l, until, now));
    expect(result).toMatchObject({ status: 'done' });
    expect(await due()).toHaveLength(1);
  });
});

/** The end job of the seeded snooze, scheduled as `show` or the poller would have. */
async function scheduledEnd(l: Awaited<ReturnType<typeof lane>>, until: number, now: number) {
  await l.store.scheduleJob(
    {
      kind: 'end',
      key: `end:FND_SNOOZED:${until}`,
      subject: 'FND_SNOOZED',
      dueAt: until + 5_000,
      madeBy: undefined,
      approvedBy: undefined,
      payload: { action: 'snooze', endsAt: until },
    },
    until - 60_000,
  );
  const [job] = await l.store.claimDueJobs('test', 10, now, 60_000);
  expect(job?.kind).toBe('end');
  return job ?? expect.unreachable('the end job was not scheduled');
}
